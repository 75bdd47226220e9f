"""The menu-like screens: home, end and message (plus the Screen base class; setup: setup.py).

Each screen is a frozen dataclass built from the view mapping the app passes to
``TouchUI.show``; building it validates the view, so a bad view fails at ``show`` time.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import pygame

from device.screenlayer import DeviceSlot, Ending
from device.ui.actions import DeviceTap, Valued
from device.ui.canvas import ALIEN, DIM, MIN_SIZE, TEXT, Canvas
from device.ui.model import Control
from device.ui.qr import draw_qr, module_pixels
from games.events import Tap, TouchAction, ValueTap
from games.views import EndView, HomeView, MessageView

QR_AREA = pygame.Rect(450, 24, 342, 342)
"""Where the end screen draws a play's BG Stats QR code (its caption goes under it)."""
MIN_MODULE_PIXELS = 3
"""Modules narrower than this (about 0.6 mm on the 7" screen) are too fine for a phone."""


QUIT_RECT = pygame.Rect(712, 4, 84, 48)
"""Where a game screen's Quit control sits unless the screen says otherwise (top right)."""
ENTER_SCORES_RECT = pygame.Rect(516, 4, 188, 48)
"""Where a score sheet has room for "Enter scores": left of Quit."""


class Screen:
    """One screen's data; subclasses add fields, controls and drawing."""

    quiet = False
    """A screen for closed eyes (the night): its own controls, and Quit, are drawn dim."""
    prepares = "the night"
    """What its progress says is being prepared ("Preparing the night... 40%")."""

    def controls(self) -> list[Control]:
        """The controls on this screen, in design coordinates."""
        return []

    def quit_rect(self) -> pygame.Rect:
        """Where the Quit control goes while a game shows this screen (kept clear of the rest)."""
        return QUIT_RECT

    def call_slot(self) -> pygame.Rect | None:
        """Where the device shows the public call just said (a screen for closed eyes); None:
        this screen has no room for it (``device.ui.layer``)."""
        return None

    def progress_slot(self) -> pygame.Rect | None:
        """Where the device shows how far the lines being prepared are; None: not here."""
        return None

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Where this screen has room for a control the device adds (None: it has none)."""
        return None

    def around(self, ending: Ending) -> Screen:
        """This screen laid out around what the device offers on a game's last screen (the
        BG Stats link, Who played?, Play again); a screen that is never one is unchanged."""
        return self

    def notice_rect(self) -> pygame.Rect | None:
        """Where a banner goes on this screen (None: along the top, clear of Quit's corner);
        a screen whose only instruction is its title puts it elsewhere."""
        return None

    def notice_fallback(self) -> pygame.Rect | None:
        """Where a banner may cover text when the screen has no free room for it (None: the
        top-most place clear of the controls); a screen names the text it can spare a while."""
        return None

    def draw(self, canvas: Canvas, now: float) -> None:
        """Draw everything except the controls (the UI draws those on top)."""
        self.draw_static(canvas)
        self.draw_ticking(canvas, now)

    def draw_static(self, canvas: Canvas) -> None:
        """What stays the same while the screen shows (a screen with a ticking area)."""
        canvas.space()

    def draw_ticking(self, canvas: Canvas, now: float) -> None:
        """What changes at ``next_redraw``, all inside ``ticking_area``."""

    def changed_areas(self, before: float, now: float) -> list[pygame.Rect]:
        """The parts of ``ticking_area`` that differ between the pictures at ``before`` and
        at ``now`` (the whole area unless the screen knows better)."""
        area = self.ticking_area()
        return [] if area is None else [area]

    def next_redraw(self, now: float) -> float | None:
        """When the screen changes by itself next (None: only when new data arrives)."""
        return None

    def ticking_area(self) -> pygame.Rect | None:
        """The part of the screen that changes at ``next_redraw`` (None: redraw it all). A
        screen that has one draws in ``draw_static`` and ``draw_ticking``, not ``draw``."""
        return None


@dataclass(frozen=True)
class HomeScreen(Screen):
    """Pick a game: one big button per game."""

    title: str
    games: tuple[str, ...]
    captions: tuple[str, ...] = ()
    voice: str = ""
    """How much of the voice is ready ("": all), under the title."""

    @classmethod
    def from_view(cls, view: HomeView) -> HomeScreen:
        """The home screen for ``view``: a button per game label."""
        return cls(view.title, view.games, view.captions, view.voice)

    def controls(self) -> list[Control]:
        n = len(self.games)
        if n == 0:
            return []
        # A third column once two would make buttons too short to tap (a sixth game).
        cols = 1 if n <= 2 else 2 if n <= 10 else 3
        rows = math.ceil(n / cols)
        top, bottom, gap = 120, 460, 16
        height = min(150, (bottom - top - gap * (rows - 1)) // rows)
        width = {1: 560, 2: 360, 3: 240}[cols]
        left = (800 - (cols * width + (cols - 1) * gap)) // 2
        out: list[Control] = []
        for i, name in enumerate(self.games):
            row, col = divmod(i, cols)
            x, y = left + col * (width + gap), top + row * (height + gap)
            rect = pygame.Rect(x, y, width, height)
            caption = self.captions[i] if i < len(self.captions) else ""
            out.append(Control(name, ValueTap(Valued.GAME, name), rect, caption=caption))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        if self.voice:  # the title makes room for it, above the buttons
            canvas.text(self.title, 60, ALIEN, center=(400, 40), max_width=760)
            canvas.text(self.voice, MIN_SIZE, DIM, center=(400, 98), max_width=760)
        else:
            canvas.text(self.title, 84, ALIEN, center=(400, 62), max_width=760)
        if not self.games:
            canvas.text("No games available", 40, DIM, center=(400, 280))


@dataclass(frozen=True)
class MessageScreen(Screen):
    """A title, some lines of text and one button: info, errors and the end of a game."""

    title: str
    lines: tuple[str, ...]
    button: str = "OK"
    action: TouchAction = Tap.OK
    link: str = ""
    """A BG Stats push link, drawn as a QR code beside the lines (the end of a logged game)."""
    who: bool = False
    """Whether to offer "Who played?" (the logged play has unnamed seats)."""
    again: bool = False
    """Whether to offer "Play again" (right, under the code)."""
    scores: str = ""
    """The score log's game its Scores button opens (right, under the code; "": none)."""
    last: bool = False
    """A game's last screen: what the device offers there goes on it (``around``)."""

    @classmethod
    def from_view(cls, view: MessageView) -> MessageScreen:
        """The generic info/error screen; its control is "OK" -> ``Tap.OK``."""
        return cls(view.title, view.lines)

    @classmethod
    def end_from_view(cls, view: EndView) -> MessageScreen:
        """The end-of-game screen; its control is "Home" -> ``Tap.HOME``. What the device offers
        there comes with ``around``: the logged play's link as a QR code, Who played?, Play
        again."""
        return cls(view.title, view.lines, "Home", Tap.HOME, last=True)

    def around(self, ending: Ending) -> MessageScreen:
        """The end screen with the device's link, Who played? and Play again."""
        if not self.last:
            return self
        return dataclasses.replace(
            self, link=ending.link, who=ending.who, again=ending.again, scores=ending.scores
        )

    def controls(self) -> list[Control]:
        again = [Control("Play again", DeviceTap.AGAIN, pygame.Rect(460, 404, 320, 68))]
        if not self.again:
            again = []
        elif not self.link:
            return [
                Control(self.button, self.action, pygame.Rect(120, 384, 260, 80), True),
                Control("Play again", DeviceTap.AGAIN, pygame.Rect(420, 384, 260, 80)),
            ]
        return self._controls() + self._under_code(again)

    def _under_code(self, again: list[Control]) -> list[Control]:
        """Play again and Scores (the score log on this game, its Back returns here) under
        the code, where the code's screen has them."""
        if not self.scores or not self.link:
            return again
        scores = ValueTap(Valued.LOG_GAME, self.scores)
        if not again:
            return [Control("Scores", scores, pygame.Rect(580, 404, 200, 68))]
        return [
            Control("Scores", scores, pygame.Rect(460, 404, 140, 68)),
            Control("Play again", DeviceTap.AGAIN, pygame.Rect(610, 404, 170, 68)),
        ]

    def _controls(self) -> list[Control]:
        if self.link:
            if self.who:
                return [
                    Control(self.button, self.action, pygame.Rect(20, 384, 112, 80), True),
                    Control("BG Stats", DeviceTap.BGSTATS, pygame.Rect(142, 384, 140, 80)),
                    Control("Who played?", DeviceTap.WHO, pygame.Rect(292, 384, 150, 80)),
                ]
            return [
                Control(self.button, self.action, pygame.Rect(20, 384, 200, 80), True),
                Control("BG Stats", DeviceTap.BGSTATS, pygame.Rect(236, 384, 200, 80)),
            ]
        return [Control(self.button, self.action, pygame.Rect(260, 384, 280, 80), True)]

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        if self.link:
            # The title and lines move left; the code takes the right, its use under it.
            canvas.text(self.title, 60, ALIEN, center=(225, 50), max_width=420)
            canvas.paragraph(
                list(self.lines), 44, TEXT, pygame.Rect(20, 96, 420, 276), centred=True
            )
            if module_pixels(self.link, QR_AREA.height) < MIN_MODULE_PIXELS:
                # Too dense to scan this small: the BG Stats button shows it full height.
                note = ["Add this play to BG Stats:", "tap BG Stats for its QR code."]
                canvas.paragraph(note, 30, DIM, QR_AREA, centred=True)
                return
            code = draw_qr(canvas.surface, self.link, QR_AREA)
            canvas.text("Scan: BG Stats", MIN_SIZE, DIM, center=(code.centerx, code.bottom + 18))
            return
        canvas.text(self.title, 72, ALIEN, center=(400, 58), max_width=760)
        area = pygame.Rect(40, 104, 720, 264)
        canvas.paragraph(list(self.lines), 52, TEXT, area, centred=True)
