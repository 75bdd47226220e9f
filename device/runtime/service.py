"""``mothership run``: the daemon as a service, from the first part opened to the last one closed.

It wires the real clock, the configured store and systemd's notify socket into the daemon's
parts (``parts.open_daemon``), resumes the checkpointed game or shows home, and runs the main loop
until SIGTERM or SIGINT; the parts close in reverse order on the way out.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from contextlib import ExitStack

from device.commands.backup import backup_dir
from device.config import Config, resolve_store_path
from device.runtime.clock import RealClock
from device.runtime.parts import Wiring, open_daemon
from device.web.fence import raise_file_limit

logger = logging.getLogger(__name__)


def run(config: Config, *, windowed: bool = False) -> int:
    """Start hardware, narration and screen in order; run; stop them in reverse. Exit code."""
    # The main thread spends its idle time inside SDL's event wait, where a Python signal
    # handler cannot run. So SIGTERM/SIGINT are blocked here, before any thread starts (threads
    # inherit the mask), and a small thread waits for them and wakes the loop.
    stop_signals = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals)
    logger.info("open files: up to %d", raise_file_limit())
    with ExitStack() as stack:
        stack.callback(signal.pthread_sigmask, signal.SIG_UNBLOCK, stop_signals)
        wiring = Wiring(
            clock=RealClock(),
            store_path=resolve_store_path(config),
            fullscreen=config.display.fullscreen and not windowed,
            notify=True,
            finish_voice=True,
            web=True,
            voice="behind",
        )
        daemon = open_daemon(config, wiring, stack)
        # Fullscreen is the device: Escape or a stray quit would exit 0, which systemd's
        # Restart=on-failure leaves stopped, so only a window's keys quit.
        daemon.keys_quit = not wiring.fullscreen
        # A JSON backup beside the store after every logged play (the simulator makes none).
        daemon.runtime.executor.out.backups = backup_dir(wiring.store_path)
        if os.environ.get("MOTHERSHIP_TEST_INPUTS"):
            from device.runtime.testinput import input_folder_from_env

            daemon.test_inputs = input_folder_from_env(daemon)
            if daemon.test_inputs is not None:
                daemon.test_inputs.start()
                stack.callback(daemon.test_inputs.close)

        def stop_on_signal() -> None:
            signum = signal.sigwait(stop_signals)
            logger.info("stopping on %s", signal.Signals(signum).name)
            daemon.running = False
            daemon.ui.wake()

        threading.Thread(target=stop_on_signal, name="signals", daemon=True).start()
        store = daemon.runtime.store
        assert store is not None
        daemon.resume_or_home(store)
        daemon.notifier.ready()
        logger.info("mothership is running")
        daemon.loop()
        logger.info("mothership is stopping")
    return 0
