"""Turning pygame events into UiInputs: keys, clicks/taps and window close."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from device.ui.model import UiInput
from games.events import TouchAction

#: Digit keys give seats: 1..9, and 0 means seat 10 (the keyboard has no "10" key).
SEAT_KEYS: dict[int, int] = {
    **{getattr(pygame, f"K_{d}"): (d or 10) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}"): (d or 10) for d in range(10)},
}

CONTROL_KEYS: dict[int, str] = {pygame.K_y: "yes", pygame.K_n: "no", pygame.K_SPACE: "go"}

#: Hit-test a press (design coordinates) and return the control's action, if any.
HitTest = Callable[[tuple[int, int]], TouchAction | None]


def to_input(event: pygame.event.Event, hit: HitTest) -> UiInput | None:
    """The UiInput for one pygame event, or None if it means nothing to the UI.

    Touch: a real touchscreen sends FINGERDOWN *and* a MOUSEBUTTONDOWN that SDL synthesises
    from it. We act on MOUSEBUTTONDOWN only and ignore FINGER* events, because the mouse event
    already carries window pixel coordinates (finger events are normalised 0..1 and would need
    the window size and any rotation), and it is the same event a desktop mouse sends in the
    simulator. Handling both would turn one tap into two inputs.
    """
    if event.type == pygame.QUIT:
        return UiInput("quit", "quit")
    if event.type == pygame.KEYDOWN:
        key = int(event.key)
        if key == pygame.K_ESCAPE:
            return UiInput("quit", "escape")
        if key in SEAT_KEYS:
            return UiInput("seat", SEAT_KEYS[key])
        if key in CONTROL_KEYS:
            return UiInput("control", CONTROL_KEYS[key])
        return None
    if event.type == pygame.MOUSEBUTTONDOWN:
        # Only the primary button (what a tap becomes); wheel "buttons" 4/5 must not press.
        if getattr(event, "button", 1) != 1:
            return None
        x, y = event.pos
        action = hit((int(x), int(y)))
        return UiInput("touch", action) if action is not None else None
    return None


def to_inputs(events: list[pygame.event.Event], hit: HitTest) -> tuple[list[UiInput], bool]:
    """Inputs from ``events``, and whether any of them was a wake-up."""
    inputs: list[UiInput] = []
    woken = False
    for event in events:
        if event.type >= pygame.USEREVENT:
            woken = True  # wake(), or any app event: let the main loop look at its queue
        elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            pygame.display.flip()  # the window was uncovered: put the picture back
        else:
            ui_input = to_input(event, hit)
            if ui_input is not None:
                inputs.append(ui_input)
    return inputs, woken
