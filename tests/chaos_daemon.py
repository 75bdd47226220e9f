"""The chaos run's daemon process and its view of the store (see ``chaos_driver.py``)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from device.config import VOICE_ENV
from device.headless import headless_env

if TYPE_CHECKING:
    from device.config import Config

ROOT = Path(__file__).resolve().parents[1]


def load_as_written(path: Path) -> Config:
    """The settings of the config file at ``path``, its voice included: these runs name theirs
    (silent), and the suite's ``MOTHERSHIP_VOICE`` (espeak-ng, for its own tests) would have
    every line of their scenarios rendered, tripling a night's length for nothing measured."""
    import tomllib

    from device.config import load_config

    with path.open("rb") as file:
        voice = tomllib.load(file).get("narration", {}).get("backend")
    return load_config(path, system_path=None, overrides={"narration.backend": voice})


class DaemonGone(AssertionError):
    """The daemon exited when nobody killed it."""


@dataclass(frozen=True)
class Snapshot:
    """What the store holds at one moment."""

    game: str | None
    state: dict[str, Any] | None
    saved_at: float | None
    attempts: int
    plays: tuple[str, ...]
    set_aside: tuple[str, ...]

    @classmethod
    def empty(cls) -> Snapshot:
        """No game, no plays."""
        return cls(None, None, None, 0, (), ())

    @property
    def phase(self) -> str | None:
        """The checkpointed game's phase (None: no game)."""
        return None if self.state is None else str(self.state.get("phase"))


def _connect(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db, timeout=10, isolation_level=None)


def snapshot(db: Path) -> Snapshot:
    """Read the checkpoint, the plays and the set-aside games in one read transaction."""
    if not db.exists():
        return Snapshot.empty()
    connection = _connect(db)
    try:
        connection.execute("BEGIN")
        row = connection.execute(
            "SELECT game, state, saved_at, attempts FROM checkpoint WHERE id = 1"
        ).fetchone()
        plays = tuple(r[0] for r in connection.execute("SELECT id FROM plays ORDER BY id"))
        aside = tuple(r[0] for r in connection.execute("SELECT reason FROM set_aside ORDER BY id"))
        connection.execute("COMMIT")
    except sqlite3.OperationalError as error:
        if "no such table" not in str(error):
            raise
        return Snapshot.empty()
    finally:
        connection.close()
    if row is None:
        return Snapshot(None, None, None, 0, plays, aside)
    return Snapshot(str(row[0]), json.loads(row[1]), float(row[2]), int(row[3]), plays, aside)


def integrity(db: Path) -> str:
    """``PRAGMA integrity_check``'s answer, one line per problem (``ok`` when sound)."""
    connection = _connect(db)
    try:
        return "\n".join(str(r[0]) for r in connection.execute("PRAGMA integrity_check"))
    finally:
        connection.close()


class DaemonProcess:
    """``mothership run --hardware mock --store DB`` with the test input folder."""

    def __init__(self, root: Path, db: Path, inputs: Path, config: Path) -> None:
        self.db, self.inputs, self.config = db, inputs, config
        self.log_path = root / "daemon.log"
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def start(self) -> None:
        """Start a daemon (none may be running)."""
        assert self.process is None, "a daemon is running already"
        self.inputs.mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            **headless_env(),
            "XDG_STATE_HOME": str(self.db.parent.parent / "state"),
            "MOTHERSHIP_TEST_INPUTS": str(self.inputs),
        }
        env.pop("STATE_DIRECTORY", None)
        env.pop("NOTIFY_SOCKET", None)
        env.pop(VOICE_ENV, None)  # its config file names its voice (see load_as_written)
        command = [sys.executable, "-m", "device", "--config", str(self.config)]
        command += ["run", "--hardware", "mock", "--store", str(self.db)]
        self._log = open(self.log_path, "ab")  # noqa: SIM115 (held while the daemon runs)
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT
        )

    def kill(self) -> None:
        """SIGKILL the daemon and reap it."""
        assert self.process is not None, "no daemon to kill"
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._reaped()

    def stop(self) -> None:
        """Stop a running daemon as systemd does (SIGTERM); it must exit cleanly."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            code = None
        self._reaped()
        if code != 0:
            raise DaemonGone(f"the daemon did not stop cleanly on SIGTERM (exit {code})")

    def check_alive(self) -> None:
        """Raise ``DaemonGone`` (with its log's tail) if the daemon exited by itself."""
        if self.process is not None and self.process.poll() is not None:
            code = self.process.returncode
            self._reaped()
            tail = self.log_path.read_text(errors="replace").splitlines()[-15:]
            raise DaemonGone(f"the daemon exited by itself ({code}):\n" + "\n".join(tail))

    def holds_lock(self) -> bool:
        """Whether the running daemon has taken the store's lock (the file holds its PID)."""
        lock = self.db.with_name(self.db.name + ".lock")
        try:
            owner = lock.read_text(encoding="ascii").strip()
        except OSError:
            return False
        return self.process is not None and owner == str(self.process.pid)

    def errors(self) -> list[str]:
        """Every ERROR or CRITICAL line and traceback the daemons logged (SDL's own aside)."""
        if not self.log_path.exists():
            return []
        lines = self.log_path.read_text(errors="replace").splitlines()
        found = [
            line
            for line in lines
            if line.startswith(("ERROR", "CRITICAL ", "Traceback")) and "SDL" not in line
        ]
        return found

    def _reaped(self) -> None:
        self.process = None
        if self._log is not None:
            self._log.close()
            self._log = None
