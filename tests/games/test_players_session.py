"""The Players session: typing a name, OK, duplicates, picking a name for a seat, done."""

from __future__ import annotations

from typing import Any

import pytest

from games.effects import AddPlayer, Effect, Finished, LinkSeat, Record, Say, Show
from games.errors import EventNotAcceptedError
from games.events import KeyTap, PickTap, SeatPressed, Tap, Tick, Touched
from games.scorelog.players import MAX_NAME, PlayersSession, PlayersState, plain_name
from games.views import KeyboardView, PlayersView, SeatName
from narration.catalogue import Catalogue


def play(
    session: PlayersSession, state: PlayersState, *events: Any
) -> tuple[PlayersState, list[Effect]]:
    effects: list[Effect] = []
    for event in events:
        state, more = session.handle(state, event, 0.0)
        effects += more
    return state, effects


def typing(text: str) -> list[Touched]:
    return [Touched(KeyTap("space" if c == " " else c)) for c in text]


def says(effects: list[Effect]) -> list[str]:
    return [e.line for e in effects if isinstance(e, Say)]


def records(effects: list[Effect]) -> list[Record]:
    return [e for e in effects if isinstance(e, Record)]


def last_show(effects: list[Effect]) -> Show:
    return [e for e in effects if isinstance(e, Show)][-1]


def test_the_list_shows_the_profiles_in_the_order_given() -> None:
    session = PlayersSession(("Cleo", "Ada"), 4)
    state, effects = session.start(0.0)
    assert session.phase(state) == "players"
    show = last_show(effects)
    assert show.screen == "players"
    assert isinstance(show.view, PlayersView) and show.view.names == ("Cleo", "Ada")


def test_typing_a_name_and_ok_adds_it_first_and_picks_it() -> None:
    session = PlayersSession(("Cleo",), 4)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(Tap.NEW))
    assert session.phase(state) == "name"
    assert last_show(effects).screen == "keyboard"
    state, effects = play(session, state, *typing("ADX"), Touched(Tap.DEL), *typing("A  LO"))
    typed = KeyboardView("New player", "Ada  Lo", MAX_NAME, "", capitals=False)
    assert last_show(effects).view == typed  # each word's first letter a capital, as shown
    state, effects = play(session, state, Touched(Tap.OK))
    assert records(effects) == [AddPlayer(name="Ada Lo")]
    assert (records(effects)[0].kind, records(effects)[0].data) == (
        "players.add",
        {"name": "Ada Lo"},
    )
    assert session.phase(state) == "players"
    shown = last_show(effects).view
    assert isinstance(shown, PlayersView) and shown.names == ("Ada Lo", "Cleo")
    assert state.picked == "Ada Lo"
    assert "players.added" in says(effects)


def test_a_name_stops_at_the_longest_length() -> None:
    session = PlayersSession((), 2)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(Tap.NEW), *typing("A" * (MAX_NAME + 2)))
    assert len(state.typed) == MAX_NAME
    assert says(effects).count("players.too_long") == 2


def test_a_duplicate_name_is_refused_out_loud() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(Tap.NEW), *typing("ADA"), Touched(Tap.OK))
    assert records(effects) == []
    assert "players.duplicate" in says(effects)
    assert session.phase(state) == "name"
    assert state.profiles == ("Ada",)


def test_ok_with_nothing_typed_adds_nobody() -> None:
    session = PlayersSession((), 4)
    state, _ = session.start(0.0)
    state, effects = play(
        session, state, Touched(Tap.NEW), Touched(KeyTap("space")), Touched(Tap.OK)
    )
    assert records(effects) == []
    assert says(effects) == ["players.no_name"]


def test_back_leaves_the_keyboard_without_adding() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(Tap.NEW), *typing("BEN"), Touched(Tap.BACK))
    assert session.phase(state) == "players"
    assert state.profiles == ("Ada",) and records(effects) == []


def test_pick_then_a_seat_button_links_the_seat() -> None:
    session = PlayersSession(("Ada", "Ben"), 4)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(PickTap("Ben")), SeatPressed(3, 0.0))
    assert records(effects) == [LinkSeat(seat=3, name="Ben")]
    assert records(effects)[0].data == {"seat": 3, "name": "Ben"}  # the store reads it so
    assert "players.linked" in says(effects)
    assert state.picked == ""
    shown = last_show(effects).view
    assert isinstance(shown, PlayersView) and shown.seats == (SeatName(3, "Ben"),)
    # Moving Ben to seat 1 drops his old seat from the list.
    state, _ = play(session, state, Touched(PickTap("Ben")), SeatPressed(1, 0.0))
    assert state.links == ((1, "Ben"),)


def test_a_seat_button_with_nobody_picked_asks_for_a_name() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    state, effects = play(session, state, SeatPressed(2, 0.0))
    assert records(effects) == [] and says(effects) == ["players.pick_first"]


def test_unknown_names_and_seats_are_refused() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    with pytest.raises(EventNotAcceptedError):
        session.handle(state, Touched(PickTap("Zed")), 0.0)
    state, _ = play(session, state, Touched(PickTap("Ada")))
    with pytest.raises(EventNotAcceptedError):
        session.handle(state, SeatPressed(5, 0.0), 0.0)


def test_done_finishes() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    _, effects = play(session, state, Tick(1.0), Touched(Tap.DONE))
    assert effects == [Finished()]


def test_the_state_round_trips_through_json_and_resumes() -> None:
    session = PlayersSession(("Ada",), 4)
    state, _ = session.start(0.0)
    state, _ = play(session, state, Touched(PickTap("Ada")), SeatPressed(2, 0.0), Touched(Tap.NEW))
    state, _ = play(session, state, *typing("BO"))
    again = session.from_json(session.to_json(state))
    assert again == state
    _, effects = session.resume(again, 0.0, 5.0)
    assert last_show(effects).screen == "keyboard"


def test_a_name_loses_extra_spaces_and_keeps_its_case() -> None:
    assert plain_name("  McKay   de Vries ") == "McKay de Vries"


def test_every_line_the_session_says_is_in_the_catalogue() -> None:
    catalogue = Catalogue.load("players")
    session = PlayersSession(("Ada",), 4)
    state, effects = session.start(0.0)
    events = [
        SeatPressed(1, 0.0),
        Touched(PickTap("Ada")),
        SeatPressed(1, 0.0),
        Touched(Tap.NEW),
        Touched(Tap.OK),
        *typing("ADA"),
        Touched(Tap.OK),
        Touched(Tap.DEL),
        *typing("BEN" + "N" * MAX_NAME),
        Touched(Tap.OK),
    ]
    _, more = play(session, state, *events)
    said = [e for e in effects + more if isinstance(e, Say)]
    for say in said:
        catalogue.text(say.line, say.param_map())
    assert {say.line for say in said} == set(catalogue.ids())


@pytest.mark.parametrize(
    ("keys", "name"),
    [
        (("M", "c", "shift", "k", "a", "y"), "McKay"),  # Shift inside a word: a capital
        (("shift", "d", "e", "space", "V", "r", "i", "e", "s"), "de Vries"),  # Shift: lower
        (("shift", "shift", "A", "D", "A"), "Ada"),  # Shift twice: back as it was
    ],
)
def test_shift_types_the_other_case_and_what_is_shown_is_what_is_typed(
    keys: tuple[str, ...], name: str
) -> None:
    session = PlayersSession((), 2)
    state, _ = session.start(0.0)
    state, _ = play(session, state, Touched(Tap.NEW))
    state, _ = play(session, state, *(Touched(KeyTap(key)) for key in keys))
    assert state.typed == name
    state, effects = play(session, state, Touched(Tap.OK))
    assert records(effects) == [AddPlayer(name=name)]


def test_the_keyboard_view_says_which_case_the_keys_show() -> None:
    session = PlayersSession((), 2)
    state, _ = session.start(0.0)
    state, effects = play(session, state, Touched(Tap.NEW))
    view = last_show(effects).view
    assert isinstance(view, KeyboardView) and view.capitals and not view.shift
    state, effects = play(session, state, Touched(KeyTap("M")))
    view = last_show(effects).view
    assert isinstance(view, KeyboardView) and not view.capitals
    state, effects = play(session, state, Touched(KeyTap("shift")))
    view = last_show(effects).view
    assert isinstance(view, KeyboardView) and view.capitals and view.shift
