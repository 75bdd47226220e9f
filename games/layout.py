"""A game's own screens: a view that says what it shows as a typed layout, drawn by the device.

The device's screens (``ScreenName``) are drawn by modules in ``device/ui`` that know their
views. A game may also have screens of its own without touching ``device/``: it names them in
an enum of its own (a ``ScreenId``, values ``"<game>.<screen>"``), and each of its views is a
``GameView`` whose ``layout()`` describes the picture in blocks the device knows how to draw:
a title, figures side by side, a countdown, a paragraph, buttons along the bottom. The device
draws every ``GameView`` with one generic screen (``device/ui/laidout.py``), so a game stays
pure (no pygame here) and its screen is held to the same layout check as the device's own.

A layout is ``dark`` for closed eyes: drawn near-black with dim text and dim buttons, like the
night screen, so nothing on it stands out in a dark room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.views import Checked, ScreenId, SheetButton, View, ViewError


@dataclass(frozen=True)
class Title(Checked):
    """The screen's heading, across the top."""

    text: str


@dataclass(frozen=True)
class Figure(Checked):
    """A big value with a caption under it ("3" / "points a star"). Figures and countdowns
    in a row of blocks stand side by side."""

    value: str
    caption: str = ""


@dataclass(frozen=True)
class Countdown(Checked):
    """The time left until ``ends_at`` (the session's clock), as ``m:ss``, ticking each
    second, with a caption under it; 0:00 once it is up."""

    ends_at: float
    caption: str = ""


@dataclass(frozen=True)
class Text(Checked):
    """A paragraph: its lines wrap, and shrink to fit the room left."""

    lines: tuple[str, ...]


Block = Title | Figure | Countdown | Text
"""What a layout is made of."""


@dataclass(frozen=True)
class Layout(Checked):
    """A game screen's picture, top to bottom."""

    blocks: tuple[Block, ...]
    buttons: tuple[SheetButton, ...] = ()
    """Buttons along the bottom, left to right (at most ``MAX_BUTTONS``)."""
    dark: bool = False
    """Drawn for closed eyes: near-black, dim text and dim buttons, no stars."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.buttons) > MAX_BUTTONS:
            raise ViewError(
                f"Layout.buttons: at most {MAX_BUTTONS} fit along the bottom, "
                f"got {len(self.buttons)}"
            )
        titles = [i for i, block in enumerate(self.blocks) if isinstance(block, Title)]
        if titles not in ([], [0]):
            raise ViewError("Layout.blocks: one Title at most, and only as the first block")


MAX_BUTTONS = 4


@dataclass(frozen=True)
class GameView(View):
    """Base of a game's own views: ``screen`` is a member of the game's own ``ScreenId`` enum
    (value ``"<game>.<screen>"``: never one of the device's), and ``layout()`` says what the
    screen shows, from the view's fields only (all of them public)."""

    screen: ClassVar[ScreenId]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        screen = cls.__dict__.get("screen")
        if screen is not None and "." not in screen.value:
            raise TypeError(
                f"{cls.__name__}.screen is {screen.value!r}: a game's own screen is named "
                f"'<game>.<screen>', so it never takes a name the device has"
            )

    def layout(self) -> Layout:
        """What the screen shows."""
        raise NotImplementedError(f"{type(self).__name__} must say its layout()")
