"""The espeak-ng command line as a speech backend (Piper is in ``piper_backend.py``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from narration.errors import BackendUnavailableError, NarrationError, VoiceError
from narration.speech import DEFAULT_RATE, check_rate, require_text, verify_wav

__all__ = ["EspeakBackend"]


def _run(command: list[str], *, what: str, text: str, stdin: str | None, timeout: float) -> None:
    """Run a synthesis command and turn every failure into a NarrationError."""
    try:
        done = subprocess.run(
            command, input=stdin, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise NarrationError(f"{what} took longer than {timeout} s for {text!r}") from exc
    except OSError as exc:
        raise BackendUnavailableError(f"cannot run {command[0]!r}: {exc}") from exc
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip() or f"exit code {done.returncode}"
        raise NarrationError(f"{what} failed for {text!r}: {detail}")


class EspeakBackend:
    """The espeak-ng command line: synchronous, deterministic, 10-20 ms a sentence."""

    name = "espeak"

    def __init__(
        self,
        voice: str = "en-us",
        rate: int = DEFAULT_RATE,
        *,
        command: str = "espeak-ng",
        timeout: float = 30.0,
        check_voice: bool = True,
    ) -> None:
        """Find espeak-ng and check the voice.

        Args:
            voice: espeak-ng voice (``en-us``, ``en-gb-x-rp``, ``mb-us1`` with MBROLA...).
            rate: Words per minute.
            command: The program to run.
            timeout: Seconds allowed per sentence.
            check_voice: Run espeak-ng once now to refuse an unknown voice (False: a bad
                voice fails its first sentence instead, and starting costs no process).

        Raises:
            BackendUnavailableError: If espeak-ng is not on PATH.
            VoiceError: If espeak-ng does not know the voice, or the rate is bad.
        """
        found = shutil.which(command)
        if found is None:
            raise BackendUnavailableError(
                f"espeak-ng is not installed (no {command!r} on PATH); "
                "install the espeak-ng package"
            )
        self.voice = voice
        self.rate = check_rate(rate)
        self._command = found
        self._timeout = timeout
        if not check_voice:
            return
        # -q synthesizes nothing but still fails on an unknown voice: catch it at start-up.
        try:
            _run(
                [found, "-q", "-v", voice, "--", "x"],
                what="espeak-ng",
                text="x",
                stdin=None,
                timeout=timeout,
            )
        except NarrationError as exc:
            raise VoiceError(f"espeak-ng cannot use voice {voice!r}: {exc}") from exc

    def synthesize(self, text: str, out_path: Path) -> None:
        """Run ``espeak-ng -v VOICE -s RATE -w OUT -- TEXT`` and check the WAV."""
        require_text(text)
        # "--" keeps a sentence that starts with "-" from being read as an option.
        command = [self._command, "-v", self.voice, "-s", str(self.rate), "-w", str(out_path)]
        _run([*command, "--", text], what="espeak-ng", text=text, stdin=None, timeout=self._timeout)
        verify_wav(out_path, "espeak-ng", text)

    def close(self) -> None:
        """Nothing to release: each sentence is its own process."""

    def __repr__(self) -> str:
        return f"EspeakBackend(voice={self.voice!r}, rate={self.rate!r})"
