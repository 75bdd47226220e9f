"""Chaos: the real daemon, SIGKILLed at seeded moments in every phase of every game kind, loses
nothing (``bench/chaos.py --quick``, driven by ``tests/chaos_driver.py``); and the parts it
stands on: the test input folder, the checks themselves, and a resume that settles at once."""

from __future__ import annotations

import json
import re
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from benchrun import run_quick
from handbuilt import hand_daemon
from suitegames import PRODUCT

from device.clock import RealClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.inbox import Inbox
from device.simulator.testinput import ENV, InputFolder, input_folder_from_env
from device.store.database import Store
from games.events import Control, ControlPressed, SeatPressed, VoteCast

ROOT = Path(__file__).resolve().parents[3]
sys.path.append(str(ROOT / "tests"))

from chaos_daemon import Snapshot  # noqa: E402
from chaos_driver import Chaos, ChaosFailure  # noqa: E402
from chaos_games import INPUTS, KEPT, TIMED, games, inputs_differ, went_back  # noqa: E402


@pytest.mark.slow(34)
def test_the_daemon_survives_every_kill_in_every_game_kind() -> None:
    out = run_quick("chaos")
    survived = re.search(r"kills survived: (\d+) of (\d+)", out)
    assert survived is not None, out
    assert survived[1] == survived[2] and int(survived[2]) >= 30, out
    kinds = games(quick=True)
    for game in kinds:
        row = next(line for line in out.splitlines() if line.startswith(game.name))
        assert " yes " in row, row
    assert f"plays logged: {len(kinds)} (expected {len(kinds)})" in out


def test_the_chaos_run_plays_every_game_the_product_ships() -> None:
    # The chaos run starts `mothership` itself, which has the product's games only (not the
    # suite's Stars): its scripts are hand-written, and this fails when a game has none.
    kinds = games(quick=True)
    assert {game.game for game in kinds} == {spec.key for spec in PRODUCT}
    assert {game.game for game in kinds} == set(KEPT) == set(INPUTS) == set(TIMED)


# -- the test input folder -------------------------------------------------------------------


class FakeHardware:
    kind = "mock"

    def __init__(self, inbox: Inbox) -> None:
        self.inbox = inbox

    def press_seat(self, seat: int) -> None:
        self.inbox.put(SeatPressed(seat, time.monotonic()))

    def press_control(self, name: str) -> None:
        self.inbox.put(ControlPressed(Control(name), time.monotonic()))


class FakeUi:
    def __init__(self) -> None:
        self.taps: list[str] = []
        self.notice_text: str | None = None  # the banner a done input file reports

    def tap(self, label: str) -> None:
        self.taps.append(label)

    def wake(self) -> None:
        pass


def fake_daemon(inbox: Inbox, hardware: FakeHardware | None = None) -> Any:
    """What the input folder reaches of a daemon: its config, clock, hardware, screen, inbox."""
    return SimpleNamespace(
        config=load_config(system_path=None),
        clock=RealClock(),
        hardware=hardware or FakeHardware(inbox),
        ui=FakeUi(),
        inbox=inbox,
    )


def folder_with(tmp_path: Path, *events: Any) -> tuple[InputFolder, Inbox, Any]:
    inbox = Inbox()
    daemon = fake_daemon(inbox)
    folder = InputFolder(tmp_path, daemon.ui.wake)
    for number, event in enumerate(events, 1):
        text = event if isinstance(event, str) else json.dumps(event)
        (tmp_path / f"{number:03d}.json").write_text(text)
    return folder, inbox, daemon


def test_an_input_file_is_handed_in_then_acknowledged_after_the_pass_that_handles_it(
    tmp_path: Path,
) -> None:
    folder, inbox, daemon = folder_with(tmp_path, {"vote": {"voter": 1, "target": 3}}, {"press": 2})
    folder.after_pass(daemon)
    assert inbox.drain() == [VoteCast(1, 3)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001.json", "002.json"]
    folder.after_pass(daemon)  # the pass that handled the vote: acknowledged; the press handed in
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001.done", "002.json"]
    assert [type(e) for e in inbox.drain()] == [SeatPressed]
    folder.after_pass(daemon)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001.done", "002.done"]


@pytest.mark.parametrize(
    ("event", "error"),
    [
        ({"wait": 3}, "'wait' is for the test driver, not an input"),
        ({"prss": 3}, "event 1: unknown key 'prss'; did you mean 'press'?"),
        ("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
    ],
)
def test_an_input_file_that_cannot_be_carried_out_gets_an_error_file(
    tmp_path: Path, event: Any, error: str
) -> None:
    folder, inbox, daemon = folder_with(tmp_path, event)
    folder.after_pass(daemon)
    assert (tmp_path / "001.error").read_text() == error + "\n"
    assert not (tmp_path / "001.json").exists() and inbox.drain() == []


def test_the_input_folder_is_off_unless_named_and_never_on_the_pi(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox = Inbox()
    mock: Any = FakeHardware(inbox)
    pi: Any = FakeHardware(inbox)
    pi.kind = "pi"
    with ExitStack() as stack:
        monkeypatch.delenv(ENV, raising=False)
        assert input_folder_from_env(mock, lambda: None, stack) is None
        monkeypatch.setenv(ENV, str(tmp_path))
        assert input_folder_from_env(mock, lambda: None, stack) is not None
        assert input_folder_from_env(pi, lambda: None, stack) is None


# -- the checks can fail ---------------------------------------------------------------------


def shot(phase: str, plays: tuple[str, ...] = (), **state: Any) -> Snapshot:
    return Snapshot("alienation", {"phase": phase, **state}, 1.0, 0, plays, ())


def test_a_game_back_in_another_phase_ends_its_chaos_run(tmp_path: Path) -> None:
    chaos = Chaos(tmp_path, kills=4, seed=1, quick=True)
    with pytest.raises(ChaosFailure, match="came back in phase 'friendliest'"):
        chaos._compare("after a kill", shot("score"), shot("friendliest"))
    # Time alone may move a game on: the friendliest player is drawn.
    chaos._compare("after a kill", shot("friendliest"), shot("score"))
    assert chaos.tally.failures == []


def test_lost_entries_or_a_changed_score_log_fail_the_kill(tmp_path: Path) -> None:
    chaos = Chaos(tmp_path, kills=4, seed=1, quick=True)
    chaos._compare("after a kill", shot("score", entries=[[1, 5]]), shot("score", entries=[]))
    chaos._compare("after a kill", shot("final", ("a",)), shot("final", ("a", "b")))
    assert chaos.tally.failures == [
        "after a kill in phase 'score': the entries changed: {'entries': ([[1, 5]], [])}",
        "after a kill in phase 'final': the plays changed: ('a',) -> ('a', 'b')",
    ]


def test_entries_are_compared_in_full_only_within_a_phase() -> None:
    assert inputs_differ("onenight", {"phase": "vote", "ballot": 1}, {"phase": "vote"}) == [
        "ballot"
    ]
    # The day's end opens the ballot: a new phase compares only what no timer changes.
    assert inputs_differ("onenight", {"phase": "day"}, {"phase": "vote", "ballot": 1}) == []


def test_a_night_that_goes_back_to_a_finished_step_is_caught() -> None:
    from games.onenight.night import cues
    from games.onenight.roles import Role
    from games.onenight.setup import OneNightSetup
    from games.onenight.state import OneNightPhase, OneNightState, state_to_json

    names = ("alien", "alien", "villager", "villager", "villager", "psychic", "rascal")
    state = OneNightState(
        OneNightSetup(4, tuple(Role(name) for name in names), 1), phase=OneNightPhase.NIGHT
    )
    steps = [cue.step for cue in cues(state)]
    rascal = steps.index("rascal")  # the first cue of the rascal's step
    before = state_to_json(state) | {"cue": rascal}
    assert went_back("onenight", before, before | {"cue": rascal}) is None
    assert went_back("onenight", before, before | {"cue": rascal - 1}) == (
        f"the night went back from cue {rascal} (step rascal) to the {steps[rascal - 1]} step"
    )


# -- a resumed game settles at once ----------------------------------------------------------


def test_a_resumed_game_settles_on_its_first_pass_without_waiting_out_the_idle_time(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    config = load_config(system_path=None)

    def daemon() -> Daemon:  # a wait jumps in virtual time: no test sleeps
        return hand_daemon(config, Store(db), waits_on_clock=True)

    first = daemon()
    first.home()
    first.inbox.put(ControlPressed(Control.GO, 0.0))
    first.step()  # One Night's setup screen: nothing is timed
    first.ui.close()
    second = daemon()
    second.resume_or_home(second.runtime.store)  # type: ignore[arg-type]
    second.step()
    assert second.clock.now() == 0.0  # the pass did not wait out the idle time first
    checkpoint = Store(db).load_checkpoint()
    assert checkpoint is not None and checkpoint.attempts == 0
    second.ui.close()
