"""Waiting for a clip to play through pygame's mixer: on its end event, never on a clock."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

WAIT_MS = 60_000  # a bound for a stuck mixer, never a measure: the clip's end is the event


@contextlib.contextmanager
def speech_watch(channel: int = 0) -> Iterator[Callable[[], bool]]:
    """Watch a mixer channel (the narrator's is 0; the mixer must be open): the function given
    waits for the clip playing there to end (an SDL event, so a slow machine only waits
    longer) and tells whether it did."""
    import pygame

    pygame.display.init()  # the event queue lives in SDL's video part (the dummy driver here)
    pygame.event.clear()
    ended_event = pygame.USEREVENT + 26  # a number of our own
    pygame.mixer.Channel(channel).set_endevent(ended_event)

    def ended() -> bool:
        while True:
            event = pygame.event.wait(WAIT_MS)
            if event.type in (ended_event, pygame.NOEVENT):
                return event.type == ended_event

    try:
        yield ended
    finally:
        pygame.display.quit()
