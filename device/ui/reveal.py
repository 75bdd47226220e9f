"""The One Night reveal screen: enter each seat's face-up card (and Mark, and what they became).

Layout at 800x480, top to bottom: the seat being entered and how many are done; the seat row
(blue: being entered, green: revealed); the chips of the cards in play; the chips of the Marks
(when Marks are in play); the Alien / Alien helper / Neither chips (only when an app directive
could have made someone one), the Snatched chip (whenever a Body Snatcher is in play, whatever
was drawn) and Confirm, which appears once a card is chosen.

Once a Doppelganger or Copycat card is chosen, the cards' place holds that card (tap it to
choose again) and the roles it can have copied, plus "Copied nothing"; Confirm waits for one.

With a Curator in play the Artifacts of the game follow the Marks, with "No Artifact" first
(Daybreak: the Artifact on the card overrides it); with a Paranormal Investigator the became
row also offers "Saw a werewolf" and "Saw the Tanner", and for a Nostradamus card (or a
Doppelganger card that copied him) the teams he can have foreseen. With a Sentinel in play a
Shielded chip sits beside the Snatched one. With a Doppelganger in play the Marks include her
own set ("Doppel Love"...), for the Marks the roles in play can place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from device.ui.canvas import ACCENT, ALIEN, AMBER, CHIP_ON, DIM, MIN_SIZE, TEXT, Canvas
from device.ui.model import Colour, Control
from device.ui.reveal_grid import CHIP_GAP, GUTTER, chip_font, chip_grids
from device.ui.screens import Screen
from device.ui.seats import CURRENT_TINT, VOTED_TINT, ghost, seat_chips, seat_row
from games.events import ChipKind, ChipTap, SeatRole, Tap
from games.onenight.views import COPIED_NOTHING, RevealChoice, RevealView

MARK_TINT: Colour = (255, 140, 170)
BECAME_TINT: Colour = AMBER
BECAME: tuple[tuple[str, str, str], ...] = (
    ("alien", "Became alien", "Alien"),
    ("alien_helper", "Became alien helper", "Alien helper"),
    ("none", "Became neither", "Neither"),
)
SIGHTS: tuple[tuple[str, str, str], ...] = (
    ("werewolf", "Saw a werewolf", "Werewolf"),
    ("tanner", "Saw the Tanner", "Tanner"),
)
"""The Paranormal Investigator's conversions, in the became row when he is in play."""
ARTIFACT_TINT: Colour = (200, 170, 255)
"""(value, label, caption) of the became chips; the labels differ from the card names."""
SNATCH_TINT: Colour = ALIEN
SNATCH_LABEL = "Snatched card"
"""The Snatched chip's label: a toggle, lit when the card is one the Body Snatcher took or
left (reference 2.9)."""
SHIELD_TINT: Colour = (150, 200, 255)
SHIELD_LABEL = "Shielded card"
"""The Shielded chip's label: a toggle, lit when the Sentinel's shield is on the card (1.4)."""

SEAT_AREA = pygame.Rect(GUTTER, 52, 784 - GUTTER, 52)
CONFIRM_RECT = pygame.Rect(576, 404, 208, 68)
BECAME_AREA = pygame.Rect(GUTTER, 404, CONFIRM_RECT.left - 16 - GUTTER, 68)
SNATCH_WIDTH = 124
"""The Snatched and Shielded chips' width at the right of the became row (the became chips
share the rest)."""


@dataclass(frozen=True)
class Choice:
    """One chip's value and the name it shows."""

    value: str
    name: str


@dataclass(frozen=True)
class RevealScreen(Screen):
    """After the tally: pick a seat, tap its card (and Mark, and became), Confirm."""

    players: int
    seat: int
    revealed: tuple[int, ...]
    cards: tuple[Choice, ...]
    marks: tuple[Choice, ...]
    card: str | None
    mark: str | None
    became: str | None
    alien_choices: bool
    snatched: bool = False
    snatch_choices: bool = False
    copies: tuple[Choice, ...] = ()
    """The roles the chosen Doppelganger or Copycat card can have copied (empty otherwise)."""
    artifacts: tuple[Choice, ...] = ()
    """The game's Artifacts (empty without a Curator)."""
    artifact: str | None = None
    sight_choices: bool = False
    """Offer the Paranormal Investigator's "Saw a werewolf" and "Saw the Tanner"."""
    teams: tuple[str, ...] = ()
    """The teams a Nostradamus card can have foreseen ("werewolf_team"...), else empty."""
    foresaw: str | None = None
    shielded: bool = False
    shield_choices: bool = False
    names: tuple[tuple[int, str], ...] = ()
    """(seat, name) for the seats the Players screen named."""

    @classmethod
    def from_view(cls, view: RevealView) -> RevealScreen:
        """The reveal screen for ``view`` (checked when the game built it)."""
        return cls(
            view.players,
            view.seat,
            view.revealed,
            _choices(view.cards),
            _choices(view.marks),
            view.card,
            view.mark,
            view.became,
            view.alien_choices,
            view.snatched,
            view.snatch_choices,
            _choices(view.copy_choices),
            _choices(view.artifacts),
            view.artifact,
            view.sight_choices,
            view.team_choices,
            view.foresaw,
            view.shielded,
            view.shield_choices,
            tuple((name.seat, name.name) for name in view.seat_names),
        )

    def controls(self) -> list[Control]:
        tints = {seat: VOTED_TINT for seat in self.revealed} | {self.seat: CURRENT_TINT}
        rects = seat_row(self.players, SEAT_AREA, gap=4, widest=72)
        out = seat_chips("Seat", SeatRole.SEAT, rects, tints, size=34, names=dict(self.names))
        card_rects, lower_rects = self._grids()
        mark_rects, artifact_rects = lower_rects[: len(self.marks)], lower_rects[len(self.marks) :]
        for chip, rect in zip(self._card_chips(), card_rects, strict=True):
            out.append(dataclasses.replace(chip, rect=rect, size=chip_font(rect, 28)))
        for chip, rect in zip(self._artifact_chips(), artifact_rects, strict=True):
            out.append(dataclasses.replace(chip, rect=rect, size=chip_font(rect, 24)))
        # Narrow chips beside the Artifacts, or eight to a row with the Doppelganger's set.
        narrow = bool(self.artifacts) or any(c.value.startswith("doppel_") for c in self.marks)
        for choice, rect in zip(self.marks, mark_rects, strict=True):
            out.append(
                Control(
                    choice.name,
                    ChipTap(ChipKind.MARK, choice.value),
                    rect,
                    style="chip",
                    lit=choice.value == self.mark,
                    # "Mark of the Bat" shows "Bat" on a narrow chip.
                    caption=_mark_caption(choice.name, short=narrow),
                    tint=MARK_TINT,
                    size=chip_font(rect, 26),
                )
            )
        toggles = self._toggles()
        for (kind, on, label, caption, tint), rect in zip(
            toggles, self._toggle_rects(), strict=True
        ):
            out.append(
                Control(
                    label,
                    ChipTap(kind, "no" if on else "yes"),
                    rect,
                    style="chip",
                    lit=on,
                    caption=caption,
                    tint=tint,
                    size=28,
                )
            )
        if self._became_row():
            # Neither means no conversion and no team: lit too while a copied role is chosen.
            row = self._became_row()
            values = {value for value, _, _ in row} - {"none"}
            became = self.became if self.became in values else "none"
            became = self.foresaw if self.foresaw in values else became
            area = self._became_area()
            rects = seat_row(len(row), area, gap=CHIP_GAP * 2, widest=area.width)
            for (value, label, caption), rect in zip(row, rects, strict=True):
                kind = ChipKind.FORESAW if value in self.teams else ChipKind.BECAME
                out.append(
                    Control(
                        label,
                        ChipTap(kind, value),
                        rect,
                        style="chip",
                        lit=value == became,
                        caption=caption,
                        tint=BECAME_TINT,
                        size=28,
                    )
                )
        if self._ready:
            out.append(Control("Confirm", Tap.CONFIRM, CONFIRM_RECT, True, size=44))
        return out

    def _became_row(self) -> tuple[tuple[str, str, str], ...]:
        """The became chips: the aliens' tap, the PI's sight (not on a copier card), Neither."""
        row = BECAME[:2] if self.alien_choices else ()
        if self.sight_choices and not self.copies:
            row += SIGHTS
        for team in self.teams:  # a Nostradamus card: the team he foresaw, or the card
            if team.endswith("_team"):
                name = team.removesuffix("_team").capitalize()
                row += ((team, f"Foresaw {name.lower()} team", name),)
            else:  # a card with a win of its own he stopped on ("apprentice_tanner")
                name = team.replace("_", " ").title()
                row += ((team, f"Stopped on {name}", name),)
        return (*row, BECAME[2]) if row else ()

    def _artifact_chips(self) -> list[Control]:
        """ "No Artifact", then each Artifact of the game (their rects come from ``_grids``)."""
        if not self.artifacts:
            return []
        nowhere = pygame.Rect(0, 0, 0, 0)
        chips = [(c.name, ChipTap(ChipKind.ARTIFACT, c.value), c.value) for c in self.artifacts]
        return [
            Control(
                name,
                action,
                nowhere,
                style="chip",
                lit=value == self.artifact,
                # "Claw of the Werewolf" shows "Claw": the chips are narrow, seven to a row.
                caption="None" if value is None else name.split()[0],
                tint=ARTIFACT_TINT,
            )
            for name, action, value in [
                ("No Artifact", ChipTap(ChipKind.ARTIFACT, "none"), None),
                *chips,
            ]
        ]

    @property
    def _ready(self) -> bool:
        """A card is chosen, and for a copier card what it copied (or that it copied nothing)."""
        return self.card is not None and (not self.copies or self.became is not None)

    def _copy_name(self) -> str:
        """The chosen card and the role it copied: "Doppelganger as Seer"."""
        card = next(c.name for c in self.cards if c.value == self.card)
        return f"{card} as {next(c.name for c in self.copies if c.value == self.became)}"

    def _card_chips(self) -> list[Control]:
        """The chips in the cards' place (their rects come from ``_grids``): the cards in play;
        once a copier card is chosen, that card (a tap puts it back) and what it may have
        copied."""
        nowhere = pygame.Rect(0, 0, 0, 0)
        if not self.copies:
            return [
                Control(
                    c.name,
                    ChipTap(ChipKind.CARD, c.value),
                    nowhere,
                    style="chip",
                    lit=c.value == self.card,
                    tint=CHIP_ON,
                )
                for c in self.cards
            ]
        name = next(c.name for c in self.cards if c.value == self.card)
        chips = [
            Control(
                name, ChipTap(ChipKind.CARD, "none"), nowhere, style="chip", lit=True, tint=CHIP_ON
            )
        ]
        # Read along the row: "Doppelganger", then the roles (amber), then "No copy".
        copied = [(f"Copied {c.name}", c.value, c.name) for c in self.copies]
        for label, value, caption in (*copied, ("Copied nothing", COPIED_NOTHING, "No copy")):
            chips.append(
                Control(
                    label,
                    ChipTap(ChipKind.BECAME, value),
                    nowhere,
                    style="chip",
                    lit=value == self.became,
                    caption=caption,
                    tint=BECAME_TINT,
                )
            )
        return chips

    def _toggles(self) -> list[tuple[ChipKind, bool, str, str, Colour]]:
        """(kind, on, label, caption, tint) of the toggles shown, right to left."""
        found: list[tuple[ChipKind, bool, str, str, Colour]] = []
        if self.snatch_choices:
            found.append((ChipKind.SNATCHED, self.snatched, SNATCH_LABEL, "Snatched", SNATCH_TINT))
        if self.shield_choices:
            found.append((ChipKind.SHIELDED, self.shielded, SHIELD_LABEL, "Shielded", SHIELD_TINT))
        return found

    def _toggle_rects(self) -> list[pygame.Rect]:
        """The toggles' rects at the right of the became row, right to left."""
        step = SNATCH_WIDTH + CHIP_GAP * 2
        return [
            pygame.Rect(
                BECAME_AREA.right - SNATCH_WIDTH - i * step,
                BECAME_AREA.top,
                SNATCH_WIDTH,
                BECAME_AREA.height,
            )
            for i in range(len(self._toggles()))
        ]

    def _became_area(self) -> pygame.Rect:
        """The became chips' row: the whole bottom row, less the toggles shown."""
        width = BECAME_AREA.width - len(self._toggles()) * (SNATCH_WIDTH + CHIP_GAP * 2)
        return pygame.Rect(BECAME_AREA.left, BECAME_AREA.top, width, BECAME_AREA.height)

    def _grids(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The card chips' rects and, below them, the Marks' then the Artifacts' rects."""
        count = len(self.copies) + 2 if self.copies else len(self.cards)
        arts = len(self.artifacts) + 1 if self.artifacts else 0
        return chip_grids(count, [choice.value for choice in self.marks], arts)

    def draw(self, canvas: Canvas, now: float) -> None:
        canvas.space()
        # The seat being entered, by its linked name when it has one.
        title = dict(self.names).get(self.seat, f"Seat {self.seat}")
        canvas.text(title, 52, CURRENT_TINT, topleft=(16, 8), max_width=150)
        if self.card is None:
            prompt = "Tap the card they turned over"
        elif not self._ready:
            prompt = "Which role did that card become?"
        elif self.marks and self.mark is None:
            prompt = "Their Mark too, then Confirm"
        elif self.copies and self.became in {c.value for c in self.copies}:
            prompt = f"{self._copy_name()}? Confirm"
        else:
            prompt = "All set? Confirm"
        canvas.text(prompt, 34, TEXT, topleft=(170, 18), max_width=410)
        done = len(set(self.revealed))
        # "3 of 4" beside the Quit control, which takes the corner.
        canvas.text(f"{done} of {self.players} in", 30, DIM, center=(640, 28), max_width=130)
        card_rects, lower_rects = self._grids()
        canvas.text("Seat", 30, DIM, center=(GUTTER // 2, SEAT_AREA.centery))
        if card_rects:
            canvas.text("Card", 30, ACCENT, center=(GUTTER // 2, card_rects[0].centery))
        if self.marks:
            canvas.text("Mark", 30, MARK_TINT, center=(GUTTER // 2, lower_rects[0].centery))
        if self.artifacts:
            first = lower_rects[len(self.marks)]
            canvas.text("Artifact", MIN_SIZE, ARTIFACT_TINT, center=(GUTTER // 2, first.centery))
        if self._became_row():
            canvas.text("Became", 30, BECAME_TINT, center=(GUTTER // 2, BECAME_AREA.centery))
        if not self._ready:
            ghost(canvas, CONFIRM_RECT, "Confirm", 44)


def _short_mark(name: str) -> str:
    """A Mark's name without "Mark of (the)": "Mark of the Vampire" is "Vampire"."""
    return name.removeprefix("Mark of ").removeprefix("the ").capitalize()


def _mark_caption(name: str, short: bool) -> str:
    """What a Mark's chip shows: its name, or its short name where the chips are narrow; a
    Doppelganger Mark always as "Doppel Love" (the full name does not fit a chip)."""
    mine = name.removeprefix("Doppelganger ")
    if mine != name:
        return f"Doppel {_short_mark(mine)}"
    return _short_mark(name) if short else ""


def _choices(items: Iterable[RevealChoice]) -> tuple[Choice, ...]:
    """The choices in order, a repeated value (two copies of a card) offered once."""
    seen: dict[str, Choice] = {}
    for item in items:
        seen.setdefault(item.value, Choice(item.value, item.name))
    return tuple(seen.values())
