"""Every LAN attack on the companion page at once, while a One Night day is played on the real
daemon: do they end the game, refuse a paired phone, slow the table's presses, flood the log?

The daemon (``mothership run --hardware mock``, its page on loopback, as ``page_load.py`` runs
it) resumes a One Night game at its day. A phone at 127.0.0.2 pairs, then the attackers start,
each from its own loopback addresses (127.0.0.x are all this machine's on Linux):

* idle: a host holding connections open and sending nothing (reopened as the page closes them);
* slowloris: a host sending its request headers a byte a second;
* many addresses: one host with 8 addresses, each holding connections;
* pairing guesses: a host asking for codes and typing wrong ones, with and without a ticket,
  and one asking for codes it never types and putting its code back on the screen in a loop;
* malformed HTTP: no ``Host`` header, a multipart form without its boundary, a bad
  ``Content-Length``, bytes that are not HTTP.

Meanwhile the paired phone polls its page and the live view, a second phone (127.0.0.3) pairs
(reading the code off the device's screen, as a person does: the test input folder reports the
banner) and polls too, and the day's inputs are handed in at a steady pace. Then the same day
is played again with nobody on the page. Reported: games ended (0 is the goal), paired-phone
requests refused (0), the day's input latency loaded/idle (within 2x), and the daemon's log
lines per offender per minute (at most 1), from its captured log read as it is written.

    .venv/bin/python bench/page_attacks.py           # about 8 minutes
    .venv/bin/python bench/page_attacks.py --quick   # the suite's (tests/test_bench.py)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from benchutil import machine_lines, table
from page_load import GIVE_UP, SETUP, Bench, spread

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chaos_daemon import snapshot  # noqa: E402

from device.web.fence import raise_file_limit  # noqa: E402

PHONE, SECOND_PHONE = "127.0.0.2", "127.0.0.3"
IDLE_HOST, SLOW_HOST = "127.0.0.20", "127.0.0.21"
MANY = [f"127.0.0.{n}" for n in range(30, 38)]
GUESSER, HOG = "127.0.0.40", "127.0.0.41"
MALFORMED = "127.0.0.50"
HELD = 12
"""Connections each holding address keeps open (the page's cap for one address)."""
ADDRESS = re.compile(r"\b127\.0\.0\.\d+\b")
RECORD = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL) ")
READ_EVERY = 0.2
"""How often the daemon's log is read: a line's time is known within this."""


@dataclass
class Field:
    """The page's address, the attackers' stop signal and what the phones saw."""

    port: int
    stop: threading.Event = field(default_factory=threading.Event)
    refused: list[str] = field(default_factory=list)
    """Paired phones' requests the page did not answer 200 (what it answered instead)."""
    polls: int = 0
    answers: Counter[tuple[str, str, int]] = field(default_factory=Counter)
    """What the page answered each address's requests: (address, path, status) counted."""
    paired_after: float | None = None
    """Seconds from the attack's start until the second phone was paired (None: never)."""

    def request(
        self, source: str, method: str, path: str, body: bytes = b"", cookies: str = ""
    ) -> tuple[int, dict[str, str]]:
        """One request from ``source``: its status and the cookies it set (0: failed)."""
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(source, 0)
        )
        headers = {"Cookie": cookies} if cookies else {}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            response.read()
            self.answers[source, path, response.status] += 1
            set_ = {}
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                set_[name] = rest.split(";")[0]
            return response.status, set_
        except OSError:
            return 0, {}
        finally:
            connection.close()

    def loop(self, work: Callable[[], None], pause: float) -> None:
        """Run ``work`` every ``pause`` seconds until stopped; an error is the page's answer."""
        while not self.stop.is_set():
            with suppress(OSError):
                work()
            self.stop.wait(pause)

    def hold(self, source: str, count: int, dribble: bytes = b"") -> None:
        """Keep ``count`` connections open from ``source``, each sending ``dribble`` a byte a
        second (nothing: idle); reopened as the page closes them."""
        held: list[tuple[socket.socket, int]] = []
        while not self.stop.is_set():
            while len(held) < count and not self.stop.is_set():
                sock = socket.socket()
                sock.bind((source, 0))
                sock.settimeout(2)
                try:
                    sock.connect(("127.0.0.1", self.port))
                    held.append((sock, 0))
                except OSError:
                    sock.close()
                    break
            kept = []
            for sock, sent in held:
                try:
                    if dribble:
                        sock.send(dribble[sent % len(dribble) : sent % len(dribble) + 1])
                    sock.settimeout(0)
                    if sock.recv(1024) == b"":
                        raise ConnectionResetError  # the page closed it
                except BlockingIOError:
                    kept.append((sock, sent + 1))
                    continue
                except OSError:
                    pass
                sock.close()
            held = kept
            self.stop.wait(1.0)
        for sock, _ in held:
            sock.close()

    def guess(self, source: str) -> None:
        """Ask for a code (keeping its ticket) and type wrong ones, without a ticket too."""
        _, cookies = self.request(source, "POST", "/pair/request")
        ticket = "; ".join(f"{k}={v}" for k, v in cookies.items())
        for cookie in (ticket, ""):
            self.request(source, "POST", "/pair", b"code=000000", cookie)

    def hog(self, source: str) -> None:
        """Ask for codes and never type one, putting the code back on the screen meanwhile:
        keep the screen's code, and the pairing, from every other phone."""
        ticket = ""
        while not self.stop.is_set():
            _, cookies = self.request(source, "POST", "/pair/request", cookies=ticket)
            if cookies:
                ticket = "; ".join(f"{k}={v}" for k, v in cookies.items())
            for _ in range(20):
                self.request(source, "POST", "/pair/again", cookies=ticket)

    def malformed(self) -> None:
        """One of each malformed request, on raw sockets."""
        multipart = (
            b"POST /pair HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data\r\n"
            b"Content-Length: 5\r\n\r\nhello"
        )
        for data in (
            b"GET / HTTP/1.1\r\n\r\n",  # no Host
            multipart,
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",
        ):
            with socket.socket() as sock:
                sock.bind((MALFORMED, 0))
                sock.settimeout(5)
                sock.connect(("127.0.0.1", self.port))
                sock.sendall(data)
                sock.recv(4096)

    def poll(self, source: str, cookies: str) -> None:
        """A paired phone reading its page and the live view."""
        for path in ("/", "/live"):
            status, _ = self.request(source, "GET", path, cookies=cookies)
            self.polls += 1
            if status != 200:
                self.refused.append(f"{source} {path}: {status or 'no answer'}")


class Attacked(Bench):
    """``page_load``'s daemon, resumed at One Night's day, played with or without attacks."""

    def __init__(self, root: Path, plays: int, inputs: int, pace: float) -> None:
        super().__init__(root, plays)
        self.inputs_wanted, self.pace = inputs, pace
        self.log_lines: list[tuple[float, str]] = []
        """The daemon's log lines during the attacks, each with when it was read."""
        self._one_at_a_time = threading.Lock()
        """Inputs are numbered: the second phone's reading of the screen waits its turn."""

    def send(self, step: dict[str, object]) -> float:
        """``Bench.send``, one input at a time (the day's and the second phone's)."""
        with self._one_at_a_time:
            return super().send(step)

    def play(self, attacked: bool) -> tuple[list[float], Field, str | None]:
        """The day on a fresh daemon: each input's seconds, the field, and the phase after."""
        day = {"control": "go"}, {"until": "phase", "is": "day"}
        self._simulate({"setup": SETUP, "events": list(day)}, self.db)
        self.daemon.start()
        place = Field(self.port)
        try:
            self._wait(self._page_up, "the page to answer")
            phone = self.pair(place, PHONE) if attacked else ""
            with self.attacks(place, phone) if attacked else _nothing():
                inputs = []
                for _ in range(self.inputs_wanted):
                    inputs.append(self.send({"control": "no"}))
                    time.sleep(self.pace)
            phase = snapshot(self.db).phase
        finally:
            self.daemon.stop()
        return inputs, place, phase

    def pair(self, place: Field, source: str, deadline: float = GIVE_UP) -> str:
        """Pair the phone at ``source`` as a person does; its cookie ("": it could not)."""
        until = time.monotonic() + deadline
        while time.monotonic() < until and not place.stop.is_set():
            status, ticket = place.request(source, "POST", "/pair/request")
            if status == 303:
                break
            place.stop.wait(1.0)  # another phone's code shows, or one was asked for just now
        else:
            return ""
        notice = self.screen()
        digits = "".join(re.findall(r"\d", notice or ""))
        cookie = "; ".join(f"{k}={v}" for k, v in ticket.items())
        status, session = place.request(source, "POST", "/pair", f"code={digits}".encode(), cookie)
        if status != 303 or not session:
            print(f"page_attacks: {source} did not pair ({status}, {notice!r})", file=sys.stderr)
            return ""
        return "; ".join(f"{k}={v}" for k, v in session.items())

    def screen(self) -> str | None:
        """The banner on the device's screen, as the next input's pass reports it."""
        with self._one_at_a_time:  # an input as any other of the day
            super().send({"control": "no"})
            done = self.inputs / f"{self.sent:06d}.done"
        return json.loads(done.read_text(encoding="utf-8")).get("notice")  # type: ignore[no-any-return]

    @contextmanager
    def attacks(self, place: Field, phone: str) -> Iterator[None]:
        """Every attacker, the paired phone polling, and the second phone pairing."""
        began = time.monotonic()
        work: list[tuple[Callable[..., None], tuple[object, ...]]] = [
            (place.hold, (IDLE_HOST, HELD)),
            (place.hold, (SLOW_HOST, HELD // 2, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ")),
            *((place.hold, (source, HELD)) for source in MANY),
            (place.loop, (lambda: place.guess(GUESSER), 0.5)),
            (place.hog, (HOG,)),
            (place.loop, (place.malformed, 0.05)),
            (place.loop, (lambda: place.poll(PHONE, phone), 0.5)),
            (self._second_phone, (place, began)),
            (self._read_log, (place,)),
        ]
        threads = [threading.Thread(target=f, args=a, daemon=True) for f, a in work]
        for thread in threads:
            thread.start()
        try:
            yield
        finally:
            place.stop.set()
            for thread in threads:
                thread.join(timeout=GIVE_UP)

    def _second_phone(self, place: Field, began: float) -> None:
        cookie = self.pair(place, SECOND_PHONE, deadline=GIVE_UP)
        if cookie:
            place.paired_after = time.monotonic() - began
            place.loop(lambda: place.poll(SECOND_PHONE, cookie), 0.5)

    def _read_log(self, place: Field) -> None:
        with open(self.daemon.log_path, encoding="utf-8", errors="replace") as log:
            log.seek(0, 2)
            while True:
                stopping = place.stop.is_set()
                for line in log.readlines():
                    self.log_lines.append((time.monotonic(), line.rstrip("\n")))
                if stopping:
                    return
                place.stop.wait(READ_EVERY)


def commit() -> str:
    """The project's commit, with a + when the tree has changes."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(["git", "diff", "--quiet", "HEAD"], cwd=ROOT).returncode
    return f"{head or 'unknown'}{'+' if dirty else ''}"


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def per_minute(lines: list[tuple[float, str]]) -> tuple[dict[str, int], float, int, int]:
    """The most log records naming each address within any minute (two lines a minute apart,
    read up to ``READ_EVERY`` apart in time, are not in one); the least time between two records
    naming one address; the page's records naming none; and lines that are not records (a
    traceback's)."""
    times: dict[str, list[float]] = defaultdict(list)
    unnamed = loose = 0
    for when, line in lines:
        if not RECORD.match(line):
            loose += 1
            continue
        named = set(ADDRESS.findall(line)) - {"127.0.0.1"}
        unnamed += not named and " device.web" in line
        for address in named:
            times[address].append(when)
    most, least = {}, float("inf")
    minute = 60 - 2 * READ_EVERY
    for address, seen in times.items():
        most[address] = max(sum(1 for t in seen if start <= t < start + minute) for start in seen)
        least = min([least, *(b - a for a, b in pairwise(seen))])
    return most, least, unnamed, loose


def main(argv: list[str] | None = None) -> int:
    """Play the day under every attack, then idle; print the goal's four figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="10 inputs 1 s apart")
    args = parser.parse_args(argv)
    inputs, pace = (10, 1.0) if args.quick else (40, 5.0)
    raise_file_limit(4096)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="mothership-page-attacks-") as scratch:
        bench = Attacked(Path(scratch), 50 if args.quick else 300, inputs, pace)
        loaded, place, phase_loaded = bench.play(attacked=True)
        idle, _, phase_idle = bench.play(attacked=False)
        aside = len(snapshot(bench.db).set_aside)
        minute, least, unnamed, loose = per_minute(bench.log_lines)
    ended = sum(phase not in ("day", "vote") for phase in (phase_loaded, phase_idle)) + aside
    ratio = statistics.median(loaded) / statistics.median(idle)
    worst = max(minute.values(), default=0)
    print("\n".join(machine_lines()))
    load_after = os.getloadavg()[0]
    print(f"commit:   {commit()}\nload:     {load_before:.1f} before, {load_after:.1f} after")
    print(f"\npage attacks: {inputs} inputs {pace:g} s apart, every attack at once")
    print(
        table(
            ["", "idle", "attacked"],
            [["input median / p95 / worst (s)", spread(idle), spread(loaded)]],
        )
    )
    offenders = ", ".join(f"{a} {n}" for a, n in sorted(minute.items())) or "none"
    second = "never" if place.paired_after is None else f"after {place.paired_after:.1f} s"
    print(
        f"\ngames ended: {ended} (phase after: {phase_loaded}, {phase_idle}; set aside {aside})"
        f"\npaired-phone requests refused: {len(place.refused)} of {place.polls}"
        f" {place.refused[:5] if place.refused else ''}"
        f"\ninput latency ratio attacked/idle (median): {ratio:.2f}"
        f"\nlog lines per offender per minute, most: {worst} ({offenders});"
        f" least time between two about one address {least:.1f} s;"
        f" the page's records naming no address {unnamed}, traceback lines {loose}"
        f"\nsecond phone paired: {second}"
    )
    pairing = [(k, n) for k, n in sorted(place.answers.items()) if k[1].startswith("/pair")]
    print("pairing answers (address, path, status: count): ", end="")
    print(", ".join(f"{a} {p} {s}: {n}" for (a, p, s), n in pairing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
