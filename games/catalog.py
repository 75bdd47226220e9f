"""The registry: one ``GameSpec`` per game (``GAMES``) and per tool session (``TOOLS``).

Adding a game is one new package in ``games/`` and one entry in ``GAMES``: the device reads its
setup, sessions, home button and score fields from here (``device.runtime.sessions``,
``device.ui.keypad.entry``, ``device.simulator.scenario`` and the home screen in
``device.runtime.app``). ``find_game`` looks a game up the way a scenario or the command line names
it, as python-chess's ``find_variant`` does.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from games.alienation.rules import MAX_PLAYERS as ALIENATION_MAX
from games.alienation.rules import MIN_PLAYERS as ALIENATION_MIN
from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession
from games.alienation.state import state_from_json as alienation_state
from games.alieninjas.scoring import may_tie_for_the_win
from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import (
    MAP_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MISSION_NAMES,
    AlieninjasSetup,
    parse_setup,
)
from games.alieninjas.state import state_from_json as alieninjas_state
from games.encounters.rules import EncountersSetup
from games.encounters.session import EncountersSession
from games.encounters.session import state_from_json as encounters_state
from games.errors import UnknownGameError
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightSetup, setup_from_block
from games.onenight.state import OneNightState, setup_from_json
from games.scorelog.players import PlayersSession
from games.scorelog.players import state_from_json as players_state
from games.session import Session
from games.spec import (
    EntryContext,
    FieldKind,
    GameSpec,
    HomeButton,
    Mission,
    ScoreField,
    Settings,
)

__all__ = [
    "GAMES",
    "ONENIGHT",
    "TOOLS",
    "by_key",
    "find_game",
    "home_buttons",
    "score_keys",
    "setup_keys",
]

# -- When the keypad asks a field ---------------------------------------------------------------


def _next_starter_open(entry: EntryContext) -> bool:
    """``last``: until a seat is marked, and never in the last round (no next round)."""
    return entry.round < entry.rounds and entry.marked in (None, entry.seat)


def _has_cards(entry: EntryContext) -> bool:
    """Memory's multiplier: only for a seat that won cards."""
    return entry.values.get("cards") != 0


def _real_multiplier(entry: EntryContext) -> bool:
    """Memory's ``multiplied``: only for a multiplier above 1."""
    multiplier = entry.values.get("multiplier")
    return isinstance(multiplier, int) and multiplier > 1


def _may_tie(entry: EntryContext) -> bool:
    """Push Your Luck's tie-break: in the last round, for a seat that may tie for the win."""
    points = entry.values.get("points")
    return (
        entry.round >= entry.rounds
        and isinstance(points, int)
        and may_tie_for_the_win(entry.totals, entry.entered, entry.seat, points, entry.players)
    )


# -- Setups -------------------------------------------------------------------------------------


def _alieninjas_setup(block: Mapping[str, Any], settings: Settings) -> AlieninjasSetup:
    setup = parse_setup(block)
    settings.check_seats(setup.players)
    return setup


def _alienation_setup(block: Mapping[str, Any], settings: Settings) -> AlienationSetup:
    section = settings.section("alienation")
    names = ("friendliest", "friendliest_seconds")
    defaults = {key: section[key] for key in names if key in section}
    return AlienationSetup.from_block(block, **defaults)


def _encounters_setup(block: Mapping[str, Any], settings: Settings) -> EncountersSetup:
    return EncountersSetup.from_block(block)


def _players_setup(block: Mapping[str, Any], settings: Settings) -> tuple[tuple[str, ...], int]:
    return tuple(settings.profiles()), settings.seats


def _players_resume(data: Mapping[str, Any]) -> Session[Any]:
    state = players_state(data)
    return PlayersSession(state.profiles, state.players)


# -- The entries --------------------------------------------------------------------------------

POINTS = ScoreField("points")
YES_NO = FieldKind.YES_NO


def _last(prompt: str) -> ScoreField:
    """Who starts the next round (Speed, Memory, Collection, Push Your Luck)."""
    return ScoreField("last", YES_NO, prompt, asked=_next_starter_open)


FOUR = {"players": 4}
"""A home button's table until its setup screen changes it."""


def _mission(
    key: str,
    *fields: ScoreField,
    home: Mapping[str, object] | None = FOUR,
    players: tuple[int, int] | None = None,
) -> Mission:
    return Mission(key, MISSION_NAMES[key], fields, home, players)


def _onenight_again(state: OneNightState) -> Mapping[str, object]:
    """The same cards and table as played; a new seed, so the app's instructions are new."""
    setup = state.setup
    roles = [role.value for role in setup.roles]
    return {"game": "onenight", "roles": roles, "players": setup.players, "seed": setup.seed + 1}


ONENIGHT: GameSpec[OneNightSetup] = GameSpec(
    "onenight",
    "One Night",
    setup_from_block,
    OneNightSession,
    lambda data: OneNightSession(setup_from_json(data["setup"])),
    aliases=("one night", "one night ultimate alien", "one night ultimate vampire", "onu", "onuw"),
    setup_keys=frozenset({"players", "seed", "roles", "preset", "options"}),
    home={"preset": "alien_first_game"},
    again=_onenight_again,
)

ALIENINJAS: GameSpec[AlieninjasSetup] = GameSpec(
    "alieninjas",
    "Alieninjas",
    _alieninjas_setup,
    AlieninjasSession,
    lambda data: AlieninjasSession(alieninjas_state(data).setup),
    setup_keys=frozenset({"mission", "players", "seed", "options"}),
    fields=(POINTS,),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    missions=(
        _mission(
            "speed",
            POINTS,
            _last("played the last card?"),
            ScoreField("mission", prompt="mission Camouflage and Civilian points", keypad=False),
            ScoreField("other", prompt="other Camouflage points", default=0, keypad=False),
        ),
        _mission(
            "memory",
            ScoreField("cards", prompt="Alieninja cards won"),
            ScoreField(
                "multiplier", prompt="Score Multiplier (1: none)", default=1, asked=_has_cards
            ),
            ScoreField("multiplied", prompt="cards it multiplies", asked=_real_multiplier),
            _last("played last?"),
        ),
        _mission(
            "replicas",
            ScoreField("correct", prompt="correct face-up cards"),
            ScoreField("wrong", prompt="misplaced face-up cards", default=0),
            ScoreField("optional", YES_NO, "Optional Capture made?", default=False),
            players=(MIN_PLAYERS, MAP_CARDS),  # one Map card each
        ),
        _mission(
            "collection",
            ScoreField("matched", FieldKind.CARDS, "matched cards (points x multiplier)", most=4),
            ScoreField("left_in_hand", prompt="cards left in hand", default=0),
            _last("ended the round (or drew the last card)?"),
            ScoreField("matched_points", prompt="matched cards' points", keypad=False),
            ScoreField("multiplier", prompt="Score Multiplier", default=1, keypad=False),
        ),
        _mission(
            "push_your_luck",
            POINTS,
            ScoreField(
                "alieninjas", prompt="Alieninjas captured this round", default=0, asked=_may_tie
            ),
            _last("made the last capture?"),
            ScoreField("civilian", prompt="Civilian points", default=0, keypad=False),
        ),
    ),
)

ALIENATION: GameSpec[AlienationSetup] = GameSpec(
    "alienation",
    "Alienation",
    _alienation_setup,
    AlienationSession,
    lambda data: AlienationSession(alienation_state(data).setup),
    fields=(
        POINTS,
        ScoreField("sunnies", default=0),
        ScoreField("first", YES_NO, "took Firsties?", default=False, keypad=False),
    ),
    home=FOUR,
    players=(ALIENATION_MIN, ALIENATION_MAX),
)

ENCOUNTERS: GameSpec[EncountersSetup] = GameSpec(
    "encounters",
    "Alien Encounters",
    _encounters_setup,
    EncountersSession,
    lambda data: EncountersSession(encounters_state(data).setup),
    aliases=("alien encounters",),
    fields=(
        ScoreField("intention", FieldKind.CHOICE, choices=("hostile", "peaceful")),
        ScoreField("war"),
        ScoreField("peace"),
    ),
    home={"players": 2},
    players=(2, 2),  # always two: the setup screen still says so before the game starts
)

PLAYERS: GameSpec[tuple[tuple[str, ...], int]] = GameSpec(
    "players",
    "Players",
    _players_setup,
    lambda setup: PlayersSession(*setup),
    _players_resume,
    setup_keys=frozenset(),
    home={},
)

GAMES: tuple[GameSpec[Any], ...] = (ONENIGHT, ALIENINJAS, ALIENATION, ENCOUNTERS)
"""The games, in the home screen's order."""
TOOLS: tuple[GameSpec[Any], ...] = (PLAYERS,)
"""Sessions that are not games (no scenario plays them): names player profiles and their seats."""


# -- Lookups ------------------------------------------------------------------------------------


def find_game(name: str) -> GameSpec[Any]:
    """Look a game up by key, display name or alias (case-insensitive).

    >>> find_game("One Night Ultimate Alien").key
    'onenight'
    >>> find_game("alienatoin")
    Traceback (most recent call last):
    ...
    games.errors.UnknownGameError: unsupported game: 'alienatoin'; did you mean 'alienation'?
    """
    wanted = name.strip().lower()
    for game in GAMES:
        if wanted in (game.key, game.name.lower(), *game.aliases):
            return game
    close = difflib.get_close_matches(wanted, [game.key for game in GAMES], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownGameError(f"unsupported game: {name!r}{hint}")


def by_key(key: str) -> GameSpec[Any] | None:
    """The game or tool whose sessions have ``game == key`` (a checkpoint's), if any."""
    for spec in (*GAMES, *TOOLS):
        if spec.key == key:
            return spec
    return None


def home_buttons() -> tuple[HomeButton, ...]:
    """The home screen's buttons: every game's (and mission's), then the tools'."""
    return tuple(button for spec in (*GAMES, *TOOLS) for button in spec.home_buttons())


def score_keys() -> frozenset[str]:
    """Every key a scenario's ``score`` entry may carry besides ``seat``, in any game (each
    game's session refuses those it cannot use)."""
    return frozenset({"points"}).union(*({f.name for f in spec.all_fields()} for spec in GAMES))


def setup_keys() -> frozenset[str]:
    """Every key a scenario's setup block may carry, in any game."""
    return frozenset({"game"}).union(*(spec.setup_keys for spec in GAMES))
