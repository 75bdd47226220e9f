"""``mothership tags``: teach the device what each tag stands for, list and forget them."""

from __future__ import annotations

import argparse
import re
import threading
from contextlib import ExitStack

from device.config import Config, resolve_store_path
from device.logtext import printable
from device.runtime.readers import open_readers
from device.store.database import Store

KINDS = ("seat", "player", "role")


def run(args: argparse.Namespace, config: Config) -> int:
    """Carry out one ``tags`` command."""
    store = Store(resolve_store_path(config))
    try:
        if args.tool == "list":
            for uid, kind, value in store.tags():  # a backup may have brought any text
                print(printable(f"{uid}  {kind:<6} {value}"))
            return 0
        if args.tool == "forget":
            uid = _spelt_as_read(args.uid) or args.uid.upper()
            if not store.forget_tag(uid):
                raise ValueError(f"no tag {uid!r} was learned")
            print(printable(f"forgot {uid}"))
            return 0
        kind, value = _meaning(args, config.hardware.seats)
        uid = reader_uid(args.uid) if args.uid is not None else _tap(config, args.wait)
        store.learn_tag(uid, kind, value)
        print(printable(f"{uid.upper()} is now {kind} {value}"))
        return 0
    finally:
        store.close()


UID_DIGITS = (8, 10, 14, 20)
"""Hex digits in a uid a reader gives: RDM6300 10; PN532 a 4-, 7- or 10-byte NFCID1."""
_HEX_BYTES = re.compile(r"[0-9A-Fa-f]{2}(?:[:\- ]?[0-9A-Fa-f]{2})*")
_READERS = "a reader gives 10 (RDM6300) or 8, 14 or 20 (PN532: 4, 7 or 10 bytes)"


def _spelt_as_read(text: str) -> str | None:
    """``text`` in a reader's spelling (hex bytes may be split by ``:``, ``-`` or spaces)."""
    if not _HEX_BYTES.fullmatch(text):
        return None
    return re.sub(r"[:\- ]", "", text).upper()


def reader_uid(text: str) -> str:
    """A ``--uid`` as the readers report it (upper-case hex), or a ValueError saying why not."""
    uid = _spelt_as_read(text)
    if uid is None:
        raise ValueError(f"--uid {text!r}: expected hex digits; {_READERS}")
    if len(uid) not in UID_DIGITS:
        raise ValueError(f"--uid {text!r}: {len(uid)} hex digits, but {_READERS}")
    return uid


def _meaning(args: argparse.Namespace, seats: int) -> tuple[str, str]:
    if args.seat is not None:
        if not 1 <= args.seat <= seats:  # a token for a seat the box lacks would press no lamp
            raise ValueError(f"seat {args.seat}: this device has seats 1 to {seats}")
        return "seat", str(args.seat)
    if args.role is not None:
        from games.onenight.roles import find_role

        return "role", find_role(args.role).value
    return "player", args.player


def _tap(config: Config, wait: float) -> str:
    seen: list[str] = []
    tapped = threading.Event()

    def on_tag(uid: str, at: float) -> None:
        seen.append(uid.upper())
        tapped.set()

    with ExitStack() as stack:
        if not open_readers(config, on_tag, stack):
            raise ValueError(
                "no tag reader is configured: set readers.rdm6300 or readers.pn532, or give --uid"
            )
        print(f"Tap the tag on the pad now (waiting {wait:g} s)...")
        if not tapped.wait(wait):
            raise ValueError(f"no tag was tapped within {wait:g} seconds")
    return seen[0]
