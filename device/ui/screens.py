"""The menu-like screens: home, setup, end and message (plus the Screen base class).

Each screen is a frozen dataclass built from the view mapping the app passes to
``TouchUI.show``; building it validates the view, so a bad view fails at ``show`` time.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from device.ui.canvas import ACCENT, ALIEN, DIM, PANEL, TEXT, Canvas
from device.ui.model import Control, ViewReader


class Screen:
    """One screen's data; subclasses add fields, controls and drawing."""

    def controls(self) -> list[Control]:
        """The controls on this screen, in design coordinates."""
        return []

    def draw(self, canvas: Canvas, now: float) -> None:
        """Draw everything except the controls (the UI draws those on top)."""
        canvas.space()

    def next_redraw(self, now: float) -> float | None:
        """When the screen changes by itself next (None: only when new data arrives)."""
        return None


@dataclass(frozen=True)
class HomeScreen(Screen):
    """Pick a game: one big button per game."""

    title: str
    games: tuple[str, ...]

    @classmethod
    def from_view(cls, view: Mapping[str, object]) -> HomeScreen:
        """Read ``title`` and ``games`` from the view."""
        r = ViewReader("home", view)
        return cls(r.text("title"), tuple(r.texts("games")))

    def controls(self) -> list[Control]:
        n = len(self.games)
        if n == 0:
            return []
        cols = 1 if n <= 2 else 2
        rows = math.ceil(n / cols)
        top, bottom, gap = 120, 460, 16
        height = min(150, (bottom - top - gap * (rows - 1)) // rows)
        width = 560 if cols == 1 else 360
        left = (800 - (cols * width + (cols - 1) * gap)) // 2
        out: list[Control] = []
        for i, name in enumerate(self.games):
            row, col = divmod(i, cols)
            x, y = left + col * (width + gap), top + row * (height + gap)
            rect = pygame.Rect(x, y, width, height)
            out.append(Control(name, f"game:{name}", rect))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 84, ALIEN, center=(400, 62), max_width=760)
        if not self.games:
            canvas.text("No games available", 40, DIM, center=(400, 280))


@dataclass(frozen=True)
class SetupScreen(Screen):
    """Before a game: player count, roles in play, who has checked in, then Start."""

    game: str
    preset: str
    players: int
    roles: tuple[str, ...]
    seated: tuple[int, ...]
    progress: float | None

    @classmethod
    def from_view(cls, view: Mapping[str, object]) -> SetupScreen:
        """Read game, preset, players, roles, seated and progress from the view."""
        r = ViewReader("setup", view)
        return cls(
            r.text("game"),
            r.text("preset"),
            r.integer("players"),
            tuple(r.texts("roles")),
            tuple(r.integers("seated")),
            r.opt_number("progress"),
        )

    def controls(self) -> list[Control]:
        # The player count comes from the setup (seat registration arrives with role picking).
        out: list[Control] = []
        # While the night is being pre-rendered there is nothing to start yet.
        if self.progress is None:
            out.append(Control("Start night", "start", pygame.Rect(440, 384, 340, 80), True))
        return out

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.game, 64, ALIEN, topleft=(24, 22), max_width=460)
        canvas.text(self.preset, 34, DIM, topleft=(26, 74), max_width=460)
        canvas.text(str(self.players), 80, TEXT, center=(640, 56))
        canvas.text("players", 26, DIM, center=(640, 96))
        self._draw_seats(canvas)
        panel = pygame.Rect(20, 196, 760, 176)
        pygame.draw.rect(canvas.surface, PANEL, panel, border_radius=14)
        canvas.text(f"Roles ({len(self.roles)})", 30, ACCENT, topleft=(36, 206))
        roles = ", ".join(self.roles) if self.roles else "none chosen"
        canvas.paragraph([roles], 44, TEXT, pygame.Rect(36, 238, 728, 128), centred=False)
        if self.progress is not None:
            canvas.text("Preparing the night...", 32, TEXT, topleft=(24, 388))
            pct = round(min(1.0, max(0.0, self.progress)) * 100)
            canvas.text(f"{pct}%", 32, TEXT, center=(740, 402))
            canvas.bar(pygame.Rect(20, 420, 760, 44), self.progress)
        else:
            canvas.text(
                f"{len(self.seated)} of {self.players} checked in",
                34,
                DIM,
                topleft=(24, 410),
                max_width=400,
            )

    def _draw_seats(self, canvas: Canvas) -> None:
        n = max(0, self.players)
        if n == 0:
            return
        step = min(64, 760 // n)
        radius = min(26, step // 2 - 3)
        left = 400 - step * n // 2 + step // 2
        seated = set(self.seated)
        for i in range(n):
            canvas.chip((left + i * step, 150), radius, str(i + 1), i + 1 in seated)


@dataclass(frozen=True)
class MessageScreen(Screen):
    """A title, some lines of text and one button: info, errors and the end of a game."""

    title: str
    lines: tuple[str, ...]
    button: str = "OK"
    action: str = "ok"

    @classmethod
    def from_view(cls, view: Mapping[str, object]) -> MessageScreen:
        """The generic info/error screen; its control is "OK" -> "ok"."""
        r = ViewReader("message", view)
        return cls(r.text("title"), tuple(r.texts("lines")))

    @classmethod
    def end_from_view(cls, view: Mapping[str, object]) -> MessageScreen:
        """The end-of-game screen; its control is "Home" -> "home"."""
        r = ViewReader("end", view)
        return cls(r.text("title"), tuple(r.texts("lines")), "Home", "home")

    def controls(self) -> list[Control]:
        return [Control(self.button, self.action, pygame.Rect(260, 384, 280, 80), True)]

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.text(self.title, 72, ALIEN, center=(400, 58), max_width=760)
        area = pygame.Rect(40, 104, 720, 264)
        canvas.paragraph(list(self.lines), 52, TEXT, area, centred=True)
