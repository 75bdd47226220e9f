"""The piezo buzzer: short beeps and the loud "ALIENINJAS!" call.

Non-blocking by design: a sound is a list of equal-length steps played by a thread of the
buzzer's own, started with it. gpiozero's ``source`` mechanism would start a thread for every
sound, and starting a thread holds the caller (the main loop) until the new thread has run,
which a loaded machine delays; this one waits for the next sound instead. A new sound cuts off
the one playing, ``stop`` silences it at once, and ``close`` ends the thread before the device.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from typing import Any

from gpiozero import TonalBuzzer
from gpiozero.exc import GPIOZeroError
from gpiozero.tones import Tone

from hardware.errors import HardwareConfigError, HardwareError

__all__ = ["BUZZ_NOTES", "BUZZ_STEP", "Buzzer"]

BUZZ_NOTES: tuple[str, ...] = ("E7", "A6", "E7", "A6")
"""The two-tone warble of the "ALIENINJAS!" call: high, low, high, low."""

BUZZ_STEP = 0.1
"""Seconds per note of the "ALIENINJAS!" call."""

# A piezo is loudest around 2-4 kHz, so centre on A5 with two octaves each way (A3..A7).
_MID_TONE = "A5"
_OCTAVES = 2


class Buzzer:
    """A piezo buzzer on one PWM pin, wrapping gpiozero's ``TonalBuzzer``.

    Call it from one thread (the main loop). A new sound cuts off the one playing.

    Args:
        pin: GPIO pin of the buzzer. It must support PWM (``MockPWMPin`` in tests).
        pin_factory: The gpiozero pin factory to open the buzzer with.

    Raises:
        HardwareError: if gpiozero cannot open the pin.
    """

    def __init__(self, pin: int, *, pin_factory: Any) -> None:
        try:
            self._device: Any = TonalBuzzer(
                pin, mid_tone=_MID_TONE, octaves=_OCTAVES, pin_factory=pin_factory
            )
        except GPIOZeroError as exc:
            raise HardwareError(f"cannot open buzzer on pin {pin!r}: {exc}") from exc
        self._sound: tuple[list[float | None], float] | None = None
        """The sound playing or to play: its steps' values (None: silent) and step length."""
        self._closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="buzzer", daemon=True)
        self._thread.start()

    def beep(self, note: str = "A5", seconds: float = 0.15) -> None:
        """Play one note for a while, without blocking.

        Args:
            note: A note name such as ``"A5"`` or ``"C#6"``, from A3 to A7.
            seconds: How long to sound.

        Raises:
            HardwareConfigError: for an unknown or out-of-range note, or a bad duration.
        """
        if not (math.isfinite(seconds) and seconds > 0):
            raise HardwareConfigError(f"beep length must be more than 0 seconds: {seconds!r}")
        self._play([note], seconds)

    def buzz(self) -> None:
        """Sound the loud two-tone "ALIENINJAS!" call, without blocking."""
        self._play(BUZZ_NOTES, BUZZ_STEP)

    def stop(self) -> None:
        """Silence the buzzer at once."""
        with self._changed:
            self._sound = None
            self._device.value = None
            self._changed.notify_all()

    def close(self) -> None:
        """Silence and close the buzzer. Safe to call twice."""
        with self._changed:
            self._closed, self._sound = True, None
            self._changed.notify_all()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        self._device.close()

    def _play(self, notes: Sequence[str], step: float) -> None:
        values: list[float | None] = [self._value(note) for note in notes]
        values.append(None)  # silence after the last step
        with self._changed:
            self._sound = (values, step)  # cuts off the one playing
            self._changed.notify_all()

    def _run(self) -> None:
        """The buzzer's thread: play each sound step by step until a newer one or ``stop``."""
        with self._changed:
            while not self._closed:
                sound = self._sound
                if sound is None:
                    self._changed.wait()
                    continue
                values, step = sound
                for value in values:
                    if self._sound is not sound or self._closed:
                        break
                    self._device.value = value
                    end = time.monotonic() + step
                    while self._sound is sound and not self._closed:
                        left = end - time.monotonic()
                        if left <= 0:
                            break
                        self._changed.wait(left)  # a new sound, stop or close wakes it
                if self._sound is sound:
                    self._sound = None  # played to its end (silent)

    def _value(self, note: str) -> float:
        # TonalBuzzer.value is -1..1 across the range; a note outside it would fail on
        # gpiozero's thread, so check here where the caller sees the error.
        try:
            tone = Tone(note=note)  # by keyword: a bare number would be read as MIDI
        except (ValueError, TypeError) as exc:
            raise HardwareConfigError(f"unknown note: {note!r}") from exc
        device = self._device
        if not (device.min_tone.frequency <= tone.frequency <= device.max_tone.frequency):
            raise HardwareConfigError(
                f"note out of the buzzer's range: {note!r} "
                f"({device.min_tone.note}..{device.max_tone.note})"
            )
        value = float(math.log2(tone.frequency / device.mid_tone.frequency) / device.octaves)
        return max(-1.0, min(1.0, value))  # float rounding at the range ends
