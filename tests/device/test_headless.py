"""Headless SDL: sound goes into a FIFO that a drainer empties, and the drainer never outlives
the process that started it."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

from device.headless import discard_audio_fifo, headless_env

CHILD = """
import os, sys
from device.headless import discard_audio_fifo
print(discard_audio_fifo(), flush=True)
sys.stdin.readline()
os._exit(0)  # no atexit: the drainer must notice on its own
"""

PLAY = """
import array, time
import pygame
pygame.mixer.init(44100, -16, 1, 1024)
sound = pygame.mixer.Sound(buffer=array.array("h", [0] * 44100 * 20).tobytes())
channel = sound.play()
while channel.get_busy():
    time.sleep(0.01)
print(pygame.mixer.get_init(), flush=True)
"""


def test_the_sound_goes_into_a_fifo_that_is_emptied() -> None:
    fifo = discard_audio_fifo()
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert discard_audio_fifo() == fifo  # one per process
    writer = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # ENXIO if nobody read it
    try:
        os.set_blocking(writer, True)
        chunk = bytes(1 << 16)
        for _ in range(160):  # 10 MB, far more than a pipe holds: only a drain lets it through
            os.write(writer, chunk)
    finally:
        os.close(writer)


def test_pygames_mixer_plays_into_it_faster_than_real_time() -> None:
    env = {**os.environ, **headless_env()}
    assert env["SDL_DISKAUDIOFILE"] == str(discard_audio_fifo())
    # 20 s of sound: the disk driver with no delay plays it as fast as the drain takes it.
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "(44100, -16, 1)" in done.stdout


def test_the_drainer_goes_when_its_process_dies_without_cleaning_up() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        fifo = Path(child.stdout.readline().strip())
        assert stat.S_ISFIFO(fifo.stat().st_mode)
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.wait(timeout=60) == 0
        deadline = time.monotonic() + 60  # a bound on waiting, not a timing claim
        while fifo.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not fifo.exists() and not fifo.parent.exists()
    finally:
        child.kill()
        child.wait()
