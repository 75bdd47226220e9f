"""Session fuzzing: random input for every kind of session, and what every transition must keep.

Shared by ``tests/games/test_fuzz_sessions.py`` (a hypothesis state machine per kind, a few
hundred sequences) and ``bench/fuzz.py`` (10,000 or more sequences from a seeded
``random.Random``). Both draw through ``Pick``, so one generator serves both.

A ``Run`` plays one session as the device would (``LinesReady`` answers every ``Prepare``; a due
deadline gets its ``Tick``; ``Finished`` sends the table home and a new game of the same setup
begins) and checks, after every event:

- only rule errors (``RulesError``) escape ``handle``;
- a refused event changes nothing (the state's JSON is the same before and after);
- the checkpoint round-trips: ``to_json`` is plain JSON (string keys, no NaN or infinity) and
  ``from_json(json.loads(json.dumps(data)))`` equals the state;
- deadlines move forward: a deadline is a finite number, and after a ``Tick`` at ``now`` the next
  one is None or later than ``now`` (so the session never asks twice for a tick in the past);
- no transition takes longer than ``STEP_SECONDS`` (a deadline loop that never ends is a hang).

A failed check raises ``Crash``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import random
import signal
import threading
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.alieninjas.scoring import FIELDS
from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import MISSIONS, AlieninjasOptions, AlieninjasSetup
from games.effects import Effect, Finished, Prepare
from games.encounters.rules import ALIENS, EncountersSetup, Intention
from games.encounters.session import EncountersSession
from games.errors import RulesError
from games.events import (
    Control,
    ControlPressed,
    Event,
    LinesReady,
    RevealEntered,
    ScoreEntered,
    SeatPressed,
    TagSeen,
    Tick,
    Touched,
    VoteCast,
)
from games.onenight.lobby import TABS
from games.onenight.presets import PRESETS, preset_roles, random_deal
from games.onenight.reveal import BECAME, MARKS
from games.onenight.roles import Box, Role
from games.onenight.session import OneNightSession
from games.onenight.setup import VOTE_MODES, OneNightOptions, OneNightSetup
from games.onenight.wake import marks_in_play
from games.scorelog.players import LETTERS, PlayersSession
from games.session import Session

T = TypeVar("T")

START = 1000.0
"""The device clock when a run begins (a realistic monotonic time, not 0)."""
STEP_SECONDS = 10.0
"""A transition taking longer than this is a hang."""
GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


class Pick(Protocol):
    """Where a run's random choices come from (hypothesis data, or ``random.Random``)."""

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``, both included."""
        ...

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        ...

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""
        ...


class RandomPick:
    """``Pick`` from a ``random.Random``."""

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        return int(self.rng.randint(low, high))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``."""
        return options[self.rng.randrange(len(options))]

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""
        return bool(self.rng.randrange(100) < percent)


class Crash(AssertionError):
    """A session broke one of the fuzz's rules; ``signature`` names the bug, not the run."""

    def __init__(self, kind: str, problem: str, signature: str, history: Sequence[str]) -> None:
        self.kind = kind
        self.problem = problem
        self.signature = signature
        self.history = tuple(history)
        steps = "\n".join(f"  {line}" for line in self.history[-40:])
        super().__init__(f"{kind}: {problem}\nlast steps (newest last):\n{steps}")


# -- what players can do -------------------------------------------------------------------------

BAD_SEATS = (0, -1, 13, 99, 10**9, -(10**9), 2**63)
"""Seats no game has (the device's buttons go up to 12; the rest only garbage can send)."""
BAD_VALUES: tuple[object, ...] = (
    -1,
    -7,
    True,
    False,
    1.5,
    2.0,
    "3",
    "",
    "x",
    None,
    [],
    {},
    [1, 2],
    {"points": 1},
    10**30,
    -(10**30),
    float("nan"),
    float("inf"),
)
"""Entry values a scenario or backup can hold that no entry should accept as a count."""
GARBAGE_TEXT = ("", " ", ":", "x", "nobody", "ALIEN", "Seer", "\x00", "\x1b[2J", "é", "9" * 30)
GARBAGE_SUFFIXES = ("", "0", "1", "-1", "+1", "99", "x", "yes", "none", "random", " 1", "1.5")
GARBAGE_SUFFIXES += ("²", "١", "9" * 25, "\x00")
PREFIXES = (
    "seat", "card", "mark", "became", "snatched", "confirm", "voter", "target", "answer",
    "players", "role", "preset", "tab", "first", "friendliest", "pick", "key", "game", "digit",
)  # fmt: skip
"""Every ``kind:`` a screen's action uses, for garbage actions of the right shape."""


def seat(pick: Pick, players: int) -> int:
    """A seat: mostly one of the game's, sometimes one it does not have."""
    if pick.chance(85):
        return pick.integer(1, players)
    return pick.choice((*BAD_SEATS, players + 1))


def count(pick: Pick, good: int = 12) -> Any:
    """An entry value: mostly a count from 0 to ``good``, sometimes anything a file may hold."""
    return pick.integer(0, good) if pick.chance(88) else pick.choice(BAD_VALUES)


def garbage_action(pick: Pick) -> str:
    """A touch action no screen offers (a typo, a wrong value, a stray character)."""
    if pick.chance(30):
        return pick.choice(GARBAGE_TEXT)
    return f"{pick.choice(PREFIXES)}:{pick.choice(GARBAGE_SUFFIXES)}"


def any_entry(pick: Pick, players: int) -> Event:
    """An entry of any game (or of none), for any session."""
    which = pick.integer(0, 3)
    if which == 0:
        return VoteCast(seat(pick, players), seat(pick, players))
    if which == 1:
        card = pick.choice([role.value for role in Role] + list(GARBAGE_TEXT))
        return RevealEntered(seat(pick, players), card)
    if which == 2:
        keys = ("points", "war", "peace", "intention", "cards", "last", "first", "x")
        extra = tuple((key, count(pick)) for key in keys[: pick.integer(0, 3)])
        return ScoreEntered(seat(pick, players), count(pick) if pick.chance(50) else None, extra)
    return LinesReady(tuple(0.5 for _ in range(pick.integer(0, 3))))


# -- the kinds -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """One kind of session: how to set one up, and what its screens and entries offer."""

    name: str
    build: Callable[[Pick], Session[Any]]
    """A session with a setup drawn from ``pick``."""
    players: Callable[[Any], int]
    """The number of seats in the game a state holds."""
    touches: Callable[[Any], Mapping[str, Sequence[str]]]
    """The actions the game's screens offer, by phase (a late tap may reach another phase)."""
    entry: Callable[[Pick, Any], Event]
    """A score, vote or reveal entry for the state's game, valid or not."""
    forward: Callable[[Pick, Any], Event | None]
    """An input that moves the game on, as a table playing it right would give (None: only
    time moves it on, or nothing does)."""
    phases: tuple[str, ...]
    """Every phase of the kind, in play order."""


def _seconds(pick: Pick, *values: float) -> float:
    return pick.choice(values)


RULINGS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("protected_in_tie", ("others_die", "fall_through")),
    ("fall_through_min_votes", (1, 2, 3)),
    ("hunter_blocked_by_protection", (False, True)),
    ("repeat_chains", (False, True)),
    ("village_wins_when_only_minion_dies_without_wolves", (False, True)),
    ("tanner_death_stops_werewolves", (False, True)),
    ("self_vote", ("reject", "abstain")),
    ("oracle_follows", ("card", "player")),
    ("epic_most_needs_two_votes", (False, True)),
    ("epic_village_needs_two_enemy_teams", (False, True)),
    ("device_tie_saves_everyone", (False, True)),
    ("groob_zerb_in_play", ("held", "selected")),
)
"""Every One Night ruling (``games.onenight.resolve.Rulings``) and its choices."""


def _onenight(mode: str) -> Callable[[Pick], Session[Any]]:
    def build(pick: Pick) -> Session[Any]:
        if pick.chance(60):
            preset = pick.choice(list(PRESETS.values()))
            players = pick.integer(preset.min_players, min(preset.max_players, 9))
            roles = preset_roles(preset, players)
        else:
            boxes = pick.choice(((Box.ALIEN, Box.BONUS), (Box.VAMPIRE,), (Box.WEREWOLF,)))
            players = pick.integer(4, 8)
            roles = random_deal(players, boxes, random.Random(pick.integer(0, 2**31)))
        options = OneNightOptions(
            role_seconds=_seconds(pick, 0.0, 0.5, 10.0),
            pause_seconds=_seconds(pick, 0.0, 1.0),
            day_minutes=pick.choice((0, 1, 3)),
            ripple_rate=_seconds(pick, 0.0, 0.15, 1.0),
            oracle_even_odd=pick.chance(50),
            auto_start_seconds=_seconds(pick, 0.0, 0.0, 5.0),
            mask_sound=pick.chance(30),
            vote_mode=mode,
            assassin_sees_doppelganger=pick.chance(50),
            rulings=tuple(
                (name, pick.choice(values)) for name, values in RULINGS if pick.chance(30)
            ),
        )
        return OneNightSession(OneNightSetup(players, roles, pick.integer(0, 2**31), options))

    return build


def _onenight_touches(state: Any) -> dict[str, list[str]]:
    players = state.setup.players
    in_play = sorted({role.value for role in state.setup.roles})
    seats = range(0, players + 1)
    answers = ["answer:yes", "answer:no", *(f"answer:{n}" for n in seats)]
    return {
        "setup": [
            "start", "random", "clear", "players:-1", "players:+1",
            *(f"tab:{tab}" for tab in TABS),
            *(f"role:{role.value}" for role in Role),
            *(f"preset:{key}" for key in PRESETS),
        ],
        "dusk": answers,
        "night": answers,
        "day": ["pause", "resume", "extend", "vote"],
        "vote": [
            "close", "confirm:yes", "confirm:no",
            *(f"voter:{n}" for n in seats), *(f"target:{n}" for n in seats),
        ],
        "reveal": [
            "reveal", "confirm", "snatched:yes", "snatched:no", "became:none", "card:none",
            *(f"seat:{n}" for n in seats), *(f"card:{card}" for card in in_play),
            *(f"mark:{mark}" for mark in MARKS), *(f"became:{b}" for b in (*BECAME, *in_play)),
        ],
        "result": ["home", "ok"],
    }  # fmt: skip


def _onenight_entry(pick: Pick, state: Any) -> Event:
    players = state.setup.players
    if pick.chance(40):
        target = 0 if pick.chance(10) else seat(pick, players)
        return VoteCast(seat(pick, players), target)
    in_play = [role.value for role in state.setup.roles]
    odd: tuple[Any, ...] = (*GARBAGE_TEXT, None, 3, ["seer"], {"card": "seer"})
    card: Any = pick.choice(in_play) if pick.chance(85) else pick.choice(odd)
    mark: Any = None
    if pick.chance(20):
        mark = pick.choice(list(MARKS)) if pick.chance(70) else pick.choice(odd)
    became: Any = None
    if pick.chance(20):
        became = pick.choice([*BECAME, *in_play]) if pick.chance(70) else pick.choice(odd)
    snatched: Any = pick.chance(10) if pick.chance(95) else pick.choice(("yes", 1, None))
    return RevealEntered(seat(pick, players), card, mark, became, snatched)


def _onenight_forward(pick: Pick, state: Any) -> Event | None:
    players = state.setup.players
    if state.phase == "setup":
        return ControlPressed(Control.GO, 0.0)
    if state.phase == "day":
        return Touched("vote")
    if state.phase == "vote":
        ballot = state.ballot
        if ballot.replacing is not None:
            return ControlPressed(pick.choice((Control.YES, Control.NO)), 0.0)
        voter = pick.choice(ballot.missing or (1,))
        target = pick.choice([n for n in range(1, players + 1) if n != voter])
        return VoteCast(voter, target)
    if state.phase == "reveal":
        done = {entry[0] for entry in state.reveals}
        seats = [n for n in range(1, players + 1) if n not in done] or [1]
        roles = set(state.setup.roles)
        card = pick.choice(sorted(role.value for role in roles))
        mark = pick.choice(list(MARKS)) if marks_in_play(roles) and pick.chance(30) else None
        became = None
        copiers = ("doppelganger", "copycat")
        if card in copiers and pick.chance(70):  # the role she copied
            became = pick.choice(sorted({r.value for r in roles} - set(copiers)) or [card])
        elif pick.chance(10):
            became = pick.choice(BECAME)
        snatched = Role.BODY_SNATCHER in roles and pick.chance(20)
        return RevealEntered(pick.choice(seats), card, mark, became, snatched)
    return None


def _alieninjas(mission: str) -> Callable[[Pick], Session[Any]]:
    def build(pick: Pick) -> Session[Any]:
        players = pick.integer(2, 6 if mission == "replicas" else 9)
        options = AlieninjasOptions(
            arbitration_window=_seconds(pick, 0.0, 0.02, 0.5),
            false_start_lockout=_seconds(pick, 0.0, 2.0),
            time_limit=_seconds(pick, 0.0, 5.0, 60.0),
            countdown=_seconds(pick, 0.0, 3.0),
            grab=mission == "speed" and pick.chance(60),
            grab_rearm=_seconds(pick, 0.0, 1.0),
        )
        return AlieninjasSession(AlieninjasSetup(mission, players, pick.integer(0, 2**31), options))

    return build


def _alieninjas_entry(pick: Pick, state: Any) -> Event:
    mission = state.setup.mission
    fields: list[tuple[str, object]] = []
    wanted = list(FIELDS[mission])
    if mission == "collection":  # one way or the other: both at once are refused
        dropped = ("matched",) if pick.chance(50) else ("matched_points", "multiplier")
        wanted = [key for key in wanted if key not in dropped]
    if pick.chance(10):
        wanted.append(pick.choice(("points", "last", "x", *FIELDS[pick.choice(MISSIONS)])))
    for key in wanted:
        if pick.chance(15):
            continue
        if key == "optional" or key == "last":
            value: object = pick.chance(50) if pick.chance(90) else pick.choice(BAD_VALUES)
        elif key == "matched":
            value = [_matched(pick) for _ in range(pick.integer(0, 5))]
            value = value if pick.chance(90) else pick.choice(BAD_VALUES)
        else:
            value = count(pick, 9)
        fields.append((key, value))
    if mission != "replicas" and pick.chance(20):
        fields.append(("last", pick.chance(50)))
    points: Any = count(pick, 20) if pick.chance(15) else None
    return ScoreEntered(seat(pick, state.setup.players), points, tuple(sorted(fields, key=_key)))


GOOD_ENTRIES: dict[str, Callable[[Pick], dict[str, object]]] = {
    "replicas": lambda pick: {"correct": pick.integer(0, 6), "wrong": pick.integer(0, 3)},
    "speed": lambda pick: {"mission": pick.integer(0, 12), "other": pick.integer(0, 5)},
    "memory": lambda pick: {"cards": pick.integer(0, 8), "multiplier": pick.integer(1, 3)},
    "collection": lambda pick: {"matched_points": pick.integer(0, 9), "left_in_hand": 1},
    "push_your_luck": lambda pick: {"civilian": pick.integer(0, 9), "alieninjas": 1},
}
"""A right entry of each mission."""


def _alieninjas_forward(pick: Pick, state: Any) -> Event | None:
    players = state.setup.players
    if state.phase == "ready":
        return ControlPressed(Control.GO, 0.0)
    if state.phase == "round":
        return SeatPressed(pick.integer(1, players), 0.0)
    if state.phase == "check":
        return ControlPressed(Control.YES if pick.chance(70) else Control.NO, 0.0)
    if state.phase == "score":
        done = {score.seat for score in state.entries}
        seats = [n for n in range(1, players + 1) if n not in done] or [1]
        fields = GOOD_ENTRIES[state.setup.mission](pick)
        if state.setup.mission != "replicas" and pick.chance(30):
            fields["last"] = True
        return ScoreEntered(pick.choice(seats), None, tuple(sorted(fields.items())))
    return None


def _key(field: tuple[str, object]) -> str:
    return field[0]


def _matched(pick: Pick) -> object:
    if pick.chance(60):
        return count(pick, 5)
    return {"points": count(pick, 5), "multiplier": count(pick, 3)}


def _alienation(pick: Pick) -> Session[Any]:
    friendliest = "random" if pick.chance(20) else "table"
    wait = _seconds(pick, 1.0, 120.0)
    setup = AlienationSetup(pick.integer(2, 4), pick.integer(0, 2**31), friendliest, wait)
    return AlienationSession(setup)


def _alienation_forward(pick: Pick, state: Any) -> Event | None:
    if state.phase == "friendliest":
        return Touched(f"friendliest:{pick.integer(1, state.setup.players)}")
    if state.phase == "score":
        done = {entry.seat for entry in state.entries}
        seats = [n for n in range(1, state.setup.players + 1) if n not in done] or [1]
        extra = (("first", pick.chance(20)), ("sunnies", pick.integer(0, 9)))
        return ScoreEntered(pick.choice(seats), pick.integer(0, 30), extra)
    return None


def _alienation_touches(state: Any) -> dict[str, list[str]]:
    seats = range(1, state.setup.players + 1)
    return {
        "friendliest": [*(f"friendliest:{n}" for n in seats), "friendliest:random"],
        "score": [f"first:{n}" for n in seats],
        "final": ["home", "ok"],
    }


def _alienation_entry(pick: Pick, state: Any) -> Event:
    extra: list[tuple[str, object]] = []
    if pick.chance(60):
        extra.append(("sunnies", count(pick, 30)))
    if pick.chance(30):
        extra.append(("first", pick.chance(50) if pick.chance(90) else pick.choice(BAD_VALUES)))
    if pick.chance(5):
        extra.append((pick.choice(("x", "points", "last")), count(pick)))
    points: Any = count(pick, 40) if pick.chance(95) else None
    return ScoreEntered(seat(pick, state.setup.players), points, tuple(sorted(extra, key=_key)))


def _encounters(pick: Pick) -> Session[Any]:
    pair = ["humans", pick.choice(ALIENS)]
    if pick.chance(50):
        pair.reverse()
    remove = pick.choice((None, None, Intention.HOSTILE, Intention.PEACEFUL))
    setup = EncountersSetup(pick.integer(0, 2**31), (pair[0], pair[1]), remove, pick.chance(70))
    return EncountersSession(setup)


def _encounters_forward(pick: Pick, state: Any) -> Event | None:
    if state.phase == "rounds":
        return Touched("next")
    if state.phase == "score":
        intention = pick.choice(("hostile", "peaceful"))
        peace, war = pick.integer(0, 30), pick.integer(0, 30)
        extra = (("intention", intention), ("peace", peace), ("war", war))
        return ScoreEntered(pick.choice((1, 2)), None, extra)
    return None


def _encounters_entry(pick: Pick, state: Any) -> Event:
    extra: list[tuple[str, object]] = []
    if pick.chance(95):
        good = pick.choice(("hostile", "peaceful"))
        extra.append(("intention", good if pick.chance(90) else pick.choice(BAD_VALUES)))
    for key in ("war", "peace"):
        if pick.chance(95):
            extra.append((key, count(pick, 30)))
    if pick.chance(5):
        extra.append(("points", count(pick)))
    points: Any = None if pick.chance(95) else count(pick)
    return ScoreEntered(seat(pick, 2), points, tuple(sorted(extra, key=_key)))


NAMES = ("Ada", "Bo", "Cy", "Di Ann", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu", "Mo")


def _players(pick: Pick) -> Session[Any]:
    profiles = tuple(NAMES[: pick.integer(0, len(NAMES))])
    return PlayersSession(profiles, pick.integer(2, 12))


def _players_touches(state: Any) -> dict[str, list[str]]:
    keys = [f"key:{letter}" for letter in LETTERS]
    return {
        "players": [*(f"pick:{name}" for name in state.profiles), "new", "done", "home"],
        "name": [*keys, "key:space", "del", "back", "ok"],
    }


def _players_forward(pick: Pick, state: Any) -> Event | None:
    if state.phase == "name":
        return Touched(pick.choice(("key:A", "key:B", "key:space", "ok")))
    if state.picked:
        return SeatPressed(pick.integer(1, state.players), 0.0)
    names = [f"pick:{name}" for name in state.profiles]
    return Touched(pick.choice(names) if names and pick.chance(70) else "new")


def _players_entry(pick: Pick, state: Any) -> Event:
    return any_entry(pick, state.players)


def _setup_players(state: Any) -> int:
    return int(state.setup.players)


KINDS: tuple[Kind, ...] = (
    *(
        Kind(
            f"onenight-{mode}",
            _onenight(mode),
            _setup_players,
            _onenight_touches,
            _onenight_entry,
            _onenight_forward,
            ("setup", "dusk", "night", "day", "vote", "reveal", "result"),
        )
        for mode in VOTE_MODES
    ),
    *(
        Kind(
            f"alieninjas-{mission}",
            _alieninjas(mission),
            _setup_players,
            lambda state: {
                "ready": ["go"],
                "check": ["yes", "no"],
                "score": ["go"],
                "final": ["home", "ok"],
            },
            _alieninjas_entry,
            _alieninjas_forward,
            ("ready", "countdown", "round", "check", "score", "final")
            if mission == "replicas"
            else ("score", "final"),
        )
        for mission in MISSIONS
    ),
    Kind(
        "alienation",
        _alienation,
        _setup_players,
        _alienation_touches,
        _alienation_entry,
        _alienation_forward,
        ("friendliest", "score", "final"),
    ),
    Kind(
        "encounters",
        _encounters,
        lambda state: 2,
        lambda state: {"rounds": ["next", "undo"], "score": ["undo"], "final": ["home", "ok"]},
        _encounters_entry,
        _encounters_forward,
        ("rounds", "score", "final"),
    ),
    Kind(
        "players",
        _players,
        lambda state: int(state.players),
        _players_touches,
        _players_entry,
        _players_forward,
        ("players", "name"),
    ),
)
"""Every kind of session the device runs: One Night in each vote mode, each Alieninjas
mission, Alienation, Encounters and the Players screen."""


def find_kind(name: str) -> Kind:
    """A kind by name."""
    for kind in KINDS:
        if kind.name == name:
            return kind
    raise KeyError(f"no fuzz kind {name!r}; kinds: {', '.join(k.name for k in KINDS)}")


# -- checks ----------------------------------------------------------------------------------


def plain_json_problem(data: object) -> str:
    """Why ``data`` is not plain JSON ("" when it is): JSON types only, string keys, finite."""
    # Paths are kept as (parent, key) links and spelled out only for a problem: it runs often.
    stack: list[tuple[Any, Any]] = [(None, data)]
    while stack:
        path, value = stack.pop()
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None:
            continue
        if kind is float:
            if not math.isfinite(value):
                return f"{_path(path)} is {value!r}"
        elif kind is dict:
            for key, item in value.items():
                if type(key) is not str:
                    return f"{_path(path)} has the key {key!r}, not a string"
                stack.append(((path, key), item))
        elif kind is list or kind is tuple:
            stack.extend(((path, index), item) for index, item in enumerate(value))
        else:
            return f"{_path(path)} is a {kind.__name__}: {value!r}"
    return ""


def _path(path: Any) -> str:
    keys = []
    while path is not None:
        path, key = path
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "state" + "".join(reversed(keys))


def _where(error: BaseException) -> str:
    """The innermost line of the game code an exception came from, as ``file:line``."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(GAMES_DIR)]
    frame = (ours or frames or [None])[-1]
    if frame is None:
        return "?"
    path = Path(frame.filename).resolve()
    shown = path.relative_to(GAMES_DIR.parent) if path.is_relative_to(GAMES_DIR.parent) else path
    return f"{shown}:{frame.lineno}"


class Hang(Exception):
    """A transition ran past ``STEP_SECONDS``."""


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in the main thread if the block runs longer than ``seconds``."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"no answer after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- a run -----------------------------------------------------------------------------------

WEIGHTS: dict[str, int] = {
    "press": 12,
    "control": 10,
    "touch": 16,
    "late touch": 3,
    "garbage": 4,
    "tag": 2,
    "entry": 24,
    "foreign": 3,
    "wait": 8,
    "deadline": 14,
    "tick": 2,
    "forward": 20,
}
"""What a run can do next (``Run.act``), and how often: enough entries and deadlines to get
games to their end."""
ACTIONS = tuple(WEIGHTS)


def swarm(pick: Pick) -> list[str]:
    """The actions of one sequence, each repeated by its weight: each action is left out of a
    sequence one time in five (swarm testing), so some play only presses, some never wait..."""
    kept = [action for action in ACTIONS if pick.chance(80)] or ["entry"]
    return [action for action in kept for _ in range(WEIGHTS[action])]


WAITS = (0.0, 0.001, 0.019, 0.021, 0.5, 1.0, 2.9, 3.0, 10.0, 59.0, 60.0, 300.0, 3600.0)


class Run:
    """One session, played through random input as the device plays it, checked at every step."""

    def __init__(self, kind: Kind, pick: Pick) -> None:
        self.kind = kind
        self.session = kind.build(pick)
        self.now = START + pick.integer(0, 10**6) / 1000
        self.line_seconds = pick.choice((0.0, 0.4, 1.7, 4.0))
        self.history: list[str] = [f"setup: {_describe_setup(self.session)}"]
        self.events = 0
        self.refused = 0
        self.games = 1
        self.phases: set[str] = set()
        self.checkpoint = ""
        with self._guard("start"):
            self.state, effects = self.session.start(self.now)
        self._accepted(None, effects)

    # -- driving --

    def act(self, pick: Pick, action: str) -> None:
        """Do one of ``ACTIONS``, drawing its details from ``pick``."""
        players = self.kind.players(self.state)
        if action == "press":
            edge = self.now - pick.choice((0.0, 0.0001, 0.004))
            self.feed(SeatPressed(seat(pick, players), edge))
        elif action == "control":
            self.feed(ControlPressed(pick.choice(list(Control)), self.now))
        elif action in ("touch", "late touch"):
            screens = self.kind.touches(self.state)
            offered = screens.get(self.session.phase(self.state), ())
            if action == "late touch" or not offered:  # a tap on a screen that has just gone
                offered = pick.choice(list(screens.values()))
            self.feed(Touched(pick.choice(offered)))
        elif action == "garbage":
            self.feed(Touched(garbage_action(pick)))
        elif action == "tag":
            uid = pick.choice(("04A1B2C3D4E5F6", "0000", "", "\x07BEL", "DEADBEEF"))
            self.feed(TagSeen(uid, self.now))
        elif action == "entry":
            self.feed(self.kind.entry(pick, self.state))
        elif action == "forward":
            self.forward(pick)
        elif action == "foreign":
            self.feed(any_entry(pick, players))
        elif action == "wait":
            self.wait(pick.choice(WAITS) if pick.chance(70) else pick.integer(0, 10**6) / 1000)
            if pick.chance(90):
                self.tick_if_due()
        elif action == "deadline":
            deadline = self.session.next_deadline(self.state)
            if deadline is not None:
                self.wait(max(0.0, deadline - self.now) + pick.choice((0.0, 0.0, 1e-6, 0.5)))
                self.tick_if_due()
        elif action == "tick":
            self.feed(Tick(self.now))  # a tick with nothing due must do nothing harmful
        else:
            raise ValueError(f"unknown action {action!r}; actions: {', '.join(ACTIONS)}")

    def fast_forward(self, pick: Pick, most: int = 300) -> None:
        """Play right until a phase drawn from the kind's, so the fuzz starts anywhere in a game
        (a sequence of random input alone seldom gets through three rounds or a whole night)."""
        target = pick.choice(self.kind.phases)
        pick = RandomPick(random.Random(pick.integer(0, 2**32)))  # one draw: quick to generate
        for _ in range(most):
            if self.session.phase(self.state) == target:
                return
            before = (self.events, self.now)
            self.forward(pick)
            if (self.events, self.now) == before:
                return  # nothing moves this phase on by itself

    def forward(self, pick: Pick) -> None:
        """Move the game on as a table playing it right would: an input, else time."""
        event = self.kind.forward(pick, self.state)
        if event is None:
            deadline = self.session.next_deadline(self.state)
            if deadline is not None:  # the night's cues, the countdown...: their time passes
                self.wait(max(0.0, deadline - self.now) + pick.choice((0.0, 0.0, 30.0, 600.0)))
                self.tick_if_due()
        elif isinstance(event, SeatPressed | ControlPressed):
            self.feed(dataclasses.replace(event, at=self.now))
        else:
            self.feed(event)

    def wait(self, seconds: float) -> None:
        """Move the clock on (it never goes back)."""
        self.now += seconds
        self.history.append(f"wait {seconds:g} -> {self.now:.6f}")

    def tick_if_due(self) -> None:
        """Give the session its ``Tick`` if a deadline has come, as the device's loop does."""
        deadline = self.session.next_deadline(self.state)
        if deadline is not None and deadline <= self.now:
            self.feed(Tick(self.now))

    def feed(self, event: Event) -> None:
        """Hand one event to the session at ``now`` and check what it did."""
        shown = repr(event)
        shown = shown if len(shown) <= 160 else shown[:150] + "...)"
        self.history.append(f"{self.now:.6f} {self.session.phase(self.state)}: {shown}")
        self.events += 1
        try:
            with watchdog(STEP_SECONDS):
                state, effects = self.session.handle(self.state, event, self.now)
        except RulesError:
            self.refused += 1
            self._same("a refused event")
            return
        except Exception as error:
            self._crash(f"{type(error).__name__}: {error}", error)
        self.state = state
        self._accepted(event, effects)

    # -- checking --

    def _accepted(self, event: Event | None, effects: list[Effect]) -> None:
        self.phases.add(self.session.phase(self.state))
        self._round_trip()
        deadline = self.session.next_deadline(self.state)
        if deadline is not None and (
            isinstance(deadline, bool)
            or not isinstance(deadline, int | float)
            or not math.isfinite(deadline)
        ):
            self._fail(f"next_deadline is {deadline!r}", "deadline not a finite number")
        if isinstance(event, Tick) and deadline is not None and deadline <= self.now:
            self._fail(
                f"after a Tick at {self.now!r} the next deadline is {deadline!r}, not later",
                f"deadline not moved past the tick in phase {self.session.phase(self.state)}",
            )
        for effect in effects:
            if isinstance(effect, Prepare):
                lengths = tuple(self.line_seconds * (1 + i % 3) for i in range(len(effect.lines)))
                self.feed(LinesReady(lengths))
            elif isinstance(effect, Finished):
                self.history.append("finished: the next game begins")
                self.games += 1
                with self._guard("start"):
                    self.state, more = self.session.start(self.now)
                self._accepted(None, more)
                return

    def _round_trip(self) -> None:
        with self._guard("to_json"):
            data = self.session.to_json(self.state)
        problem = plain_json_problem(data)
        if problem:
            self._fail(f"to_json is not plain JSON: {problem}", "checkpoint not plain JSON")
        text = json.dumps(data, allow_nan=False, sort_keys=True)
        with self._guard("from_json"):
            back = self.session.from_json(json.loads(text))
        if back != self.state:
            self._fail(
                f"the checkpoint does not round-trip:\n  state {self.state!r}\n  back  {back!r}",
                f"checkpoint round-trip in phase {self.session.phase(self.state)}",
            )
        self.checkpoint = text

    def _same(self, what: str) -> None:
        with self._guard("to_json"):
            text = json.dumps(self.session.to_json(self.state), allow_nan=False, sort_keys=True)
        if text != self.checkpoint:
            self._fail(f"{what} changed the state", "refused event changed the state")

    @contextlib.contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        try:
            with watchdog(STEP_SECONDS):
                yield
        except Crash:
            raise
        except Exception as error:
            self._crash(f"{what}: {type(error).__name__}: {error}", error)

    def _crash(self, problem: str, error: BaseException) -> None:
        signature = f"{type(error).__name__} at {_where(error)}"
        self.history.append("".join(traceback.format_exception(error)).rstrip())
        raise Crash(self.kind.name, problem, signature, self.history) from error

    def _fail(self, problem: str, signature: str) -> None:
        raise Crash(self.kind.name, problem, signature, self.history)


def _describe_setup(session: Session[Any]) -> str:
    setup = getattr(session, "setup", None)
    if setup is None:
        return f"{type(session).__name__}(profiles={getattr(session, 'profiles', ())!r})"
    return repr(setup)
