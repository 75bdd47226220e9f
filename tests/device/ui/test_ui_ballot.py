"""The vote screen (secret, called and grid modes); the tally's bar chart: ``test_ui_tally.py``."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest
from ballot_views import VOTE_FIELDS, tally, vote
from screenpixels import display, drawn_texts, saved_png

from device.runtime.uievents import ui_event
from device.ui import TouchUI, UiInput
from device.ui.actions import action_named
from device.ui.ballot import (
    TARGET_TOP,
    VoteScreen,
    ring_seats,
)
from device.ui.canvas import CHIP_ON
from device.ui.seats import CURRENT_TINT, VOTED_TINT
from games.events import SeatRole, SeatTap, Tap, Touched
from games.onenight.ballot import VoteMode
from games.onenight.views import VoteView
from games.views import DEVICE_SEAT, ScreenName, ViewError

CLOSE = ("Close vote", "close")


def _pixels(rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(display().subsurface(rect), "RGB")


# -- vote -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "view",
    [
        vote(),
        vote(mode="called", voter=2),
        vote(mode="called", voter=None, voted=list(range(1, 8)), missing=[]),
        vote(players=12, voted=[], missing=list(range(1, 13))),
        vote(mode="grid"),
        vote(mode="grid", voter=5),
        vote(mode="grid", players=12, voter=12, device_target=True),
    ],
    ids=["secret", "called", "called-done", "secret-12", "grid", "grid-voter", "grid-12-ship"],
)
def test_the_vote_screen_renders_a_real_png(ui: TouchUI, view: VoteView, tmp_path: Path) -> None:
    ui.show(view)
    saved_png(ui, tmp_path / "vote.png")


@pytest.mark.parametrize("mode", ["secret", "called"])
def test_secret_and_called_votes_offer_only_close(ui: TouchUI, mode: str) -> None:
    ui.show(vote(mode=mode, voter=3, device_target=True))
    assert ui.controls() == [CLOSE]
    ui.tap("Close vote")
    assert ui.poll() == [UiInput("touch", Tap.CLOSE)]


def test_the_secret_vote_halos_the_voter_who_pressed_and_shows_no_target_info(
    ui: TouchUI,
) -> None:
    ui.show(vote())
    ui.redraw(0.0)
    plain = _pixels(pygame.Rect(0, 0, 800, 480))
    ui.show(vote(voter=4))
    ui.redraw(0.0)
    identified = _pixels(pygame.Rect(0, 0, 800, 480))
    assert identified != plain  # the voter's own press shows
    (x, y), radius = ring_seats(7)[3]  # seat 4
    assert tuple(display().get_at((x, y - radius - 8))[:3]) == CURRENT_TINT
    ui.show(vote(voter=4, device_target=True))  # a target the device may be: not on show
    ui.redraw(0.0)
    assert _pixels(pygame.Rect(0, 0, 800, 480)) == identified


def test_the_ring_lights_the_seats_that_voted(ui: TouchUI) -> None:
    ui.show(vote())
    surface = display()
    # A point inside each chip above its number.
    lit = [
        tuple(surface.get_at((x, y - radius * 3 // 4)))[:3] == CHIP_ON
        for (x, y), radius in ring_seats(7)
    ]
    assert lit == [True, False, True, True, False, False, False]


def test_the_called_seat_is_haloed(ui: TouchUI) -> None:
    def halo_colour(view: VoteView) -> tuple[int, ...]:
        ui.show(view)
        (x, y), radius = ring_seats(7)[1]  # seat 2
        return tuple(display().get_at((x, y - radius - 8))[:3])

    assert halo_colour(vote(mode="called", voter=2)) == CURRENT_TINT
    assert halo_colour(vote(mode="called", voter=3)) != CURRENT_TINT


def test_grid_mode_without_a_voter_offers_the_voters_and_close(ui: TouchUI) -> None:
    ui.show(vote(mode="grid", players=4, voted=[2], missing=[1, 3, 4]))
    assert ui.controls() == [
        ("Voter 1", "voter:1"),
        ("Voter 2", "voter:2"),
        ("Voter 3", "voter:3"),
        ("Voter 4", "voter:4"),
        CLOSE,
    ]


def test_grid_mode_with_a_voter_offers_every_other_seat_and_the_mothership(ui: TouchUI) -> None:
    ui.show(vote(mode="grid", players=4, voter=2, device_target=True, voted=[], missing=[]))
    assert ui.controls() == [
        ("Voter 1", "voter:1"),
        ("Voter 2", "voter:2"),
        ("Voter 3", "voter:3"),
        ("Voter 4", "voter:4"),
        ("Target 1", "target:1"),
        ("Target 3", "target:3"),
        ("Target 4", "target:4"),
        ("Mothership", "target:0"),
        CLOSE,
    ]
    ui.show(vote(mode="grid", players=4, voter=2, voted=[], missing=[]))
    assert ("Mothership", "target:0") not in ui.controls()


@pytest.mark.parametrize(
    ("label", "action"),
    [("Voter 6", "voter:6"), ("Target 3", "target:3"), ("Mothership", "target:0"), CLOSE],
)
def test_grid_taps_give_their_actions(ui: TouchUI, label: str, action: str) -> None:
    ui.show(vote(mode="grid", voter=5, device_target=True))
    ui.tap(label)
    assert ui.poll() == [UiInput("touch", action_named(action))]


def test_a_grid_tap_reaches_the_session_as_a_typed_seat(ui: TouchUI) -> None:
    ui.show(vote(mode="grid", voter=5, device_target=True))
    ui.tap("Target 3")
    ui.tap("Mothership")
    events = [ui_event(item, 0.0) for item in ui.poll()]
    assert events == [
        Touched(SeatTap(SeatRole.TARGET, 3)),
        Touched(SeatTap(SeatRole.TARGET, DEVICE_SEAT)),
    ]


def test_the_picked_voter_is_blue_and_the_voted_green_in_grid_mode() -> None:
    screen = VoteScreen.from_view(vote(mode="grid", voter=5, voted=[1, 5]))
    chips = {c.label: c for c in screen.controls()}
    assert (chips["Voter 5"].lit, chips["Voter 5"].tint) == (True, CURRENT_TINT)
    assert (chips["Voter 1"].lit, chips["Voter 1"].tint) == (True, VOTED_TINT)
    assert not chips["Voter 2"].lit


def test_grid_mode_shows_no_vote_pairs(ui: TouchUI) -> None:
    """The target row never lights: it looks the same before and after a vote goes in."""
    screen = VoteScreen.from_view(vote(mode="grid", voter=5, device_target=True))
    assert not any(c.lit for c in screen.controls() if str(c.action).startswith("target:"))
    row = pygame.Rect(0, TARGET_TOP - 32, 800, 200)
    ui.show(vote(mode="grid", voter=2, voted=[], missing=list(range(1, 8))))
    before = _pixels(row)
    ui.show(vote(mode="grid", voter=2, voted=[1, 3, 4, 6], missing=[2, 5, 7]))
    assert _pixels(row) == before


@pytest.mark.parametrize("players", [3, 7, 12])
def test_grid_controls_are_unique_fingertip_sized_and_do_not_overlap(players: int) -> None:
    view = vote(mode="grid", players=players, voter=1, device_target=True, voted=[], missing=[])
    controls = VoteScreen.from_view(view).controls()
    assert len({c.label.casefold() for c in controls}) == len(controls)
    for control in controls:
        assert pygame.Rect(0, 0, 800, 480).contains(control.rect), control.label
        assert min(control.rect.size) >= 44, control.label
    for a, b in itertools.combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), (a.label, b.label)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"mode": None}, "VoteView.mode must be VoteMode, got None"),
        ({"mode": "grid"}, "VoteView.mode must be VoteMode, got 'grid'"),
        ({"voter": "3"}, "VoteView.voter must be int | None, got '3'"),
        ({"voter": 8}, "VoteView.voter has seat 8, but the game has seats 1 to 7"),
        ({"voted": (2, 9)}, "VoteView.voted has seat 9, but the game has seats 1 to 7"),
        ({"voted": [2, 5]}, "VoteView.voted must be tuple[int, ...], got [2, 5]"),
        ({"voted": (2, True)}, "VoteView.voted must be tuple[int, ...], got (2, True)"),
        ({"missing": (0,)}, "VoteView.missing has seat 0, but the game has seats 1 to 7"),
        ({"device_target": 1}, "VoteView.device_target must be bool, got 1"),
        ({"players": 13}, "VoteView.players must be from 1 to 12, got 13"),
        ({"message": b"Vote!"}, "VoteView.message must be str, got b'Vote!'"),
    ],
)
def test_a_vote_view_with_a_wrong_field_is_refused_when_built(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ViewError) as error:
        VoteView(**{**VOTE_FIELDS, **changes})  # type: ignore[arg-type]
    assert str(error.value) == message


@pytest.mark.parametrize("key", ["message", "players", "voted", "mode", "voter", "missing"])
def test_every_vote_field_is_required(key: str) -> None:
    fields = dict(VOTE_FIELDS)
    del fields[key]
    with pytest.raises(TypeError, match=f"missing 1 required .*'{key}'"):
        VoteView(**fields)  # type: ignore[arg-type]


def test_a_vote_view_takes_no_field_the_screen_does_not_know() -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'targets'"):
        VoteView(**VOTE_FIELDS, targets=(3,))  # type: ignore[arg-type, call-arg]  # on purpose


def test_a_view_goes_on_the_screen_it_names(ui: TouchUI) -> None:
    ui.show(vote())
    first = ui.screen
    ui.show(tally([0, 2, 1], [2]))
    assert (first, ui.screen) == (ScreenName.VOTE, ScreenName.TALLY)


@pytest.mark.parametrize("mode", [VoteMode.CALLED, VoteMode.GRID])
def test_a_refused_vote_is_drawn_in_a_refusals_colour_not_the_success_green(
    mode: VoteMode, monkeypatch: pytest.MonkeyPatch, ui: TouchUI
) -> None:
    from device.ui.canvas import ALIEN, AMBER, Canvas

    colours: dict[str, object] = {}
    text, paragraph = Canvas.text, Canvas.paragraph

    def text_colour(self: Canvas, line: str, size: int, colour: object, **where: object) -> object:
        colours[line] = colour
        return text(self, line, size, colour, **where)  # type: ignore[arg-type]

    def paragraph_colour(
        self: Canvas, lines: list[str], size: int, colour: object, *a: object, **k: object
    ) -> object:
        for line in lines:
            colours[line] = colour
        return paragraph(self, lines, size, colour, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", text_colour)
    monkeypatch.setattr(Canvas, "paragraph", paragraph_colour)
    fields = {**VOTE_FIELDS, "mode": mode, "voter": 2}
    canvas = Canvas(pygame.Surface((800, 480), 0, display()))
    for refused, colour in ((False, ALIEN), (True, AMBER)):
        message = "You cannot vote for yourself" if refused else "Vote!"
        view = VoteView(**{**fields, "message": message, "refused": refused})  # type: ignore[arg-type]
        VoteScreen.from_view(view).draw(canvas, 0.0)
        assert colours[message] == colour


def test_a_grid_two_hand_voter_is_told_which_of_the_two_votes_it_is(
    ui: TouchUI, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = drawn_texts(monkeypatch)
    ui.show(
        vote(
            mode="grid",
            players=4,
            voter=2,
            voter_cast=1,
            voter_hands=2,
            missing=[1, 2, 3, 4],
            voted=[],
        )
    )
    ui.redraw(0.0)
    assert "Seat 2 (1 of 2 in) votes for:" in drawn
