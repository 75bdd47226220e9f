"""The doctor's guided walk: the steps that need a person at the table.

Every control button (yes, no, go), every seat button, every lamp, the buzzer, the speaker, the
tag reader and the touchscreen. What only a person can see or hear, the walk asks about ("Is the
lamp of seat 3 lit?") and takes the answer from the yes/no buttons or the screen's Yes/No. Any
step can be skipped: go (or Skip on the screen); in the control-button step, where go is under
test, Skip or the step's timeout. Every wait is bounded by the doctor's timeout.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.runtime.inbox import Inbox
from device.runtime.readers import open_readers, tags_into
from device.ui.actions import DeviceTap
from games.events import ControlPressed, SeatPressed, TagSeen, Tap, TouchAction
from games.views import MessageView
from hardware.backend import Hardware
from narration.audio import AudioOutput
from narration.catalogue import Catalogue

if TYPE_CHECKING:
    from device.config import Config
    from device.ui.touch import TouchUI
    from narration.narrator import Narrator

DOCTOR_LINES = Catalogue.load("doctor")
"""The doctor's prompts (also in the device's catalogue, so the voice prepares them)."""

OK, WARN, FAIL = "ok", "warn", "FAIL"
Result = tuple[str, str]
YES, NO, SKIP = "yes", "no", "skip"
POLL_SECONDS = 0.05
SKIPPED: Result = (WARN, "skipped — run mothership doctor again to test it")
ANSWER_CONTROLS: tuple[tuple[str, TouchAction, tuple[int, int, int, int]], ...] = (
    ("Yes", Tap.YES, (20, 290, 240, 80)),
    ("No", Tap.NO, (280, 290, 240, 80)),
)
SKIP_CONTROL: tuple[str, TouchAction, tuple[int, int, int, int]] = (
    "Skip",
    DeviceTap.SKIP,
    (540, 290, 240, 80),
)
"""The walk's controls; a tap's action reads as its answer (``Tap.YES == YES``)."""


@dataclass(frozen=True)
class Heard:
    """One input during the walk: ``kind`` seat, control, touch or tag, and its value."""

    kind: str
    value: TouchAction | str | int


class PersonSteps:
    """The walk's steps, mixed into the doctor, which provides the parts below."""

    config: Config
    inbox: Inbox
    timeout: float
    ui: TouchUI | None
    """The touchscreen while the walk runs (None: no real display, answers by button)."""
    _heard: deque[Heard]
    """Inputs taken from the inbox and the screen, not yet looked at."""
    _narrator: Narrator | None

    def hardware(self) -> Hardware:
        raise NotImplementedError

    def narrator(self) -> Narrator | None:
        raise NotImplementedError

    def ask(self, line_id: str, **params: object) -> str:
        raise NotImplementedError

    def _readers(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    # -- input ------------------------------------------------------------------------------

    def heard(self) -> Heard | None:
        """The next input, in the order it came: buttons, tags and touches."""
        queue = self.pending()
        return queue.popleft() if queue else None

    def pending(self) -> deque[Heard]:
        """The inputs that came and are not looked at yet (for a step to see what it got
        early, before asking for it)."""
        queue = self._heard
        for event in self.inbox.drain():
            if isinstance(event, SeatPressed):
                queue.append(Heard("seat", event.seat))
            elif isinstance(event, ControlPressed):
                queue.append(Heard("control", event.control.value))
            elif isinstance(event, TagSeen):
                queue.append(Heard("tag", event.uid))
        if self.ui is not None:
            queue.extend(Heard(i.kind, i.value) for i in self.ui.poll() if i.kind != "quit")
        return queue

    def listen(self, meaning: Callable[[Heard], str | None]) -> str | None:
        """Wait for the first input ``meaning`` gives a meaning to; None when time is up."""
        end = time.monotonic() + self.timeout
        while True:
            while (item := self.heard()) is not None:
                if (meant := meaning(item)) is not None:
                    return meant
            if (left := end - time.monotonic()) <= 0:
                return None
            narrator = self._narrator
            if narrator is not None and isinstance(narrator.audio, AudioOutput):
                narrator.audio.update()  # start the queued prompts on the speaker
            time.sleep(min(POLL_SECONDS, left))

    def prompt(self, line_id: str, *, answers: bool = False, **params: object) -> None:
        """Ask the doctor's line ``line_id`` (``narration/lines/doctor.toml``), and put it on
        the screen with Yes/No when ``answers``, and Skip."""
        if self.ui is not None:  # the screen first: an answer may come as soon as it is heard
            text = DOCTOR_LINES.text(line_id, params)
            self.ui.show(MessageView(title="Mothership doctor", lines=(text,)))
            for label, action, rect in [*(ANSWER_CONTROLS if answers else ()), SKIP_CONTROL]:
                self.ui.add_control(label, action, rect)
        self.ask(line_id, **params)

    def answer(self, line_id: str, **params: object) -> str | None:
        """Ask a yes/no question: ``YES``, ``NO``, ``SKIP`` (go or Skip), None (no answer)."""
        self.prompt(line_id, answers=True, **params)
        by_button = {"yes": YES, "no": NO, "go": SKIP}

        def meaning(item: Heard) -> str | None:
            if item.kind == "control":
                return by_button.get(str(item.value))
            if item.kind == "touch" and item.value in (YES, NO, SKIP):
                return str(item.value)
            return None

        return self.listen(meaning)

    def seen(self, answer: str | None, what: str, hint: str) -> Result:
        """The result of a "did you see/hear it?" answer."""
        if answer == YES:
            return OK, f"{what}, as you saw or heard"
        if answer == NO:
            return FAIL, f"not {what} — {hint}"
        if answer == SKIP:
            return SKIPPED
        return WARN, f"no answer within {self.timeout:g} s — {hint}"

    # -- steps ------------------------------------------------------------------------------

    def step_controls(self) -> Result:
        """Press yes, no and go in turn (Skip on the screen or the timeout skips)."""
        wanted = self.hardware().buttons.controls
        seen: set[str] = set()
        for name in wanted:
            seen.update(str(item.value) for item in self.pending() if item.kind == "control")
            if name in seen:
                continue
            self.prompt(f"doctor.press.{name}")

            def meaning(item: Heard, name: str = name) -> str | None:
                if item.kind == "control":
                    seen.add(str(item.value))
                    return YES if item.value == name else None
                return SKIP if item.kind == "touch" and item.value == SKIP else None

            if self.listen(meaning) == SKIP:
                return SKIPPED
        if missing := [name for name in wanted if name not in seen]:
            pins = ", ".join(f"pins.{name}" for name in missing)
            return FAIL, f"missing {', '.join(missing)} — check the wiring and {pins}"
        return OK, f"{', '.join(wanted)} all seen"

    def step_buttons(self) -> Result:
        """Press every seat button in turn (go skips)."""
        seats = range(1, len(self.hardware().pins.seat_buttons) + 1)
        seen: set[int] = set()
        for seat in seats:
            seen.update(item.value for item in self.pending() if isinstance(item.value, int))
            if seat in seen:
                continue
            self.prompt("doctor.seat", seat=seat)

            def meaning(item: Heard, seat: int = seat) -> str | None:
                if item.kind == "seat" and isinstance(item.value, int):
                    seen.add(item.value)
                    return YES if item.value == seat else None
                skip = item.kind == "control" and item.value == "go"
                return SKIP if skip or (item.kind == "touch" and item.value == SKIP) else None

            if self.listen(meaning) == SKIP:
                return SKIPPED
        if missing := ", ".join(str(seat) for seat in seats if seat not in seen):
            found = ", ".join(map(str, sorted(seen))) or "none"
            hint = "check their wiring and pins.seat_buttons"
            return FAIL, f"seen seats {found}; missing seats {missing} — {hint}"
        return OK, f"all {len(seats)} seat buttons seen"

    def step_lamps(self) -> Result:
        """Light each seat lamp and ask whether it is lit."""
        hardware = self.hardware()
        lamps = [n for n, p in enumerate(hardware.pins.seat_lamps, 1) if p is not None]
        if not lamps:
            return WARN, "no seat lamps configured — set pins.seat_lamps if the table has them"
        dark: list[int] = []
        for seat in lamps:
            hardware.lamps.set(seat, "on")
            try:
                reply = self.answer("doctor.lamp", seat=seat)
            finally:
                hardware.lamps.set(seat, "off")
            if reply == SKIP:
                return SKIPPED
            if reply != YES:
                dark.append(seat)
        if dark:
            where = ", ".join(map(str, dark))
            hint = "check the LED, its resistor and pins.seat_lamps"
            return FAIL, f"seat lamps {where} not seen lit (or no answer) — {hint}"
        return OK, f"all {len(lamps)} seat lamps seen lit"

    def step_buzzer(self) -> Result:
        """Beep and ask whether it was heard."""
        buzzer = self.hardware().buzzer
        if buzzer is None:
            return WARN, "no buzzer configured — set pins.buzzer if the table has one"
        buzzer.beep("A5", 0.4)
        reply = self.answer("doctor.beep")
        return self.seen(reply, "beep heard", "check the buzzer's wiring and pins.buzzer")

    def step_speaker(self) -> Result:
        """Play a test line and ask whether it was heard."""
        narrator = self.narrator()
        if narrator is None:
            return FAIL, "the narrator cannot speak — see the speech check"
        if not isinstance(narrator.audio, AudioOutput) or not narrator.audio.available:
            return WARN, "no audio output: the test line was captioned only — check audio.device"
        narrator.speak("doctor.speaker_test")
        reply = self.answer("doctor.speaker_heard")
        hint = "check audio.device, the speaker's cable and the volume (alsamixer)"
        return self.seen(reply, "test line heard", hint)

    def step_tag(self) -> Result:
        """Read a tag from the configured reader (go skips)."""
        if not any(port for _, port in self._readers()):
            return WARN, "no tag reader configured — set readers.rdm6300 or readers.pn532"
        with contextlib.ExitStack() as stack:
            open_readers(self.config, tags_into(self.inbox), stack, on_status=lambda _: None)
            self.prompt("doctor.tag")

            def meaning(item: Heard) -> str | None:
                if item.kind == "tag":
                    return f"tag {item.value} read"
                skip = item.kind == "control" and item.value == "go"
                return SKIP if skip or (item.kind == "touch" and item.value == SKIP) else None

            read = self.listen(meaning)
        if read == SKIP:
            return SKIPPED
        if read is None:
            return FAIL, f"no tag within {self.timeout:g} s — check the reader's wiring and port"
        return OK, read

    def step_touch(self) -> Result:
        """Touch OK on the screen (go skips)."""
        if self.ui is None:
            return WARN, "no real display: skipped — check SDL_VIDEODRIVER (kmsdrm on the Pi)"
        self.prompt("doctor.touch")

        def meaning(item: Heard) -> str | None:
            if item.kind == "touch":
                return {"ok": YES, SKIP: SKIP}.get(str(item.value))
            return SKIP if item.kind == "control" and item.value == "go" else None

        touched = self.listen(meaning)
        if touched == SKIP:
            return SKIPPED
        if touched is None:
            return FAIL, f"no touch within {self.timeout:g} s — check the touchscreen's cable"
        return OK, "touch seen on the OK button"
