"""Tag uids as the readers spell them: what ``mothership tags`` and the phone page accept."""

from __future__ import annotations

import re

UID_DIGITS = (8, 10, 14, 20)
"""Hex digits in a uid a reader gives: RDM6300 10; PN532 a 4-, 7- or 10-byte NFCID1."""
_HEX_BYTES = re.compile(r"[0-9A-Fa-f]{2}(?:[:\- ]?[0-9A-Fa-f]{2})*")
_READERS = "a reader gives 10 (RDM6300) or 8, 14 or 20 (PN532: 4, 7 or 10 bytes)"


def spelt_as_read(text: str) -> str | None:
    """``text`` in a reader's spelling (hex bytes may be split by ``:``, ``-`` or spaces)."""
    if not _HEX_BYTES.fullmatch(text):
        return None
    return re.sub(r"[:\- ]", "", text).upper()


def reader_uid(text: str) -> str:
    """A ``--uid`` as the readers report it (upper-case hex), or a ValueError saying why not."""
    uid = spelt_as_read(text)
    if uid is None:
        raise ValueError(f"--uid {text!r}: expected hex digits; {_READERS}")
    if len(uid) not in UID_DIGITS:
        raise ValueError(f"--uid {text!r}: {len(uid)} hex digits, but {_READERS}")
    return uid
