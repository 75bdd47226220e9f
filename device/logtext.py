"""Log lines that cannot be forged or garbled by what they quote.

Tag uids, player names and scenario strings come from outside. Written raw into a log line,
a newline could fake a second log entry and an escape sequence (``\\x1b[2J``) could rewrite
the terminal. `printable` escapes them as ``repr`` would; `EscapingFilter` does it for every
record a handler writes (its traceback keeps its own lines).
"""

from __future__ import annotations

import logging
import unicodedata

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    if char in _BIDI or unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs"):
        code = ord(char)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    return char


def printable(text: str) -> str:
    """``text`` with control characters, line breaks and text-direction marks escaped
    (``\\x1b``, ``\\n``, ``\\u202e``); letters of every script stay as they are.

    >>> print(printable("player Zoë\\nINFO mothership: the vote is over"))
    player Zoë\\nINFO mothership: the vote is over
    """
    if text.isprintable():
        return text
    return "".join(_escape(char) for char in text)


class EscapingFilter(logging.Filter):
    """Escapes each record's message with `printable`, once its arguments are filled in."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message in place; never drops a record."""
        message = record.getMessage()
        escaped = printable(message)
        if escaped != message:
            record.msg, record.args = escaped, None
        return True


def escape_logs(handlers: list[logging.Handler]) -> None:
    """Put an `EscapingFilter` on each handler (once)."""
    for handler in handlers:
        if not any(isinstance(item, EscapingFilter) for item in handler.filters):
            handler.addFilter(EscapingFilter())
