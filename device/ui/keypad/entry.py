"""Score entry on the touchscreen: a keypad that builds the same ``score`` entries as the
simulator's, one seat and one field at a time, so the game sessions need nothing new.

Each game declares its fields once, in its registry entry (``games.catalog``): their kind,
prompt, range and when they are asked. Some are asked only when they matter: who starts the next
round until a seat is marked, a Memory multiplier's cards only for a real multiplier, and Push
Your Luck's tie-break (the Alieninjas captured) only in the last round, of a seat that may tie
for the win. The keypad knows the round from the score sheet it was opened on (``Sheet``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from device.ui.actions import DeviceTap, Valued, value_of
from games.alieninjas.views import ScoresView
from games.catalog import by_key
from games.events import PickTap, ScoreEntered, SeatTap, Tap, TouchAction
from games.spec import EntryContext, FieldKind, ScoreField
from games.views import KeypadView, SheetView, View


@dataclass(frozen=True)
class Sheet:
    """What the score sheet says about the round being entered (Alieninjas' ``scores`` view)."""

    mission: str | None = None
    round: int = 1
    rounds: int = 3
    totals: tuple[tuple[int, int], ...] = ()
    """(seat, total of the closed rounds)."""
    entered: tuple[tuple[int, int], ...] = ()
    """(seat, points) of the seats already in this round."""
    marked: int | None = None
    """The seat marked as starting the next round (``last``)."""

    @classmethod
    def from_view(cls, view: View | None) -> Sheet:
        """Read a score sheet's view; what it lacks (other games' sheets) takes the defaults."""
        if isinstance(view, ScoresView):
            return cls(
                view.mission,
                view.round,
                view.rounds,
                tuple((row.seat, row.total) for row in view.rows),
                tuple(
                    (row.seat, row.entered_points)
                    for row in view.rows
                    if row.entered_points is not None
                ),
                view.marked,
            )
        if isinstance(view, SheetView):
            return cls(None, view.round, view.rounds)
        return cls()

    def after(self, seat: int, entry: Mapping[str, object]) -> Sheet:
        """This sheet once ``seat``'s entry is in (until the session's own sheet is read)."""
        entered = dict(self.entered)
        points = entry.get("points")
        if isinstance(points, int):
            entered[seat] = points
        marked = self.marked
        if entry.get("last") is True:
            marked = seat
        elif marked == seat and "last" in entry:
            marked = None
        return dataclasses.replace(self, entered=tuple(sorted(entered.items())), marked=marked)


@dataclass(frozen=True)
class Keypad:
    """One seat's entry in progress."""

    fields: tuple[ScoreField, ...]
    players: int
    seat: int = 1
    index: int = 0
    typed: str = ""
    values: tuple[tuple[str, object], ...] = ()
    sheet: Sheet = Sheet()
    before: tuple[tuple[str, object], ...] = ()
    """What this seat was given this round: shown until a new entry for it starts."""

    @property
    def field(self) -> tuple[str, str]:
        """The field being entered: (name, kind as the screen reads it)."""
        entry = self.fields[self.index]
        return entry.name, kind_text(entry)

    def view(self) -> KeypadView:
        """What the keypad screen shows."""
        name, kind = self.field
        return KeypadView(
            seat=self.seat,
            players=self.players,
            field=name,
            kind=kind,
            typed=self.typed.replace(",", ", "),
            done=self._done(),
            prompt=self.fields[self.index].shown,
        )

    def _done(self) -> tuple[str, ...]:
        if not self.values and self.before:
            given = "; ".join(self._said(self.before))
            return (f"Entered: {given}. Enter again to change it.",)
        return self._said(self.values)

    def _said(self, values: tuple[tuple[str, object], ...]) -> tuple[str, ...]:
        """Each value in the keypad's own words, in the order it asks them: "correct face-up
        cards: 7", "Optional Capture made: no" (never a field's key or ``False``)."""
        order = {field.name: i for i, field in enumerate(self.fields)}
        asked = {field.name: field.shown.rstrip("?") for field in self.fields}
        ordered = sorted(values, key=lambda item: order.get(item[0], len(order)))
        return tuple(f"{asked.get(key, key)}: {_shown(value)}" for key, value in ordered)

    def reading(self, view: View | None) -> Keypad:
        """This keypad with the session's latest score sheet (after an entry, a new round)."""
        return dataclasses.replace(self, sheet=Sheet.from_view(view))


def open_seat(players: int, entered: set[int], after: int = 0) -> int | None:
    """The first seat after ``after`` (going round the table) whose entry is not in yet.

    >>> open_seat(4, {1, 2}), open_seat(4, {1, 3, 4}, after=3), open_seat(2, {1, 2})
    (3, 2, None)
    """
    for step in range(1, players + 1):
        seat = (after + step - 1) % players + 1
        if seat not in entered:
            return seat
    return None


def fields_for(game: str, mission: str | None = None) -> tuple[ScoreField, ...] | None:
    """The fields one seat enters on the keypad in ``game`` (None: no score entry)."""
    spec = by_key(game)
    fields = () if spec is None else spec.fields_for(mission)
    return tuple(field for field in fields if field.keypad) or None


def kind_text(field: ScoreField) -> str:
    """The kind as the keypad screen reads it: ``number``, ``yes_no``, ``choice:a,b`` or
    ``cards:N`` (up to N cards, each its points and an optional "x multiplier")."""
    if field.kind is FieldKind.CHOICE:
        return "choice:" + ",".join(field.choices)
    if field.kind is FieldKind.CARDS:
        return f"cards:{field.most}"
    return str(field.kind.value)


def _digits(field: ScoreField) -> int:
    """How many digits a number of the field may have."""
    return len(str(field.high))


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_shown(item) for item in value) or "none"
    if isinstance(value, Mapping):
        return f"{value['points']}x{value['multiplier']}"
    return str(value)


def press(pad: Keypad, action: TouchAction) -> tuple[Keypad | None, ScoreEntered | None]:
    """Apply one tap; returns the keypad (None: closed) and a finished entry, if any."""
    name, kind = pad.field
    field = pad.fields[pad.index]
    digit = value_of(action, Valued.DIGIT)
    if action is DeviceTap.CANCEL:
        return None, None
    if isinstance(action, SeatTap):
        seat = action.seat
        if 1 <= seat <= pad.players:
            return Keypad(pad.fields, pad.players, seat, sheet=pad.sheet), None
        return pad, None
    if field.kind is FieldKind.CARDS:
        return _cards(pad, field, action)
    if digit is not None and kind == "number" and len(pad.typed) < _digits(field):
        return dataclasses.replace(pad, typed=(pad.typed + digit).lstrip("0") or "0"), None
    if action is Tap.DEL:
        return dataclasses.replace(pad, typed=pad.typed[:-1]), None
    if isinstance(action, PickTap):
        value: object = action.name
        value = {"yes": True, "no": False}.get(str(value), value) if kind == "yes_no" else value
        return _next(pad, name, value)
    if action is Tap.OK and kind == "number" and pad.typed:
        return _next(pad, name, int(pad.typed))
    return pad, None


def _cards(
    pad: Keypad, field: ScoreField, action: TouchAction
) -> tuple[Keypad | None, ScoreEntered | None]:
    """A list of cards typed as ``3,4x2``: digits, ``times`` (x), ``add`` (next card), ``ok``."""
    name, most = field.name, field.most
    typed = pad.typed
    card = typed.split(",")[-1]
    number = card.split("x")[-1]
    digit = value_of(action, Valued.DIGIT)
    if digit is not None and len(number) < _digits(field):
        typed = (typed[:-1] if number == "0" else typed) + digit
    elif action is DeviceTap.TIMES and card and "x" not in card:
        typed += "x"
    elif action is DeviceTap.ADD and number and typed.count(",") + 1 < most:
        typed += ","
    elif action is Tap.DEL:
        typed = typed[:-1]
    elif action is Tap.OK and (number or not typed):
        cards: list[object] = []
        for item in filter(None, typed.split(",")):
            points, _, times = item.partition("x")
            if times:
                cards.append({"points": int(points), "multiplier": int(times)})
            else:
                cards.append(int(points))
        return _next(pad, name, cards)
    return dataclasses.replace(pad, typed=typed), None


def _asks(pad: Keypad, field: ScoreField, values: Mapping[str, object]) -> bool:
    """Whether the keypad asks for ``field`` now (its ``asked`` rule, on this seat's sheet)."""
    if field.asked is None:
        return True
    sheet = pad.sheet
    entry = EntryContext(
        pad.seat,
        pad.players,
        values,
        sheet.round,
        sheet.rounds,
        dict(sheet.totals),
        dict(sheet.entered),
        sheet.marked,
    )
    return field.asked(entry)


def _next(pad: Keypad, name: str, value: object) -> tuple[Keypad | None, ScoreEntered | None]:
    values = (*pad.values, (name, value))
    entry = dict(values)
    for index in range(pad.index + 1, len(pad.fields)):
        if _asks(pad, pad.fields[index], entry):
            return dataclasses.replace(pad, index=index, typed="", values=values), None
    sheet = pad.sheet.after(pad.seat, entry)
    points = entry.pop("points", None)
    extra = tuple(sorted(entry.items()))
    done = ScoreEntered(pad.seat, points if isinstance(points, int) else None, extra)
    following = pad.seat + 1
    if following > pad.players:
        return None, done
    return Keypad(pad.fields, pad.players, following, sheet=sheet), done
