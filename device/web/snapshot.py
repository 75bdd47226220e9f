"""What the companion page reads: a snapshot the main loop publishes, never the session itself.

The main loop calls ``Publisher.publish`` once per pass. It builds the live ``Table`` from what
the device shows anyway (the screen's view, the phase) through a whitelist of public fields, and
re-reads the store's players only when the store has changed. It never holds the score log:
the scores page asks the store for what it shows (``device.store.stats.LogReader``). The web
thread reads the latest ``Snapshot`` from the ``SnapshotBox`` under a lock; snapshots are
frozen, so a reader never sees one half made.

Secrecy: at night (a dark phase, ``GamePhase.dark``, or the night screen) the table is
``Table(night=True)`` and nothing else, so nothing the page shows can change with a hidden role
or answer.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from device.store.database import Store
from device.store.players import Profile
from device.web.profiles import player_tags, seat_names, store_version
from games.catalog import by_key
from games.effects import GamePhase
from games.public import NOTHING_PUBLIC, PublicSheet
from games.views import ScreenId, ScreenName, View


@dataclass(frozen=True)
class Sheet:
    """A score sheet as the device shows it: column headings and one row of cells per seat."""

    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Table:
    """The live table, public fields only."""

    night: bool = False
    """The night is on: the page shows "Night" and nothing else (every other field is empty)."""
    game: str = ""
    """The running game's name; empty at home."""
    phase: str = ""
    day_ends_at: float | None = None
    """When the day timer runs out, on the daemon's clock (None: no timer running)."""
    day_left: float | None = None
    """Seconds left on a paused day timer."""
    roles: str = ""
    """The roles in play, from the day screen on (the vote, the tally, the reveal and the
    result keep the list the day showed: ``Publisher``)."""
    votes: tuple[int, int] | None = None
    """(votes cast, players) while a vote is open."""
    sheet: Sheet | None = None
    message: str = ""
    """The screen's public message (a sheet's, or the vote's)."""
    pace: str = ""
    """One Night's night seconds, talk minutes and vote mode in effect, as the setup screen's
    Options say them ("Night: 8 s a role. Talk: 3 min (auto). Vote: called."), from the setup
    screen on through the game."""
    result: tuple[str, ...] = ()
    """A game's end screen as it reads: its title, then its lines (who died, who won)."""


@dataclass(frozen=True)
class Snapshot:
    """Everything the page may read, as of one pass of the main loop."""

    table: Table = field(default_factory=Table)
    players: tuple[Profile, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    """Players' personal cards as (uid, player name)."""
    seats: Mapping[int, str] = field(default_factory=dict)
    """The names linked to seats."""
    ambience: str = ""
    """The night ambience's level in force (the setup screen's chip); empty with no sound."""
    ambience_levels: tuple[str, ...] = ()
    """Every level the ambience may be set to, in the chip's order."""


class SnapshotBox:
    """The latest snapshot, swapped whole under a lock (the main loop writes, the web reads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snapshot = Snapshot()

    def get(self) -> Snapshot:
        """The latest snapshot."""
        with self._lock:
            return self._snapshot

    def put(self, snapshot: Snapshot) -> None:
        """Publish a new snapshot."""
        with self._lock:
            self._snapshot = snapshot


def _sheet(sheet: PublicSheet | None, names: Mapping[int, str]) -> Sheet | None:
    """A view's public score table, its seats by their players' names."""
    if sheet is None:
        return None
    rows = tuple((names.get(seat, f"Player {seat}"), *cells) for seat, cells in sheet.rows)
    return Sheet(("Player", *sheet.columns), rows)


def table_of(
    game: str | None,
    phase: GamePhase | None,
    screen: ScreenId | None,
    view: View | None,
    names: Mapping[int, str],
) -> Table:
    """The live table from the running game's key, its phase and what the screen shows (what
    its view declares public, ``View.public``)."""
    if game is None or phase is None:
        return Table()
    if phase.dark or screen is ScreenName.NIGHT:
        return Table(night=True)
    spec = by_key(game)
    shown = view.public() if view is not None else NOTHING_PUBLIC
    return Table(
        game=spec.name if spec is not None else game,
        phase=phase.value,
        day_ends_at=shown.clock_ends_at,
        day_left=shown.clock_left,
        roles=shown.roles,
        votes=shown.votes,
        sheet=_sheet(shown.sheet, names),
        message=shown.message,
        pace=shown.pace,
        result=shown.result,
    )


class Publisher:
    """Builds and publishes snapshots from the main loop (the only thread that calls it)."""

    def __init__(self, box: SnapshotBox) -> None:
        self.box = box
        self._version: object = None
        self._stored: tuple[tuple[Profile, ...], tuple[tuple[str, str], ...]] = ((), ())
        self._seats: Mapping[int, str] = {}
        self._pace: tuple[object, str] = (None, "")
        """(the session, the pace its setup screen last showed): kept through its game."""
        self._roles: tuple[object, str] = (None, "")
        """(the session, the roles its day screen last listed): kept to its result."""
        self.dirty = True
        """Set by a change the page made: the store is read again on the next pass."""

    def publish(self, runtime: Any, ambience: tuple[str, tuple[str, ...]] = ("", ())) -> None:
        """Publish the table (and the store's players, when they changed: the score log is
        never held here, the page asks the store for it) and the
        ambience's level and levels (``AmbienceControl.choices``)."""
        store: Store | None = runtime.store
        if store is not None:
            version = store_version(store)
            if self.dirty or version != self._version:
                self._stored = (tuple(store.players()), player_tags(store))
                self._seats = seat_names(store)
                self._version, self.dirty = version, False
        session = runtime.session
        executor = runtime.executor
        table = table_of(
            None if session is None else session.game,
            runtime.phase,
            executor.shown.screen,
            executor.shown.view,
            self._seats,
        )
        table = self._kept_pace(session, table)
        table = self._kept_roles(session, table)
        old = self.box.get()
        players, tags = self._stored
        new = Snapshot(table, players, tags, self._seats, *ambience)
        if new != old:
            self.box.put(new)

    def _kept_roles(self, session: object, table: Table) -> Table:
        """``table`` with the roles in play its game's day screen listed: the vote, the
        reveal and the result are when the table most needs them (public since the day)."""
        if table.roles:
            self._roles = (session, table.roles)
        elif session is not None and self._roles[0] is session and not table.night:
            table = dataclasses.replace(table, roles=self._roles[1])
        return table

    def _kept_pace(self, session: object, table: Table) -> Table:
        """``table`` with the pace its game's setup screen showed last: the day, the vote and
        the end show no Options, but those values are still the ones in effect."""
        if table.pace:
            self._pace = (session, table.pace)
        elif session is not None and self._pace[0] is session and not table.night:
            table = dataclasses.replace(table, pace=self._pace[1])
        return table
