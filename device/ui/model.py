"""Plain data shared by the touchscreen UI: inputs, errors, controls and view readers."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

import pygame

from games.events import TouchAction, is_action

#: Every screen is laid out in these coordinates; other window sizes are scaled.
DESIGN_SIZE: tuple[int, int] = (800, 480)


class UiError(ValueError):
    """A bad request to the UI: unknown screen, malformed view, unknown control label."""


@dataclass(frozen=True)
class UiInput:
    """One input the UI turned a pygame event into.

    ``kind`` is ``"touch"`` (value: the control's typed action), ``"seat"`` (value: seat number,
    1-based), ``"control"`` (value: ``"yes"``, ``"no"`` or ``"go"``) or ``"quit"``.
    """

    kind: str
    value: TouchAction | str | int


Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Control:
    """An on-screen button: what it says, what it does, where it is (design coordinates)."""

    label: str
    """The name a tap by label (the simulator's ``touch``) finds it by."""
    action: TouchAction
    """What a tap asks for, typed: the games' ``Tap`` and taps, or the device's own
    (``device.ui.actions``); the daemon passes it on as it is."""
    rect: pygame.Rect
    primary: bool = False
    """The screen's main action (drawn green)."""
    style: str = "button"
    """``"button"``, ``"chip"`` (a small role chip) or ``"tab"``."""
    lit: bool = False
    """Selected or chosen: a lit chip, the shown tab, the active preset."""
    caption: str = ""
    """What it shows, when that differs from ``label`` (a chip's "Alien x2")."""
    tint: Colour | None = None
    """The colour of a lit chip or tab (None: the theme's)."""
    size: int = 0
    """The largest font size for its text (0: as large as the button allows)."""

    def __post_init__(self) -> None:
        if not is_action(self.action):
            raise UiError(
                f"control {self.label!r}: its action must be typed (a Tap, SeatTap...), "
                f"not {self.action!r}"
            )

    @property
    def text(self) -> str:
        """The words drawn on it."""
        return self.caption or self.label

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` (design coordinates) lands on this control."""
        return bool(self.rect.collidepoint(pos))


def control_for_label(controls: list[Control], label: str, where: str) -> Control:
    """The control labelled ``label`` (case-insensitive) among ``controls``, else a
    ``UiError`` naming ``where`` they are, the labels there are and the closest one."""
    wanted = label.strip().casefold()
    for control in controls:
        if control.label.casefold() == wanted:
            return control
    labels = [c.label for c in controls]
    if not labels:
        raise UiError(f"no control labelled {label!r}: there are no controls on {where}")
    listed = ", ".join(repr(x) for x in labels)
    message = f"no control labelled {label!r} on {where}; controls: {listed}"
    by_fold = {x.casefold(): x for x in labels}
    close = difflib.get_close_matches(wanted, list(by_fold), n=1, cutoff=0.6)
    if close:
        message += f" (did you mean {by_fold[close[0]]!r}?)"
    raise UiError(message)
