"""Pairing a phone with the device: codes shown on its screen, paired sessions, CSRF tokens.

Without pairing the page is read-only. To change anything a phone asks the device for a code,
which the device shows on its own screen (so only someone at the table can read it): six digits,
good for ``CODE_SECONDS`` and ``TRIES_PER_CODE`` wrong tries, then gone; a new request replaces
it (the code rotates). Tries are also limited per phone and in all (``TRIES_PER_MINUTE``,
``ALL_TRIES_PER_MINUTE``), so guessing one of a million codes is hopeless. A right code opens a
session: a random token in an HttpOnly, SameSite=Strict cookie, and its own CSRF token that
every change must send back.

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

CODE_SECONDS = 120.0
"""How long a code shown on the device can be used."""
TRIES_PER_CODE = 5
"""Wrong tries before a code is dropped (the device must show a new one)."""
TRIES_PER_MINUTE = 5
"""Tries one phone (one address) may make in a minute."""
ALL_TRIES_PER_MINUTE = 20
"""Tries all phones together may make in a minute."""
CODE_REQUESTS_SECONDS = 10.0
"""The least time between two requests for a code (each puts a banner on the screen)."""
SESSION_SECONDS = 30 * 24 * 3600.0
"""How long a paired phone stays paired."""
MOST_SESSIONS = 32
"""Paired phones kept; the oldest is forgotten first."""
COOKIE = "mothership_session"


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
    wrong: int = 0


class Pairing:
    """Codes, sessions and rate limits, safe to use from any thread."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        """``now`` is real time (pairing limits are about people, not the game clock)."""
        self._now = now
        self._lock = threading.Lock()
        self._code: _Code | None = None
        self._sessions: dict[str, Paired] = {}
        self._tries: dict[str, deque[float]] = {}
        self._all_tries: deque[float] = deque()
        self._last_request = -CODE_REQUESTS_SECONDS

    def request_code(self) -> None:
        """Refuse a request for a new code that comes too soon after the last one."""
        with self._lock:
            now = self._now()
            wait = self._last_request + CODE_REQUESTS_SECONDS - now
            if wait > 0:
                raise PairingError(429, f"a code was asked for just now: wait {wait:.0f} s")
            self._last_request = now

    def new_code(self) -> tuple[str, float]:
        """A fresh code (replacing any other) and how many seconds it is good for."""
        with self._lock:
            digits = f"{secrets.randbelow(1_000_000):06d}"
            self._code = _Code(digits, self._now() + CODE_SECONDS)
            return digits, CODE_SECONDS

    def pair(self, code: str, client: str) -> tuple[str, Paired]:
        """Check a code typed on a phone at address ``client``; a new session's (token, data).

        ``PairingError``: 429 when the phone or everyone tried too often, 400 for a wrong or
        malformed code, 409 when no code is showing.
        """
        with self._lock:
            now = self._now()
            self._count_try(client, now)
            typed = "".join(code.split())
            if not (len(typed) == 6 and typed.isascii() and typed.isdigit()):
                raise PairingError(400, f"a pairing code is 6 digits, got {code[:20]!r}")
            shown = self._code
            if shown is None or now >= shown.until:
                self._code = None
                raise PairingError(409, "no code is showing on the device: ask for a new one")
            if not secrets.compare_digest(typed, shown.digits):
                shown.wrong += 1
                if shown.wrong >= TRIES_PER_CODE:
                    self._code = None
                    raise PairingError(400, "wrong code, and that was its last try: ask again")
                left = TRIES_PER_CODE - shown.wrong
                raise PairingError(400, f"wrong code {typed!r}: {left} tries left")
            self._code = None  # a code pairs one phone
            token = secrets.token_urlsafe(32)
            paired = Paired(secrets.token_urlsafe(32), now)
            self._sessions[token] = paired
            while len(self._sessions) > MOST_SESSIONS:
                del self._sessions[next(iter(self._sessions))]
            return token, paired

    def _count_try(self, client: str, now: float) -> None:
        """Record a try, refusing it when over the limits of the last minute."""
        mine = self._tries.setdefault(client, deque())
        for window in (mine, self._all_tries):
            while window and window[0] <= now - 60:
                window.popleft()
        if len(mine) >= TRIES_PER_MINUTE or len(self._all_tries) >= ALL_TRIES_PER_MINUTE:
            oldest = mine[0] if len(mine) >= TRIES_PER_MINUTE else self._all_tries[0]
            raise PairingError(429, f"too many tries: wait {oldest + 60 - now:.0f} s")
        mine.append(now)
        self._all_tries.append(now)
        if len(self._tries) > 1000:  # forget idle addresses, keep memory bounded
            for key in [key for key, times in self._tries.items() if not times]:
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
