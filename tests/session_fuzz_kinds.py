"""The kinds of session the fuzz plays (``session_fuzz``): One Night in each vote mode (its
setups and inputs: ``session_fuzz_onenight``), each Alieninjas mission, Alienation, Encounters
and the Players screen.

For each: a setup drawn at random (options included), the touches its screens offer by phase,
score, vote or reveal entries (valid or not), and the input that moves a game on when played
right (``forward``), so a sequence can start anywhere in a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from session_fuzz_generic import generic_kind
from session_fuzz_input import (
    BAD_VALUES,
    Kind,
    Pick,
    any_entry,
    count,
    seat,
    seconds,
)
from session_fuzz_onenight import (
    onenight_entry,
    onenight_forward,
    onenight_session,
    onenight_touches,
)

from games import catalog
from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.alieninjas.scoring import FIELDS
from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import MISSIONS, AlieninjasOptions, AlieninjasSetup
from games.encounters.rules import ALIENS, EncountersSetup, Intention
from games.encounters.session import EncountersSession
from games.events import (
    Control,
    ControlPressed,
    Event,
    KeyTap,
    PickTap,
    ScoreEntered,
    SeatPressed,
    SeatRole,
    SeatTap,
    Tap,
    TouchAction,
    Touched,
)
from games.onenight.setup import VOTE_MODES
from games.scorelog.players import LETTERS, PlayersSession
from games.session import Session


def _alieninjas(mission: str) -> Callable[[Pick], Session[Any]]:
    def build(pick: Pick) -> Session[Any]:
        players = pick.integer(2, 6 if mission == "replicas" else 9)
        options = AlieninjasOptions(
            arbitration_window=seconds(pick, 0.0, 0.02, 0.5),
            false_start_lockout=seconds(pick, 0.0, 2.0),
            time_limit=seconds(pick, 0.0, 5.0, 60.0),
            countdown=seconds(pick, 0.0, 3.0),
            grab=mission == "speed" and pick.chance(60),
            grab_rearm=seconds(pick, 0.0, 1.0),
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
    wait = seconds(pick, 1.0, 120.0)
    setup = AlienationSetup(pick.integer(2, 4), pick.integer(0, 2**31), friendliest, wait)
    return AlienationSession(setup)


def _alienation_forward(pick: Pick, state: Any) -> Event | None:
    if state.phase == "friendliest":
        return Touched(SeatTap(SeatRole.FRIENDLIEST, pick.integer(1, state.setup.players)))
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
        return Touched(Tap.NEXT)
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
        keys: tuple[TouchAction, ...] = (KeyTap("A"), KeyTap("B"), KeyTap("space"), Tap.OK)
        return Touched(pick.choice(keys))
    if state.picked:
        return SeatPressed(pick.integer(1, state.players), 0.0)
    names: list[TouchAction] = [PickTap(name) for name in state.profiles]
    return Touched(pick.choice(names) if names and pick.chance(70) else Tap.NEW)


def _players_entry(pick: Pick, state: Any) -> Event:
    return any_entry(pick, state.players)


def _setup_players(state: Any) -> int:
    return int(state.setup.players)


KINDS: tuple[Kind, ...] = (
    *(
        Kind(
            f"onenight-{mode}",
            onenight_session(mode),
            _setup_players,
            onenight_touches,
            onenight_entry,
            onenight_forward,
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
mission, Alienation, Encounters and the Players screen, then every other registered game
(the suite's Stars) from what its spec declares (``session_fuzz_generic``)."""
HANDMADE = frozenset(kind.name.split("-")[0] for kind in KINDS)
"""The games with a kind of their own above."""
KINDS += tuple(generic_kind(spec) for spec in catalog.GAMES if spec.key not in HANDMADE)


def find_kind(name: str) -> Kind:
    """A kind by name."""
    for kind in KINDS:
        if kind.name == name:
            return kind
    raise KeyError(f"no fuzz kind {name!r}; kinds: {', '.join(k.name for k in KINDS)}")
