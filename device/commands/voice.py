"""``mothership voice prepare|list|test|export|import``: the voice's cache, its choices, a line
to hear, and voice packs (:mod:`device.commands.voicepack`).

``prepare`` renders every sentence the catalogue can produce (see
:mod:`device.runtime.voicelines`) into the WAV cache, keyed by voice, settings and text, with
a progress bar; the installer runs it, so a night then renders nothing. ``list`` shows the
voices this machine has and which one speaks, and why. ``test "text"`` says a sentence (or
writes it to a WAV) through the same cache.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import TextIO

from device.commands.progress import ProgressBar
from device.config import Config
from device.runtime.parts import cache_dir, catalogues, open_narrator, voice_choice
from device.runtime.voicelines import every_text
from narration.ambience import BEDS, write_bed
from narration.audio import AudioOutput
from narration.cache import WavCache
from narration.catalogue import Catalogue
from narration.errors import NarrationError
from narration.piper_model import BUNDLED_VOICE, bundled_model, piper_installed, verify_model
from narration.speech import SpeechBackend
from narration.wav import wav_seconds

__all__ = ["run"]


def run(args: argparse.Namespace, config: Config, out: TextIO | None = None) -> int:
    """Carry out ``voice prepare``, ``list``, ``test``, ``export`` or ``import``; the exit code."""
    out = out or sys.stdout
    if args.action == "prepare":
        return prepare(config, out, first=args.first)
    if args.action == "list":
        return list_voices(config, out)
    if args.action in ("export", "import"):
        from device.commands import voicepack

        if args.action == "export":
            return voicepack.export(config, args.file, out, prepare)
        return voicepack.import_pack(config, args.file, out)
    return test(config, args.text, args.out, out)


def prepare(
    config: Config, out: TextIO, progress: ProgressBar | None = None, *, first: bool = False
) -> int:
    """Render every sentence not in the cache yet (``first``: only those the first game of the
    default preset needs); print what is ready and what is not."""
    choice = voice_choice(config, probe=True)
    print(f"Voice: {choice.reason}", file=out)
    catalogue = Catalogue.load(*catalogues())
    lines = every_text(catalogue, seats=config.hardware.seats)
    texts = lines.texts
    cache = WavCache(cache_dir(config), choice.backend)
    if first:
        texts = _first(catalogue, config, cache, out)
    started = time.monotonic()
    try:
        rendered = cache.render_many(texts, progress or ProgressBar("Preparing the voice"))
    finally:
        choice.backend.close()
    for bed in BEDS:  # the night's ambience too, so the daemon never generates it
        write_bed(cache.directory, bed)
    seconds = time.monotonic() - started
    print(
        f"{len(texts)} sentences ready in {cache.directory} "
        f"({rendered} rendered now in {seconds:.1f} s).",
        file=out,
    )
    if first:
        print("The rest renders behind the game, niced, once the service runs.", file=out)
    elif lines.on_demand:
        print(
            f"{len(lines.on_demand)} lines depend on names, scores or seat lists and are rendered "
            f"when a game needs them: {', '.join(lines.on_demand)}",
            file=out,
        )
    return 0


def _first(catalogue: Catalogue, config: Config, cache: WavCache, out: TextIO) -> tuple[str, ...]:
    """The first game's sentences, after saying how many and how long a Pi 4 takes."""
    from device.commands.progress import duration
    from device.runtime.first_voice import PI4_SECONDS_PER_LINE, first_voice

    plan = first_voice(catalogue, seats=config.hardware.seats)
    todo = sum(1 for text in plan.texts if not cache.cached_path(text).is_file())
    print(
        f"First game: {len(plan.texts)} sentences, the device's own lines and the night, day "
        f"and vote of the {plan.preset} preset at {plan.players.start} to "
        f"{plan.players.stop - 1} players; {todo} to render, about "
        f"{duration(todo * PI4_SECONDS_PER_LINE)} at a Pi 4's pace "
        f"({PI4_SECONDS_PER_LINE:g} s a line).",
        file=out,
    )
    return plan.texts


def prepared(config: Config, backend: SpeechBackend) -> tuple[int, int]:
    """How many of the sentences ``voice prepare`` renders are in the cache for ``backend``,
    and of how many (a look at the files only)."""
    texts = every_text(Catalogue.load(*catalogues()), seats=config.hardware.seats).texts
    cache = WavCache(cache_dir(config), backend)
    return sum(1 for text in texts if cache.cached_path(text).is_file()), len(texts)


def prepared_words(config: Config, backend: SpeechBackend) -> str:
    """``1612 of 1661 lines prepared``, and what to run when some are missing."""
    ready, total = prepared(config, backend)
    words = f"{ready} of {total} lines prepared"
    if ready < total:
        words += " (the rest render as the games need them; mothership voice prepare does all)"
    return words


def _espeak_voices() -> list[str]:
    found = shutil.which("espeak-ng")
    if found is None:
        return []
    try:
        listing = subprocess.run(
            [found, "--voices=en"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [row.split()[4] for row in listing.splitlines()[1:] if len(row.split()) > 4]


def list_voices(config: Config, out: TextIO) -> int:
    """Print the voices this machine has, and which one speaks and why."""
    choice = voice_choice(config, probe=True)
    try:
        print(f"Speaking: {choice.reason}", file=out)
        print(f"Cache: {prepared_words(config, choice.backend)}", file=out)
        print("Piper voices (narration.backend = 'piper'):", file=out)
        if not piper_installed():
            print("  piper-tts is not installed: pip install piper-tts", file=out)
        try:
            model = bundled_model()
            state = "checked against the official digests" if verify_model(model) else "unknown"
            print(f"  {BUNDLED_VOICE} (bundled; {state})", file=out)
        except NarrationError as error:
            print(f"  {BUNDLED_VOICE}: {error}", file=out)
        if config.narration.piper_model is not None:
            print(f"  {config.narration.piper_model} (narration.piper_model)", file=out)
        espeak = _espeak_voices()
        print(
            "espeak-ng voices (narration.backend = 'pyttsx3' or 'espeak', narration.voice):",
            file=out,
        )
        print("  " + (", ".join(espeak) if espeak else "espeak-ng is not installed"), file=out)
        recorded = config.narration.recorded_dir
        print(
            f"Recorded lines: {recorded} (a <line id>.wav there wins over any voice)"
            if recorded is not None
            else "Recorded lines: none (narration.recorded_dir)",
            file=out,
        )
    finally:
        choice.backend.close()
    return 0


def test(config: Config, text: str, wav: Path | None, out: TextIO) -> int:
    """Say ``text`` through the configured voice and the cache (or copy its WAV to ``wav``)."""
    with open_narrator(config, audio=wav is None) as narrator:
        spoken = narrator.say_text(text)
        choice = narrator.backend
        print(f"{choice.name} voice {choice.voice}: {spoken.seconds:.1f} s", file=out)
        if wav is not None:
            shutil.copyfile(spoken.path, wav)
            print(f"written to {wav} ({wav_seconds(wav):.1f} s)", file=out)
            return 0
        audio = narrator.audio
        if isinstance(audio, AudioOutput) and audio.available:
            deadline = time.monotonic() + spoken.seconds + 1.0
            while audio.speaking and time.monotonic() < deadline:
                time.sleep(0.05)
        else:
            print(f"(no audio output: caption) {spoken.text}", file=out)
    return 0
