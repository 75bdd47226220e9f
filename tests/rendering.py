"""Waiting for the voice's thread in a test, bounded by its progress, not by a clock: at a load
of 25 a catalogue's worth of espeak-ng renders takes minutes, and still moves; and a voice held
until the test lets it go (a cold cache still rendering)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from narration.backends import EspeakBackend
from narration.fake import SlowBackend
from narration.renderer import LineRenderer, Urgency

STALL_SECONDS = 60.0
"""How long the thread may render nothing new while lines wait before the test calls it stuck."""


def wait_rendered(renderer: LineRenderer, urgency: Urgency, stall: float = STALL_SECONDS) -> bool:
    """Wait until no line more urgent than ``urgency`` waits; False if the thread rendered
    nothing for ``stall`` seconds meanwhile (stuck)."""
    while True:
        before = renderer.rendered
        if renderer.wait_quiet(urgency, stall):
            return True
        if renderer.rendered == before:
            return False


@contextlib.contextmanager
def held_voice() -> Iterator[SlowBackend]:
    """A voice (espeak-ng) whose lines wait until the test lets them go: a cold cache still
    rendering; let go when the block ends, so no thread stays blocked."""
    backend = SlowBackend(EspeakBackend(), held=True)
    try:
        yield backend
    finally:
        backend.let_go()
