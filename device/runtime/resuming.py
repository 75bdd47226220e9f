"""Resuming the checkpointed game after a restart, without ever looping on a bad checkpoint.

A checkpoint that cannot be read, or that already failed to resume ``RESUME_ATTEMPTS`` times
(the daemon died before a whole pass of its loop), is not tried again: the daemon sets it aside
for a bug report and starts at home with a message, so a crash loop cannot happen.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from device.runtime.session import Runtime
from device.runtime.sessions import session_for_checkpoint
from device.store.database import RESUME_ATTEMPTS, CheckpointError, Store

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResumeFailed:
    """The checkpoint could not be resumed, and why (for the log and the bug report)."""

    reason: str


def resume_saved(store: Store, runtime: Runtime) -> bool | ResumeFailed:
    """Resume ``store``'s checkpoint into ``runtime``: whether a game was resumed (False:
    none was saved), or why it could not be (``runtime`` is then left with no game)."""
    try:
        checkpoint = store.load_checkpoint()
    except CheckpointError as error:
        return ResumeFailed(str(error))
    if checkpoint is None:
        return False
    if checkpoint.attempts >= RESUME_ATTEMPTS:
        return ResumeFailed(f"it failed to resume {checkpoint.attempts} times")
    store.note_resume_attempt()
    try:
        session = session_for_checkpoint(checkpoint.game, checkpoint.state)
        runtime.resume(session, checkpoint.state, checkpoint.saved_at)
    except Exception as error:
        logger.exception("could not resume the saved %s game", checkpoint.game)
        runtime.session, runtime.state = None, None
        return ResumeFailed(f"{type(error).__name__}: {error}")
    return True
