"""The One Night vote and tally screens.

Secrecy: until the tally the vote screen shows only how many votes are in and which seats have
voted, never who voted for whom. The voter being entered (a secret ballot's seat that pressed
itself, the called player, the grid's pick) is haloed, so a press is seen to count. In grid
mode one person enters everyone's votes (tap a voter, then a target); the target row never
lights up, so no vote can be read off the screen.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from device.ui.canvas import ACCENT, ALIEN, AMBER, DIM, MIN_SIZE, PANEL, TEXT, Canvas, text_size
from device.ui.model import Colour, Control
from device.ui.screens import Screen
from device.ui.seats import (
    CURRENT_TINT,
    VOTED_TINT,
    ghost,
    seat_caption,
    seat_chips,
    seat_row,
    seats_text,
)
from games.events import SeatRole, SeatTap, Tap
from games.onenight.ballot import VoteMode
from games.onenight.views import TallyView, VoteView
from games.views import DEVICE_SEAT

DEVICE_TARGET = SeatTap(SeatRole.TARGET, DEVICE_SEAT)
"""The Mothership as a grid vote's target (a ripple may allow it)."""

BAR = ACCENT
"""A tally bar."""
DEAD_BAR = AMBER
"""The tally bar of a seat that dies: the theme's warning colour."""

CLOSE_RECT = pygame.Rect(24, 392, 352, 76)
GRID_CLOSE_RECT = pygame.Rect(544, 400, 240, 72)
VOTER_TOP = 94
TARGET_TOP = 214
MOTHERSHIP_RECT = pygame.Rect(270, 304, 260, 64)
REVEAL_RECT = pygame.Rect(524, 400, 260, 72)
CHART = pygame.Rect(64, 100, 712, 234)
"""Where the tally's bars stand (their feet on the bottom edge)."""
NARROW_CHART = pygame.Rect(64, 100, 420, 234)
"""The bars' place beside the table of who voted for whom."""
POINTED = pygame.Rect(504, 72, 280, 320)
"""Who voted for whom: one row per voter, in two columns past six."""
POINTS = "\u00bb"
"""Between a voter and their targets ("3 » 1"): the bundled font has no arrow."""


# -- the vote -------------------------------------------------------------------------------


@dataclass(frozen=True)
class VoteScreen(Screen):
    """The vote: the message, a seat ring lit as votes arrive, "N of M votes in", Close vote.

    In grid mode: a row of voters (the picked one blue, the voted ones green) and a row of
    targets (never lit), plus the Mothership when the device may be voted for.
    """

    message: str
    players: int
    voted: tuple[int, ...]
    mode: VoteMode
    voter: int | None
    device_target: bool
    missing: tuple[int, ...]
    names: tuple[tuple[int, str], ...] = ()
    """(seat, name) for the seats the Players screen named."""
    refused: bool = False
    """The message refuses a vote: drawn in a refusal's colour, not the success green."""
    voter_cast: int = 0
    """How many of the voter's votes are in."""
    voter_hands: int = 1
    """How many votes the voter casts (2: a ripple's two-hand voter)."""

    @classmethod
    def from_view(cls, view: VoteView) -> VoteScreen:
        """The vote screen for ``view`` (checked when the game built it)."""
        return cls(
            view.message,
            view.players,
            tuple(sorted(view.voted)),
            view.mode,
            view.voter,
            view.device_target,
            tuple(sorted(view.missing)),
            tuple((name.seat, name.name) for name in view.seat_names),
            view.refused,
            view.voter_cast,
            view.voter_hands,
        )

    @property
    def _message_colour(self) -> Colour:
        return AMBER if self.refused else ALIEN

    def _who(self, seat: int) -> str:
        """A seat by its linked name, else "Seat N"."""
        return dict(self.names).get(seat, f"Seat {seat}")

    @property
    def done(self) -> int:
        """How many seats have voted."""
        return len(set(self.voted))

    def controls(self) -> list[Control]:
        if self.mode is not VoteMode.GRID:
            return [Control("Close vote", Tap.CLOSE, CLOSE_RECT)]
        tints = {seat: VOTED_TINT for seat in self.voted}
        if self.voter is not None:
            tints[self.voter] = CURRENT_TINT
        names = dict(self.names)
        out = seat_chips("Voter", SeatRole.VOTER, self._row(VOTER_TOP), tints, size=44, names=names)
        if self.voter is not None:
            # Never lit, whoever votes for whom; and nobody may vote for themselves.
            targets = self._row(TARGET_TOP)
            out += seat_chips(
                "Target", SeatRole.TARGET, targets, {}, size=44, skip=self.voter, names=names
            )
            if self.device_target:
                out.append(
                    Control("Mothership", DEVICE_TARGET, MOTHERSHIP_RECT, style="chip", size=40)
                )
        out.append(Control("Close vote", Tap.CLOSE, GRID_CLOSE_RECT))
        return out

    def _row(self, top: int) -> list[pygame.Rect]:
        return seat_row(self.players, pygame.Rect(16, top, 768, 76))

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        if self.mode is VoteMode.GRID:
            self._draw_grid(canvas)
            return
        area = pygame.Rect(24, 12, 352, 140)
        canvas.paragraph([self.message], 96, self._message_colour, area, centred=True)
        if self.voter is not None:
            # The voter's press counted: their name in blue and their chip haloed.
            head, hint, colour = f"{self._who(self.voter)}, your vote", self._hint(), CURRENT_TINT
        elif self.mode is VoteMode.CALLED:
            head, hint, colour = "Everyone called", "has voted", TEXT
        else:
            head, hint, colour = "Secret ballot", "Press your own seat, then your choice", TEXT
        canvas.text(head, 46, colour, center=(200, 174), max_width=352)
        # On two lines rather than cut: "Press your own seat, / then your choice".
        canvas.paragraph([hint], 30, TEXT, pygame.Rect(24, 190, 352, 54), centred=True)
        canvas.text(self._count(), 52, ALIEN, center=(200, 280), max_width=352)
        canvas.text(self._waiting(), 30, DIM, center=(200, 334), max_width=352)
        draw_ring(canvas, self.players, set(self.voted), self.voter, dict(self.names))

    def _hint(self) -> str:
        """What the voter presses next: a two-hand voter is told which of their votes it is."""
        if self.voter_hands == 2 and self.voter_cast == 1:
            return "1 of 2 in: press your second choice"
        if self.voter_hands == 2:
            return "Press your first of 2 choices"
        return "Press the seat you vote for"

    def _count(self) -> str:
        return f"{self.done} of {self.players} votes in"

    def _waiting(self) -> str:
        return f"Waiting for {seats_text(self.missing)}" if self.missing else "All votes are in"

    def _draw_grid(self, canvas: Canvas) -> None:
        canvas.text(self.message, 56, self._message_colour, topleft=(16, 12), max_width=440)
        canvas.text(self._count(), 40, TEXT, center=(636, 36), max_width=300)
        canvas.text("Who is voting? (green: voted)", 32, TEXT, topleft=(16, VOTER_TOP - 28))
        if self.voter is None:
            canvas.text("Tap a voter first", 32, DIM, topleft=(16, TARGET_TOP - 28))
            for seat, rect in enumerate(self._row(TARGET_TOP), start=1):
                ghost(canvas, rect, seat_caption(seat, dict(self.names)), 44)
        else:
            prompt = f"{self._who(self.voter)} votes for:"
            if self.voter_hands == 2:  # a ripple's two-hand voter: which of the two it is
                prompt = f"{self._who(self.voter)} ({self.voter_cast} of 2 in) votes for:"
            canvas.text(prompt, 34, CURRENT_TINT, topleft=(16, TARGET_TOP - 30), max_width=768)
            ghost(canvas, self._row(TARGET_TOP)[self.voter - 1], "", 36)
        canvas.text(self._waiting(), 30, DIM, topleft=(16, 424), max_width=512)


RING_CENTRE = (590, 240)
RING_RADIUS = 170


def ring_seats(players: int) -> list[tuple[tuple[int, int], int]]:
    """(centre, radius) of each seat's chip on the ring: seat 1 at the top, then clockwise."""
    (cx, cy), ring = RING_CENTRE, RING_RADIUS
    radius = min(40, int(ring * math.sin(math.pi / players)) - 4) if players > 1 else 40
    out = []
    for i in range(players):
        angle = -math.pi / 2 + 2 * math.pi * i / players
        out.append(
            ((round(cx + ring * math.cos(angle)), round(cy + ring * math.sin(angle))), radius)
        )
    return out


def draw_ring(
    canvas: Canvas,
    players: int,
    lit: set[int],
    called: int | None,
    names: Mapping[int, str] | None = None,
) -> None:
    """The seat ring on the right half, ``lit`` seats green and ``called`` haloed in blue; a
    named seat's name inside the ring, by its chip."""
    pygame.draw.circle(canvas.surface, PANEL, RING_CENTRE, RING_RADIUS, width=6)  # the table
    (cx, cy), names = RING_CENTRE, names or {}
    for seat, (pos, radius) in enumerate(ring_seats(players), start=1):
        if seat == called:
            pygame.draw.circle(canvas.surface, CURRENT_TINT, pos, radius + 9, width=6)
        canvas.chip(pos, radius, str(seat), seat in lit)
        if seat in names:
            # Toward the centre, past the chip (and its halo): the outside is the screen's edge.
            inward = (RING_RADIUS - radius - 30) / RING_RADIUS
            spot = (round(cx + (pos[0] - cx) * inward), round(cy + (pos[1] - cy) * inward))
            room = max(60, 2 * radius + 8)
            canvas.text(names[seat], MIN_SIZE, TEXT, center=spot, max_width=room)


# -- the tally ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TallyScreen(Screen):
    """The votes out in the open: one bar per seat (the device as seat 0), the dead in amber."""

    players: int
    tally: tuple[tuple[int, int], ...]
    """(seat, votes) for every seat 1..players, plus the device when the view lists it."""
    deaths: tuple[int, ...]
    message: str
    pointed: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(voter, targets) of every seat that voted: drawn beside the bars."""

    @classmethod
    def from_view(cls, view: TallyView) -> TallyScreen:
        """The tally for ``view``: every seat 1..players gets a bar, with 0 votes if unlisted."""
        votes: dict[int, int] = {seat: 0 for seat in range(1, view.players + 1)}
        votes.update(view.tally)
        deaths = tuple(sorted(view.deaths))
        pointed = tuple(sorted(view.pointed))
        return cls(view.players, tuple(sorted(votes.items())), deaths, view.message, pointed)

    def controls(self) -> list[Control]:
        return [Control("Reveal cards", Tap.REVEAL, REVEAL_RECT, True)]

    @property
    def chart(self) -> pygame.Rect:
        """Where the bars stand: narrower when who voted for whom stands beside them."""
        return NARROW_CHART if self.pointed else CHART

    def bar_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, rect) of every bar; a seat without votes gets a zero-height bar."""
        top = max([votes for _, votes in self.tally] + [1])
        chart = self.chart
        slot = chart.width // len(self.tally)
        width = min(64, slot * 3 // 5)
        out = []
        for i, (seat, votes) in enumerate(self.tally):
            height = chart.height * votes // top
            x = chart.left + i * slot + (slot - width) // 2
            out.append((seat, pygame.Rect(x, chart.bottom - height, width, height)))
        return out

    def pointing_rows(self) -> list[tuple[str, pygame.Rect]]:
        """(text, rect) of each voter's row, "3 » 1" ("3 » 1, Ship" for two hands), seat
        order down the first column, then the second past six voters."""
        if not self.pointed:
            return []
        cols = 1 if len(self.pointed) <= 6 else 2
        per_col = math.ceil(len(self.pointed) / cols)
        top = POINTED.top + 40  # under the heading
        height = min(48, (POINTED.bottom - top) // per_col)
        width = POINTED.width // cols
        out = []
        for i, (voter, targets) in enumerate(self.pointed):
            col, row = divmod(i, per_col)
            named = ", ".join("Ship" if seat == DEVICE_SEAT else str(seat) for seat in targets)
            rect = pygame.Rect(POINTED.left + col * width, top + row * height, width, height)
            out.append((f"{voter} {POINTS} {named}", rect))
        return out

    def _draw_pointed(self, canvas: Canvas) -> None:
        """Who voted for whom, as the table pointed (the Hunter's and Mortician's rules)."""
        pygame.draw.rect(canvas.surface, PANEL, POINTED, width=2, border_radius=12)
        heading = (POINTED.centerx, POINTED.top + 20)
        canvas.text("Who voted for whom", 30, TEXT, center=heading, max_width=POINTED.width - 16)
        for text, rect in self.pointing_rows():
            spot = (rect.left + 16, rect.top + (rect.height - 30) // 2)
            canvas.text(text, 38, TEXT, topleft=spot, max_width=rect.width - 24)

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        canvas.paragraph([self.message], 40, TEXT, pygame.Rect(16, 4, 768, 60), centred=True)
        if self.pointed:
            self._draw_pointed(canvas)
        chart = self.chart
        top = max([votes for _, votes in self.tally] + [1])
        step = max(1, math.ceil(top / 5))
        for value in range(0, top + 1, step):  # grid lines with the vote counts on the axis
            y = chart.bottom - chart.height * value // top
            pygame.draw.line(canvas.surface, PANEL, (chart.left, y), (chart.right, y), 2)
            canvas.text(str(value), MIN_SIZE, DIM, center=(chart.left - 24, y))
        dead = set(self.deaths)
        slot = chart.width // len(self.tally)
        for seat, rect in self.bar_rects():
            colour = DEAD_BAR if seat in dead else BAR
            if rect.height:
                pygame.draw.rect(canvas.surface, colour, rect)
            votes = dict(self.tally)[seat]
            canvas.text(
                str(votes), 38, colour if votes else DIM, center=(rect.centerx, rect.top - 16)
            )
            name, room, x = ("Ship" if seat == DEVICE_SEAT else str(seat)), slot, rect.centerx
            if seat == DEVICE_SEAT and text_size(name, 34)[0] > slot:
                # The first bar's label may reach left under the axis (a narrow chart: 13 bars).
                spare = chart.left - 24
                room, x = slot + spare, rect.centerx - spare // 2
            canvas.text(name, 34, TEXT, center=(x, chart.bottom + 22), max_width=room)
            if seat in dead:
                canvas.text("died", 30, DEAD_BAR, center=(rect.centerx, chart.bottom + 50))
        names = ["the Mothership" if s == DEVICE_SEAT else f"seat {s}" for s in self.deaths]
        # Before the reveal nobody knows who dies (protection, Hunters): say nothing then.
        if names:
            line = f"Died: {seats_text(tuple(names))}"
            canvas.text(line, 36, DEAD_BAR, topleft=(24, 418), max_width=480)
