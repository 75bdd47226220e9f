"""What sets the simulator apart from the device: the ``Wiring`` that ``parts.open_daemon``
builds a daemon from (everything else is built the same way for both)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from device.clock import Clock

if TYPE_CHECKING:
    from device.runtime.app import Daemon, PagePart, PassWatcher
    from hardware.backend import Hardware


class VoiceMode(enum.Enum):
    """How a daemon's narrator renders its lines."""

    BEHIND = "behind"
    """Behind the loop, on a thread of its own (the device)."""
    WAIT = "wait"
    """On the loop (the simulator copying WAVs: virtual time does not run meanwhile)."""
    TIME = "time"
    """Not at all: each line is timed at the voice's rate (the simulator otherwise)."""


class WebOpener(Protocol):
    """Starts the companion page for a daemon (``device.web.part.open_web``)."""

    def __call__(
        self, daemon: Daemon[Any], stack: ExitStack, *, port: int | None = None
    ) -> PagePart | None:
        """The web part (it offers what the page asked on each pass), or None."""
        ...


class WatcherOpener(Protocol):
    """Opens what looks at the end of every pass of the loop (the chaos test's input folder,
    ``device.simulator.testinput``), on the daemon's hardware and screen."""

    def __call__(
        self, hardware: Hardware, wake: Callable[[], None], stack: ExitStack
    ) -> PassWatcher | None:
        """The watcher, started (``stack`` stops it), or None."""
        ...


class Duties(enum.Flag):
    """What only the device does beside its game (``Duties.DEVICE``: all of them); the
    simulator and most tests do none."""

    NONE = 0
    NOTIFY = enum.auto()
    """Tell systemd of readiness and feed its watchdog."""
    FINISH_VOICE = enum.auto()
    """Render the sentences missing from the voice cache in the background (an interrupted
    ``voice prepare`` or a changed voice is finished behind the game)."""
    BACKUPS = enum.auto()
    """Back the store up beside itself after every logged play, its snapshots written off the
    loop."""
    LATE = enum.auto()
    """Let the voice cache's scan and the companion page wait for :func:`open_late` (the first
    screen needs neither, so READY comes sooner)."""
    DEVICE = NOTIFY | FINISH_VOICE | BACKUPS | LATE


@dataclass(frozen=True)
class Recording:
    """What a run keeps of itself besides the store (the simulator's; the device keeps none)."""

    transcript: Path | None = None
    """Where the transcript is streamed (None: nowhere)."""
    keep_transcript: bool = False
    """Whether transcript entries are kept in memory (a long-running daemon keeps none)."""
    progress: Callable[[int, int], None] | None = None
    """Told (done, total) while lines are pre-rendered."""
    wav_dir: Path | None = None
    """A copy of every spoken line's WAV goes here, numbered in order (None: none)."""
    shot_dir: Path | None = None
    """Every screen is saved here as a PNG when it is left (None: none)."""


@dataclass(frozen=True)
class Wiring:
    """What sets the simulator apart from the device; ``open_daemon`` builds the rest the same.

    The defaults are the device's, except the clock and the store, which are always given.
    """

    clock: Clock
    store_path: Path
    hardware: str | None = None
    """The hardware backend; None: the config's."""
    readers: bool = True
    """Whether the configured tag readers are opened (the simulator has none)."""
    audio: bool = True
    """Whether narration plays on the speaker (else it is rendered and captioned only)."""
    fullscreen: bool = False
    recording: Recording = Recording()
    """What the run keeps of itself (the simulator's transcript, WAVs and screenshots)."""
    cache: Path | None = None
    """Where rendered WAVs are kept (None: the config's cache)."""
    strict: bool = False
    """Raise a refused input, a game's bug or a refused write (the simulator reports it),
    instead of apologising and going on as the device does."""
    duties: Duties = Duties.NONE
    """What only the device does beside its game (``Duties.DEVICE`` on the device)."""
    voice: VoiceMode = VoiceMode.WAIT
    """How lines are rendered: the device renders ``BEHIND`` its loop."""
    web: WebOpener | None = None
    """What serves the companion page (when the config's ``[web]`` enables it; None: not
    served), passed in so the daemon's parts never import the web part."""
    web_port: int | None = None
    """The companion page's port instead of the config's (0: any free one, for tests)."""
    test_inputs: WatcherOpener | None = None
    """The chaos test's input folder (None: none, as on a real device)."""

    def does(self, duty: Duties) -> bool:
        """Whether this wiring's daemon does ``duty``."""
        return duty in self.duties
