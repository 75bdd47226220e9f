"""The One Night lobby: choosing players and roles by touch before the night, as pure data.

A ``Lobby`` is an immutable value; every operation returns a new one. The session keeps the
current lobby in its state, feeds it the setup screen's actions (``apply_action``), seat presses
and tags mapped to number tokens (``seat_checked_in``), shows ``view()`` on the setup screen and,
on Start, builds the game with ``to_setup``.

Touch behaviour (rulings):

* A tap on a role chip adds one copy, up to the box's copies; a tap on a chip that is full
  removes every copy (Alien: 0, 1, 2, 0...). The Masons come and go as a pair.
* Any change made by hand to the roles ends the preset (``preset`` becomes ``""``).
* Changing the player count with a preset active re-derives the preset's roles; if the preset
  cannot seat that many, the roles stay as they were and ``problems()`` says why, until the
  count fits again (so seats checking in one by one never lose the preset).
* A seat check-in (button press or number token) is idempotent, and sets the player count to
  the highest checked-in seat (at least 3), until the count is chosen by hand (``-``/``+``,
  ``set_players``): from then on a check-in never changes it, and a seat above it is refused
  with the reason. Lowering the count forgets the check-ins of seats above it.
* Refused actions (a random deal that cannot seat the table, a count out of 3..12 or above
  the box's seat buttons, ``seats``) leave the lobby as it was, with the reason in ``notice``
  for the screen; the next accepted action clears it.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from games.errors import SetupError
from games.events import ChipKind, ChipTap, Tap, TouchAction
from games.onenight.marks import deal_note
from games.onenight.presets import (
    PRESETS,
    Preset,
    display_order,
    find_preset,
    preset_added,
    preset_roles,
    random_deal,
)
from games.onenight.roles import Box, Role, find_role
from games.onenight.setup import OneNightOptions, OneNightSetup, setup_problems
from games.onenight.views import PresetChoice, RoleChip, RoleTab, SetupView

MIN_PLAYERS = 3
"""The fewest players any One Night game seats."""
MAX_PLAYERS = 12
"""The most players (and seats) the device takes."""

TITLE = "One Night"
"""The setup screen's title."""

TABS: dict[str, tuple[Box, ...]] = {
    "alien": (Box.ALIEN,),
    "vampire": (Box.VAMPIRE,),
    "werewolf": (Box.WEREWOLF,),
    "daybreak": (Box.DAYBREAK,),
    "bonus": (Box.BONUS,),
}
"""The setup screen's role tabs: one per box (the Body Snatcher is on the Bonus tab)."""

TAB_NAMES: dict[str, str] = {
    "alien": "Aliens",
    "vampire": "Vampires",
    "werewolf": "Werewolves",
    "daybreak": "Daybreak",
    "bonus": "Bonus",
}
"""Each tab's label."""


def tab_of(role: Role) -> str:
    """The tab a role's chip is on."""
    return next(tab for tab, boxes in TABS.items() if role.info.box in boxes)


def preset_tab(preset: Preset) -> str:
    """The tab a preset's button is on: its box's, else the one most of its roles are on.

    >>> preset_tab(PRESETS["total_chaos"]), preset_tab(PRESETS["basic"])
    ('daybreak', 'werewolf')
    """
    if preset.box is not None:
        return next(tab for tab, boxes in TABS.items() if preset.box in boxes)
    return Counter(tab_of(role) for role in preset.roles).most_common(1)[0][0]


@dataclass(frozen=True)
class Lobby:
    """The setup being chosen: players, roles, preset, check-ins, and what the screen shows."""

    players: int = 4
    """How many play (3..12)."""
    roles: tuple[Role, ...] = ()
    """The chosen cards (a multiset), always kept in display order."""
    preset: str = ""
    """The key of the preset the roles follow, or ``""`` for a hand-made set."""
    seated: tuple[int, ...] = ()
    """Seats that checked in, sorted, without repeats."""
    seed: int = 0
    """The game's seed, handed on to ``OneNightSetup``."""
    tab: str = "alien"
    """The role tab on show: ``"alien"``, ``"vampire"`` or ``"werewolf"``."""
    notice: str = ""
    """Why the last action was refused (``""`` after an accepted one)."""
    chosen: bool = False
    """The player count was chosen by hand: seats checking in no longer change it."""
    seats: int = MAX_PLAYERS
    """The seat buttons the device has (its config's): more players would sit at none."""

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise SetupError(
                f"{self.players} players: the device seats {MIN_PLAYERS} to {MAX_PLAYERS}"
            )
        for seat in self.seated:
            _check_seat(seat)
        if self.preset:
            find_preset(self.preset)
        if not MIN_PLAYERS <= self.seats <= MAX_PLAYERS:
            raise SetupError(f"{self.seats} seats: the device has {MIN_PLAYERS} to {MAX_PLAYERS}")
        if self.tab not in TABS:
            raise SetupError(f"unknown tab: {self.tab!r}; tabs are {', '.join(TABS)}")
        object.__setattr__(self, "roles", display_order(self.roles))
        object.__setattr__(self, "seated", tuple(sorted(set(self.seated))))

    # -- building ---------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, setup: OneNightSetup) -> Lobby:
        """The lobby a setup describes (its preset found by key or by name), on its roles' tab."""
        key = next((p.key for p in PRESETS.values() if setup.preset in (p.key, p.name)), "")
        tab = tab_of(setup.roles[0]) if setup.roles else "alien"
        return cls(setup.players, setup.roles, key, seed=setup.seed, tab=tab, seats=setup.seats)

    def _too_many(self, players: int) -> str:
        return f"{players} players: this box has {self.seats} seat buttons"

    def _accepted(self, **changes: Any) -> Lobby:
        return dataclasses.replace(self, notice="", **changes)

    def show_tab(self, tab: str) -> Lobby:
        """Show the role chips of another tab."""
        if tab not in TABS:
            raise SetupError(f"unknown tab: {tab!r}; tabs are {', '.join(TABS)}")
        return self._accepted(tab=tab)

    def toggle_role(self, role: Role) -> Lobby:
        """One more copy of ``role``; when all the box's copies are in, none (Masons: a pair)."""
        have = self.roles.count(role)
        full = role.info.copies
        if role is Role.MASON:
            want = 0 if have == full else full
        else:
            want = 0 if have >= full else have + 1
        others = tuple(r for r in self.roles if r is not role)
        return self._accepted(roles=others + (role,) * want, preset="")

    def clear_roles(self) -> Lobby:
        """Take every role out (and end the preset)."""
        return self._accepted(roles=(), preset="")

    def apply_preset(self, key: str) -> Lobby:
        """Follow a preset: its roles for the current player count, and its tab.

        At a count the preset cannot seat, it takes its roles for the nearest count it can, and
        ``problems()`` says so until the count fits.
        """
        preset = find_preset(key)
        fitting = min(max(self.players, preset.min_players), preset.max_players)
        roles = preset_roles(preset, fitting)
        return self._accepted(roles=roles, preset=key, tab=preset_tab(preset))

    def set_players(self, players: int) -> Lobby:
        """Change the player count (3..12); a preset follows it, check-ins above it are dropped."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"{players} players: the device seats {MIN_PLAYERS} to {MAX_PLAYERS}")
        if players > self.seats:  # a player without a button or lamp could not play the night
            raise SetupError(self._too_many(players))
        seated = tuple(seat for seat in self.seated if seat <= players)
        return dataclasses.replace(self._with_players(players, seated), chosen=True)

    def seat_checked_in(self, seat: int) -> Lobby:
        """A seat button or number token checked in: players = the highest seat in (at least 3)."""
        _check_seat(seat)
        if seat > self.seats:
            raise SetupError(f"seat {seat}: this box has seats 1 to {self.seats}")
        seated = (*self.seated, seat)
        if not self.chosen:
            return self._with_players(max(MIN_PLAYERS, *seated), seated)
        if seat > self.players:
            notice = f"Seat {seat} is not in a game of {self.players}: tap + for more players"
            return dataclasses.replace(self, notice=notice)
        return self._accepted(seated=seated)

    def _with_players(self, players: int, seated: tuple[int, ...]) -> Lobby:
        preset = PRESETS.get(self.preset)
        if preset is None or not preset.min_players <= players <= preset.max_players:
            return self._accepted(players=players, seated=seated)
        return self._accepted(players=players, seated=seated, roles=preset_roles(preset, players))

    def random_boxes(self) -> frozenset[Box]:
        """The boxes ``deal_random`` draws from: the shown tab's and those of the chosen roles."""
        return frozenset(TABS[self.tab]) | {role.info.box for role in self.roles}

    def deal_random(self, rng: random.Random) -> Lobby:
        """A random legal role set (see ``presets.random_deal``) from ``random_boxes()``."""
        roles = random_deal(self.players, self.random_boxes(), rng)
        return self._accepted(roles=roles, preset="")

    def apply_action(self, action: TouchAction, rng: random.Random) -> Lobby:
        """Carry out one setup-screen action; a refused one comes back as ``notice``.

        Actions: ``tab:<tab>``, ``role:<role>``, ``preset:<key>``, ``players:-1`` or
        ``players:+1`` (any signed step), ``random`` and ``clear``. ``start`` is the
        session's, not the lobby's. A malformed action (unknown name, tab, role or preset)
        raises ``SetupError`` or ``UnknownRoleError``.
        """
        operation: Callable[[], Lobby]
        match action:
            case ChipTap(ChipKind.TAB, tab) if tab in TABS:
                return self.show_tab(tab)
            case ChipTap(ChipKind.ROLE, role):
                return self.toggle_role(find_role(role))
            case Tap.CLEAR:
                return self.clear_roles()
            case ChipTap(ChipKind.PRESET, key):
                find_preset(key)
                operation = partial(self.apply_preset, key)
            case ChipTap(ChipKind.PLAYERS, step):
                operation = partial(self.set_players, self.players + _step(step))
            case Tap.RANDOM:
                operation = partial(self.deal_random, rng)
            case _:
                raise SetupError(f"unknown setup action: {str(action)!r}")
        try:
            return operation()
        except SetupError as refused:
            return dataclasses.replace(self, notice=str(refused))

    # -- checking ---------------------------------------------------------------------------

    def problems(self) -> tuple[str, ...]:
        """Why this is not a playable setup yet (empty when it is), most useful first.

        A preset that cannot seat the count comes first ("3 players: the Alien first game
        preset seats 4 to 11", ``preset_roles``'s message), then ``setup_problems``'s messages,
        the same a scenario or the command line gets: "8 cards for 4 players: need 7",
        "3 players: the Alien box plays with 4 to 12", "3 Alien cards: a box has 2", "1 Mason
        card: the Masons come as a pair; ...".
        """
        out: list[str] = [self._too_many(self.players)] if self.players > self.seats else []
        preset = PRESETS.get(self.preset)
        if preset and not preset.min_players <= self.players <= preset.max_players:
            out.append(
                f"{self.players} players: the {preset.name} preset seats "
                f"{preset.min_players} to {preset.max_players}"
            )
        return (*out, *setup_problems(self.players, self.roles))

    @property
    def playable(self) -> bool:
        """Whether the night can start with this setup."""
        return not self.problems()

    def status(self) -> str:
        """The setup screen's status line: the first problem, or the count and "ready"."""
        problems = self.problems()
        if problems:
            return problems[0]
        return f"{len(self.roles)} cards for {self.players} players: ready"

    def to_setup(self, options: OneNightOptions | None = None) -> OneNightSetup:
        """The game this lobby describes; ``SetupError`` with the first problem if not playable."""
        problems = self.problems()
        if problems:
            raise SetupError(problems[0])
        name = PRESETS[self.preset].name if self.preset else ""
        return OneNightSetup(
            self.players,
            self.roles,
            self.seed,
            options or OneNightOptions(),
            preset=name,
            seats=self.seats,
        )

    # -- showing and saving ---------------------------------------------------------------------

    def view(self, preparing: bool = False) -> SetupView:
        """The setup screen's view (``device.ui.setup.SetupScreen``): plain, public data;
        ``preparing`` while the night's lines are prepared."""
        counts = Counter(self.roles)
        chips = [role for role in Role if role.info.box in TABS[self.tab]]
        return SetupView(
            game=TITLE,
            players=self.players,
            preset=self.preset,
            presets=tuple(
                PresetChoice(p.key, p.name) for p in PRESETS.values() if preset_tab(p) == self.tab
            ),
            tab=self.tab,
            tabs=tuple(RoleTab(tab, TAB_NAMES[tab], _in_tab(counts, tab)) for tab in TABS),
            chips=tuple(
                RoleChip(role.value, role.display_name, counts[role], role.info.copies)
                for role in chips
            ),
            roles=tuple(role.display_name for role in self.roles),
            added=tuple(role.display_name for role in self._added()),
            status=self.status(),
            playable=self.playable,
            notice=self.notice,
            seated=tuple(self.seated),
            preparing=preparing,
            deal=deal_note(self.roles),
        )

    def _added(self) -> tuple[Role, ...]:
        """The cards the active preset added for this table (none without a preset)."""
        preset = PRESETS.get(self.preset)
        if preset is None or not preset.min_players <= self.players <= preset.max_players:
            return ()
        return preset_added(preset, self.players)

    def to_json(self) -> dict[str, Any]:
        """The lobby as JSON-able data (roles by scenario name)."""
        data = dataclasses.asdict(self)
        data["roles"] = [role.value for role in self.roles]
        data["seated"] = list(self.seated)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Lobby:
        """Rebuild a lobby from ``to_json`` output."""
        fields = dict(data)
        fields["roles"] = tuple(find_role(name) for name in fields["roles"])
        fields["seated"] = tuple(fields["seated"])
        return cls(**fields)


def _check_seat(seat: int) -> None:
    if not 1 <= seat <= MAX_PLAYERS:
        raise SetupError(f"seat {seat}: seats are 1 to {MAX_PLAYERS}")


def _step(arg: str) -> int:
    try:
        return int(arg)
    except ValueError:
        raise SetupError(f"unknown setup action: 'players:{arg}'") from None


def _in_tab(counts: Counter[Role], tab: str) -> int:
    return sum(count for role, count in counts.items() if role.info.box in TABS[tab])
