"""A sixth game needs its folder and one line in the catalog, and no edit of ``device/``.

"Stars" (``tests/stargame/``) is a small timer game with a dark phase, its own lines, score
fields, a sample and a logged play. Registered by its one line (``spec_of("stargame")`` in
``games.catalog.GAMES``; the suite adds it for the whole run, ``tests/suitegames.py``), it
passes the checks the real games pass, all by the device's own code: its sample plays to the
end, its dark phase stays secret on the screen and the phone page, its play reaches BG Stats
with its own facts, its lines are spoken and prepared, the keypad asks its fields, its home
button starts it and a checkpoint resumes it.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from handbuilt import at_home, hand_daemon
from layoutcheck import layout_check
from screenpixels import brightest
from stargame import HERE
from stargame.session import StarsPhase, StarsSetup
from stargame.views import CountView, StarsScreen
from suitegames import without
from test_layers import layer_violations

from device.clock import VirtualClock
from device.commands.demo import DemoError, demo_scenario
from device.config import Config
from device.runtime.parts import catalogues
from device.runtime.sessions import make_session, session_for_checkpoint, settings_from
from device.runtime.voicelines import every_text
from device.simulator.run import simulate
from device.simulator.scenario import ScenarioError, parse_scenario
from device.store.bgstats import push_play
from device.store.database import Store
from device.store.exports import write_export
from device.store.jsonbackup import parse_backup
from device.ui import TouchUI, UiError
from device.ui.actions import action_named
from device.ui.canvas import Canvas
from device.ui.keypad.entry import Keypad, fields_for, press
from device.web.snapshot import Table, table_of
from games import catalog
from games.errors import SetupError
from games.events import Control, ControlPressed, ScoreEntered, Tick
from narration.catalogue import Catalogue

SAMPLE = json.loads((HERE / "samples" / "stars.json").read_text())
COUNT = CountView(level=3, ends_at=130.0)


@pytest.fixture
def registered() -> None:
    """Its one line in the catalog, added for the whole run by the suite (``suitegames``)."""
    assert catalog.spec_of("stargame") in catalog.GAMES


def test_its_folder_is_all_it_has() -> None:
    files = sorted(str(p.relative_to(HERE)) for p in HERE.rglob("*") if "__pycache__" not in str(p))
    assert files == [
        "__init__.py",
        "config.py",
        "fields.py",
        "lines.toml",
        "samples",
        "samples/stars.json",
        "session.py",
        "views.py",
    ]


def test_its_modules_keep_to_the_games_layer() -> None:
    """Like a game in ``games/``: the standard library and ``games`` only (its screen is drawn
    by the device from the layout its view describes, so it needs no pygame)."""
    for path in sorted(HERE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        outside = layer_violations("games", source) - {"stargame"}
        assert outside == set(), f"{path.name} imports {outside}"


def test_without_its_line_the_device_knows_no_stars(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(catalog, "GAMES", without("stars"))
    with pytest.raises(UiError, match=r"^no screen shows a CountView"):
        TouchUI().show(COUNT)
    with pytest.raises(ScenarioError, match="setup: unknown key 'level'"):
        parse_scenario(json.dumps(SAMPLE))
    assert fields_for("stars") is None
    with pytest.raises(DemoError, match="unknown demo 'stars'"):
        demo_scenario("stars")
    assert str(HERE / "lines.toml") not in catalogues()


def test_its_sample_plays_to_the_end_and_its_play_reaches_bg_stats_with_its_facts(
    registered: None, config: Config, tmp_path: Path
) -> None:
    scenario = demo_scenario("stars")  # `mothership demo --game stars`
    assert scenario.events[3].value == {"seat": 1, "points": 4, "stars": 3, "bonus": True}
    store_path = tmp_path / "m.db"
    entries = simulate(scenario, config, store_path=store_path).transcript.entries
    assert [e["phase"] for e in entries if "phase" in e] == ["ready", "dark", "score", "final"]
    assert next(e["final"] for e in entries if "final" in e)["totals"] == {1: 15, 2: 5}
    said = [e["say"] for e in entries if "say" in e]
    assert said[1:] == [  # its own lines, as the table hears them
        "Everyone, close your eyes and count the stars.",
        "Open your eyes. Enter your scores.",
        "Player 1 wins.",
    ]
    (play,) = Store(store_path).plays()
    assert (play.game, [p.winner for p in play.players]) == ("Stars", [True, False])
    game = push_play(play)["game"]
    assert (game["sourceGameId"], game["bggId"], game["highestWins"]) == ("stars", 4242, True)
    backup = io.StringIO()
    write_export(store_path, "json", backup)
    assert parse_backup(backup.getvalue()).plays == (play,)  # its plays back up and restore


def test_its_own_screen_is_drawn_from_its_view_dark_and_legible(
    registered: None, config: Config, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    with layout_check(monkeypatch) as check:
        checked_text = Canvas.text

        def noted_text(self: Canvas, line: str, size: int, colour: Any, **where: Any) -> Any:
            drawn.append(line)
            return checked_text(self, line, size, colour, **where)

        monkeypatch.setattr(Canvas, "text", noted_text)
        simulate(demo_scenario("stars"), config)  # its sample, through its dark count
        assert "stars.count" in check.screens
        assert "Everyone, close your eyes and count the stars." in drawn  # the call, its slot
        ui = TouchUI()
        ui.open()
        try:
            ui.redraw(120.0)
            drawn.clear()
            ui.show(COUNT)  # the real touchscreen, as the daemon shows it
            assert ui.screen is StarsScreen.COUNT
            assert {"Stars", "0:10", "left to count", "3", "points a star"} <= set(drawn)
            assert "Eyes closed: count the stars." in drawn
            assert ui.next_redraw(120.0) == 121.0  # its countdown ticks
            drawn.clear()
            ui.refresh(121.0)
            assert "0:09" in drawn
            ui.save_png(tmp_path / "count.png")
        finally:
            ui.close()
    assert not check.problems, "\n" + check.report()
    assert brightest(tmp_path / "count.png") < 90  # dim all over: eyes are closed


def test_its_lines_are_the_devices_and_voice_prepare_says_them(registered: None) -> None:
    catalogue = Catalogue.load(*catalogues())
    assert "stars.close" in catalogue and "common.test" in catalogue
    texts = every_text(catalogue, ["stars.welcome", "stars.winner"], seats=4).texts
    assert "Stars, level 3. Press Go when everyone is ready." in texts  # its own placeholder
    assert "Player 4 wins." in texts and "Player 5 wins." not in texts  # the device's


def test_its_setup_is_checked_with_the_device_settings(registered: None, config: Config) -> None:
    seats = config.hardware.seats
    with pytest.raises(SetupError, match=f"{seats + 1} players: the device has {seats} seats"):
        make_session({"game": "stars", "players": seats + 1}, config)
    stars = settings_from(config, catalog.spec_of("stargame")).sections
    assert stars == {"stars": {"level": 1, "seconds": 10}}  # its own section, no other
    with pytest.raises(ScenarioError, match=r"score\.starz: unknown key; did you mean 'stars'"):
        parse_scenario(json.dumps({**SAMPLE, "events": [{"score": {"seat": 1, "starz": 1}}]}))


def test_the_keypad_asks_its_declared_fields(registered: None) -> None:
    fields = fields_for("stars")
    assert fields is not None and [f.name for f in fields] == ["points", "stars", "bonus"]
    pad: Keypad | None = Keypad(fields, 2)
    entries = []
    for action in ("digit:4", "ok", "digit:3", "ok", "pick:yes", "digit:0", "ok", "pick:no"):
        assert pad is not None
        if pad.seat == 1 and pad.index == 1:
            assert pad.view().prompt == "stars caught"
        pad, entry = press(pad, action_named(action))
        if entry is not None:
            entries.append(entry)
    assert pad is None  # seat 2 scored nothing: not asked for stars
    assert entries == [
        ScoreEntered(1, 4, (("bonus", True), ("stars", 3))),
        ScoreEntered(2, 0, (("bonus", False),)),
    ]


def test_it_starts_from_home_keeps_its_dark_phase_secret_and_resumes(
    registered: None, config: Config, tmp_path: Path
) -> None:
    clock = VirtualClock()
    with at_home(hand_daemon(config, Store(tmp_path / "m.db"), clock=clock)) as daemon:
        ui, runtime = daemon.ui, daemon.runtime
        assert ("Stars", "game:Stars") in ui.controls()
        ui.tap("Stars")
        daemon.step()
        ui.tap("Start")  # its players range: the device's how-many-players screen
        daemon.step()
        assert runtime.session is not None and runtime.session.game == "stars"
        assert getattr(runtime.session, "setup", None) == StarsSetup(players=2, level=3)
        daemon.inbox.put(ControlPressed(Control.GO, clock.now()))
        daemon.step()
        assert runtime.phase is StarsPhase.DARK
        executor = runtime.executor
        assert ui.screen is StarsScreen.COUNT  # its own screen, drawn dark
        assert [label for label, _ in ui.controls()] in ([], ["Quit"])  # nothing of the game
        ui.save_png(tmp_path / "count.png")
        assert brightest(tmp_path / "count.png") < 90
        shown = table_of(
            "stars", runtime.phase, executor.shown.screen, executor.shown.view, {1: "Ada"}
        )
        assert shown == Table(night=True)  # the phone page: "Night" and nothing else
        clock.advance_to(clock.now() + 10)
        daemon.inbox.put(Tick(clock.now()))
        daemon.step()
        assert runtime.phase is not None and runtime.phase.scoring
        for label in ("Enter scores", "2", "OK", "1", "OK", "No"):
            ui.tap(label)
            daemon.step()
        assert runtime.state.scores == ((1, 5),)  # 2 + 1 star x level 3
        state = runtime.session.to_json(runtime.state)
        resumed = session_for_checkpoint("stars", json.loads(json.dumps(state)))
        assert resumed.from_json(state) == runtime.state


@pytest.mark.parametrize("seat", [0, 3, -1])
def test_a_score_for_a_seat_outside_its_table_is_refused_with_the_seat(
    registered: None, seat: int
) -> None:
    # The session fuzz once entered seat 0, which broke the final scores later (a KeyError).
    from stargame.session import StarsState, check_entry

    from games.errors import EventNotAcceptedError

    state = StarsState(StarsSetup(seed=1, players=2, level=1, seconds=5), StarsPhase.SCORE)
    with pytest.raises(EventNotAcceptedError, match=f"seat {seat}: not a seat at this table"):
        check_entry(state, ScoreEntered(seat, 3))
    assert check_entry(state, ScoreEntered(2, 3)) == 3
