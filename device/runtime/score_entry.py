"""Score entry by touch: the "Enter scores" control on a score sheet, and the keypad it opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.runtime.screen_state import ScreenState
from device.runtime.session import Runtime
from device.screenlayer import DeviceSlot
from device.ui.actions import DeviceTap
from games.events import ScoreEntered, TouchAction
from games.spec import ScoreField
from games.views import ScreenName, View

if TYPE_CHECKING:  # the keypad loads when a score sheet first asks for it, not at start
    from device.runtime.own_taps import Feed
    from device.runtime.ports import TouchScreen
    from device.ui.keypad.entry import Keypad



class ScoreEntry:
    """Score entry by touch: an "Enter scores" control on a score sheet opens the keypad, whose
    finished entries go to the session as the same ``ScoreEntered`` events as any other input."""

    def __init__(self, runtime: Runtime, shown: ScreenState, ui: TouchScreen) -> None:
        self.runtime, self.shown, self.ui = runtime, shown, ui
        self.pad: Keypad | None = None
        self.back: View | None = None
        self.given: dict[int, tuple[tuple[str, object], ...]] = {}
        """What the keypad entered per seat in ``round`` (a seat tapped again shows it)."""
        self.round = 0
        self.session: object = None
        """The game ``given`` belongs to."""

    def _fields(self) -> tuple[ScoreField, ...] | None:
        session = self.runtime.session
        if session is None or not self.scoring() or self._players() < 1:
            return None
        from device.ui.keypad.entry import fields_for

        return fields_for(session.game, session.declared.mission)

    def scoring(self) -> bool:
        """Whether the game's phase takes scores now."""
        phase = self.runtime.phase
        return phase is not None and phase.scoring

    def _players(self) -> int:
        """The seats the keypad asks: the players the game declares (0: no keypad)."""
        session = self.runtime.session
        return session.declared.players if session is not None else 0

    def offer(self) -> None:
        """Put the "Enter scores" control where the screen has room for it (a score sheet)
        while scores are due."""
        if self.pad is not None and self.shown.screen is not ScreenName.KEYPAD:
            # The game put its sheet back over the keypad (a seat button took Firsties): the
            # keypad is closed, so "Enter scores" must be offered again.
            self.pad = None
        if self.pad is not None:
            return
        rect = self.ui.slot(DeviceSlot.ENTER_SCORES)
        if rect is not None and self._fields():
            self.ui.add_control(
                "Enter scores", DeviceTap.KEYPAD, (rect.x, rect.y, rect.w, rect.h)
            )

    def handles(self, action: TouchAction) -> bool:
        """Whether a tap belongs to the keypad (or opens it)."""
        return action is DeviceTap.KEYPAD or (
            self.pad is not None and self.shown.screen is ScreenName.KEYPAD
        )

    def tap(self, action: TouchAction, feed: Feed) -> None:
        """Open the keypad, or apply one keypad tap (a finished entry goes to ``feed``)."""
        from device.ui.keypad.entry import Keypad, open_seat, press

        shown = self.shown
        if self.pad is None:
            fields = self._fields()
            session = self.runtime.session
            if fields is None or session is None:
                return
            if session is not self.session:
                self.session, self.given = session, {}  # another game: nothing entered yet
            self.back = shown.view
            pad = self._read(Keypad(fields, self._players()), shown.view)
            # The first seat still to enter (seat 1 when all are in: a correction).
            self.pad = self._at(pad, open_seat(pad.players, self._entered(pad)) or 1)
            shown.show(self.pad.view())
            return
        before = self.pad
        self.pad, entry = press(self.pad, action)
        if entry is not None:
            if feed(entry):
                self.given[entry.seat] = _values(entry)
                self.back = shown.view
                if self.pad is not None:
                    pad = self._read(self.pad, shown.view)  # the sheet after this entry
                    following = open_seat(pad.players, self._entered(pad), entry.seat)
                    self.pad = None if following is None else self._at(pad, following)
                if self.pad is None:
                    self.given = {}  # every seat is in: the round closed
            else:
                # Refused (the banner says why): this seat again, to enter it right.
                self.pad = self._at(before, before.seat)
            if not self.scoring():
                self.pad = None  # the round (or the game) closed: back to the sheet
        elif self.pad is not None and self.pad.seat != before.seat:
            self.pad = self._at(self.pad, self.pad.seat)  # a seat tapped: what it was given
        if self.pad is not None:
            shown.show(self.pad.view())
        elif self.back is not None and shown.screen is ScreenName.KEYPAD:
            shown.show(self.back)

    def _read(self, pad: Keypad, view: View | None) -> Keypad:
        """``pad`` on the sheet ``view``; a new round forgets the last one's entries."""
        pad = pad.reading(view)
        if pad.sheet.round != self.round:
            self.round, self.given = pad.sheet.round, {}
        return pad

    def _entered(self, pad: Keypad) -> set[int]:
        """The seats whose entry is in this round: by this keypad, or as the sheet says."""
        return set(self.given) | {seat for seat, _ in pad.sheet.entered}

    def _at(self, pad: Keypad, seat: int) -> Keypad:
        """A fresh entry for ``seat``, showing what it was given this round."""
        from device.ui.keypad.entry import Keypad

        return Keypad(
            pad.fields, pad.players, seat, sheet=pad.sheet, before=self.given.get(seat, ())
        )


def _values(entry: ScoreEntered) -> tuple[tuple[str, object], ...]:
    points: tuple[tuple[str, object], ...] = (
        () if entry.points is None else (("points", entry.points),)
    )
    return (*points, *entry.extra)
