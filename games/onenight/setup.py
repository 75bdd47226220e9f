"""One Night game setup: players, the role set, options, presets and their validation."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.errors import SetupError
from games.onenight.ballot import VoteMode
from games.onenight.presets import (
    BOX_PLAYERS,
    PRESETS,
    Preset,
    box_names,
    boxes_range,
    display_order,
    find_preset,
    preset_roles,
)
from games.onenight.roles import Role, find_role
from games.spec import Settings
from games.views import MAX_SEATS

__all__ = [
    "CENTRE_CARDS",
    "PRESETS",
    "OneNightOptions",
    "OneNightSetup",
    "Preset",
    "find_preset",
    "options_from",
    "parse_roles",
    "player_range",
    "setup_from_block",
    "setup_problems",
    "validate_setup",
]

VOTE_MODES = tuple(VoteMode)
"""The ways votes can be entered with buttons and touch (a ``vote`` event works in every one)."""

CENTRE_CARDS = 3
"""Cards always left in the centre: a game uses players + 3 cards."""


@dataclass(frozen=True)
class OneNightOptions:
    """Timings and rates of one game; defaults match the shipped config."""

    role_seconds: float = 10.0
    """How long each role acts (and has to answer the device)."""
    pause_seconds: float = 1.0
    """The gap after each narration line."""
    day_minutes: int = 0
    """Length of the day; 0 means one minute per player, minus one."""
    ripple_rate: float = 0.15
    """The chance of a ripple at the end of the night (Alien roles only)."""
    oracle_even_odd: bool = True
    """The Oracle may be asked to press her number for even or odd; with no number pressed
    the device announces no parity (it never makes one up). False: never asked."""
    auto_start_seconds: float = 0.0
    """Start the night by itself this long after setup; 0 waits for the Start control."""
    mask_sound: bool = False
    """Play a soft masking noise under the narration from dusk to wake-up."""
    rulings: tuple[tuple[str, object], ...] = ()
    """Rulings that differ from the defaults (``games.onenight.resolve.Rulings`` fields)."""
    vote_mode: VoteMode = VoteMode.SECRET
    """How votes are entered: own seat then target (secret), each player in turn presses a
    target (called), or one person enters everyone's votes on screen (grid)."""
    assassin_sees_doppelganger: bool = True
    """With the Assassin, his Apprentice and the Doppelganger: he keeps his eyes open from his
    Mark until his Apprentice closes hers, through the Doppelganger-Assassin's call (he sees
    her). False: he closes them for her call and opens them again for his Apprentice."""

    def __post_init__(self) -> None:
        # The config and old checkpoints give the mode by name.
        object.__setattr__(self, "vote_mode", VoteMode(self.vote_mode))


@dataclass(frozen=True)
class OneNightSetup:
    """Everything that defines one game before it starts."""

    players: int
    roles: tuple[Role, ...]
    seed: int
    options: OneNightOptions = field(default_factory=OneNightOptions)
    preset: str = ""
    """The name of the preset the roles came from, if any (shown on the setup screen)."""
    seats: int = MAX_SEATS
    """The seat buttons the device has (its config's): its setup screen seats no more."""

    def __post_init__(self) -> None:
        validate_setup(self.players, self.roles)

    @property
    def day_seconds(self) -> float:
        """The discussion time: the option, else one minute per player minus one."""
        minutes = self.options.day_minutes or max(1, self.players - 1)
        return 60.0 * minutes


def parse_roles(names: Iterable[str]) -> tuple[Role, ...]:
    """Turn scenario role names into roles, refusing unknown names."""
    return tuple(find_role(name) for name in names)


def player_range(roles: Iterable[Role]) -> tuple[int, int]:
    """The smallest and largest player count the role set allows: every box's range at once.

    >>> player_range([Role.WEREWOLF, Role.COW])
    (4, 10)
    """
    return boxes_range({role.info.box for role in roles})


def setup_problems(players: int, roles: Iterable[Role]) -> tuple[str, ...]:
    """Every reason ``players`` cannot play ``roles`` (empty when they can), most useful first.

    The one check behind every way in (scenario, command line, touch lobby, presets, random
    deals): the card count, each box's player range, the box copies, and the Masons' pair.
    """
    cards = tuple(roles)
    out: list[str] = []
    need = players + CENTRE_CARDS
    if len(cards) != need:
        noun = "card" if len(cards) == 1 else "cards"
        out.append(f"{len(cards)} {noun} for {players} players: need {need}")
    if span := _range_problem(players, cards):
        out.append(span)
    counts = Counter(cards)
    for role, count in counts.items():
        if count > role.info.copies:
            out.append(f"{count} {role.display_name} cards: a box has {role.info.copies}")
    if counts[Role.MASON] == 1:
        # [RB-W] the Masons are always played together: one alone would know she is alone.
        out.append("1 Mason card: the Masons come as a pair; add the second Mason or take it out")
    return tuple(out)


def validate_setup(players: int, roles: tuple[Role, ...]) -> None:
    """Refuse a setup that cannot be played with the first of ``setup_problems``."""
    problems = setup_problems(players, roles)
    if problems:
        raise SetupError(problems[0])


def _range_problem(players: int, roles: tuple[Role, ...]) -> str:
    """Why ``players`` do not fit every box the roles come from ("" when they do).

    Names the boxes whose range leaves the table out; when boxes are mixed, also their roles and
    the range the mix allows: "3 players: the Alien box plays with 4 to 12 (Cow); this mix
    plays with 4 to 10".
    """
    low, high = player_range(roles)
    if low <= players <= high:
        return ""
    boxes = {role.info.box for role in roles} & set(BOX_PLAYERS)
    mixed = len(boxes) > 1
    parts: list[str] = []
    for span in sorted({BOX_PLAYERS[box] for box in boxes}):
        if span[0] <= players <= span[1]:
            continue
        group = {box for box in boxes if BOX_PLAYERS[box] == span}
        plays = "plays" if len(group) == 1 else "play"
        text = f"{box_names(group)} {plays} with {span[0]} to {span[1]}"
        if mixed:
            text += f" ({_some_names(role for role in roles if role.info.box in group)})"
        parts.append(text)
    if not parts:
        return f"{players} players: the device seats {low} to {high}"
    tail = f"; this mix plays with {low} to {high}" if mixed else ""
    return f"{players} players: {'; '.join(parts)}{tail}"


def _some_names(roles: Iterable[Role], most: int = 3) -> str:
    """The distinct roles in display order, at most ``most``: "Werewolf, Seer and 2 more"."""
    names = list(dict.fromkeys(role.display_name for role in display_order(roles)))
    if len(names) <= most:
        return ", ".join(names)
    return f"{', '.join(names[:most])} and {len(names) - most} more"


def options_from(values: Mapping[str, object], defaults: OneNightOptions) -> OneNightOptions:
    """Override ``defaults`` with a scenario's ``options``, refusing unknown keys and bad values."""
    known = set(OneNightOptions.__dataclass_fields__)
    result: dict[str, float | int | bool | str] = {}
    for key, value in values.items():
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise SetupError(f"unknown option: {key!r}{hint}")
        if key == "vote_mode":
            if value not in VOTE_MODES:
                raise SetupError(
                    f"option vote_mode: expected one of {', '.join(VOTE_MODES)}, got {value!r}"
                )
            result[key] = VoteMode(str(value))
            continue
        if key in ("mask_sound", "assassin_sees_doppelganger", "oracle_even_odd"):
            if not isinstance(value, bool):
                raise SetupError(f"option {key}: expected true or false, got {value!r}")
            result[key] = value
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise SetupError(f"option {key}: expected a number >= 0, got {value!r}")
        if key == "ripple_rate" and value > 1:
            raise SetupError(f"option ripple_rate: must be between 0 and 1, got {value!r}")
        result[key] = int(value) if key == "day_minutes" else float(value)
    base = {name: getattr(defaults, name) for name in known}
    return OneNightOptions(**{**base, **result})


def options_from_settings(settings: Settings) -> OneNightOptions:
    """The options the device's settings give: ``[onenight]``, the narration's pause and the
    ``[rulings]``; ``settings.auto_start`` when ``[onenight]`` does not start by itself."""
    known = set(OneNightOptions.__dataclass_fields__)
    values: dict[str, Any] = {
        key: value for key, value in settings.section("onenight").items() if key in known
    }
    if "pause" in settings.section("narration"):
        values["pause_seconds"] = settings.section("narration")["pause"]
    if settings.section("rulings"):
        values["rulings"] = tuple(settings.section("rulings").items())
    if not values.get("auto_start_seconds") and settings.auto_start > 0:
        values["auto_start_seconds"] = settings.auto_start
    return OneNightOptions(**values)


def setup_from_block(block: Mapping[str, Any], settings: Settings) -> OneNightSetup:
    """Check a One Night setup block (``roles`` or ``preset``, ``players``, ``seed``,
    ``options``) and build the setup it describes."""
    if "preset" in block and "roles" in block:
        raise SetupError("setup: give either 'roles' or 'preset', not both")
    if "preset" in block:
        preset = find_preset(str(block["preset"]))
        roles = preset.roles
        default_players = preset.min_players
        preset_name = preset.name
    else:
        names = block.get("roles")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise SetupError(f"setup.roles: expected a list of role names, got {names!r}")
        roles = parse_roles(names)
        default_players = len(roles) - 3
        preset_name = ""
    players = block.get("players", default_players)
    seed = block.get("seed", 0)
    for key, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SetupError(f"setup.{key}: expected a whole number, got {value!r}")
    settings.check_seats(players)
    if "preset" in block:  # a preset grows with the table, as on the setup screen
        roles = preset_roles(find_preset(str(block["preset"])), players)
    raw_options = block.get("options", {})
    if not isinstance(raw_options, Mapping):
        raise SetupError(f"setup.options: expected an object, got {raw_options!r}")
    defaults = options_from_settings(settings)
    return OneNightSetup(
        players,
        roles,
        seed,
        options_from(raw_options, defaults),
        preset=preset_name,
        seats=settings.seats,
    )
