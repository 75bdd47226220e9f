"""The chaos run: the real daemon plays every game kind while it is SIGKILLed at seeded moments.

Shared by ``tests/device/runtime/test_chaos.py`` (through ``bench/chaos.py --quick``) and
``bench/chaos.py``. One store serves the whole run. For each game (``chaos_games.py``) the
simulator plays its ``prepare`` part into the store, a whole reference game is simulated apart,
and ``mothership run --hardware mock --store`` (headless, silent, on test inputs) plays the rest.

After every kill the driver checks, daemon down:

- ``PRAGMA integrity_check`` is ``ok``;
- the checkpoint holds the same game, in the same phase or one time alone leads to, with what
  the table entered as the driver last read it (every input is acknowledged only once the
  checkpoint holds it, and kills never cut an unacknowledged one);
- the score log holds the same plays;

then restarts the daemon, waits until the resumed game has run one whole pass of the loop, and
checks the same again. Each game ends with exactly one new play, equal to the reference game's.

Kills land after inputs, while the driver waits for a phase, and during start-up. Every phase a
game passes through gets at least one kill. A start-up kill (``STARTUP_KILL_RATE`` of restarts)
is never followed by another before the restarted game has settled: two deaths in a row before a
resume completes are, by design, a crash loop, and the checkpoint is set aside
(``device/runtime/app.py``, ``RESUME_ATTEMPTS``).
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chaos_daemon import (
    DaemonGone,
    DaemonProcess,
    Snapshot,
    integrity,
    load_as_written,
    snapshot,
)
from chaos_games import TIMED, Game, games, inputs_differ, reached, went_back

STARTUP_KILL_RATE = 0.2
STARTUP_KILL_WINDOW = (0.1, 1.0)
"""A start-up kill comes this many seconds after the start (the daemon resumes at ~0.6 s)."""
AFTER_INPUT_DELAY = 0.3
"""A kill after an input comes within this many seconds of its acknowledgement."""
UNTIL_WEIGHT = 3
"""A wait for a phase gets this many times its share of the kills, at most ``UNTIL_KILLS_MAX``
(not in the quick run: each night kill replays a step, which costs the suite seconds)."""
UNTIL_KILLS_MAX = 6
UNTIL_KILL_GAP = 4.0
"""Kills while waiting for a phase come up to this many seconds apart."""
SETTLE_SECONDS = 40.0
"""The longest a restarted daemon may take to resume its game."""


class ChaosFailure(AssertionError):
    """A check that failed after a kill (or a game that did not play through)."""


@dataclass
class Tally:
    """What happened to one game kind."""

    name: str
    kills: int = 0
    survived: int = 0
    startup_kills: int = 0
    phases: Counter[str] = field(default_factory=Counter)
    finished: bool = False
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    """Phases the game passed through without a kill (too short to be seen)."""


@dataclass
class Report:
    """The whole run."""

    tallies: list[Tally]
    plays_expected: int
    plays_logged: int
    errors_logged: list[str]
    seconds: float

    @property
    def kills(self) -> int:
        """Kills made."""
        return sum(t.kills for t in self.tallies)

    @property
    def survived(self) -> int:
        """Kills after which every check held."""
        return sum(t.survived for t in self.tallies)

    @property
    def ok(self) -> bool:
        """Every kill survived, every game finished once, nothing logged as an error."""
        finished = all(t.finished and not t.failures for t in self.tallies)
        plays = self.plays_logged == self.plays_expected
        return finished and plays and self.survived == self.kills and not self.errors_logged


class Chaos:
    """One seeded chaos run in ``root`` (a scratch folder)."""

    def __init__(self, root: Path, *, kills: int, seed: int, quick: bool) -> None:
        self.root, self.quick = root, quick
        self.rng = random.Random(seed)
        self.games = games(quick=quick)
        self.budget = [kills // len(self.games)] * len(self.games)
        for index in range(kills % len(self.games)):
            self.budget[index] += 1
        self.db = root / "store" / "mothership.db"
        self.inputs = root / "inputs"
        self.config = _config(root)
        self.daemon = DaemonProcess(root, self.db, self.inputs, self.config)
        self.sent = 0
        self.last = Snapshot.empty()
        self.tally = Tally("")
        self.killed_in: set[str] = set()
        self.budget_left = 0
        self.until_weight = 1 if quick else UNTIL_WEIGHT
        self.failed_kills: set[int] = set()
        """The kills (numbered in the game) after which a check failed."""

    def run(self, progress: Callable[[str], None] = lambda _text: None) -> Report:
        """Play every game; return what happened."""
        started = time.monotonic()
        tallies, plays = [], 0
        for game, budget in zip(self.games, self.budget, strict=True):
            began = time.monotonic()
            self.tally = Tally(game.name)
            tallies.append(self.tally)
            try:
                self._game(game, budget)
                plays += 1
            except (ChaosFailure, DaemonGone) as failure:
                self.tally.failures.append(str(failure))
            try:
                self.daemon.stop()
            except DaemonGone as failure:
                self.tally.failures.append(str(failure))
            self.tally.seconds = time.monotonic() - began
            progress(
                f"{game.name}: {self.tally.survived} of {self.tally.kills} kills survived "
                f"({self.tally.seconds:.0f} s)"
            )
        logged = len(snapshot(self.db).plays)
        return Report(tallies, plays, logged, self.daemon.errors(), time.monotonic() - started)

    # -- one game ---------------------------------------------------------------------------

    def _game(self, game: Game, budget: int) -> None:
        reference, wait = self._reference(game)
        prepare = game.scenario(whole=False)
        if wait:
            prepare["events"].append({"wait": wait})
        _simulate(prepare, self.db, self.config)
        before = snapshot(self.db)
        self.killed_in, self.budget_left = set(), budget
        self.daemon.start()
        self.last = self._settle(before)
        for index, step in enumerate(game.play):
            # Spread what is left of the budget over the steps left (all of it by the last).
            share = self.budget_left / (len(game.play) - index)
            kills = int(share) + (self.rng.random() < share - int(share))
            if "until" in step:
                # A wait for a phase is where time runs the game (the night): more kills there.
                kills = min(self.budget_left, UNTIL_KILLS_MAX, kills * self.until_weight)
                self._until(step["is"], kills)
                kills = 0  # made on the way, unless the phase came first
            else:
                self._step(step)
            self._kill_if_new_phase()
            for _ in range(max(0, kills)):
                time.sleep(self.rng.uniform(0, AFTER_INPUT_DELAY))
                self._kill()
        self._finished(game, before, reference["play"])
        phases: list[str] = reference["phases"]
        if before.phase in phases:
            phases = phases[phases.index(before.phase) :]
        self.tally.missed = sorted(set(phases) - set(self.tally.phases))

    def _step(self, step: dict[str, Any]) -> None:
        if "wait" in step:
            time.sleep(step["wait"])
            self.last = snapshot(self.db)
        else:
            self._send(step)

    def _send(self, step: dict[str, Any]) -> None:
        """Hand one input to the daemon and wait until its checkpoint holds it."""
        self.sent += 1
        name = f"{self.sent:06d}"
        scratch = self.inputs / f"{name}.tmp"
        scratch.write_text(json.dumps(step), encoding="utf-8")
        scratch.rename(self.inputs / f"{name}.json")
        deadline = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < deadline:
            if (self.inputs / f"{name}.done").exists():
                self.last = snapshot(self.db)
                return
            error = self.inputs / f"{name}.error"
            if error.exists():
                raise ChaosFailure(f"input {step} refused: {error.read_text().strip()}")
            self.daemon.check_alive()
            time.sleep(0.01)
        raise ChaosFailure(f"input {step} was not handled within {SETTLE_SECONDS:.0f} s")

    def _until(self, phase: str, kills: int) -> None:
        """Wait for ``phase`` on the daemon's clock, killing it up to ``kills`` times on the way,
        a few seconds apart (a kill in the night replays the step it cut, so closer kills could
        keep the night from ever ending)."""
        deadline = time.monotonic() + 120
        kill_at = time.monotonic() + self.rng.uniform(0, UNTIL_KILL_GAP)
        while time.monotonic() < deadline:
            self.last = snapshot(self.db)
            if reached(str(self.last.game), phase, self.last.phase):
                return
            if self._kill_if_new_phase():
                continue
            if kills > 0 and time.monotonic() >= kill_at:
                self._kill()
                kills -= 1
                kill_at = time.monotonic() + self.rng.uniform(1.0, UNTIL_KILL_GAP)
                continue
            self.daemon.check_alive()
            time.sleep(0.05)
        raise ChaosFailure(f"phase {phase!r} did not come (still {self.last.phase!r})")

    def _kill_if_new_phase(self) -> bool:
        phase = self.last.phase
        if phase is None or phase in self.killed_in:
            return False
        time.sleep(self.rng.uniform(0, 0.2))
        self._kill()
        return True

    def _finished(self, game: Game, before: Snapshot, reference: dict[str, Any]) -> None:
        """The game ended (home) with exactly one new play, the reference game's."""
        deadline = time.monotonic() + SETTLE_SECONDS
        now = snapshot(self.db)
        while now.game is not None and time.monotonic() < deadline:
            time.sleep(0.05)
            now = snapshot(self.db)
        if now.game is not None:
            raise ChaosFailure(f"the game did not end: still in phase {now.phase!r}")
        new = [play for play in now.plays if play not in before.plays]
        if len(new) != 1 or len(now.plays) != len(before.plays) + 1:
            raise ChaosFailure(
                f"{len(before.plays)} plays before the game, {len(now.plays)} after: "
                "a play was lost or logged twice"
            )
        logged = _play(self.db, new[0])
        if logged != reference:
            raise ChaosFailure(f"the logged play {logged} differs from the reference {reference}")
        self.tally.finished = True

    # -- kills ------------------------------------------------------------------------------

    def _kill(self) -> None:
        """SIGKILL the daemon, check the store, restart it, check the resumed game."""
        before = self.last
        self.failed_kills = set()
        self.daemon.kill()
        after = self._check_down(before)
        kills = 1
        if after.attempts == 0 and self.rng.random() < STARTUP_KILL_RATE:
            self.daemon.start()
            time.sleep(self.rng.uniform(*STARTUP_KILL_WINDOW))
            self.daemon.kill()
            self.tally.startup_kills += 1
            kills += 1
            after = self._check_down(after)
        self.daemon.start()
        resumed = self._settle(after)
        self._compare("after the restart", after, resumed)
        self.tally.survived += kills - len(self.failed_kills)
        self.last = resumed

    def _check_down(self, before: Snapshot) -> Snapshot:
        self.tally.kills += 1
        self.budget_left -= 1
        status = integrity(self.db)
        if status != "ok":
            raise ChaosFailure(f"integrity_check after a kill: {status}")
        after = snapshot(self.db)
        self._compare("after a kill", before, after)
        phase = after.phase or "home"
        self.tally.phases[phase] += 1
        self.killed_in.add(phase)
        return after

    def _settle(self, killed: Snapshot) -> Snapshot:
        """Wait until the restarted daemon has resumed ``killed``'s game and run one pass."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < deadline:
            self.daemon.check_alive()
            now = snapshot(self.db)
            if len(now.set_aside) > len(killed.set_aside):
                raise ChaosFailure(f"the game was set aside: {now.set_aside[-1]}")
            if killed.game is None:
                if self.daemon.holds_lock():
                    return now
            elif now.attempts == 0 and now.saved_at != killed.saved_at:
                return now
            time.sleep(0.02)
        raise ChaosFailure(f"the daemon did not resume within {SETTLE_SECONDS:.0f} s")

    def _compare(self, when: str, before: Snapshot, after: Snapshot) -> None:
        """Check ``after`` against ``before``. A game in another game or phase ends the game's
        run (``ChaosFailure``); other problems are noted and the kill is not counted as
        survived, but the game goes on, so one bug does not hide the rest."""
        where = f"{when} in phase {before.phase!r}"
        if before.game is not None and after.game != before.game:
            raise ChaosFailure(f"{where}: the {before.game} game became {after.game!r}")
        if before.game is not None:
            allowed = {before.phase} | TIMED[before.game].get(str(before.phase), set())
            if after.phase not in allowed:
                raise ChaosFailure(f"{where}: came back in phase {after.phase!r}")
        problems = []
        if after.plays != before.plays:
            problems.append(f"the plays changed: {before.plays} -> {after.plays}")
        if before.game is not None:
            assert before.state is not None and after.state is not None
            back = went_back(before.game, before.state, after.state)
            if back:
                problems.append(back)
            changed = inputs_differ(before.game, before.state, after.state)
            if changed:
                detail = {key: (before.state.get(key), after.state.get(key)) for key in changed}
                problems.append(f"the entries changed: {detail}")
        if problems:
            self.failed_kills.add(self.tally.kills)
            self.tally.failures += [f"{where}: {problem}" for problem in problems]

    # -- the simulator ----------------------------------------------------------------------

    def _reference(self, game: Game) -> tuple[dict[str, Any], float]:
        """The whole game simulated apart: its phases and play, and the ``lead`` wait."""
        db = self.root / "reference" / f"{game.game}.db"
        db.unlink(missing_ok=True)
        entries = _simulate(game.scenario(whole=True), db, self.config)
        phases = [(entry["t"], entry["phase"]) for entry in entries if "phase" in entry]
        play = _play(db, snapshot(db).plays[0])
        wait = 0.0
        if game.lead is not None:
            phase, ahead = game.lead
            prepared = _simulate(game.scenario(whole=False), None, self.config)
            start = prepared[-1]["t"] if prepared else 0.0
            comes = next(t for t, name in phases if name == phase)
            wait = max(0.0, comes - ahead - start)
        return {"phases": [name for _t, name in phases], "play": play}, wait


def _config(root: Path) -> Path:
    """The daemon's and the simulator's config: silent, fast speech, no sound, no web page
    (many daemons come and go here; none should open a port on the machine)."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / "config.toml"
    path.write_text(
        "[narration]\n"
        'backend = "silent"\n'
        "rate = 400\n"
        "pause = 0\n"
        f'cache_dir = "{root / "wav"}"\n'
        "[audio]\nenabled = false\n"
        "[display]\nfullscreen = false\n"
        "[web]\nenabled = false\n",
        encoding="utf-8",
    )
    return path


def _simulate(scenario: dict[str, Any], db: Path | None, config: Path) -> list[dict[str, Any]]:
    from device.simulator.run import simulate
    from device.simulator.scenario import parse_scenario

    settings = load_as_written(config)
    result = simulate(parse_scenario(json.dumps(scenario)), settings, store_path=db)
    return result.transcript.entries


def _play(db: Path, play_id: str) -> dict[str, Any]:
    """A logged play, without its id and time: what the game came to."""
    with sqlite3.connect(db) as connection:
        game = connection.execute("SELECT game FROM plays WHERE id = ?", (play_id,)).fetchone()
        rows = connection.execute(
            "SELECT seat, name, score, winner, start_player FROM play_results "
            "WHERE play = ? ORDER BY seat",
            (play_id,),
        ).fetchall()
    connection.close()
    return {"game": game[0], "players": [list(row) for row in rows]}
