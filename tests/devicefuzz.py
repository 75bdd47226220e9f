"""Random input through the daemon itself, shared by ``tests/device/runtime/test_daemon_fuzz.py``
and ``bench/device_fuzz.py``: a daemon on a virtual clock with a silent voice, and one random
step at a time (a tap on a control the screen shows, a seat press, a control button (yes, no,
go), time passing, a junk tap, or a request the companion page would hand the device).

The page is driven in-process, as its routes do it but without a network: its pages are
rendered from the snapshot the loop publishes, and its changes go to the loop as an inbox
``Call`` (``device.web.commands``), which the next pass runs. Its server is never started.

A step is a bug when a real control's tap (not a junk one) made the guard apologise
(``common.sorry``), or when the page's work raised anything but a refusal (a 4xx).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.executor import Executor, Outputs
from device.runtime.inbox import Call, Inbox
from device.runtime.session import Runtime
from device.store.backups import backup_dir
from device.store.database import Store
from device.transcript import Transcript
from device.ui import TouchUI
from device.ui.actions import DeviceTap, Valued
from device.ui.model import UiError
from device.web import commands, pages
from device.web.commands import Refused
from device.web.pairing import PairingError
from device.web.part import WebPart
from device.web.routes import EXPORTS, setup_block
from device.web.snapshot import Snapshot
from games.events import (
    Control,
    ControlPressed,
    PickTap,
    SeatPressed,
    SeatRole,
    SeatTap,
    ValueTap,
)
from games.onenight.presets import PRESETS
from games.onenight.roles import ROLE_TABLE
from games.scorelog.plays import Play

JUNK = (
    ValueTap(Valued.LOG_GAME, "Zzz"),
    ValueTap(Valued.LOG_PLAY, "nope"),
    ValueTap(Valued.WHO_PICK, "Nobody"),
    PickTap("zz"),
    SeatTap(SeatRole.SEAT, 99),
    DeviceTap.KEYPAD,
    ValueTap(Valued.GAME, "x"),
)
"""Taps no screen offers: they may be refused or apologised for, never escape."""
SECONDS = (1.0, 10.0, 60.0)
"""How much time one step may let pass."""
PAGE_SHARE = 0.08
"""The share of steps that are the page's requests, when the page is fuzzed too."""
CLIENT = "192.168.1.20"
"""The address the page's phone asks from."""


def fuzz_daemon(
    folder: Path, *, page: bool = False, players: Sequence[str] = ()
) -> Daemon[TouchUI]:
    """A daemon on a fresh store in ``folder``: a virtual clock, a headless screen, a silent
    voice, at home, logging its plays in the store and backing them up beside it; with its
    companion page's parts (``page``), not listening anywhere, and ``players`` on seats 1, 2
    and on. Close it with ``close_daemon``."""
    config = load_config(system_path=None, overrides={"narration.backend": "silent"})
    clock = VirtualClock()
    ui = TouchUI()
    ui.open()
    store = Store(folder / "m.db")
    # The store and its backups as the device has them: a finished game logs its play (and
    # is backed up, on the loop) and its end screen links it, as on the device.
    outputs = Outputs(
        transcript=Transcript(clock),
        screen=ui,
        now=clock.now,
        store=store,
        backups=backup_dir(folder / "m.db"),
    )
    for seat, name in enumerate(players, start=1):
        store.add_player(name)
        store.link_seat(seat, name)
    runtime = Runtime(clock, Executor(outputs), store)
    daemon: Daemon[TouchUI] = Daemon(config, clock, runtime, ui, Inbox(wake=ui.wake))
    if page:
        daemon.web = WebPart(daemon, host="127.0.0.1", port=0)
        daemon.web.publish(daemon)
    daemon.home()
    return daemon


def close_daemon(daemon: Daemon[TouchUI]) -> None:
    """Close what ``fuzz_daemon`` opened: the page's score log reader, the store, the screen."""
    if isinstance(daemon.web, WebPart) and daemon.web.log is not None:
        daemon.web.log.close()
    if daemon.runtime.store is not None:
        daemon.runtime.store.close()
    daemon.ui.close()


def sorry_count(daemon: Daemon[Any]) -> int:
    """How many apologies (``common.sorry``) the daemon has said so far."""
    entries = daemon.runtime.executor.out.transcript.entries
    return sum(1 for entry in entries if entry.get("line") == "common.sorry")


@dataclass
class Step:
    """One random step and what came of it."""

    kind: str
    """"tap", "seat", "control" (a control button), "time", "junk" or "page"."""
    what: str
    """Which control, seat, wait or request."""
    sorry: int = 0
    """Apologies it caused (a bug, unless the step was junk)."""
    error: BaseException | None = None
    """What the page's work raised that is not a refusal (a bug)."""
    refused: bool = False
    """The page refused it (a 4xx), as it should a wrong request."""

    @property
    def bug(self) -> bool:
        """Whether the step hit a bug: an apology after a real input, or a page error."""
        return self.error is not None or (self.sorry > 0 and self.kind != "junk")

    def __str__(self) -> str:
        return f"{self.kind} {self.what}"


class Sorries:
    """Counts the daemon's apologies as they come, without reading its transcript again."""

    def __init__(self, daemon: Daemon[Any]) -> None:
        self.entries = daemon.runtime.executor.out.transcript.entries
        self.seen = 0

    def new(self) -> int:
        """Apologies said since the last call."""
        fresh = self.entries[self.seen :]
        self.seen = len(self.entries)
        return sum(1 for entry in fresh if entry.get("line") == "common.sorry")


class Phone:
    """The companion page's side of the fuzz: a phone that reads pages and asks for changes,
    paired when it has read a code off the screen and typed it."""

    def __init__(self, daemon: Daemon[TouchUI], rng: random.Random) -> None:
        if not isinstance(daemon.web, WebPart):
            raise ValueError("the daemon has no page: open it with fuzz_daemon(page=True)")
        self.daemon, self.part, self.rng = daemon, daemon.web, rng
        self.ticket: str | None = None
        self.token: str | None = None

    @property
    def snapshot(self) -> Snapshot:
        return self.part.box.get()

    def viewer(self) -> pages.Viewer:
        paired = self.part.pairing.session(self.token)
        return pages.Viewer(paired is not None, None if paired is None else paired.csrf)

    def names(self) -> list[str]:
        """Names to type: the store's players, and some that are not."""
        store = self.daemon.runtime.store
        known = sorted(store.player_names()) if store is not None else []
        return [*known, "Zed", "", " ", "x" * 80]

    def read(self) -> str:
        """Render one of the page's pages, as a GET does; its name."""
        name = self.rng.choice(("table", "live", "scores", "players", "setup", "export", "pair"))
        now = self.daemon.clock.now()
        if name == "table":
            pages.table_page(self.snapshot, now)
        elif name == "live":
            pages.live_table(self.snapshot.table, now)
        elif name == "scores" and self.part.log is not None:
            with self.part.log.stats() as stats:
                game = self.rng.choice([None, "Zzz", *stats.games()])
                pages.scores_page(stats, game, _no_link)
        elif name == "players":
            pages.players_page(self.snapshot, self.viewer())
        elif name == "setup":
            pages.setup_page(self.viewer(), self.part.bridge.seats, self.snapshot)
        elif name == "export":
            formats = [(key, what) for key, (what, _, _) in EXPORTS.items()]
            pages.export_page(formats, self.viewer())
        else:
            pages.pair_page(self.viewer())
        return f"GET /{name}"

    def change(self) -> tuple[str, Future[object] | None]:
        """Ask the device for a change as a POST does: its name, and the future the loop
        answers (None: refused before it reached the loop, as the route refuses it)."""
        rng = self.rng
        pairing = self.part.pairing
        name = rng.choice(("players", "setup", "ambience", "code", "again", "pair", "forget"))
        work: Callable[[Any], object]
        try:
            if name == "players":
                action = rng.choice(("rename", "merge", "link", "unlink", "nope"))
                names = self.names()
                values = {
                    "old": rng.choice(names),
                    "new": rng.choice(names),
                    "keep": rng.choice(names),
                    "gone": rng.choice(names),
                    "name": rng.choice(names),
                    "uid": rng.choice(("04a1b2c3", "zz", "", "04:A1:B2:C3")),
                }
                work = lambda d: commands.change_players(d, action, values)  # noqa: E731
                name = f"players/{action}"
            elif name == "setup":
                block = setup_block(self.setup_form())
                work = lambda d: commands.set_up_game(d, block)  # noqa: E731
            elif name == "ambience":
                level = rng.choice(("off", "soft", "normal", "loud", "50%", "zz", ""))
                work = lambda d: commands.set_ambience(d, level)  # noqa: E731
            elif name == "code":
                pairing.request_code(self.ticket, CLIENT)
                held = self.ticket
                work = lambda d: commands.show_code(d, pairing, held, CLIENT)  # noqa: E731
            elif name == "again":
                digits, seconds = pairing.shown_code(self.ticket)
                work = lambda d: commands.show_code_again(d, digits, seconds)  # noqa: E731
            elif name == "pair":
                self.token, _ = pairing.pair(self.typed_code(), CLIENT, self.ticket)
                work = commands.hide_code
            else:
                pairing.unpair(self.token)
                self.token = None
                return f"POST /{name}", None
        except (Refused, PairingError):
            return f"POST /{name}", None
        done: Future[object] = Future()

        def work_then_publish(daemon: Any) -> object:  # as Bridge.call does
            result = work(daemon)
            if daemon.web is not None:
                daemon.web.publish(daemon)
            return result

        if name == "code":  # the page sets the ticket the device answers as a cookie
            done.add_done_callback(self._keep_ticket)
        self.daemon.inbox.put(Call(work_then_publish, done))
        return f"POST /{name}", done

    def _keep_ticket(self, done: Future[object]) -> None:
        if not done.cancelled() and done.exception() is None:
            self.ticket = str(done.result())

    def typed_code(self) -> str:
        """The code on the screen, mostly; sometimes a wrong or malformed one."""
        shown = re.search(r"(\d{3}) (\d{3})", self.daemon.ui.notice_text or "")
        roll = self.rng.random()
        if shown is not None and roll < 0.7:
            return shown.group(1) + shown.group(2)
        return self.rng.choice(("000000", "12345", "abcdef", "", "1234567"))

    def setup_form(self) -> dict[str, str]:
        """A setup form as a phone could post it, mostly sensible."""
        rng = self.rng
        form = {"players": rng.choice(("3", "4", "5", "6", "8", "10", "12", "0", "x", ""))}
        form["kind"] = rng.choice(("preset", "roles", "roles", "zz"))
        if rng.random() < 0.3:
            form["role_seconds"] = rng.choice(("3", "10", "61", "0", "x"))
        if rng.random() < 0.3:
            form["day_minutes"] = rng.choice(("1", "5", "31", ""))
        if rng.random() < 0.3:
            form["vote_mode"] = rng.choice(("secret", "called", "grid", "zz"))
        form["preset"] = rng.choice([*PRESETS, "zz"])
        for role in rng.sample(sorted(ROLE_TABLE, key=str), k=rng.randint(0, 8)):
            form[f"role:{role.value}"] = rng.choice(("1", "1", "2", "3", "4", "", "x"))
        return form


def _no_link(play: Play) -> str:
    return ""


def random_step(
    daemon: Daemon[TouchUI],
    rng: random.Random,
    sorries: Sorries,
    phone: Phone | None = None,
    avoid: frozenset[str] = frozenset(),
) -> Step:
    """Make one random input and run one pass of the loop at the current virtual time (it
    never waits); what the step was and what came of it. Anything that escapes the loop is
    raised. The controls labelled as in ``avoid`` are never tapped ("Quit game": the games
    last longer)."""
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    controls = [control for control in daemon.ui.controls() if control[0] not in avoid]
    step: Step
    future: Future[object] | None = None
    page = phone is not None and rng.random() < PAGE_SHARE
    roll = rng.random()
    if phone is not None and page:
        if rng.random() < 0.5:
            step = Step("page", phone.read())
        else:
            what, future = phone.change()
            step = Step("page", what)
            if future is None:
                step.refused = True
    elif roll < 0.05:
        daemon.ui.add_control("Junk", rng.choice(JUNK), (0, 0, 30, 30))
        try:
            daemon.ui.tap("Junk")
            step = Step("junk", "Junk")
        except UiError:  # under a dialog that covers the screen
            step = Step("tap", "Junk (covered)")
    elif roll < 0.75 and controls:
        label = rng.choice(controls)[0]
        daemon.ui.tap(label)
        # A junk control left on a screen that its tap did not change is still junk.
        step = Step("junk" if label == "Junk" else "tap", label)
    elif roll < 0.87:
        seat = rng.randint(1, 6)
        daemon.inbox.put(SeatPressed(seat, clock.now()))
        step = Step("seat", f"seat {seat}")
    elif roll < 0.9:  # the three control buttons beside the seat ring
        control = rng.choice(tuple(Control))
        daemon.inbox.put(ControlPressed(control, clock.now()))
        step = Step("control", control.value)
    else:
        seconds = rng.choice(SECONDS)
        clock.advance_to(clock.now() + seconds)
        step = Step("time", f"+{seconds:g} s")
    daemon.step(until=clock.now())  # raises if anything escapes; never waits
    step.sorry = sorries.new()
    if future is not None:
        error = future.exception(timeout=0) if future.done() else None
        if isinstance(error, Refused | PairingError):
            step.refused = True
        elif error is not None:
            step.error = error
        elif not future.done():
            step.error = RuntimeError("the loop did not run the page's request in its pass")
    return step
