"""A real daemon with its companion page, for the web tests: the device's own loop on its own
thread (mock hardware, a virtual clock, a headless screen, no sound), its page on a free port.

``DevicePump`` runs the loop at the current virtual time, so requests from a browser are
handled as they come, and time moves only when a test says so (``advance``, ``run_until``).
Everything that touches the daemon goes through ``call``, on the loop's own thread.
"""

from __future__ import annotations

import dataclasses
import html
import http.client
import queue
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from device.clock import VirtualClock
from device.config import Config, default_config
from device.headless import go_headless
from device.runtime.parts import Wiring, open_daemon
from device.simulator.run import simulate
from device.simulator.scenario import load_scenario
from device.store.database import Store
from device.web.part import WebPart, open_web

ROOT = Path(__file__).parents[1]
PUMP_SECONDS = 0.01
"""How often the idle loop looks at its inbox and the test's requests (real seconds)."""


def web_config() -> Config:
    """The default config, silent (the lines' lengths do not matter here), page on 127.0.0.1."""
    config = default_config()
    return dataclasses.replace(
        config,
        narration=dataclasses.replace(config.narration, backend="silent"),
        web=dataclasses.replace(config.web, enabled=True, address="127.0.0.1"),
    )


def seeded_store(folder: Path, config: Config) -> Path:
    """A store with Ada and Bo on seats 1 and 2 and one Alienation game played (by the
    simulator, as a user would with ``--store``)."""
    path = folder / "mothership.db"
    store = Store(path)
    for seat, name in ((1, "Ada"), (2, "Bo")):
        store.add_player(name)
        store.link_seat(seat, name)
    store.close()
    scenario = load_scenario(ROOT / "games" / "alienation" / "samples" / "alienation.json")
    simulate(scenario, config, store_path=path, cache=folder / "wav")
    return path


class DevicePump:
    """The daemon's loop on a thread of its own, at a standstill in virtual time."""

    def __init__(self, config: Config, store_path: Path, cache: Path) -> None:
        self.config, self.store_path, self.cache = config, store_path, cache
        self._tasks: queue.Queue[tuple[Callable[[Any], Any], Future[Any]]] = queue.Queue()
        self._started: Future[str] = Future()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="device", daemon=True)
        self.url = ""

    def start(self) -> None:
        """Open the daemon and its page; ``url`` is the page's address."""
        self._thread.start()
        self.url = self._started.result(timeout=60)

    def _run(self) -> None:
        from hardware.mock import virtual_ticks

        try:
            go_headless()
            with ExitStack() as stack:
                wiring = Wiring(
                    clock=VirtualClock(),
                    store_path=self.store_path,
                    hardware="mock",
                    readers=False,
                    audio=False,
                    cache=self.cache,
                    web=open_web,
                    web_port=0,
                )
                daemon = open_daemon(self.config, wiring, stack)
                stack.enter_context(virtual_ticks(daemon.clock.now))
                daemon.home()
                daemon.step(until=daemon.clock.now())
                if not isinstance(daemon.web, WebPart):
                    raise RuntimeError(f"the companion page did not start: {daemon.notices}")
                self._started.set_result(daemon.web.url)
                self._loop(daemon)
        except BaseException as error:
            if not self._started.done():
                self._started.set_exception(error)
            raise

    def _loop(self, daemon: Any) -> None:
        while not self._stop.is_set():
            try:
                work, done = self._tasks.get(timeout=PUMP_SECONDS)
            except queue.Empty:
                daemon.step(until=daemon.clock.now())
                continue
            try:
                done.set_result(work(daemon))
            except BaseException as error:
                done.set_exception(error)
            daemon.step(until=daemon.clock.now())

    def call(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(daemon)`` on the loop's thread; its result."""
        done: Future[Any] = Future()
        self._tasks.put((work, done))
        return done.result(timeout=30)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass, handling everything due on the way."""
        self.call(lambda daemon: run_to(daemon, daemon.clock.now() + seconds))

    def run_until(self, phase: str, limit: float = 3600.0) -> None:
        """Run the game until it reaches ``phase`` (at most ``limit`` virtual seconds)."""

        def until(daemon: Any) -> None:
            start = daemon.clock.now()
            while daemon.runtime.phase != phase:
                deadline = daemon.runtime.next_deadline()
                if deadline is None or deadline - start > limit:
                    raise AssertionError(f"phase {phase!r} never came ({daemon.runtime.phase})")
                run_to(daemon, deadline)

        self.call(until)

    def stop(self) -> None:
        """Stop the loop; the daemon closes its parts (the page first)."""
        self._stop.set()
        self._thread.join(timeout=30)


def run_to(daemon: Any, when: float) -> None:
    daemon.step(until=when)
    while daemon.clock.now() < when or daemon.sleep_seconds() == 0:
        daemon.step(until=when)


@dataclass
class Phone:
    """A minimal browser: one cookie jar, no redirects followed, pages as unescaped text."""

    url: str
    cookies: dict[str, str] = field(default_factory=dict)
    set_cookie: str = ""
    source: str = ""
    """The loopback address it connects from ("": the system's choice, 127.0.0.1)."""

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        body: bytes | None = None,
    ) -> tuple[int, str, http.client.HTTPResponse]:
        parts = urlsplit(self.url)
        connection = http.client.HTTPConnection(
            parts.hostname or "",
            parts.port,
            timeout=10,
            source_address=(self.source, 0) if self.source else None,
        )
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if form is not None:
            body = urlencode(form).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = html.unescape(response.read().decode("utf-8", "replace"))
        for header in response.headers.get_all("Set-Cookie") or []:
            self.set_cookie = header
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";")[0]
        connection.close()
        return response.status, text, response

    def csrf(self, path: str = "/players") -> str:
        status, text, _ = self.request("GET", path)
        assert status == 200
        match = re.search(r'name="csrf" value="([^"]+)"', text)
        assert match, "no CSRF field on a paired page"
        return match.group(1)


def shown_code(device: DevicePump) -> str:
    """The pairing code as the device's screen shows it in its banner."""
    notice = device.call(lambda daemon: daemon.ui._notice)
    assert notice is not None, "the device shows no banner"
    match = re.fullmatch(r"Pairing code: (\d{3}) (\d{3})", notice[0])
    assert match, notice[0]
    return match.group(1) + match.group(2)


def fresh_limits(device: DevicePump) -> None:
    """Forget the pairing limits' history and any code showing (every test phone comes from
    127.0.0.1), as "Open pairing" on the device does."""

    def forget(daemon: Any) -> None:
        pairing = daemon.web.pairing
        pairing.open()
        pairing._code = None
        pairing._last_request = -1e9

    device.call(forget)


def paired_phone(device: DevicePump) -> Phone:
    """A phone paired the way a person pairs one: ask for a code, type what the device shows."""
    phone = Phone(device.url)
    fresh_limits(device)
    status, _, response = phone.request("POST", "/pair/request")
    assert (status, response.headers["Location"]) == (303, "/pair")
    status, _, _ = phone.request("POST", "/pair", {"code": shown_code(device)})
    assert status == 303
    return phone
