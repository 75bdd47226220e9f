"""What the runtime reaches: the narrator, the screen, the speaker, lamps and buzzer (small
Protocols, so tests and the simulator pass their own), and ``Outputs``, which holds them for the
executor. ``TouchScreen`` is the touchscreen as the daemon's loop and its parts use it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from device.runtime.nightsound import NightSound
from device.store.database import Store
from device.transcript import Transcript
from games.events import TouchAction
from narration.catalogue import Catalogue
from narration.renderer import LineRenderer, Urgency
from narration.speechqueue import SpeechQueue

if TYPE_CHECKING:  # the touchscreen's plain data: no pygame at start for the types alone
    import pygame

    from device.screenlayer import DeviceLayer, DeviceSlot
    from device.ui.model import Control, UiInput

Progress = Callable[[int, int], None]


class SpokenLike(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def path(self) -> Path: ...
    @property
    def seconds(self) -> float: ...


class NarratorLike(Protocol):
    def prepare(
        self, items: Sequence[tuple[str, dict[str, object]]], progress: Progress | None = None
    ) -> None: ...
    def seconds(self, line_id: str, params: dict[str, object]) -> float: ...
    def speak(self, line_id: str, params: dict[str, object]) -> SpokenLike: ...
    def wav_path(self, line_id: str, params: dict[str, object]) -> Path: ...
    def due(self) -> float | None: ...
    def update(self) -> None: ...
    @property
    def catalogue(self) -> Catalogue: ...
    @property
    def renderer(self) -> LineRenderer | None: ...


class BehindNarrator(NarratorLike, Protocol):
    """A narrator that renders behind the loop (``Narrator.render_behind``)."""

    def ask_ahead(
        self, items: Sequence[tuple[str, dict[str, object]]], urgency: Urgency = Urgency.SOON
    ) -> int: ...
    def ask_ahead_later(
        self,
        make: Callable[[], Sequence[tuple[str, dict[str, object]]]],
        urgency: Urgency = Urgency.SOON,
    ) -> None: ...
    def unready(self, items: Sequence[tuple[str, dict[str, object]]]) -> int: ...
    def unready_texts(self, items: Sequence[tuple[str, dict[str, object]]]) -> list[str]: ...
    @property
    def queue(self) -> SpeechQueue | None: ...
    def preload(self, items: Sequence[tuple[str, dict[str, object]]]) -> int: ...


def behind(narrator: NarratorLike | None) -> BehindNarrator | None:
    """The narrator if it renders behind the loop, else None."""
    if narrator is None or narrator.renderer is None:
        return None
    return cast(BehindNarrator, narrator)


class ScreenLike(Protocol):
    def show(self, view: Any, layer: DeviceLayer = ...) -> None: ...
    def overlay(self, layer: DeviceLayer) -> bool: ...
    def redraw(self, now: float) -> None: ...
    def save_png(self, path: Path) -> None: ...


class TouchScreen(Protocol):
    """The touchscreen as the daemon's loop and its parts use it (``device.ui.touch.TouchUI``):
    waiting for input, the controls the device adds to a screen, questions over it and the
    notice banner. What it shows is put up through the executor (``ScreenLike``)."""

    def wait(self, timeout: float) -> list[UiInput]:
        """Block up to ``timeout`` seconds for input (early when woken); the inputs."""
        ...

    def wake(self) -> None:
        """End a ``wait`` early (thread-safe)."""
        ...

    def next_redraw(self, now: float) -> float | None:
        """When the display next changes without input, or None."""
        ...

    def refresh(self, now: float) -> None:
        """Redraw what time changed since the last picture."""
        ...

    def notice(self, text: str, until: float) -> None:
        """Show a warning banner until ``until``."""
        ...

    def controls(self) -> list[tuple[str, str]]:
        """(label, action as it reads) of each control a tap can reach now."""
        ...

    def screen_controls(self) -> list[Control]:
        """The controls a tap can reach now, their actions typed."""
        ...

    def add_control(self, label: str, action: TouchAction, rect: tuple[int, int, int, int]) -> None:
        """Add a control to the current screen until the next one."""
        ...

    def replace_control(self, control: Control) -> None:
        """Put ``control`` on the current screen in place of any with its action."""
        ...

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Where the screen has room for the device's ``part`` (None: none)."""
        ...

    def quit_spot(self) -> tuple[pygame.Rect, bool]:
        """Where this screen puts Quit, and whether it must be dim (night)."""
        ...

    def ask(self, question: str, answers: list[Control]) -> None:
        """Put a question over the screen with ``answers`` as its only controls."""
        ...

    def dismiss(self) -> None:
        """Take the question down."""
        ...

    @property
    def asking(self) -> bool:
        """Whether a question is over the screen."""
        ...


class Buttons(Protocol):
    """The seat and control buttons as inputs are put on them: ``hardware.backend.Hardware``
    on mock pins (the simulator, the chaos test's input folder); the loop itself never calls
    them (a press reaches it through the inbox)."""

    def press_seat(self, seat: int) -> None:
        """Press and release a seat button."""
        ...

    def press_control(self, name: str) -> None:
        """Press and release a control button (``yes``, ``no``, ``go``)."""
        ...


class AmbienceLike(Protocol):
    def play_effect(self, path: Path) -> None: ...
    def play_music(self, path: Path, *, loops: int = -1) -> None: ...
    def stop_music(self) -> None: ...
    def update(self) -> None: ...
    def due(self) -> float | None: ...
    def set_quick(self, on: bool) -> None: ...
    def stop(self) -> None: ...
    def wake_ahead(self) -> None: ...
    def set_short(self, on: bool) -> None: ...
    def expect_speech(self) -> None: ...
    @property
    def suspended(self) -> bool: ...
    @property
    def waiting(self) -> int: ...


class LampsLike(Protocol):
    def set(self, seat: int, pattern: str) -> None: ...


class BuzzerLike(Protocol):
    def buzz(self) -> None: ...


@dataclass
class Outputs:
    """Everything effects can reach; any part may be missing (None)."""

    transcript: Transcript
    narrator: NarratorLike | None = None
    screen: ScreenLike | None = None
    lamps: LampsLike | None = None
    buzzer: BuzzerLike | None = None
    store: Store | None = None
    progress: Progress | None = None
    """Told (done, total) while lines are pre-rendered."""
    wav_dir: Path | None = None
    """When set, a copy of every spoken line's WAV goes here, numbered in order."""
    shot_dir: Path | None = None
    """When set, every screen is saved here as a PNG when it is left (and at the end)."""
    audio: AmbienceLike | None = None
    """The speaker, for effects and the ducking; None when there is no sound."""
    ambience: NightSound | None = None
    """The night bed and the day's tense last minute (None: no ambience)."""
    seats: int = 12
    """The table's seats (the lines prepared ahead name players up to it)."""
    location: str = ""
    """Where plays happen (``[store] location``), for BG Stats push links."""
    backups: Path | None = None
    """Where the store is backed up after every logged play (None: nowhere)."""
    backups_behind: bool = False
    """Whether a due snapshot of the store is written on a thread of its own (the device)."""
    links_behind: bool = False
    """Whether a logged play's BG Stats link and QR code are worked out on a thread (the
    device: the end screen shows at once, its code a moment later)."""
    wake: Callable[[], None] | None = None
    """Wakes the loop (from another thread) when something worked out behind it is ready."""
    now: Callable[[], float] = field(default=lambda: 0.0)
