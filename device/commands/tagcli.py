"""``mothership tags``: teach the device what each tag stands for, list and forget them."""

from __future__ import annotations

import argparse
import threading
from contextlib import ExitStack

from device.config import Config, resolve_store_path
from device.logtext import printable
from device.runtime.readers import open_readers
from device.store.database import Store
from device.store.opening import existing
from device.tagids import reader_uid, spelt_as_read

KINDS = ("seat", "player", "role")


def run(args: argparse.Namespace, config: Config) -> int:
    """Carry out one ``tags`` command."""
    path = resolve_store_path(config)
    # Only learning may make the store; list and forget act on one that is there.
    store = Store(path if args.tool == "learn" else existing(path))
    try:
        if args.tool == "list":
            for uid, kind, value in store.tags():  # a backup may have brought any text
                print(printable(f"{uid}  {kind:<6} {value}"))
            return 0
        if args.tool == "forget":
            uid = spelt_as_read(args.uid) or args.uid.upper()
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
