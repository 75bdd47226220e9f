"""The One Night setup screen (the lobby): players, check-ins, presets and role chips by tab.

Layout at 800x480, top to bottom: the status line with the player count's - and +; the seat
ring; the role tabs with Random and Clear; a 5x3 grid of the shown tab's role chips; a summary
of the chosen roles; the presets and Start night. While the night is pre-rendered the controls
go and a progress bar takes the bottom row.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from device.screenlayer import DeviceSlot
from device.ui.actions import DeviceTap
from device.ui.canvas import (
    ACCENT,
    ALIEN,
    AMBER,
    DIM,
    MIN_SIZE,
    PANEL,
    PROMINENT_SIZE,
    TEXT,
    Canvas,
)
from device.ui.model import Colour, Control
from device.ui.screens import Screen
from games.events import ChipKind, ChipTap, Tap
from games.onenight.views import SetupView

#: The lit colour of each tab and of the chips on it.
TAB_TINTS: dict[str, Colour] = {
    "alien": (120, 255, 150),
    "vampire": (255, 120, 140),
    "werewolf": (255, 190, 80),
    "daybreak": (255, 150, 90),
    "bonus": (190, 160, 255),
}

CHIP_COLUMNS = 5
CHIP_ROWS = 3
CHIP_AREA = pygame.Rect(16, 174, 768, 152)
"""Three rows of 48 px chips: a finger's height, leaving the roles line three lines."""
TABS_AREA = pygame.Rect(16, 118, 536, 48)
"""The tabs share the row left of Random and Clear (one per box)."""
START_RECT = pygame.Rect(576, 404, 208, 68)
SCORES_RECT = pygame.Rect(444, 404, 124, 68)
"""The device's Scores (the score log on One Night, its Back returns here): left of Start,
the presets' row ending before it."""
PRESETS_RIGHT = SCORES_RECT.left - 8
OPTIONS_RECT = pygame.Rect(676, 342, 108, 48)
"""Options (night pace, discussion, vote mode): beside the roles line, over Start."""
ROLES_LINE = pygame.Rect(16, 328, 768, 76)
"""The chosen roles (or the lobby's notice) under the chips, left of Options when it shows."""
STATUS_AREA = pygame.Rect(96, 2, 456, 58)
"""The status line, between Quit and the player count's -: two lines at the legible size."""
RING = pygame.Rect(160, 62, 540, 48)
"""The seat ring, right of "Press your seat button" and left of the count checked in."""
TAB_CAPTIONS = {"Werewolves": "Werewolf"}
"""Tab names too wide for a fifth of the row at the legible size, shown as their box's name
(the tab's label, which a tap finds, stays)."""
PRESET_ROW = 3
"""The most presets the bottom row holds at a legible size; a tab with more (Daybreak's six)
shows one Presets button there, which lists them over the screen."""
PROGRESS_SLOT = pygame.Rect(16, 392, 560, 80)
START_NOW_RECT = pygame.Rect(592, 396, 192, 72)
"""Beside the progress: the table may start without waiting for the rest of the lines."""
"""Where the device shows how far the night's lines are prepared, in place of the controls."""


@dataclass(frozen=True)
class Chip:
    """One role chip of the shown tab."""

    role: str
    name: str
    count: int
    copies: int

    @property
    def caption(self) -> str:
        """The name, with the count when the box has more than one copy ("Alien x2")."""
        return f"{self.name} x{self.count}" if self.copies > 1 and self.count else self.name


@dataclass(frozen=True)
class Tab:
    """One role tab: its key, label and how many chosen cards are on it."""

    key: str
    name: str
    count: int


@dataclass(frozen=True)
class PresetButton:
    """One preset the screen offers."""

    key: str
    name: str


@dataclass(frozen=True)
class SetupScreen(Screen):
    """Before a game: players, check-ins, roles by touch, presets, then Start night."""

    game: str
    players: int
    preset: str
    presets: tuple[PresetButton, ...]
    tab: str
    tabs: tuple[Tab, ...]
    chips: tuple[Chip, ...]
    roles: tuple[str, ...]
    status: str
    playable: bool
    notice: str
    seated: tuple[int, ...]
    preparing: bool
    """The night is being pre-rendered: nothing can change (the device's layer shows how
    far, in ``progress_slot``)."""
    added: tuple[str, ...] = ()
    """The cards the active preset added for this table (shown after the summary)."""
    pace: str = ""
    """The Options' values in words ("": no Options control)."""
    deal: str = ""
    """What the table deals besides the cards (a Vampire game's Marks), shown while the night
    is prepared, when the table deals."""

    @classmethod
    def from_view(cls, view: SetupView) -> SetupScreen:
        """The setup screen for ``view`` (``games.onenight.lobby.Lobby.view()``, checked when
        the game built it)."""
        return cls(
            game=view.game,
            players=view.players,
            preset=view.preset,
            presets=tuple(PresetButton(p.key, p.name) for p in view.presets),
            tab=view.tab,
            tabs=tuple(Tab(t.key, t.name, t.count) for t in view.tabs),
            chips=tuple(Chip(c.role, c.name, c.count, c.copies) for c in view.chips),
            roles=view.roles,
            status=view.status,
            playable=view.playable,
            notice=view.notice,
            seated=view.seated,
            preparing=view.preparing,
            added=view.added,
            pace=view.pace,
            deal=view.deal,
        )

    def progress_slot(self) -> pygame.Rect | None:
        """The bottom row, while the night is prepared."""
        return PROGRESS_SLOT if self.preparing else None

    def controls(self) -> list[Control]:
        if self.preparing:
            # Nothing can change now; only the wait can be cut short (any line not rendered
            # at its turn is then said in the fallback voice).
            return [Control("Start now", DeviceTap.START_NOW, START_NOW_RECT, size=32)]
        tint = TAB_TINTS.get(self.tab)
        out = [
            Control("-", ChipTap(ChipKind.PLAYERS, "-1"), pygame.Rect(560, 6, 60, 52), size=48),
            Control("+", ChipTap(ChipKind.PLAYERS, "+1"), pygame.Rect(724, 6, 60, 52), size=48),
        ]
        gap = 8
        width = (TABS_AREA.width - gap * (len(self.tabs) - 1)) // max(1, len(self.tabs))
        for i, tab in enumerate(self.tabs):
            short = TAB_CAPTIONS.get(tab.name, tab.name)
            caption = f"{short} {tab.count}" if tab.count else short
            rect = pygame.Rect(TABS_AREA.left + i * (width + gap), TABS_AREA.top, width, 48)
            lit = tab.key == self.tab
            out.append(
                Control(
                    tab.name,
                    ChipTap(ChipKind.TAB, tab.key),
                    rect,
                    style="tab",
                    lit=lit,
                    caption=caption,
                    tint=TAB_TINTS.get(tab.key),
                )
            )
        out.append(Control("Random", Tap.RANDOM, pygame.Rect(560, 118, 108, 48), size=28))
        out.append(Control("Clear", Tap.CLEAR, pygame.Rect(676, 118, 108, 48), size=28))
        out += [
            Control(
                chip.name,
                ChipTap(ChipKind.ROLE, chip.role),
                rect,
                style="chip",
                lit=chip.count > 0,
                caption=chip.caption,
                tint=tint,
            )
            for chip, rect in zip(self.chips, _chip_rects(len(self.chips)), strict=False)
        ]
        out += self._preset_controls()
        if self.pace:
            out.append(Control("Options", DeviceTap.OPTIONS, OPTIONS_RECT, size=28))
        if self.playable:
            out.append(Control("Start night", Tap.START, START_RECT, True, size=40))
        return out

    def _preset_controls(self) -> list[Control]:
        """The presets of the shown tab in the bottom row, or one Presets button for a tab with
        more than fit (``device.runtime.setup_presets`` asks which)."""
        if len(self.presets) > PRESET_ROW:
            rect = pygame.Rect(16, START_RECT.top, PRESETS_RIGHT - 16, START_RECT.height)
            chosen = [p.name for p in self.presets if p.key == self.preset]
            caption = f"Preset: {chosen[0]}" if chosen else f"Presets ({len(self.presets)})"
            return [Control("Presets", DeviceTap.PRESETS, rect, lit=bool(chosen), caption=caption)]
        out = []
        width = (PRESETS_RIGHT - 16 - 8 * (len(self.presets) - 1)) // max(1, len(self.presets))
        for i, preset in enumerate(self.presets):
            rect = pygame.Rect(16 + i * (width + 8), START_RECT.top, width, START_RECT.height)
            lit = preset.key == self.preset
            action = ChipTap(ChipKind.PRESET, preset.key)
            out.append(Control(preset.name, action, rect, style="tab", lit=lit, tint=ACCENT))
        return out

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Room for the ambience chip in the chips' last cell, and for Scores left of Start
        (none while the night is prepared: nothing can change then)."""
        if self.preparing:
            return None
        places = {DeviceSlot.AMBIENCE: LAST_CELL, DeviceSlot.SCORES: SCORES_RECT}
        place = places.get(part)
        return None if place is None else place.copy()

    def notice_fallback(self) -> pygame.Rect:
        """With no free room (a tab whose chips fill the grid), a banner goes over the roles
        line, which the lit chips and the tabs' counts repeat, never over the status line."""
        area = ROLES_LINE.copy()
        area.width = (OPTIONS_RECT.left - 24 if self.pace else 784) - 16
        return area

    def quit_rect(self) -> pygame.Rect:
        """Top left: the player count's - and + take the top right."""
        return pygame.Rect(4, 4, 84, 48)

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        colour = ALIEN if self.playable else AMBER
        # Two lines rather than cut short: a preset's or a box's reason is a sentence.
        canvas.paragraph([self.status], 40, colour, STATUS_AREA, centred=True)
        canvas.text(str(self.players), 48, TEXT, center=(672, 24))
        canvas.text("players", MIN_SIZE, DIM, center=(672, 50))
        self._draw_seats(canvas)
        if self.preparing:
            self._draw_preparing(canvas)
            return
        line = self.notice or _summary(self.roles)
        if self.added and not self.notice:
            line += f" (added for {self.players} players: {', '.join(self.added)})"
        colour = AMBER if self.notice else TEXT
        # Up to three lines at the legible size, between the chips and the bottom row.
        area = ROLES_LINE.copy()
        area.width = (OPTIONS_RECT.left - 24 if self.pace else 784) - 16
        canvas.paragraph([line], MIN_SIZE, colour, area, centred=True)
        if not self.playable:
            ghost = START_RECT
            pygame.draw.rect(canvas.surface, PANEL, ghost, border_radius=18)
            pygame.draw.rect(canvas.surface, DIM, ghost, width=2, border_radius=18)
            canvas.text("Start night", 40, DIM, center=ghost.center, max_width=ghost.width - 24)

    def _draw_seats(self, canvas: Canvas) -> None:
        n = max(0, self.players)
        if n == 0:
            return
        step = min(58, RING.width // n)
        radius = min(22, step // 2 - 3)
        left = RING.centerx - step * n // 2 + step // 2
        seated = set(self.seated)
        for i in range(n):
            canvas.chip((left + i * step, 86), radius, str(i + 1), i + 1 in seated)
        checked = len([seat for seat in self.seated if seat <= n])
        canvas.text(f"{checked}/{n} in", MIN_SIZE, DIM, center=(742, 86))
        if checked < n:
            # What the circles are for, and what the table must do first: prominent, left of
            # the ring, until every seat is in.
            canvas.text("Press your", PROMINENT_SIZE, TEXT, center=(80, 74))
            canvas.text("seat button", PROMINENT_SIZE, TEXT, center=(80, 100))

    def _draw_preparing(self, canvas: Canvas) -> None:
        panel = pygame.Rect(16, 118, 768, 270)
        pygame.draw.rect(canvas.surface, PANEL, panel, border_radius=14)
        canvas.text(f"{self.game} - {len(self.roles)} cards", 30, ACCENT, topleft=(32, 128))
        height = 110 if self.deal else 216  # the Marks to deal below the cards, when any
        area = pygame.Rect(32, 164, 736, height)
        canvas.paragraph([_summary(self.roles)], 40, TEXT, area, centred=False)
        if self.deal:
            deal = pygame.Rect(32, 280, 736, 100)
            canvas.paragraph([self.deal], 36, AMBER, deal, centred=False)


def _chip_rects(count: int) -> list[pygame.Rect]:
    """Where the chips go: rows of five filling ``CHIP_AREA``."""
    gap = 4
    width = (CHIP_AREA.width - gap * (CHIP_COLUMNS - 1)) // CHIP_COLUMNS
    height = (CHIP_AREA.height - gap * (CHIP_ROWS - 1)) // CHIP_ROWS
    rects = []
    for i in range(min(count, CHIP_COLUMNS * CHIP_ROWS)):
        row, col = divmod(i, CHIP_COLUMNS)
        x = CHIP_AREA.left + col * (width + gap)
        y = CHIP_AREA.top + row * (height + gap)
        rects.append(pygame.Rect(x, y, width, height))
    return rects


def _summary(roles: tuple[str, ...]) -> str:
    """The chosen roles in one line, repeats counted: "2 Alien, Cow, Psychic"."""
    if not roles:
        return "No roles chosen yet: tap a role, a preset or Random"
    counts: dict[str, int] = {}
    for name in roles:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n} {name}" if n > 1 else name for name, n in counts.items())


LAST_CELL = _chip_rects(CHIP_COLUMNS * CHIP_ROWS)[-1]
"""The role grid's last cell, bottom right: no tab has that many roles (14 at most), so the
device puts its own chip there (the ambience level: ``device.runtime.ambience_control``)."""
