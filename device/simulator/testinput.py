"""A test-only input path into a running daemon: scenario events dropped as files in a folder.

The daemon on mock hardware takes no input from outside its process: the mock pins and the dummy
screen live inside it. The chaos test (``tests/device/runtime/test_chaos.py``, ``bench/chaos.py``)
has to play whole games on the real daemon, so with ``MOTHERSHIP_TEST_INPUTS=<folder>`` in its
environment, and the mock hardware, the daemon carries out each ``<name>.json`` file in the folder
as one scenario event (``press``, ``control``, ``touch``, ``key``, ``tag``, ``vote``, ``reveal``,
``score``: README, "The simulator"). One file is handed in per pass of the main loop, in name order,
by the simulator's own ``InputHand`` (mock pins, the screen's hit-testing, the inbox); once the next
pass has handled it, the file is renamed ``<name>.done``, so the game's checkpoint
already holds it; it then holds the banner the screen shows (``{"notice": text or null}``), as
a person at the table reads it: a pairing code, for a test phone on the page. A file that cannot
be carried out is renamed ``<name>.error`` and holds why.

Nothing in the config turns this on, and it is refused on the Pi's hardware.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from device.simulator.run import InputHand
from device.simulator.scenario import ScenarioError, check_event

if TYPE_CHECKING:
    from device.runtime.app import Daemon
    from hardware.backend import Hardware

logger = logging.getLogger(__name__)

ENV = "MOTHERSHIP_TEST_INPUTS"
"""The environment variable naming the input folder."""
POLL_SECONDS = 0.02
"""How often the folder is looked at for a new file."""
PRESS_SLACK_SECONDS = 0.004
"""Real time added to the bounce window before a button is pressed again (sleeps overrun)."""


class InputFolder:
    """The folder of input files, watched by a thread and carried out by the main loop."""

    def __init__(self, folder: Path, wake: Callable[[], None]):
        """``wake`` wakes the daemon's loop while a file waits."""
        self.folder, self.wake = folder, wake
        self.hand: InputHand | None = None
        """Hands inputs to the daemon whose passes this folder follows (from its first)."""
        self.handed: Path | None = None
        """The file handed in during the last pass: the next pass handles it."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="test-inputs", daemon=True)

    def start(self) -> None:
        """Watch the folder (wakes the main loop while a file waits)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self._thread.start()

    def close(self) -> None:
        """Stop watching."""
        self._stop.set()

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            if self.handed is not None or self._waiting():
                self.wake()

    def _waiting(self) -> list[Path]:
        return sorted(self.folder.glob("*.json"))

    def after_pass(self, daemon: Daemon[Any]) -> None:
        """Called at the end of each pass of ``daemon``'s main loop: settle the file the pass
        handled, then hand in the next one."""
        if self.hand is None:
            self.hand = InputHand(daemon, _sleep_until)
        if self.handed is not None:
            screen = {"notice": daemon.ui.notice_text}  # what the table reads (a pairing code)
            self.handed.write_text(json.dumps(screen), encoding="utf-8")
            self.handed.rename(self.handed.with_suffix(".done"))
            self.handed = None
        waiting = self._waiting()
        if not waiting:
            return
        path = waiting[0]
        try:
            self._hand_in(path)
        except Exception as error:  # a bad file is reported in its place, never fatal
            logger.warning("test input %s: %s", path.name, error)
            path.with_suffix(".error").write_text(f"{error}\n", encoding="utf-8")
            path.unlink()
            return
        self.handed = path

    def _hand_in(self, path: Path) -> None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        event = check_event(1, None, raw)
        if event.kind in ("wait", "until"):
            raise ScenarioError(f"{event.kind!r} is for the test driver, not an input")
        assert self.hand is not None  # after_pass made it
        self.hand.give(event)


def _sleep_until(when: float) -> None:
    """Sleep in real time until ``time.monotonic()`` reads ``when`` (the daemon's clock)."""
    time.sleep(max(0.0, when + PRESS_SLACK_SECONDS - time.monotonic()))


def input_folder_from_env(
    hardware: Hardware, wake: Callable[[], None], stack: ExitStack
) -> InputFolder | None:
    """The test input path, watched (``stack`` stops it), when ``MOTHERSHIP_TEST_INPUTS``
    names a folder and the hardware is the mock one; else None."""
    folder = os.environ.get(ENV, "")
    if not folder:
        return None
    if hardware.kind != "mock":
        logger.warning("%s is ignored: test inputs need the mock hardware", ENV)
        return None
    logger.warning("test inputs are read from %s (%s is set)", folder, ENV)
    inputs = InputFolder(Path(folder), wake)
    inputs.start()
    stack.callback(inputs.close)
    return inputs
