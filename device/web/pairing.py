"""Pairing a phone with the device: codes shown on its screen, paired sessions, CSRF tokens.

Without pairing the page is read-only. To change anything a phone asks the device for a code,
which the device shows on its own screen (so only someone at the table can read it): six digits,
good for ``CODE_SECONDS`` and ``TRIES_PER_CODE`` wrong tries, then gone. The code belongs to the
phone that asked for it (a ticket cookie): no other phone's guess is even checked against it, so
guesses from elsewhere can neither find it nor use it up. While one phone's code is new (its
``CODE_SHOWN_SECONDS`` on the screen), another must wait for it; the phone itself may ask again
(the code rotates), and may put it back on the screen ``SHOWINGS_AGAIN`` times. After that, or
at once when the phone whose code shows has asked for ``OUTASKED`` codes more than it, a new
phone takes the screen, so a host that keeps asking, or asks and never types, cannot keep a new
phone from pairing (a code held it for its two minutes, and a host asking every 10 s for 100 s
per address, until each address locked). Tries are limited per
phone (``TRIES_PER_MINUTE``), and by address: after ``LOCK_AFTER_WRONG`` wrong codes or
``LOCK_AFTER_ASKS`` codes asked for without a phone pairing, pairing locks for that address only
(one host used to lock it for every phone in 100 s); ten times as many from all addresses
together lock it for all, so guessing one of a million codes stays hopeless from any number of
addresses. Someone at the device opens it again with "Open pairing", on the home screen or in
One Night's Options (a table need not leave its game). A right code opens a session: a random
token in an HttpOnly, SameSite=Strict cookie, and its own CSRF token that every change must send
back.

All state is in memory behind one lock (the web thread and the main loop both use it): a
restarted daemon forgets its sessions, and phones pair again.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NoReturn

from device.web.quietlog import LogLimit

CODE_SECONDS = 120.0
"""How long a code shown on the device can be used."""
CODE_SHOWN_SECONDS = 30.0
"""How long the code stays on the device's screen. Reading six digits and typing them takes
seconds; an unused code left up for its whole two minutes covered part of the screen the table
was playing on, in sight of anyone passing. The phone that asked may show it again while it is
good (``shown_code``), without a new code or another ask counted against it."""
TRIES_PER_CODE = 5
"""Wrong tries before a code is dropped (the device must show a new one)."""
TRIES_PER_MINUTE = 5
"""Tries one phone (one address) may make in a minute."""
LOCK_AFTER_WRONG = 20
"""Wrong codes from one address that lock pairing for it until it is opened at the device."""
LOCK_AFTER_ASKS = 10
"""Codes one address asked for without any phone pairing that lock it the same way."""
LOCK_ALL_AFTER_WRONG = 10 * LOCK_AFTER_WRONG
"""Wrong codes from all addresses together that lock pairing for every address: at most 200
guesses at one of a million codes each time someone at the device opens it."""
LOCK_ALL_AFTER_ASKS = 10 * LOCK_AFTER_ASKS
"""Codes asked for from all addresses that lock it the same way (at one code per 10 s, 1,000 s
at least from 10 addresses or more)."""
CODE_REQUESTS_SECONDS = 10.0
"""The least time between two requests for a code (each puts a banner on the screen)."""
SHOWINGS_AGAIN = 4
"""How often a phone may put its code back on the screen: for the code's whole two minutes.
Each showing is work for the game's loop (a host on loopback asked 1,700 times a second)."""
OUTASKED = 2
"""How many more codes (since the last pairing) the address whose code shows must have asked
for than a new phone's, for the new phone to take the screen from it."""
SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a paired phone stays paired."""
MOST_SESSIONS = 32
"""Paired phones kept; the oldest is forgotten first."""
COOKIE = "mothership_session"
TICKET = "mothership_pairing"
"""The cookie naming the code a phone asked for."""
LOCKED = (
    "pairing is locked after too many wrong or unused codes: tap Open pairing on the "
    "device (its home screen, or One Night's Options), then ask again"
)


class PairingError(Exception):
    """A refused pairing step: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Paired:
    """One paired phone."""

    csrf: str
    since: float
    flash: list[str] = field(default_factory=list)
    """Messages for the next page it opens (what its last change did)."""


@dataclass
class _Code:
    digits: str
    until: float
    ticket: str
    """The ticket of the phone that asked for it: only that phone may type it."""
    client: str = ""
    """The address of the phone that asked for it."""
    asked: float = 0.0
    """When it was asked for."""
    again: int = 0
    """How often it was put back on the screen."""
    wrong: int = 0


class Pairing:
    """Codes, sessions and rate limits, safe to use from any thread."""

    def __init__(
        self,
        now: Callable[[], float] = time.monotonic,
        on_lock: Callable[[str], None] = lambda client: None,
        lines: LogLimit | None = None,
    ) -> None:
        """``now`` is real time (pairing limits are about people, not the game clock);
        ``on_lock`` is told the address pairing locked for ("" for all), on the web thread."""
        self._now = now
        self.lines = LogLimit() if lines is None else lines
        """What may be logged about each address: one line a minute (the page's server
        shares it, so a host gets one line a minute from pairing and the page together)."""
        self._on_lock = on_lock
        self._lock = threading.Lock()
        self._code: _Code | None = None
        self._sessions: dict[str, Paired] = {}
        self._tries: dict[str, deque[float]] = {}
        self._last_request = -CODE_REQUESTS_SECONDS
        self._wrong: dict[str, int] = {}
        self._asks: dict[str, int] = {}
        self._shut: set[str] = set()
        """Addresses pairing is locked for."""
        self._shut_all = False

    @property
    def locked(self) -> bool:
        """Whether pairing is locked for any address (the device offers "Open pairing")."""
        return self._shut_all or bool(self._shut)

    def locked_for(self, client: str) -> bool:
        """Whether pairing is locked for the address ``client``."""
        return self._shut_all or client in self._shut

    def request_code(self, ticket: str | None, client: str = "") -> None:
        """Check a request for a code from ``client`` (``ticket``: the one it holds from an
        earlier request, if any). Refused while locked for it (423), while another phone's
        code shows (409), or too soon after the last request (429)."""
        with self._lock:
            now = self._now()
            if self.locked_for(client):
                raise PairingError(423, LOCKED)
            shown = self._code
            other = shown if shown and now < shown.until and shown.ticket != ticket else None
            if other is not None and not self._may_take(other, client, now):
                wait = min(other.until, other.asked + CODE_SHOWN_SECONDS) - now
                raise PairingError(
                    409, f"a code is on the device for another phone: wait {wait:.0f} s"
                )
            wait = self._last_request + CODE_REQUESTS_SECONDS - now
            if wait > 0 and other is None:  # taking the screen from a host is never too soon
                raise PairingError(429, f"a code was asked for just now: wait {wait:.0f} s")
            self._last_request = now

    def new_code(self, ticket: str | None = None, client: str = "") -> tuple[str, float, str]:
        """A fresh code (replacing any other) for the phone at ``client`` holding ``ticket`` (a
        new ticket if None): (digits, seconds it is good for, the ticket)."""
        with self._lock:
            if self.locked_for(client):
                raise PairingError(423, LOCKED)
            ticket = ticket or secrets.token_urlsafe(16)
            digits = f"{secrets.randbelow(1_000_000):06d}"
            now = self._now()
            self._code = _Code(digits, now + CODE_SECONDS, ticket, client, now)
            self._count(self._asks, client, LOCK_AFTER_ASKS, LOCK_ALL_AFTER_ASKS)
            return digits, CODE_SECONDS, ticket

    def shown_code(self, ticket: str | None) -> tuple[str, float]:
        """The code the phone holding ``ticket`` asked for and the seconds it is still good for,
        to show it again; 409 when that phone has no code waiting, 429 past
        ``SHOWINGS_AGAIN``."""
        with self._lock:
            code, now = self._code, self._now()
            if code is None or ticket is None or code.ticket != ticket or now >= code.until:
                raise PairingError(409, "no code is waiting for this phone: ask for one")
            if code.again >= SHOWINGS_AGAIN:
                raise PairingError(429, "this code was shown enough: ask for a new one")
            code.again += 1
            return code.digits, code.until - now

    def _may_take(self, shown: _Code, client: str, now: float) -> bool:
        """Whether the phone at ``client`` may take the screen from ``shown``'s: that code is
        no longer new, or its address asked for ``OUTASKED`` or more codes more than this one
        since the last pairing."""
        theirs, mine = self._asks.get(shown.client, 0), self._asks.get(client, 0)
        old = now - shown.asked >= CODE_SHOWN_SECONDS
        return client != shown.client and (old or theirs >= mine + OUTASKED)

    def open(self) -> None:
        """Someone at the device opened pairing again: the counts start over."""
        with self._lock:
            self._shut_all = False
            self._shut.clear()
            self._wrong.clear()
            self._asks.clear()
            self._tries.clear()
            self._last_request = -CODE_REQUESTS_SECONDS  # the phone may ask at once

    def pair(self, code: str, client: str, ticket: str | None = None) -> tuple[str, Paired]:
        """Check a code typed on a phone at address ``client`` holding ``ticket``; a new
        session's (token, data).

        ``PairingError``: 423 while locked, 429 when the phone tried too often, 400 for a wrong
        or malformed code, 409 when no code is showing for this phone.
        """
        with self._lock:
            now = self._now()
            if self.locked_for(client):
                raise PairingError(423, LOCKED)
            self._count_try(client, now)
            typed = "".join(code.split())
            if not (len(typed) == 6 and typed.isascii() and typed.isdigit()):
                raise PairingError(400, f"a pairing code is 6 digits, got {code[:20]!r}")
            shown = self._code
            if shown is None or now >= shown.until:
                self._code = None
                raise PairingError(409, "no code is showing on the device: ask for a new one")
            if not (ticket and secrets.compare_digest(ticket, shown.ticket)):
                raise PairingError(
                    409, "the code on the device was asked for by another phone: ask on this one"
                )
            if not secrets.compare_digest(typed, shown.digits):
                return self._wrong_code(shown, typed, client)
            self._code = None  # a code pairs one phone
            self._wrong.clear()
            self._asks.clear()
            token = secrets.token_urlsafe(32)
            paired = Paired(secrets.token_urlsafe(32), now)
            self._sessions[token] = paired
            while len(self._sessions) > MOST_SESSIONS:
                del self._sessions[next(iter(self._sessions))]
            return token, paired

    def _wrong_code(self, shown: _Code, typed: str, client: str) -> NoReturn:
        shown.wrong += 1
        self._count(self._wrong, client, LOCK_AFTER_WRONG, LOCK_ALL_AFTER_WRONG)
        if self.locked_for(client):
            raise PairingError(423, LOCKED)
        if shown.wrong >= TRIES_PER_CODE:
            self._code = None
            raise PairingError(400, "wrong code, and that was its last try: ask again")
        left = TRIES_PER_CODE - shown.wrong
        raise PairingError(400, f"wrong code {typed!r}: {left} tries left")

    def _count(self, counts: dict[str, int], client: str, mine: int, everyone: int) -> None:
        """Count a wrong or unused code from ``client``, locking it (or all) at the limit."""
        counts[client] = counts.get(client, 0) + 1
        if not self._shut_all and sum(counts.values()) >= everyone:
            self._shut_all, self._code = True, None
            self._on_lock("")
        elif client not in self._shut and counts[client] >= mine:
            self._shut.add(client)
            self._code = None  # its code was this address's: another phone may ask at once
            self._on_lock(client)

    def _count_try(self, client: str, now: float) -> None:
        """Record a try, refusing it when over the phone's limit of the last minute."""
        mine = self._tries.setdefault(client, deque())
        while mine and mine[0] <= now - 60:
            mine.popleft()
        if len(mine) >= TRIES_PER_MINUTE:
            raise PairingError(429, f"too many tries: wait {mine[0] + 60 - now:.0f} s")
        mine.append(now)
        if len(self._tries) > 1000:  # forget idle addresses, keep memory bounded
            idle = [k for k, times in self._tries.items() if not times or times[-1] <= now - 60]
            for key in idle:
                del self._tries[key]

    def session(self, token: str | None) -> Paired | None:
        """The paired phone with this cookie token, if it is still paired."""
        if not token:
            return None
        with self._lock:
            paired = self._sessions.get(token)
            if paired is not None and self._now() - paired.since > SESSION_SECONDS:
                del self._sessions[token]
                return None
            return paired

    def unpair(self, token: str | None) -> None:
        """Forget a session (the phone's "Unpair")."""
        with self._lock:
            self._sessions.pop(token or "", None)

    @staticmethod
    def csrf_ok(paired: Paired, sent: str | None) -> bool:
        """Whether a change carries the session's CSRF token."""
        return bool(sent) and secrets.compare_digest(paired.csrf, str(sent))
