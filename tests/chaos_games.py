"""The games the chaos run plays on the real daemon, and what a kill must leave as it was.

Each game is a scenario (README, "The simulator"): ``prepare`` is played by the simulator into the
store (``simulate --store``), then ``play`` by the daemon, its inputs dropped into the test input
folder (``device/simulator/testinput.py``) and its ``until`` and ``wait`` steps kept by the driver
on the daemon's own clock. Timers are short so a game takes seconds of real time.

``TIMED`` lists the phases time alone may move a game on to (a daemon killed in ``night`` may
come back after the night's last cue, in ``day``). ``INPUTS`` lists, per game, the parts of the
checkpoint that hold what the table entered: a kill must leave them exactly as they were while
the game stays in its phase; ``KEPT`` are those that must hold even when time moved it on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Event = dict[str, Any]


@dataclass(frozen=True)
class Game:
    """One game kind's script."""

    name: str
    setup: dict[str, Any]
    prepare: tuple[Event, ...]
    """Played by the simulator into the store before the daemon starts."""
    play: tuple[Event, ...]
    """Played on the daemon: inputs, ``until`` phases and short real-time ``wait``s."""
    lead: tuple[str, float] | None = None
    """(phase, s): ``prepare`` goes on until ``s`` seconds of game time before ``phase`` comes
    (the driver measures when in a whole simulated game), so a long night is mostly skipped."""

    @property
    def game(self) -> str:
        """The session's game name (the checkpoint's ``game``)."""
        return str(self.setup["game"])

    def scenario(self, *, whole: bool) -> dict[str, Any]:
        """The scenario of the ``prepare`` part, or of the whole game."""
        events = [*self.prepare, *self.play] if whole else list(self.prepare)
        return {"setup": self.setup, "events": events}


def until(phase: str) -> Event:
    """Wait for a phase."""
    return {"until": "phase", "is": phase}


def _onenight(night_left: float | None) -> Game:
    """One Night from setup (``night_left`` None) or from ``night_left`` s before the day."""
    votes = [(1, 3), (2, 3), (3, 2), (4, 3)]
    cards = ["villager", "alien", "alien", "psychic"]
    prepare: list[Event] = []
    if night_left is not None:
        prepare = [{"touch": "Start night"}, until("night")]
    return Game(
        "One Night",
        {
            "game": "onenight",
            # Short steps: a kill restarts the night's step it cut, so a long one replays long.
            "roles": ["alien", "alien", "villager", "villager", "villager", "psychic", "rascal"],
            "players": 4,
            "seed": 2026,
            "options": {"role_seconds": 3, "day_minutes": 1, "pause_seconds": 0},
        },
        tuple(prepare),
        (
            *([] if night_left is not None else [until("dusk"), until("night")]),
            until("day"),
            {"wait": 0.5},
            {"touch": "Pause"},
            {"control": "go"},
            {"touch": "Vote now"},
            {"touch": "Vote now"},  # yes, vote now
            until("vote"),
            *({"vote": {"voter": v, "target": t}} for v, t in votes),
            until("reveal"),
            *({"reveal": {"seat": s, "card": c}} for s, c in enumerate(cards, 1)),
            until("result"),
            {"wait": 0.3},
            {"touch": "Home"},
        ),
        None if night_left is None else ("day", night_left),
    )


def _replicas() -> Game:
    rounds = [
        [(1, 5, 0, True), (2, 3, 1, False), (3, 4, 1, False)],
        [(1, 2, 0, False), (2, 6, 0, False), (3, 1, 2, False)],
        [(1, 3, 1, False), (2, 2, 0, False), (3, 7, 0, True)],
    ]
    play: list[Event] = []
    for number, entries in enumerate(rounds, 1):
        play += [until("ready"), {"control": "go"}, until("round"), {"wait": 0.3}]
        if number == 1:  # a wrong call first: that caller is locked out, the round goes on
            play += [{"press": 3}, until("check"), {"control": "no"}, until("round")]
        play += [{"press": number}, until("check"), {"control": "yes"}, until("score")]
        play += [
            {"score": {"seat": s, "correct": c, "wrong": w, "optional": o}}
            for s, c, w, o in entries
        ]
    play += [until("final"), {"wait": 0.3}, {"touch": "Home"}]
    setup = {
        "game": "alieninjas",
        "mission": "replicas",
        "players": 3,
        "seed": 5,
        "options": {"countdown": 1.5},
    }
    return Game("Alieninjas (Replicas)", setup, (), tuple(play))


def _alienation() -> Game:
    rounds = [
        [(12, 2, True), (9, 0, False), (10, 1, False)],
        [(5, 0, False), (14, 0, True), (10, 0, False)],
        [(8, 1, False), (4, 0, False), (2, 0, True)],
    ]
    play: list[Event] = [until("friendliest"), {"press": 2}]
    for entries in rounds:
        play.append(until("score"))
        for seat, (points, sunnies, first) in enumerate(entries, 1):
            entry = {"seat": seat, "points": points, "sunnies": sunnies}
            play.append({"score": entry | ({"first": True} if first else {})})
    play += [until("final"), {"wait": 0.3}, {"touch": "Home"}]
    setup = {"game": "alienation", "players": 3, "seed": 4}
    return Game("Alienation", setup, (), tuple(play))


def _encounters() -> Game:
    tallies = [
        {"seat": 1, "intention": "hostile", "war": 14, "peace": 2},
        {"seat": 2, "intention": "peaceful", "war": 3, "peace": 9},
    ]
    options = {"factions": ["humans", "zanthans"], "remove": None, "random_first": True}
    play: list[Event] = [until("rounds")]
    play += [{"control": "go"} for _ in range(4)]
    play += [{"touch": "Undo"}]
    play += [{"control": "go"} for _ in range(7)]
    play += [until("score"), *({"score": tally} for tally in tallies)]
    play += [until("final"), {"wait": 0.3}, {"touch": "Home"}]
    setup = {"game": "encounters", "players": 2, "seed": 2, "options": options}
    return Game("Alien Encounters", setup, (), tuple(play))


def games(*, quick: bool) -> list[Game]:
    """The four game kinds; ``quick`` starts One Night near the end of its night."""
    return [_onenight(1.0 if quick else None), _replicas(), _alienation(), _encounters()]


TIMED: dict[str, dict[str, set[str]]] = {
    "onenight": {
        "setup": {"dusk"},
        "dusk": {"night"},
        "night": {"day"},
        "day": {"vote"},
    },
    "alieninjas": {"countdown": {"round"}, "round": {"check", "score"}},
    "alienation": {"friendliest": {"score"}},
    "encounters": {},
}
"""The phases time alone moves each game on to."""


def reached(game: str, wanted: str, phase: str | None) -> bool:
    """Whether a game in ``phase`` is at ``wanted`` or past it by time alone: a phase as short
    as One Night's dusk (its lines said at once, silent) may be over before anyone looks."""
    seen, todo = set(), [wanted]
    while todo:
        current = todo.pop()
        if current == phase:
            return True
        if current not in seen:
            seen.add(current)
            todo.extend(TIMED.get(game, {}).get(current, ()))
    return False


KEPT: dict[str, tuple[str, ...]] = {
    "onenight": ("setup", "instructions", "reveals"),
    "alieninjas": ("setup", "rounds", "round"),
    "alienation": ("setup", "rounds", "sunnies", "round"),
    "encounters": ("setup", "round", "first", "tallies", "winners"),
}
"""What the table entered that no timer changes."""

INPUTS: dict[str, tuple[str, ...]] = {
    "onenight": (*KEPT["onenight"], "ballot", "draft", "answers"),
    "alieninjas": (*KEPT["alieninjas"], "entries", "buzzed", "failed", "starter", "ender"),
    "alienation": (*KEPT["alienation"], "start", "entries", "firsties"),
    "encounters": KEPT["encounters"],
}
"""What the table entered, as the checkpoint holds it while the game stays in a phase."""


def inputs_differ(game: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The entered parts that differ between two checkpoints of one game (none: intact)."""
    same_phase = before.get("phase") == after.get("phase")
    keys = INPUTS[game] if same_phase else KEPT[game]
    return [key for key in keys if before.get(key) != after.get(key)]


def went_back(game: str, before: dict[str, Any], after: dict[str, Any]) -> str | None:
    """How a resume took the game back past what it had finished (None: it did not).

    One Night's night may replay the step a kill cut, but never a step already over: not even
    after a second kill, while the replayed step has not begun again.
    """
    if game != "onenight" or before.get("phase") not in ("dusk", "night"):
        return None
    if after.get("phase") != before.get("phase"):
        return None
    from games.onenight.night import cues
    from games.onenight.state import state_from_json

    script = cues(state_from_json(before))
    cue = int(before["cue"])
    if not 0 < cue < len(script):
        return None
    start = cue
    while start > 0 and script[start - 1].step == script[cue].step:
        start -= 1
    if int(after["cue"]) >= start:
        return None
    back = script[int(after["cue"])].step
    return f"the night went back from cue {cue} (step {script[cue].step}) to the {back} step"
