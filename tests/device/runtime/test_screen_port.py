"""The daemon runs on any screen that has what ``device.runtime.ports`` asks of one: a bare
class with only the ``TouchScreen`` and ``ScreenLike`` methods (no pygame window, no drawing)
plays a game's start, its Quit question and a banner. mypy checks the class structurally where
it is passed in (``Daemon(..., ui=...)``, ``Outputs(screen=...)``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Inbox
from device.runtime.quitting import QUIT, QUIT_YES
from device.runtime.session import Runtime
from device.screenlayer import NO_LAYER, DeviceLayer, DeviceSlot
from device.store.database import Store
from device.transcript import Transcript
from device.ui.model import Control, UiInput
from games.events import Control as Button
from games.events import ControlPressed, TouchAction
from games.views import ScreenId, ScreenName, View


class BareScreen:
    """Only the methods the runtime's screen Protocols name; it keeps what it is told."""

    def __init__(self) -> None:
        self.shown: list[tuple[ScreenId, View]] = []
        self.taps: list[str] = []
        self.added: list[Control] = []
        self.question: tuple[str, list[Control]] | None = None
        self.banners: list[str] = []

    # ScreenLike: what the executor draws on.
    def show(self, view: View, layer: DeviceLayer = NO_LAYER) -> None:
        self.shown.append((view.screen, view))
        self.added = []  # the device's controls last until the next screen

    def overlay(self, layer: DeviceLayer) -> bool:
        return False  # no slot for the device's layer: nothing of it is drawn

    def redraw(self, now: float) -> None:
        pass

    def save_png(self, path: Path) -> None:
        path.write_bytes(b"")

    # TouchScreen: what the loop and its parts use.
    def wait(self, timeout: float) -> list[UiInput]:
        taps, self.taps = self.taps, []
        return [UiInput("touch", action) for action in taps]

    def wake(self) -> None:
        pass

    def next_redraw(self, now: float) -> float | None:
        return None

    def refresh(self, now: float) -> None:
        pass

    def notice(self, text: str, until: float) -> None:
        self.banners.append(text)

    def controls(self) -> list[tuple[str, str]]:
        live = self.question[1] if self.question is not None else self.added
        return [(control.label, str(control.action)) for control in live]

    def screen_controls(self) -> list[Control]:
        return list(self.question[1] if self.question is not None else self.added)

    def add_control(self, label: str, action: TouchAction, rect: tuple[int, int, int, int]) -> None:
        self.added.append(Control(label, action, pygame.Rect(rect)))

    def replace_control(self, control: Control) -> None:
        self.added = [c for c in self.added if c.action != control.action] + [control]

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        return None  # no room for the device's controls but Quit

    def quit_spot(self) -> tuple[pygame.Rect, bool]:
        return pygame.Rect(700, 4, 96, 48), False

    def ask(self, question: str, answers: list[Control]) -> None:
        self.question = (question, answers)

    def dismiss(self) -> None:
        self.question = None

    @property
    def asking(self) -> bool:
        return self.question is not None


class Passes:
    """A watcher given at construction: it sees the end of every pass."""

    def __init__(self) -> None:
        self.seen: list[Daemon[Any]] = []

    def after_pass(self, daemon: Daemon[Any]) -> None:
        self.seen.append(daemon)


def on(daemon: Daemon[Any]) -> ScreenId | None:
    """The screen up now (read afresh: mypy would hold an earlier check's narrowing)."""
    return daemon.shown.screen


@pytest.fixture
def bare(tmp_path: Path) -> Iterator[tuple[Daemon[BareScreen], Passes]]:
    config = load_config(system_path=None)
    clock = VirtualClock()
    screen = BareScreen()
    store = Store(tmp_path / "m.db")
    outputs = Outputs(transcript=Transcript(clock), screen=screen, store=store, now=clock.now)
    passes = Passes()
    runtime = Runtime(clock, Executor(outputs), store)
    daemon = Daemon(config, clock, runtime, screen, Inbox(screen.wake), test_inputs=passes)
    yield daemon, passes
    store.close()


def test_the_daemon_starts_a_game_on_a_bare_screen(bare: tuple[Daemon[BareScreen], Passes]) -> None:
    daemon, passes = bare
    daemon.home()
    assert daemon.ui.shown[-1][0] is ScreenName.HOME and daemon.shown.screen is ScreenName.HOME
    daemon.inbox.put(ControlPressed(Button.GO, 0.0))
    daemon.step()
    assert daemon.runtime.phase == "setup"
    assert daemon.ui.shown[-1] == (on(daemon), daemon.shown.view)  # one truth
    assert on(daemon) is ScreenName.SETUP
    assert passes.seen == [daemon]  # the watcher given at construction saw the pass


def test_quit_asks_over_a_bare_screen_and_goes_home(
    bare: tuple[Daemon[BareScreen], Passes],
) -> None:
    daemon, _ = bare
    daemon.home()
    daemon.inbox.put(ControlPressed(Button.GO, 0.0))
    daemon.step()
    assert ("Quit", QUIT) in daemon.ui.controls()  # offered on the game's screen
    daemon.ui.taps.append(QUIT)
    daemon.step()
    assert daemon.ui.asking and ("Quit game", QUIT_YES) in daemon.ui.controls()
    daemon.ui.taps.append(QUIT_YES)
    daemon.step()
    assert not daemon.ui.asking and daemon.runtime.session is None
    assert daemon.shown.screen is ScreenName.HOME and daemon.ui.shown[-1][0] is ScreenName.HOME


def test_a_notice_reaches_a_bare_screens_banner(bare: tuple[Daemon[BareScreen], Passes]) -> None:
    daemon, _ = bare
    daemon.home()
    daemon.notices.append("tag reader lost")
    daemon.step()
    assert daemon.ui.banners == ["tag reader lost"] and daemon.notices == []
