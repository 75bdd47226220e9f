"""Headless SDL: the dummy video driver and a disk-audio driver whose sound is thrown away.

The simulator, the tests and the benchmarks run pygame with no screen and no sound card. SDL's
``disk`` audio driver with no delay plays faster than real time, which is what they want, but
it writes every sample to ``SDL_DISKAUDIOFILE`` (about 50 MB/s for an idle mixer). SDL 2.32
(pygame-ce) accepts only a regular file or a pipe there, no longer ``/dev/null``, and a regular
file would fill the disk. So the sound goes into a FIFO that a small drainer process empties
into ``/dev/null`` with ``splice`` (no copy through user space). The drainer holds the FIFO open
for writing too, so it never sees an end of file between two mixers, and it exits when the
process that started it is gone.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["VIDEO_ENV", "discard_audio_fifo", "go_headless", "headless_env"]

VIDEO_ENV = {"SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}

# Run as `python -c DRAIN <parent pid>` with the FIFO (opened read-write) as its stdin.
DRAIN = """
import os, select, sys
parent = int(sys.argv[1])
fifo = os.environ.get("MOTHERSHIP_DRAIN_FIFO", "")
null = os.open(os.devnull, os.O_WRONLY)
try:
    import fcntl
    fcntl.fcntl(0, 1031, 1 << 20)  # F_SETPIPE_SZ: fewer wake-ups
except OSError:
    pass
while os.getppid() == parent:
    ready, _, _ = select.select([0], [], [], 1.0)
    if ready:
        try:
            os.splice(0, null, 1 << 20)
        except OSError:
            os.read(0, 1 << 16)
if fifo:
    try:
        os.unlink(fifo)
        os.rmdir(os.path.dirname(fifo))
    except OSError:
        pass
"""

_fifo: list[Path] = []


def discard_audio_fifo() -> Path:
    """The FIFO SDL's disk driver writes into, with its drainer running (one per process).

    Processes started from this one may write into it too (the environment says where) as long
    as this process lives."""
    if _fifo and _fifo[0].exists():
        return _fifo[0]
    folder = Path(tempfile.mkdtemp(prefix="mothership-audio-"))
    fifo = folder / "discard"
    os.mkfifo(fifo, 0o600)
    reader = os.open(fifo, os.O_RDWR)  # never blocks, and never an end of file for the drainer
    try:
        drainer = subprocess.Popen(
            [sys.executable, "-S", "-c", DRAIN, str(os.getpid())],
            stdin=reader,
            stdout=subprocess.DEVNULL,
            env={"MOTHERSHIP_DRAIN_FIFO": str(fifo), "PATH": os.environ.get("PATH", "")},
            start_new_session=True,  # a Ctrl-C at the terminal stops the program, not the drain
        )
    finally:
        os.close(reader)
    atexit.register(_stop, drainer, folder)
    _fifo[:] = [fifo]
    return fifo


def _stop(drainer: subprocess.Popen[bytes], folder: Path) -> None:
    drainer.kill()
    drainer.wait()
    shutil.rmtree(folder, ignore_errors=True)


def headless_env() -> dict[str, str]:
    """What SDL needs to start with no screen and no sound card, faster than real time."""
    return {
        **VIDEO_ENV,
        "SDL_AUDIODRIVER": "disk",
        "SDL_DISKAUDIODELAY": "0",
        "SDL_DISKAUDIOFILE": str(discard_audio_fifo()),
    }


def go_headless(*, audio: bool = True) -> None:
    """Point SDL at the dummy video and the discarding disk audio (before pygame starts);
    ``audio=False`` when nothing will play (charts drawn off screen)."""
    os.environ.update(headless_env() if audio else VIDEO_ENV)
