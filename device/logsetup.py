"""Where log lines go and how they look: a terminal gets ``LEVEL name: message``; the journal
(systemd sets ``JOURNAL_STREAM`` to stderr's device and inode) gets each line prefixed with its
syslog priority, ``<3>`` for an error, so ``journalctl -p err -u mothership`` finds them.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TextIO

from device.logtext import escape_logs

TERMINAL_FORMAT = "%(levelname)s %(name)s: %(message)s"
JOURNAL_FORMAT = "%(name)s: %(message)s"  # journald keeps the priority itself
ERROR_PRIORITY = 3


def journal_priority(level: int) -> int:
    """The syslog priority of a logging level (sd-daemon(3)): 2 crit, 3 err, 4 warning,
    6 info, 7 debug."""
    if level >= logging.CRITICAL:
        return 2
    if level >= logging.ERROR:
        return ERROR_PRIORITY
    if level >= logging.WARNING:
        return 4
    return 6 if level >= logging.INFO else 7


def writes_to_journal(stream: TextIO, env: Mapping[str, str] | None = None) -> bool:
    """Whether `stream` is the journal's stream: ``JOURNAL_STREAM`` names its device and inode
    (a command started from the service's shell inherits the variable, not the stream)."""
    env = os.environ if env is None else env
    device, _, inode = env.get("JOURNAL_STREAM", "").partition(":")
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # no file behind it (a test's StringIO)
        return False
    return f"{status.st_dev}:{status.st_ino}" == f"{device}:{inode}"


class JournalFormatter(logging.Formatter):
    """Prefixes every line of a record (a traceback too) with its priority."""

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{journal_priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).split("\n"))


class _OurHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler `setup_logging` installs, told apart from others (pytest's capture)."""


def setup_logging(level: int, stream: TextIO | None = None) -> logging.Handler:
    """Send log records of `level` and above to `stream` (stderr), formatted for the journal
    when it is the journal; replaces the handler an earlier call installed, and no other."""
    stream = sys.stderr if stream is None else stream
    handler = _OurHandler(stream)
    if writes_to_journal(stream):
        handler.setFormatter(JournalFormatter(JOURNAL_FORMAT))
    else:
        handler.setFormatter(logging.Formatter(TERMINAL_FORMAT))
    root = logging.getLogger()
    for old in [old for old in root.handlers if isinstance(old, _OurHandler)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    escape_logs(root.handlers)  # names, uids and scenario text are quoted
    return handler


def error_line(text: str, stream: TextIO | None = None) -> str:
    """`text` as the command prints its final error: each line at error priority in the
    journal, as it is on a terminal."""
    stream = sys.stderr if stream is None else stream
    if not writes_to_journal(stream):
        return text
    return "\n".join(f"<{ERROR_PRIORITY}>{line}" for line in text.split("\n"))
