"""A game a table size screen starts waits for the lines it can say at that table, as a night
waits for its own: the screen says how far (with Start now and Home), and a round started
after that says none of its lines in the fallback voice (issue 33)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from handbuilt import hand_daemon
from layoutcheck import layout_check
from rendering import held_voice, wait_rendered
from touchplay import Table, enter_round

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.line_prep import game_lines
from device.runtime.parts import catalogues
from device.runtime.sessions import home_session
from device.store.database import Store
from device.ui.actions import DeviceTap
from games.catalog import home_buttons
from games.effects import Say
from games.events import Control, ControlPressed, SeatPressed
from games.spec import HomeButton
from games.views import ScreenName, TableView
from hardware.mock import virtual_ticks
from narration.backends import EspeakBackend
from narration.catalogue import Catalogue
from narration.fake import SlowBackend
from narration.narrator import Narrator
from narration.renderer import Urgency


@pytest.fixture
def held() -> Iterator[SlowBackend]:
    """The neural voice, held until the test lets it go: a cold cache that is rendering."""
    with held_voice() as backend:
        yield backend


@pytest.fixture
def device(tmp_path: Path, held: SlowBackend) -> Iterator[Table]:
    """The daemon in the device's voice mode: lines render behind the loop, and one not there
    at its turn is said at once by the fallback voice (espeak-ng), as a late line is."""
    clock = VirtualClock()
    narrator = Narrator(Catalogue.load(*catalogues()), held, tmp_path / "voice")
    narrator.render_behind(fallback=EspeakBackend(), late_after=0.0, clock=clock.now)
    config = load_config(system_path=None)
    store = Store(tmp_path / "m.db")
    daemon = hand_daemon(config, store, waits_on_clock=True, narrator=narrator, clock=clock)
    daemon.home()
    try:
        with virtual_ticks(clock.now):
            yield Table(daemon)
    finally:
        held.let_go()
        narrator.close()
        daemon.ui.close()


def _narrator(daemon: Daemon) -> Narrator:
    narrator = daemon.runtime.executor.out.narrator
    assert isinstance(narrator, Narrator) and narrator.queue is not None
    return narrator


def _button(t: Table, pressed: SeatPressed | ControlPressed) -> None:
    """A seat or control button, as the buttons' thread hands it to the loop."""
    t.daemon.inbox.put(pressed)
    t.do("wait", 1)


def _play_a_round(t: Table) -> None:
    """Replicas' first round: Go, a buzz, the call confirmed, the scores entered."""
    _button(t, ControlPressed(Control.GO, t.daemon.clock.now()))
    t.until("round").do("wait", 20)
    _button(t, SeatPressed(1, t.daemon.clock.now()))
    _button(t, ControlPressed(Control.YES, t.daemon.clock.now()))
    enter_round(t)
    t.until("ready").do("wait", 5)


@pytest.mark.slow(3)
def test_a_round_waits_for_its_lines_and_then_says_none_in_the_fallback_voice(
    device: Table, held: SlowBackend
) -> None:
    t = device
    t.tap("Replicas", "Start")
    assert t.phase is None  # no game yet: its lines render first
    view = t.daemon.shown.view
    assert isinstance(view, TableView) and view.preparing
    assert t.daemon.shown.layer.progress == 0.0
    assert t.labels == ["Home", "Start now"]
    held.let_go()
    narrator = _narrator(t.daemon)
    assert narrator.renderer is not None and wait_rendered(narrator.renderer, Urgency.SOON)
    t.daemon.step()
    assert t.phase == "ready"  # the game began by itself once they were all there
    _play_a_round(t)
    said = t.daemon.runtime.executor.voice.said
    assert said >= 8  # the welcome, the map, Go, the buzz, the call, the scores...
    assert narrator.queue is not None and narrator.queue.said_late == []
    assert t.daemon.runtime.executor.voice.end(narrator) == []  # the game's fallback tally


def test_start_now_begins_at_once_and_the_lines_not_there_fall_back(
    device: Table, held: SlowBackend
) -> None:
    t = device
    t.tap("Replicas", "Start")
    controls = {c.label: c.action for c in t.daemon.ui.screen_controls()}
    assert controls.get("Start now") is DeviceTap.START_NOW
    t.tap("Start now")
    assert t.phase == "ready"
    t.do("wait", 1)
    narrator = _narrator(t.daemon)
    assert narrator.queue is not None and narrator.queue.said_late  # what waiting avoids
    assert t.daemon.runtime.executor.voice.end(narrator)  # counted in the game's tally
    held.let_go()


@pytest.mark.slow(3)
def test_home_while_it_waits_starts_nothing(device: Table, held: SlowBackend) -> None:
    t = device
    t.tap("Replicas", "Start", "Home")
    assert t.screen is ScreenName.HOME
    assert t.daemon.runtime.executor.lines.ready() is None  # nothing waits for them now
    held.let_go()
    narrator = _narrator(t.daemon)
    assert narrator.renderer is not None and wait_rendered(narrator.renderer, Urgency.SOON)
    t.daemon.step()
    assert t.phase is None and t.screen is ScreenName.HOME


@pytest.mark.slow(5)
def test_a_game_begun_elsewhere_meanwhile_is_not_replaced(device: Table, held: SlowBackend) -> None:
    t = device
    t.tap("Replicas", "Start")
    daemon = t.daemon
    onenight = {"game": "onenight", "preset": "alien_first_game"}
    daemon.runtime.begin(home_session(onenight, daemon.config, tuple))  # the go button's way
    held.let_go()
    narrator = _narrator(daemon)
    assert narrator.renderer is not None and wait_rendered(narrator.renderer, Urgency.SOON)
    t.tap("Start night")  # its night's lines, waited for in the same way
    assert wait_rendered(narrator.renderer, Urgency.SOON)
    daemon.step()
    assert daemon.runtime.session is not None and daemon.runtime.session.game == "onenight"
    assert daemon.runtime.phase != "setup"  # the night's lines went to the night


@pytest.mark.slow(3)
def test_a_warm_cache_starts_the_game_at_once(device: Table, held: SlowBackend) -> None:
    t = device
    t.tap("Replicas", "Start", "Home")
    held.let_go()
    narrator = _narrator(t.daemon)
    assert narrator.renderer is not None and wait_rendered(narrator.renderer, Urgency.SOON)
    t.tap("Replicas", "Start")
    assert t.phase == "ready"


def test_the_wait_is_legible(device: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    with layout_check(monkeypatch) as check:
        device.tap("Replicas", "Start")
        device.daemon.ui.redraw(device.daemon.clock.now())
    assert "table" in check.screens
    assert not check.report(), check.report()


TABLES = [
    (button, players)
    for button in home_buttons()
    if button.players is not None
    for players in sorted({*button.players, int(str(button.setup["players"]))})
]
"""Each table size screen's game at its fewest, its usual and its most players."""


@pytest.mark.parametrize(("button", "players"), TABLES)
def test_what_a_game_says_as_it_starts_is_among_the_lines_it_waits_for(
    button: HomeButton, players: int
) -> None:
    catalogue = Catalogue.load(*catalogues())
    setup = {**button.setup, "players": players}
    session = home_session(setup, load_config(system_path=None), tuple)
    _, effects = session.start(0.0)
    says = [e for e in effects if isinstance(e, Say)]
    assert says, f"{button.label} says nothing as it starts"
    waited = set(game_lines(catalogue, session.game, players).texts)
    missing = [catalogue.text(say.line, say.param_map()) for say in says]
    assert [text for text in missing if text not in waited] == []


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("alieninjas", "Did Alex replicate the map correctly?"),
        ("alieninjas", "Confirmed. Alex ends the round."),
        ("alienation", "Round 2 of 3. Alex is the start player."),
    ],
)
def test_a_seated_players_name_is_waited_for_in_the_games_lines(game: str, said: str) -> None:
    catalogue = Catalogue.load(*catalogues())
    assert said in game_lines(catalogue, game, 4, ("Alex", "Sam")).texts
    assert said not in game_lines(catalogue, game, 4).texts  # no one seated by name
