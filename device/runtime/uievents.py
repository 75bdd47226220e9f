"""Turns the touchscreen's and keyboard's inputs into the same events as the hardware's."""

from __future__ import annotations

from typing import Any

from games.events import Control, ControlPressed, Event, SeatPressed, Touched, is_action


def ui_event(item: Any, now: float) -> Event | None:
    """The session event for one ``UiInput`` (None for ``quit``, which the loop handles)."""
    if item.kind == "seat":
        return SeatPressed(int(item.value), now)
    if item.kind == "control":
        return ControlPressed(Control(str(item.value)), now)
    if item.kind == "touch" and is_action(item.value):
        return Touched(item.value)  # typed by the control: passed on as it is
    return None
