"""The kinds of session the fuzz plays (``session_fuzz``): One Night in each vote mode, each
Alieninjas mission, Alienation, Encounters and the Players screen.

For each: a setup drawn at random (options included), the touches its screens offer by phase,
score, vote or reveal entries (valid or not), and the input that moves a game on when played
right (``forward``), so a sequence can start anywhere in a game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from session_fuzz_generic import generic_kind
from session_fuzz_input import BAD_VALUES, GARBAGE_TEXT, Kind, Pick, any_entry, count, seat

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
    RevealEntered,
    ScoreEntered,
    SeatPressed,
    SeatRole,
    SeatTap,
    Tap,
    TouchAction,
    Touched,
    VoteCast,
)
from games.onenight.ballot import VoteMode
from games.onenight.lobby import TABS
from games.onenight.marks import placeable
from games.onenight.presets import PRESETS, deal_range, preset_roles, random_deal
from games.onenight.resolve.model import Mark
from games.onenight.roles import Box, Role
from games.onenight.session import OneNightSession
from games.onenight.setup import VOTE_MODES, OneNightOptions, OneNightSetup
from games.onenight.views import BECAME
from games.scorelog.players import LETTERS, PlayersSession
from games.session import Session

MARKS = tuple(mark.value for mark in Mark)
"""Every Mark by name, the Doppelganger's own set included ("doppel_love"...)."""


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


BOX_MIXES: tuple[tuple[Box, ...], ...] = (
    (Box.ALIEN, Box.BONUS),
    (Box.VAMPIRE,),
    (Box.WEREWOLF,),
    (Box.ALIEN, Box.VAMPIRE),
    (Box.VAMPIRE, Box.WEREWOLF),
    (Box.ALIEN, Box.BONUS, Box.VAMPIRE, Box.WEREWOLF),
)
"""The boxes random deals draw from (mixes make Epic Battles)."""


def _onenight(mode: str) -> Callable[[Pick], Session[Any]]:
    def build(pick: Pick) -> Session[Any]:
        if pick.chance(60):
            preset = pick.choice(list(PRESETS.values()))
            players = pick.integer(preset.min_players, min(preset.max_players, 9))
            roles = preset_roles(preset, players)
        else:
            boxes = pick.choice(BOX_MIXES)
            low, high = deal_range(boxes)
            players = pick.integer(low, min(high, 11))  # the Alien and Bonus boxes seat 11
            roles = random_deal(players, boxes, random.Random(pick.integer(0, 2**31)))
        options = OneNightOptions(
            role_seconds=_seconds(pick, 0.0, 0.5, 10.0),
            pause_seconds=_seconds(pick, 0.0, 1.0),
            day_minutes=pick.choice((0, 1, 3)),
            ripple_rate=_seconds(pick, 0.0, 0.15, 1.0),
            oracle_even_odd=pick.chance(50),
            auto_start_seconds=_seconds(pick, 0.0, 0.0, 5.0),
            mask_sound=pick.chance(30),
            vote_mode=VoteMode(mode),
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
    if state.phase == "day":  # "vote now", then the three seconds of "three, two, one"
        return Touched(Tap.VOTE) if pick.chance(50) else None
    if state.phase == "vote":
        ballot = state.ballot
        if ballot.replacing is not None and pick.chance(60):
            return ControlPressed(pick.choice((Control.YES, Control.NO)), 0.0)
        if pick.chance(10):  # who is missing? (or the pending change again)
            return ControlPressed(Control.GO, 0.0)
        # Mostly the seats still to vote; sometimes a change of mind, left unanswered a while.
        changing = ballot.voted and pick.chance(15)
        voter = pick.choice(ballot.voted if changing else ballot.missing or (1,))
        target = pick.choice([n for n in range(1, players + 1) if n != voter])
        return VoteCast(voter, target)
    if state.phase == "reveal":
        done = {entry.seat for entry in state.reveals}
        seats = [n for n in range(1, players + 1) if n not in done] or [1]
        roles = set(state.setup.roles)
        # Cards and Marks as a table can hold them: no more of each than the game has.
        cards = Counter(role.value for role in state.setup.roles)
        cards.subtract(entry.card.value for entry in state.reveals)
        card = pick.choice(sorted(cards.elements()) or [role.value for role in roles])
        # The Marks the game places; one of each but Clarity, which every player starts with.
        held = {entry.mark.value for entry in state.reveals if entry.mark} - {"clarity"}
        marks = sorted(set(placeable(roles)) - held)
        mark = pick.choice(marks) if marks and pick.chance(30) else None
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
