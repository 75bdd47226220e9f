"""TouchUI: the pygame window, the current screen, and input from touches and keys.

The UI only draws plain data it is given and reports what was touched or pressed. It runs on
the main loop's thread; only ``wake()`` may be called from other threads.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

import pygame

from device.clock import Clock, RealClock
from device.screenlayer import NO_LAYER, DeviceLayer, DeviceSlot
from device.ui.canvas import Canvas
from device.ui.events import to_inputs
from device.ui.inputwake import EVDEV_DRIVERS, NO_INPUT_DRIVERS, InputWake, event_nodes
from device.ui.layer import draw_layer, shows
from device.ui.model import DESIGN_SIZE, Control, UiError, UiInput, control_for_label
from device.ui.overlays import NoticePlace, draw_notice, draw_question
from device.ui.registry import screen_for, view_kinds
from device.ui.screens import Screen
from games.events import TouchAction
from games.views import ScreenId, View

logger = logging.getLogger(__name__)

TOUCH_POLL_SECONDS = 0.05
"""How often a waiting UI looks for taps and keys when nothing can wake it for them (a windowed
driver such as x11): a tap is noticed within this."""
QUIET_POLL_SECONDS = 30.0
"""How often a waiting UI looks at SDL's queue anyway when touches wake it (``kmsdrm`` with its
input devices watched) or no touch can come (the ``dummy`` driver): for window events only."""


# Motion events would wake an idle wait() many times a second for nothing.
_BLOCKED = (pygame.MOUSEMOTION, pygame.FINGERMOTION)


class TouchUI:
    """The touchscreen: ``show`` a screen with its view, ``poll``/``wait`` for inputs."""

    def __init__(
        self,
        *,
        size: tuple[int, int] = DESIGN_SIZE,
        fullscreen: bool = False,
        clock: Clock | None = None,
        input_nodes: Callable[[], list[Path]] = event_nodes,
    ) -> None:
        """Remember the window settings; no window opens until ``open()``.

        ``wait`` takes its time from ``clock`` (a real one unless given): on the simulator's
        virtual clock a wait jumps to its end instead of sleeping. ``input_nodes`` lists the
        touchscreen's evdev devices, watched so a touch wakes ``wait`` (see ``inputwake``).
        """
        self._clock: Clock = clock or RealClock()
        self._size = size
        self._fullscreen = fullscreen
        self._display: pygame.Surface | None = None
        self._canvas: pygame.Surface | None = None
        self._name: ScreenId | None = None
        self._screen: Screen = Screen()
        self._layer = NO_LAYER
        """What the device adds over the view, in the slots the screen reserves."""
        self._controls: list[Control] = []
        self._now = 0.0
        self._woken = threading.Event()
        self._notice: tuple[str, float] | None = None
        self._backdrop: tuple[Screen, pygame.Surface] | None = None
        """The screen with a ticking area, and what its static part left under that area."""
        self._input_nodes = input_nodes
        self._input_wake: InputWake | None = None
        self._poll_seconds = TOUCH_POLL_SECONDS
        self._input_mode = "closed"
        self._modal: tuple[str, list[Control]] | None = None
        """A question over the screen (Quit game?) and its answers, the only controls while it
        lasts; the screen under it may change."""
        self._band = NoticePlace()

    # -- window ---------------------------------------------------------------------------

    def open(self) -> None:
        """Open the window (or take the whole screen) and draw the current screen."""
        pygame.display.init()
        pygame.font.init()
        flags = pygame.FULLSCREEN if self._fullscreen else 0
        self._display = pygame.display.set_mode(self._size, flags)
        pygame.display.set_caption("Mothership")
        if self._fullscreen:
            pygame.mouse.set_visible(False)  # a touch device has no pointer to show
        # Screens are laid out at 800x480; any other window size gets a scaled copy.
        same = self._display.get_size() == DESIGN_SIZE
        self._canvas = self._display if same else pygame.Surface(DESIGN_SIZE)
        pygame.event.set_blocked(list(_BLOCKED))
        pygame.event.clear()
        self.listen_for_input(pygame.display.get_driver())
        self.redraw(self._now)

    def listen_for_input(
        self, driver: str, input_nodes: Callable[[], list[Path]] | None = None
    ) -> None:
        """Block for touches where they can wake ``wait``; poll SDL for them only where they
        cannot. ``open()`` calls it with SDL's video driver (and the constructor's nodes)."""
        if self._input_wake is not None:
            self._input_wake.stop()
            self._input_wake = None
        self._poll_seconds = TOUCH_POLL_SECONDS
        self._input_mode = f"polled {round(1 / TOUCH_POLL_SECONDS)} times a second ({driver})"
        if driver in NO_INPUT_DRIVERS:
            self._poll_seconds = QUIET_POLL_SECONDS
            self._input_mode = f"none to wait for ({driver})"
        elif driver in EVDEV_DRIVERS:
            watch = InputWake(self.wake, input_nodes or self._input_nodes)
            if watch.start():
                self._input_wake, self._poll_seconds = watch, QUIET_POLL_SECONDS
                names = ", ".join(path.name for path in watch.watching)
                self._input_mode = f"woken by {names} ({driver})"
            else:
                logger.warning(
                    "no input device could be watched for touches; polling the screen %d "
                    "times a second instead (is the service's user in the input group?)",
                    round(1 / TOUCH_POLL_SECONDS),
                )

    @property
    def input_mode(self) -> str:
        """How touches reach ``wait``: woken by which devices, or polled, and the SDL driver."""
        return self._input_mode

    def close(self) -> None:
        """Close the window. Safe to call twice."""
        if self._input_wake is not None:
            self._input_wake.stop()
            self._input_wake = None
        self._input_mode = "closed"
        if self._display is not None:
            self._display = None
            self._canvas = None
            pygame.display.quit()

    def _require_open(self) -> pygame.Surface:
        if self._display is None:
            raise UiError("the UI is not open; call open() first")
        return self._display

    # -- screens --------------------------------------------------------------------------

    def show(self, view: View, layer: DeviceLayer = NO_LAYER) -> None:
        """Switch to ``view``'s screen (it names its own), with ``layer`` over it, and redraw.

        A view was checked when it was built; anything else is refused, naming the views a
        screen takes. The redraw uses the ``now`` of the last ``redraw()``; call
        ``redraw(now)`` to refresh.
        """
        typed = screen_for(type(view)) if isinstance(view, View) else None
        if typed is None:
            known = ", ".join(kind.__name__ for kind in view_kinds())
            raise UiError(f"no screen shows a {type(view).__name__}; screens show: {known}")
        self._screen = typed(view).around(layer.ending)
        self._name = view.screen
        self._layer = layer
        self._controls = self._screen.controls()
        self.redraw(self._now)

    def overlay(self, layer: DeviceLayer) -> bool:
        """Put ``layer`` over the screen in place of the last, redrawing when the screen has a
        slot for what changed; whether it had (else nothing changes)."""
        if not shows(self._screen, self._layer, layer):
            return False
        self._layer = layer
        self.redraw(self._now)
        return True

    def add_control(self, label: str, action: TouchAction, rect: tuple[int, int, int, int]) -> None:
        """Add a control to the current screen until the next ``show`` (once per label); not
        while a question is over it (the next pass adds it once the question is answered)."""
        if self._modal is not None or any(control.label == label for control in self._controls):
            return
        self._controls.append(Control(label, action, pygame.Rect(rect), True))
        self.redraw(self._now)

    def replace_control(self, control: Control) -> None:
        """Put ``control`` on the current screen until the next ``show``, in place of any
        control with its action (a chip whose label changes when tapped); not while a question
        is over it."""
        if self._modal is not None:
            return
        kept = [c for c in self._controls if c.action != control.action]
        self._controls = [*kept, control]
        self.redraw(self._now)

    def slot(self, part: DeviceSlot) -> pygame.Rect | None:
        """Where the current screen has room for the device's ``part`` (None: none)."""
        return self._screen.slot(part)

    def quit_spot(self) -> tuple[pygame.Rect, bool]:
        """Where this screen puts a game's Quit control, and whether it must be dim (night)."""
        return self._screen.quit_rect(), self._screen.quiet

    def ask(self, question: str, answers: list[Control]) -> None:
        """Put ``question`` over the screen with ``answers`` as the only controls (drawn dim on
        a night screen), until ``dismiss``; screens shown meanwhile go under it."""
        self._modal = (question, answers)
        self.redraw(self._now)

    def dismiss(self) -> None:
        """Take the question down."""
        if self._modal is not None:
            self._modal = None
            self.redraw(self._now)

    @property
    def asking(self) -> bool:
        """Whether a question is over the screen."""
        return self._modal is not None

    def _live(self) -> list[Control]:
        """The controls a tap can reach: a question's answers, else the screen's."""
        return self._modal[1] if self._modal is not None else self._controls

    @property
    def screen(self) -> ScreenId | None:
        """The name of the screen on display (None before the first ``show``)."""
        return self._name

    def redraw(self, now: float) -> None:
        """Redraw the current screen as of ``now`` (a no-op while the window is closed)."""
        self._draw(now, None)

    def _draw(self, now: float, areas: list[pygame.Rect] | None) -> None:
        """Draw the whole screen, or only ``areas`` of its ticking part (the same pixels)."""
        self._now = now
        if self._display is None or self._canvas is None:
            return
        canvas, band = Canvas(self._canvas), self._screen.ticking_area()
        if self._backdrop is None or self._backdrop[0] is not self._screen or band is None:
            areas = None  # no backdrop of this screen to tick on: draw it all
        if areas is not None and self._backdrop is not None and band is not None:
            areas = [area.clip(band) for area in areas]
            for area in areas:  # put back what was under the area, then draw only the tick
                self._canvas.set_clip(area)
                self._canvas.blit(self._backdrop[1], area, area.move(-band.x, -band.y))
                self._screen.draw_ticking(canvas, now)
                self._draw_overlays(canvas, now)
        elif band is not None:
            self._screen.draw_static(canvas)
            self._backdrop = (self._screen, self._canvas.subsurface(band).copy())
            self._screen.draw_ticking(canvas, now)
            self._draw_overlays(canvas, now)
        else:
            self._backdrop = None
            self._screen.draw(canvas, now)
            self._draw_overlays(canvas, now)
        self._canvas.set_clip(None)
        if self._canvas is not self._display:
            pygame.transform.smoothscale(self._canvas, self._display.get_size(), self._display)
            pygame.display.flip()
        elif areas is None:
            pygame.display.flip()
        else:
            pygame.display.update(areas)

    def _draw_overlays(self, canvas: Canvas, now: float) -> None:
        """The device's layer, the controls, and the notice band while it lasts, over the
        screen."""
        draw_layer(canvas, self._screen, self._layer)
        for control in self._controls:
            canvas.button(control)
        if self._modal is not None:
            draw_question(canvas, *self._modal, quiet=self._screen.quiet)
        if self._notice is not None and now < self._notice[1]:
            text = self._notice[0]
            band = self._band.find(canvas, self._screen, text, self._controls, self._modal)
            draw_notice(canvas, text, band)

    def refresh(self, now: float) -> None:
        """Redraw only what time changed since the picture was drawn: the clock's changed
        cells when a clock ticked, the whole screen when a notice ran out, and nothing on an
        idle screen. Later redraws start from ``now``."""
        due = self.next_redraw(self._now)
        if due is None or now < due:
            self._now = now
            return
        notice_ended = self._notice is not None and self._now < self._notice[1] <= now
        areas = None if notice_ended else self._screen.changed_areas(self._now, now)
        self._draw(now, areas or None)

    def next_redraw(self, now: float) -> float | None:
        """When the display next changes without input (the day timer's next tick), or None."""
        due = self._screen.next_redraw(now)
        if self._notice is not None and now < self._notice[1]:
            due = self._notice[1] if due is None else min(due, self._notice[1])
        return due

    def notice(self, text: str, until: float) -> None:
        """Show a warning banner over any screen until ``until`` (a tag reader lost, say)."""
        self._notice = (text, until)
        self.redraw(self._now)

    @property
    def notice_area(self) -> pygame.Rect | None:
        """Where the notice is drawn while it shows (None: no notice)."""
        if self.notice_text is None:
            return None
        return self._band.last

    @property
    def notice_text(self) -> str | None:
        """The warning banner's text while it shows (None: no banner)."""
        if self._notice is None or self._now >= self._notice[1]:
            return None
        return self._notice[0]

    def controls(self) -> list[tuple[str, str]]:
        """(label, action) of each control on the current screen, the action as it reads
        (``target:3``): for reading the screen out. Its typed controls: ``screen_controls``."""
        return [(c.label, str(c.action)) for c in self._live()]

    def screen_controls(self) -> list[Control]:
        """The controls a tap can reach now, as drawn: with their captions and rects."""
        return list(self._live())

    def action_for_label(self, label: str) -> TouchAction:
        """The action of the control labelled ``label`` (case-insensitive) on this screen."""
        return self._control_for_label(label).action

    def tap(self, label: str) -> None:
        """Post a tap (a primary-button press) on the centre of the control labelled ``label``.

        The simulator uses it so a scenario's ``touch`` goes through the same hit-testing as a
        finger on the glass; read the result with ``poll``.
        """
        control = self._control_for_label(label)
        w, h = self._require_open().get_size()
        x, y = control.rect.center
        pos = (x * w // DESIGN_SIZE[0], y * h // DESIGN_SIZE[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def _control_for_label(self, label: str) -> Control:
        where = f"the {self._name} screen" if self._name else "the screen"
        return control_for_label(self._live(), label, where)

    def save_png(self, path: Path) -> None:
        """Write what is on the display to ``path`` as a PNG."""
        pygame.image.save(self._require_open(), str(path))

    # -- input ----------------------------------------------------------------------------

    def _hit(self, pos: tuple[int, int]) -> TouchAction | None:
        w, h = self._require_open().get_size()
        design = (pos[0] * DESIGN_SIZE[0] // w, pos[1] * DESIGN_SIZE[1] // h)
        for control in self._live():
            if control.hit(design):
                return control.action
        return None

    def poll(self) -> list[UiInput]:
        """All inputs waiting now, without blocking."""
        self._require_open()
        return to_inputs(pygame.event.get(), self._hit)[0]

    def wait(self, timeout: float) -> list[UiInput]:
        """Block up to ``timeout`` seconds for input, then drain the queue.

        Returns [] on timeout, or early with whatever arrived when ``wake()`` is called.

        pygame's own ``event.wait`` polls SDL every millisecond (about 900 wake-ups a second
        here). Instead the thread sleeps on an Event that ``wake()`` sets: hardware threads set
        it, and so does the touchscreen's watcher on ``kmsdrm``. SDL's queue is looked at every
        ``QUIET_POLL_SECONDS`` then, or every ``TOUCH_POLL_SECONDS`` where touches cannot wake
        us (a window on a desktop). The sleeping is the clock's: a virtual clock jumps to the
        end of the wait.
        """
        self._require_open()
        deadline = self._clock.now() + max(0.0, timeout)
        while True:
            inputs, woken = to_inputs(pygame.event.get(), self._hit)
            if inputs or woken or self._woken.is_set():
                self._woken.clear()
                return inputs
            if self._clock.now() >= deadline:
                return []
            self._clock.sleep(deadline, self._woken, self._poll_seconds)

    def wake(self) -> None:
        """End a ``wait()`` early. Thread-safe: hardware threads call it after queueing input."""
        self._woken.set()
