"""How many of a game's lines the fallback voice said, told in the journal when the game ends.

A line not rendered in time is said by the fast fallback voice (espeak-ng) rather than held
back (``narration.speechqueue``). The table hears the change of voice; the owner reads here how
often it happened and which lines, to decide whether to prepare the voice ahead
(``mothership voice prepare``, a voice pack) or to wait for "Preparing the night".
"""

from __future__ import annotations

import logging

from device.runtime.ports import NarratorLike, behind
from device.wording import counted

logger = logging.getLogger(__name__)

SHOWN = 5
"""How many of the late lines the journal quotes."""


class VoiceTally:
    """The lines said in one game, and those of them the fallback voice said."""

    def __init__(self) -> None:
        self.game = ""
        self.said = 0
        self._late_from = 0

    def begin(self, game: str, narrator: NarratorLike | None) -> None:
        """A game starts: count from here."""
        self.game, self.said = game, 0
        self._late_from = len(_late(narrator))

    def line(self) -> None:
        """The game said one more line."""
        self.said += 1

    def end(self, narrator: NarratorLike | None) -> list[str]:
        """The game ends: tell the journal, and return the lines the fallback voice said."""
        late = _late(narrator)[self._late_from :]
        if self.game and self.said:
            if late:
                quoted = ", ".join(repr(text) for text in late[:SHOWN])
                more = f" and {len(late) - SHOWN} more" if len(late) > SHOWN else ""
                logger.warning(
                    "%s: %s of its %s said in the fallback voice (not rendered in time): %s%s",
                    self.game,
                    len(late),
                    counted(self.said, "line"),
                    quoted,
                    more,
                )
            elif behind(narrator) is not None:
                logger.info(
                    "%s: all its %s said in the voice", self.game, counted(self.said, "line")
                )
        self.game, self.said = "", 0
        return late


def _late(narrator: NarratorLike | None) -> list[str]:
    rendering = behind(narrator)
    queue = rendering.queue if rendering is not None else None
    return list(queue.said_late) if queue is not None else []
