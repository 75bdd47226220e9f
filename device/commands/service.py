"""``mothership run``: the daemon as a service, from the first part opened to the last one closed.

It wires the real clock, the configured store and systemd's notify socket into the daemon's
parts (``parts.open_daemon``), resumes the checkpointed game or shows home, and runs the main loop
until SIGTERM or SIGINT; the parts close in reverse order on the way out.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any

from device.clock import RealClock
from device.config import Config, resolve_store_path
from device.runtime.inbox import Call
from device.runtime.parts import Wiring, open_daemon, open_late
from device.runtime.wiring import Duties, VoiceMode
from device.version import version_line

if TYPE_CHECKING:
    from device.runtime.app import Daemon, PagePart, PassWatcher
    from hardware.backend import Hardware

logger = logging.getLogger(__name__)


def open_web_late(
    daemon: Daemon[Any], stack: ExitStack, *, port: int | None = None
) -> PagePart | None:
    """The companion page (``device.web.part``, and aiohttp with it, load only now)."""
    from device.web.part import open_web

    return open_web(daemon, stack, port=port)


def open_test_inputs(
    hardware: Hardware, wake: Callable[[], None], stack: ExitStack
) -> PassWatcher | None:
    """The chaos test's input folder (``device.simulator.testinput``, loaded only when the
    environment names one)."""
    from device.simulator.testinput import input_folder_from_env

    return input_folder_from_env(hardware, wake, stack)


def run(config: Config, *, windowed: bool = False) -> int:
    """Start hardware, narration and screen in order; run; stop them in reverse. Exit code."""
    # The main thread spends its idle time inside SDL's event wait, where a Python signal
    # handler cannot run. So SIGTERM/SIGINT are blocked here, before any thread starts (threads
    # inherit the mask), and a small thread waits for them and wakes the loop.
    stop_signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    # A crash in native code (SDL, a decoder) or the watchdog's SIGABRT on a hung loop leaves
    # every thread's Python stack in the journal, not just "code=killed, status=6/ABRT".
    faulthandler.enable(all_threads=True)
    with ExitStack() as stack:
        stack.callback(signal.pthread_sigmask, signal.SIG_UNBLOCK, stop_signals)
        test_inputs = os.environ.get("MOTHERSHIP_TEST_INPUTS")
        wiring = Wiring(
            clock=RealClock(),
            store_path=resolve_store_path(config),
            fullscreen=config.display.fullscreen and not windowed,
            duties=Duties.DEVICE,
            web=open_web_late,
            voice=VoiceMode.BEHIND,
            test_inputs=open_test_inputs if test_inputs else None,
        )
        daemon = open_daemon(config, wiring, stack)

        def stop_on_signal() -> None:
            signum = signal.sigwait(stop_signals)
            logger.info("stopping on %s", signal.Signals(signum).name)
            daemon.stop()

        threading.Thread(target=stop_on_signal, name="signals", daemon=True).start()
        store = daemon.runtime.store
        assert store is not None
        daemon.resume_or_home(store)
        daemon.notifier.ready()
        start_late(daemon, wiring, stack)
        logger.info("mothership is running: %s", version_line())
        daemon.loop()
        logger.info("mothership is stopping")
    return 0


def start_late(daemon: Daemon[Any], wiring: Wiring, stack: ExitStack) -> threading.Thread:
    """After READY: load the companion page's modules (aiohttp) on a thread of their own, then
    have the loop open the page and the voice cache's rendering (``open_late``), so the loop
    shows the first screen and pings the watchdog meanwhile."""

    def opened(done: Future[object]) -> None:
        if done.exception() is not None:
            logger.error(
                "the companion page and the voice cache did not start: %s", done.exception()
            )

    def load() -> None:
        from device.web.fence import raise_file_limit
        from device.web.part import open_web  # noqa: F401  (loads aiohttp here, off the loop)

        # The page's connections want more open files than a login shell's default.
        logger.info("open files: up to %d", raise_file_limit())
        done: Future[object] = Future()
        done.add_done_callback(opened)
        daemon.inbox.put(Call(lambda running: open_late(running, wiring, stack), done))

    thread = threading.Thread(target=load, name="late-start", daemon=True)
    thread.start()
    return thread
