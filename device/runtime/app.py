"""The daemon: its main loop over the parts ``parts.open_daemon`` opened (``service`` runs it).

The main loop is one thread. It sleeps in the screen's event wait until the next session deadline
or screen redraw, or until a hardware thread puts an input in the inbox and wakes it, so an idle
device costs close to no CPU.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from device.clock import Clock
from device.config import Config
from device.runtime.ambience_control import AmbienceControl
from device.runtime.confirming import Confirm
from device.runtime.end_link import EndLink
from device.runtime.guard import Guard
from device.runtime.home import HomeScreen, home_view
from device.runtime.inbox import Call, Inbox, Notice
from device.runtime.notify import Notifier
from device.runtime.own_taps import EventTaker, OwnControl, StartNow, dispatch, offer_events
from device.runtime.ports import Buttons, TouchScreen
from device.runtime.quitting import QuitControl
from device.runtime.resuming import ResumeFailed, resume_saved
from device.runtime.score_entry import ScoreEntry
from device.runtime.scores_link import ScoresLink
from device.runtime.session import Runtime
from device.runtime.setup_options import SetupOptions
from device.runtime.setup_presets import SetupPresets
from device.runtime.table_setup import TableSetup
from device.runtime.tags import translate
from device.runtime.uievents import ui_event
from device.runtime.voice_shown import VoiceShown
from device.runtime.who_played import WhoPlayed
from device.store.database import Store
from device.transcript import Transcript
from device.ui.actions import DeviceTap
from device.ui.charts.log import SCREENS as SCORE_LOG_SCREENS
from device.ui.charts.log import ScoreLog
from device.ui.model import UiInput
from games.effects import Say
from games.events import LinesReady, TagSeen, Tap, Touched, is_action
from games.views import ScreenId, ScreenName

if TYPE_CHECKING:
    import typing_extensions

    from device.ui.touch import TouchUI

logger = logging.getLogger(__name__)

IDLE_SCREENS = (
    ScreenName.HOME,
    ScreenName.TABLE,
    ScreenName.END,
    ScreenName.BGSTATS,
    ScreenName.WHO,
)
"""Screens that may stay up with no game running (the score log's too)."""

NOTICE_SECONDS = 8.0
"""How long a warning banner stays on the screen."""
IDLE_WAKE_SECONDS = 30.0
"""The longest the loop sleeps with nothing scheduled (keeps the watchdog fed later on)."""
FLUSH_RETRY_SECONDS = 5.0
"""How often writes that the disk refused are tried again."""
HOME = Touched(Tap.HOME)
"""Home, at a game's end: the game ends, the device keeps its table."""
AGAIN = Touched(DeviceTap.AGAIN)
"""Play again, at a game's end: the device starts the game again; the game never sees it."""
RESUME_FAILED = "The last game could not be resumed, so it was kept for a bug report."

if TYPE_CHECKING:  # a plain ``Daemon`` is the device's, on the TouchUI (no import at start)
    ScreenT = typing_extensions.TypeVar("ScreenT", bound=TouchScreen, default=TouchUI)
else:
    ScreenT = TypeVar("ScreenT", bound=TouchScreen)
"""The daemon's touchscreen: its loop and parts use only ``TouchScreen``; whoever built the
daemon keeps the concrete screen's type (``Daemon`` is ``Daemon[TouchUI]``; a test passes a bare
one as ``Daemon[BareScreen]``)."""


class PagePart(OwnControl, Protocol):
    """The companion page as the loop sees it (``device.web.part.WebPart``): passed in by
    the wiring, so the runtime never imports the web part. Its taps ("Open pairing") are
    handed to it as to the device's other own controls."""

    def publish(self, daemon: Daemon[Any]) -> None:
        """Publish this pass's snapshot."""
        ...

    def offer(self, daemon: Daemon[Any]) -> None:
        """Put its controls on the screen, if any."""
        ...

    def players_changed(self) -> None:
        """The page changed the store's players (on the loop): publish them afresh."""
        ...


class PassWatcher(Protocol):
    """What looks at the end of each pass of the loop (the chaos test's input folder)."""

    def after_pass(self, daemon: Daemon[Any]) -> None:
        """The pass of ``daemon``'s loop is over."""
        ...


class Daemon(Generic[ScreenT]):
    """The running device: the runtime, the screen and the inbox, driven by ``loop``."""

    def __init__(
        self,
        config: Config,
        clock: Clock,
        runtime: Runtime,
        ui: ScreenT,
        inbox: Inbox,
        notifier: Notifier | None = None,
        *,
        strict: bool = False,
        hardware: Buttons | None = None,
        keys_quit: bool = True,
        notices: list[str] | None = None,
        test_inputs: PassWatcher | None = None,
    ):
        """The daemon on its parts (``parts.open_daemon`` opens them from the config).

        ``strict`` (the simulator) raises a refused input or a game's bug instead of apologising
        for it; ``hardware`` is the buttons, lamps and buzzer, for inputs put on mock pins;
        ``test_inputs`` looks at the end of every pass (the chaos test's input folder).
        """
        self.config, self.clock, self.runtime, self.ui, self.inbox = (
            config,
            clock,
            runtime,
            ui,
            inbox,
        )
        self.shown = runtime.executor.shown
        """What the screen shows (the one source of truth for the current screen)."""
        self.running = True
        self.notifier = notifier or Notifier({})
        self.entry = ScoreEntry(runtime, self.shown, ui)
        self.quitting = QuitControl(self)
        self.confirm = Confirm(ui, self.shown)
        self.options = SetupOptions(ui, self.shown)
        self.presets = SetupPresets(ui, self.shown)
        self.table = TableSetup(runtime, self.shown, config)
        self.scorelog = ScoreLog(config.store.location)
        """The touchscreen score log's game filter and page."""
        self.home_screen = HomeScreen(self)
        """What the home screen's taps start, with no game running."""
        self.end_link = EndLink(self.shown)
        """A game's last screen's BG Stats button, and the screen it left (Who played? too)."""
        self.who_played = WhoPlayed(self)
        """Naming a logged play's unnamed seats ("Who played?"), while it lasts."""
        self.notices: list[str] = [] if notices is None else notices
        """Warnings for the banner, shown by the loop: its own (an apology, a refused write) and
        those the inbox brings from other threads (a tag reader lost)."""
        self.refusals: list[str] = []
        """A refused input's words for the banner (and the guard's apologies): each belongs to
        the screen it was made on, and goes when that screen does."""
        self.refused: ScreenId | None = None
        """The screen the banner's refusal went up on (None: the banner holds no refusal)."""
        self.next_ping = clock.now()
        self.guard = Guard(runtime, self.refusals.append, strict=strict)
        self.hardware = hardware
        self.next_flush: float | None = None
        self.resumed = False
        """A checkpoint was resumed and has not yet run one whole pass of the loop."""
        self.test_inputs = test_inputs
        """The chaos test's input folder (``device.simulator.testinput``); None on a real device."""
        self.web: PagePart | None = None
        """The companion page (``device.web.part.WebPart``); None when it is off."""
        self.ambience = AmbienceControl(config, runtime, ui, self.notices)
        """The ambience level's chip on One Night's setup screen (the saved level in force)."""
        self.voice = VoiceShown(self.shown)
        """How much of the voice is ready, on the home and table size screens."""
        self.scores = ScoresLink(runtime, self.shown, ui, self.scorelog)
        self.start_now = StartNow(runtime.executor.lines, self._lines_ready)
        self.keys_quit = keys_quit
        """Escape or the window's close quits (the simulator, ``--windowed``); on the device
        only SIGTERM stops the daemon, so a stray keyboard or remote cannot turn the box off."""

    @property
    def transcript(self) -> Transcript:
        """The transcript the daemon's effects are written to."""
        return self.runtime.executor.out.transcript

    def home(self) -> None:
        """Show the home screen."""
        self.shown.show(home_view())

    def resume_or_home(self, store: Store) -> None:
        """Resume a checkpointed game after a restart, else show the home screen (a checkpoint
        that cannot be resumed is set aside, with a message: ``device.runtime.resuming``)."""
        resumed = resume_saved(store, self.runtime)
        if isinstance(resumed, ResumeFailed):
            self._resume_failed(store, resumed.reason)
        elif not resumed:
            self.home()
        else:
            self.resumed = True
            # Settle on the first pass, not after its idle wait: until then a second power cut
            # counts as a second failed resume (the chaos test found a 30 s window).
            self.ui.wake()

    def _resume_failed(self, store: Store, reason: str) -> None:
        logger.error("the saved game is set aside: %s", reason)
        store.set_aside_checkpoint(reason)
        self.notices.append(RESUME_FAILED)
        self.home()
        try:
            self.runtime.executor.run([Say.of("common.resume_failed")])
        except Exception:
            logger.exception("could not say that the game was set aside")

    def sleep_seconds(self) -> float:
        """How long the loop may sleep before something is due."""
        now = self.clock.now()
        executor = self.runtime.executor
        due: list[float | None] = [
            now + IDLE_WAKE_SECONDS,
            self.ui.next_redraw(now),
            self.guard.next_try() or self.runtime.next_deadline(),
            executor.audio.due(now, self.runtime.next_deadline()),
            self.next_ping if self.notifier.ping_every else None,
            self.next_flush,
        ]
        return max(0.0, min(when for when in due if when is not None) - now)

    def step(self, until: float | None = None) -> None:
        """One pass: wait for input or the next deadline, then handle everything due.

        ``until`` caps the wait: the simulator stops there for its scenario's next event.
        """
        timeout = self.sleep_seconds()
        if until is not None:
            timeout = max(0.0, min(timeout, until - self.clock.now()))
        inputs = self.ui.wait(timeout)
        now = self.clock.now()
        every = self.notifier.ping_every
        if every is not None and now >= self.next_ping:
            # Pinged from the loop itself, so a hung loop stops the pings and systemd restarts.
            self.notifier.watchdog()
            self.next_ping = now + every
        for item in inputs:
            if item.kind == "quit":
                if self.keys_quit:
                    self.running = False
                    return
                logger.warning("ignored a quit (%s): on the device only SIGTERM stops", item.value)
                continue
            self.guard.run(functools.partial(self._input, item, now), item)
        self._read_inbox()
        self.runtime.executor.last.show_ready_link()  # a play's BG Stats code, worked out behind
        ready = self.runtime.executor.lines.ready()  # lines rendered behind the loop
        if ready is not None:
            self._lines_ready(ready)
        # A press queued while this pass ran may hold an earlier edge than the buzz its tick
        # would close the window on: every waiting press is read first, whatever the delay.
        self._read_inbox()
        self.guard.tick()
        self._flush(now)
        self.runtime.executor.audio.update(self.runtime.next_deadline())
        idle_screens = (*IDLE_SCREENS, *SCORE_LOG_SCREENS)
        idle = self.shown.screen in idle_screens or self.who_played.active
        if self.runtime.session is None and not idle:
            self.home()
        self.entry.offer()
        self.quitting.offer()
        self.confirm.offer()
        self.options.offer()
        self.presets.offer()
        self.ambience.offer()
        self.scores.offer()
        if self.web is not None:
            self.web.offer(self)
        self._show_notices(now)
        self.voice.refresh()
        self.ui.refresh(self.clock.now())
        if self.web is not None:
            self.web.publish(self)
        if self.resumed and self.runtime.store is not None:
            # One whole pass after a resume: the checkpoint is good, its tries start over.
            self.resumed = False
            self.runtime.store.resume_settled()
        if self.test_inputs is not None:
            self.test_inputs.after_pass(self)

    def _show_notices(self, now: float) -> None:
        """Put this pass's refusals and warnings on the banner; a refusal left on the banner
        goes with its screen (Memory's last refusal is not read over "Final scores")."""
        while self.refusals:
            self.ui.notice(self.refusals.pop(0), now + NOTICE_SECONDS)
            self.refused = self.shown.screen
        while self.notices:  # this pass's warnings, and those the inbox brought
            self.ui.notice(self.notices.pop(0), now + NOTICE_SECONDS)
            self.refused = None  # a warning holds the banner now, over any screen
        if self.refused is not None and self.shown.screen is not self.refused:
            self.ui.notice("", now)  # ends the banner at once
            self.refused = None

    def _read_inbox(self) -> None:
        """Everything the other threads queued: presses, warnings, the page's requests."""
        for queued in self.inbox.drain():
            if isinstance(queued, Notice):
                self.notices.append(queued.text)
            elif isinstance(queued, Call):
                queued.run(self)  # a companion page request, done here like any input
            else:
                self.guard.run(functools.partial(self._feed, queued), queued)

    def _input(self, item: UiInput, now: float) -> None:
        """One tap, key or button from the screen: the device's own controls, else the game's.
        A tap's action is the control's, typed: it goes on as it is, never as text."""
        action = item.value if item.kind == "touch" and is_action(item.value) else None
        if action is None or not dispatch(self.own_controls(), action, self._feed):
            event = ui_event(item, now)
            if event is not None:
                self._feed(event)

    def own_controls(self) -> tuple[OwnControl, ...]:
        """The device's own controls, asked in this order for a tap (the first that handles
        it takes it): a new control is one more part here."""
        controls: tuple[OwnControl, ...] = (
            self.quitting,
            self.confirm,
            self.options,
            self.presets,
            self.entry,
            self.ambience,
            self.start_now,
        )
        return controls if self.web is None else (*controls, self.web)

    def _event_takers(self) -> tuple[EventTaker, ...]:
        """The parts that take their events before the game or the home screen does."""
        return (self.end_link, self.who_played, self.scores)

    def _lines_ready(self, ready: LinesReady) -> None:
        """The lines waited for are there (or the table chose Start now): the game a table
        size screen started begins, or the night of the session that asked for them."""
        if self.table.waiting is not None and self.runtime.session is None:
            self.guard.run(self.table.begin, ready)
        else:
            self.guard.feed(ready)

    def _flush(self, now: float) -> None:
        """Retry, every few seconds, the writes a full or read-only disk refused."""
        store = self.runtime.store
        if store is None or not store.unsaved:
            self.next_flush = None
            return
        if self.next_flush is None or now >= self.next_flush:
            store.flush()
            self.next_flush = now + FLUSH_RETRY_SECONDS if store.unsaved else None

    def _feed(self, event: Any) -> bool:
        """Handle one event; whether it was taken (False: refused, and said so)."""
        if isinstance(event, TagSeen):
            event = translate(event, self.runtime.store, self.config.hardware.seats)
            if event is None:
                self.runtime.executor.run([Say.of("common.unknown_tag")])
                return False
        if offer_events(self._event_takers(), event):
            return True
        if self.runtime.session is None:
            self.home_screen.tap(event)
            return True
        if event in (HOME, AGAIN) and self.runtime.phase is not None:
            self.home_screen.keep_table(again=event == AGAIN)
        if event == AGAIN:
            return True
        taken = self.guard.feed(event)
        if event == HOME and self.runtime.session is None:
            self.home()  # the game's Home ended it: one tap goes home
        return taken

    def stop(self) -> None:
        """End the loop after its pass (thread-safe: the signal thread calls it)."""
        self.running = False
        self.ui.wake()

    def loop(self) -> None:
        """Run until quit or SIGTERM."""
        while self.running:
            self.step()
