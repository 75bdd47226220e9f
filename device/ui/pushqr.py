"""The full-screen QR code of a play's BG Stats push link (from the end screen or the score
log): the code as tall as the screen, so a ten-player play's long link still scans."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.store.bgstats import push_url
from device.ui.canvas import ALIEN, BG, DIM, MIN_SIZE, TEXT, Canvas
from device.ui.model import Control
from device.ui.qr import draw_qr, module_pixels
from device.ui.screens import Screen
from games.events import Tap, TouchAction
from games.scorelog.plays import Play
from games.scorelog.views import BgStatsView

BIG_QR_AREA = pygame.Rect(322, 4, 472, 472)
"""The whole right of the screen: the code as tall as the screen allows."""
ARM_LENGTH_PIXELS = 4
"""Modules this wide (0.8 mm on the 7" screen), for a phone held at arm's length: a code that
would be finer sheds what BG Stats can do without until its modules are this wide (tested with
the screenshot shrunk to 45% and smoothed, which 3 px modules do not survive)."""


def scannable_push_url(play: Play, location: str = "") -> str:
    """The push link a QR code shows: the whole link, or when its modules would be narrower
    than `ARM_LENGTH_PIXELS` full height, the link without its comments, then without the
    players' teams, then without the flags that are false (the same play: BG Stats reads a
    missing one as false), then without the roles; the shortest when none is that coarse.
    The export and the companion page keep everything.
    """
    links = [
        push_url(play, location=location),
        push_url(play, location=location, comments=False),
        push_url(play, location=location, comments=False, teams=False),
        push_url(play, location=location, comments=False, teams=False, brief=True),
        push_url(play, location=location, comments=False, teams=False, brief=True, roles=False),
    ]
    for url in links:
        if module_pixels(url, BIG_QR_AREA.height) >= ARM_LENGTH_PIXELS:
            return url
    return min(links, key=len)


@dataclass(frozen=True)
class PushQrScreen(Screen):
    """A play's BG Stats push link as a QR code the height of the screen, with what it is.

    Shows a ``games.scorelog.views.BgStatsView``.
    """

    title: str
    lines: tuple[str, ...]
    link: str
    back: TouchAction = Tap.HOME
    who: TouchAction | None = None

    @classmethod
    def from_view(cls, view: BgStatsView) -> PushQrScreen:
        """The code screen for ``view`` (checked when built)."""
        return cls(view.title, view.lines, view.bgstats, view.back, view.who)

    def controls(self) -> list[Control]:
        if self.who is None:
            return [Control("Back", self.back, pygame.Rect(20, 396, 260, 72), True)]
        return [
            Control("Back", self.back, pygame.Rect(20, 396, 120, 72), True),
            Control("Who played?", self.who, pygame.Rect(150, 396, 164, 72)),
        ]

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.fill(BG)
        draw_qr(canvas.surface, self.link, BIG_QR_AREA)
        canvas.text(self.title, 36, ALIEN, topleft=(20, 16), max_width=290)
        canvas.paragraph(list(self.lines), 28, TEXT, pygame.Rect(20, 64, 290, 240), centred=False)
        canvas.paragraph(
            ["Scan with a phone to add this play to BG Stats."],
            MIN_SIZE,
            DIM,
            pygame.Rect(20, 312, 290, 76),
            centred=False,
        )
