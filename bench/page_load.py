"""Does load on the companion page reach the game? A One Night night and a run of inputs on
the real daemon, first with nobody on the page, then while two phones download exports in a
loop and a host tries to hold 1,200 connections, in the same run on a log of 3,000 plays.

The daemon (``mothership run --hardware mock``, headless, silent, its page on a free port) plays
the night from its setup (once to warm the voice cache, then under load, then idle), its inputs
handed in by the test input folder (``device/simulator/testinput.py``). Measured, in real
seconds, each time:

* the night: from "Start night" handled to the store's checkpoint in ``day`` (its cues are
  timed by the daemon's clock: a late cue makes the night longer);
* inputs during the day: from an input file written to the daemon's pass that handled it
  (median, 95th percentile, worst of ``INPUTS``);
* under load: exports completed and their bytes, and the connections the page refused.

The figure that matters is the ratio loaded/idle (1.0: the page's load does not reach the game).
``--quick`` (the suite's run, tests/test_bench.py): 300 plays, 200 connections, 10 inputs, each
role awake 1 s (3 s).

    .venv/bin/python bench/page_load.py           # about 3 minutes
    .venv/bin/python bench/page_load.py --quick
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from benchutil import machine_lines, table
from store_scale import filled, free_port

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.append(str(ROOT / "tests"))

from chaos_daemon import DaemonProcess, load_as_written, snapshot  # noqa: E402

from device.web.fence import raise_file_limit  # noqa: E402

SETUP = {
    "game": "onenight",
    "roles": ["alien", "alien", "villager", "villager", "villager", "psychic", "rascal"],
    "players": 4,
    "seed": 2026,
    "options": {"role_seconds": 3, "day_minutes": 5, "pause_seconds": 0},
}
INPUTS = 40
GIVE_UP = 300.0
"""Seconds before a stuck run is reported as failed (a bound, not a figure)."""


@dataclass
class Load:
    """Two phones downloading exports in a loop, and a host holding connections."""

    url: str
    connections: int
    stop: threading.Event = field(default_factory=threading.Event)
    exports: list[int] = field(default_factory=list)
    """Bytes of each export completed."""
    busy: int = 0
    """Downloads answered 429 (wait)."""
    refused: int = 0
    """Connections the page answered 503 or closed at once."""

    def download(self, source: str) -> None:
        """One phone at address ``source``: every export format in turn until ``stop``."""
        host, port = self.url.split("//")[1].split("/")[0].split(":")
        while not self.stop.is_set():
            for fmt in ("csv", "bgsplay", "bgstats-url"):
                connection = http.client.HTTPConnection(
                    host, int(port), timeout=120, source_address=(source, 0)
                )
                try:
                    connection.request("GET", f"/export/{fmt}")
                    response = connection.getresponse()
                    body = response.read()
                    if response.status == 200:
                        self.exports.append(len(body))
                    else:
                        self.busy += 1
                        time.sleep(0.2)
                except OSError:
                    self.refused += 1
                finally:
                    connection.close()

    @contextmanager
    def running(self) -> Iterator[None]:
        host, port = self.url.split("//")[1].split("/")[0].split(":")
        phones = [
            threading.Thread(target=self.download, args=(f"127.0.0.{n}",), daemon=True)
            for n in (1, 2)
        ]
        with ExitStack() as held:
            for _ in range(self.connections):
                sock = held.enter_context(socket.socket())
                sock.bind(("127.0.0.9", 0))
                try:
                    sock.settimeout(GIVE_UP)
                    sock.connect((host, int(port)))
                    sock.settimeout(0.01)
                    if sock.recv(16).startswith(b"HTTP/1.1 503"):
                        self.refused += 1
                except TimeoutError:
                    pass  # held open: the page took it
                except OSError:
                    self.refused += 1  # reset or refused outright
            for phone in phones:
                phone.start()
            try:
                yield
            finally:
                self.stop.set()
                for phone in phones:
                    phone.join(timeout=GIVE_UP)


class Bench:
    """The daemon on a scratch store, and the night and inputs measured on it."""

    def __init__(self, root: Path, plays: int, role_seconds: int = 3) -> None:
        self.root = root
        self.setup = {**SETUP, "options": {**SETUP["options"], "role_seconds": role_seconds}}  # type: ignore[dict-item]
        self.port = free_port()
        store = filled(root / "store", plays)
        self.db = store
        self.inputs = root / "inputs"
        self.config = root / "config.toml"
        self.config.write_text(
            '[narration]\nbackend = "silent"\nrate = 400\npause = 0\n'
            f'cache_dir = "{root / "wav"}"\n[audio]\nenabled = false\n'
            f'[web]\nenabled = true\naddress = "127.0.0.1"\nport = {self.port}\n',
            encoding="utf-8",
        )
        self.daemon = DaemonProcess(root, store, self.inputs, self.config)
        self.sent = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def _simulate(self, scenario: dict[str, object], db: Path | None) -> list[dict[str, object]]:
        from device.simulator.run import simulate
        from device.simulator.scenario import parse_scenario

        settings = load_as_written(self.config)
        return simulate(
            parse_scenario(json.dumps(scenario)), settings, store_path=db
        ).transcript.entries

    def run(self, load: Load | None) -> tuple[float, list[float]]:
        """One night and ``INPUTS`` inputs on a fresh daemon: (night s, each input's s)."""
        self._simulate({"setup": self.setup, "events": []}, self.db)  # the game, in its setup
        self.daemon.start()
        try:
            self._wait(lambda: self._page_up(), "the page to answer")
            with load.running() if load is not None else ExitStack():
                began = self._start_night()
                self._wait(lambda: snapshot(self.db).phase == "day", "the day")
                night = time.monotonic() - began
                inputs = [self.send({"control": "no"}) for _ in range(INPUTS)]
        finally:
            self.daemon.stop()
        return night, inputs

    def _start_night(self) -> float:
        """Tap "Start night" until the daemon takes it; when it was taken (monotonic). A
        resumed setup may not offer it yet under load (the tap is refused: tried again), and
        a night that began without it ends the wait: the run never hangs on a refused input."""
        while True:
            began = time.monotonic()
            if self._hand_in({"touch": "Start night"})[1] is None:
                return began
            if snapshot(self.db).phase != "setup":
                print("page_load: the night began before Start night", file=sys.stderr)
                return began
            time.sleep(0.2)

    def send(self, step: dict[str, object]) -> float:
        """Hand in one input; seconds until the daemon's pass handled it (a refusal ends the
        run with the daemon's reason)."""
        seconds, why = self._hand_in(step)
        if why is not None:
            raise SystemExit(f"page_load: the daemon refused {step}: {why}")
        return seconds

    def _hand_in(self, step: dict[str, object]) -> tuple[float, str | None]:
        """Hand in one input: seconds until the daemon's pass handled it, and why it was
        refused (None: carried out)."""
        self.sent += 1
        name = f"{self.sent:06d}"
        scratch = self.inputs / f"{name}.tmp"
        scratch.write_text(json.dumps(step), encoding="utf-8")
        began = time.monotonic()
        scratch.rename(self.inputs / f"{name}.json")
        done, refused = self.inputs / f"{name}.done", self.inputs / f"{name}.error"
        self._wait(lambda: done.exists() or refused.exists(), f"input {step}")
        seconds = time.monotonic() - began
        if refused.exists():
            return seconds, refused.read_text(encoding="utf-8").strip()
        return seconds, None

    def _page_up(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def _wait(self, done: object, what: str) -> None:
        deadline = time.monotonic() + GIVE_UP
        while not done():  # type: ignore[operator]
            self.daemon.check_alive()
            if time.monotonic() > deadline:
                raise SystemExit(f"page_load: gave up waiting for {what}")
            time.sleep(0.005)


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered):.3f} / {p95:.3f} / {ordered[-1]:.3f}"


def main(argv: list[str] | None = None) -> int:
    """Measure idle, then loaded; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="300 plays, 200 connections")
    args = parser.parse_args(argv)
    plays, connections = (300, 200) if args.quick else (3000, 1200)
    global INPUTS
    INPUTS = 10 if args.quick else INPUTS
    raise_file_limit(connections + 1024)
    with tempfile.TemporaryDirectory(prefix="mothership-page-load-") as scratch:
        bench = Bench(Path(scratch), plays, role_seconds=1 if args.quick else 3)
        bench.run(None)  # not measured: the first night renders the voice cache
        load = Load(bench.url, connections)
        loaded_night, loaded_inputs = bench.run(load)
        idle_night, idle_inputs = bench.run(None)
    print("\n".join(machine_lines()))
    print(
        f"\npage load: {plays} plays in the log, {connections} connections tried, {INPUTS} inputs"
    )
    rows = [
        [
            "night (s)",
            f"{idle_night:.2f}",
            f"{loaded_night:.2f}",
            f"{loaded_night / idle_night:.3f}",
        ],
        [
            "input median / p95 / worst (s)",
            spread(idle_inputs),
            spread(loaded_inputs),
            f"{statistics.median(loaded_inputs) / statistics.median(idle_inputs):.2f}",
        ],
    ]
    print(table(["", "idle", "loaded", "ratio loaded/idle"], rows))
    size = sum(load.exports) / max(1, len(load.exports)) / 1024
    print(
        f"\nexports completed under load: {len(load.exports)} (about {size:.0f} KiB each), "
        f"{load.busy} answered 429 (wait)"
    )
    print(f"connections refused by the page: {load.refused} of {connections}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
