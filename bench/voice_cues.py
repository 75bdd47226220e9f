"""Cue -> play in the device's own voice mode: the real daemon, rendering behind its loop.

``narration_latency.py`` times ``Narrator.speak`` after calling ``Narrator.prepare`` itself,
which the device never does: it renders behind its loop (``voice = "behind"``). Here nothing
is called but the daemon's own path. Each night builds the daemon as ``mothership run`` does
(``open_daemon``: mock pins, a headless screen, the speaker on SDL's discarding disk driver,
the ambience on), starts a One Night game of the default preset (the home screen's One Night:
``alien_first_game``) and taps Start night; the setup screen's progress runs while the night's
lines render behind the loop, then the night plays to the day. The loop runs on a virtual
clock (each pass jumps to the loop's own next wake-up), and the speaker's idle close runs on
the same clock, so the speaker closes between the night's lines as on the device (each role's
turn is longer than its 3 s) and the loop opens it again before the next line; the closing
itself (a thread of SDL's) is waited for before the clock jumps, as a device has real seconds
for it.

Every ``Narrator.speak`` the daemon makes is timed, from the call to its return (a line that
is rendered starts there: ``AudioOutput.play_speech``), and the report says how many cues
found their clip decoded ahead. Two ways, on the same voice cache:

- ours: the device as it is (a night's clips handed to the speaker once they are rendered);
- before: the same with that hand-over removed (``Narrator.preload`` a no-op), every clip
  decoded at its cue.

The first night of the first way renders into an empty cache (a table whose voice was not
prepared); the nights after find it filled.

    .venv/bin/python bench/voice_cues.py             # 4 nights a way, 10 players, Piper
    .venv/bin/python bench/voice_cues.py --quick     # 1 night a way, 5 players, espeak-ng
    .venv/bin/python bench/voice_cues.py --no-ambience   # the speaker closes between lines
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchutil import machine_lines, percentile, table

from device.headless import go_headless


@dataclass
class Cues:
    """What one way measured over its nights."""

    seconds: list[float] = field(default_factory=list)
    """Each cue whose clip was rendered: from ``speak`` to its return."""
    ahead: int = 0
    """Cues that found their clip decoded."""
    waited: int = 0
    """Cues whose line was not rendered yet (said once it is: not timed here)."""
    reopened: int = 0
    """Times the speaker opened again after closing for being idle."""
    lines: int = 0
    """Night lines prepared (the setup screen's progress)."""


def night(
    cache: Path, folder: Path, voice: str, players: int, seed: int, cues: Cues, ambience: bool
) -> None:
    """One game of the default preset from Start night to the day, on a fresh daemon."""
    from device.clock import VirtualClock
    from device.config import load_config
    from device.runtime.parts import Wiring, open_daemon
    from device.runtime.sessions import home_session
    from device.runtime.wiring import Recording, VoiceMode
    from games.events import Tap, Touched
    from games.onenight import SPEC
    from narration.audio import AudioOutput
    from narration.narrator import Narrator, Spoken

    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": voice,
            "narration.cache_dir": str(cache),
            "audio.ambience": ambience,
        },
    )
    clock = VirtualClock(time.monotonic())
    wiring = Wiring(
        clock=clock, store_path=folder / f"night-{seed}.db", hardware="mock", readers=False,
        voice=VoiceMode.BEHIND,
        recording=Recording(progress=lambda done, total: setattr(cues, "lines", total)),
    )  # fmt: skip
    with ExitStack() as stack:
        daemon = open_daemon(config, wiring, stack)
        narrator = daemon.runtime.executor.out.narrator
        audio = daemon.runtime.executor.out.audio
        assert isinstance(narrator, Narrator) and isinstance(audio, AudioOutput)
        if not audio.available:
            raise SystemExit("pygame.mixer did not start on the disk driver; nothing to measure")
        audio.clock = audio.ducker.clock = clock.now  # idle on the loop's clock, as on a device
        reopened = audio.reopened
        speak = narrator.speak
        played: list[Path] = []
        play = audio.play_speech

        def noted_play(path: Path) -> float:
            played.append(path)
            return play(path)

        def timed(line_id: str, params: Mapping[str, object] | None = None) -> Spoken:
            path = narrator.cache.cached_path(narrator.text(line_id, params))
            decoded, before = audio.is_decoded(path), len(played)
            start = time.perf_counter()
            spoken = speak(line_id, params)
            elapsed = time.perf_counter() - start
            if len(played) == before:
                cues.waited += 1  # not rendered: it plays when it is
            else:
                cues.seconds.append(elapsed)
                cues.ahead += decoded
            return spoken

        audio.play_speech = noted_play  # type: ignore[method-assign]  # watching the cues
        home = dict(SPEC.home or {})  # the home screen's One Night: the default preset
        setup = {"game": "onenight", **home, "players": players, "seed": seed}
        runtime = daemon.runtime
        runtime.begin(home_session(setup, daemon.config, tuple))
        daemon.step(until=clock.now())
        narrator.speak = timed  # type: ignore[method-assign]  # from Start night on
        daemon.inbox.put(Touched(Tap.START))
        end = time.monotonic() + 1800
        while runtime.phase != "day" and time.monotonic() < end:
            daemon.step(until=clock.now())
            if runtime.executor.lines.wait(timeout=1.0):
                continue  # the night renders behind the loop: the table watches the progress
            audio.wait_closed()  # the device has real seconds for SDL's close
            clock.advance_to(clock.now() + daemon.sleep_seconds())
        if runtime.phase != "day":
            raise SystemExit(f"the night did not reach the day (stuck in {runtime.phase})")
        cues.reopened += audio.reopened - reopened


def one_way(
    name: str, cache: Path, voice: str, nights: int, players: int, ambience: bool = True
) -> Cues:
    """Every night of one way, on the shared cache."""
    from narration.narrator import Narrator

    cues = Cues()
    preload = Narrator.preload
    if name == "before":
        Narrator.preload = lambda self, items: 0  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory(prefix="mothership-bench-") as scratch:
            for seed in range(nights):
                night(cache, Path(scratch), voice, players, seed, cues, ambience)
    finally:
        Narrator.preload = preload  # type: ignore[method-assign]
    return cues


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run both ways and print the report."""
    from narration.piper_model import piper_installed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="1 night a way, 5 players, espeak")
    parser.add_argument("--nights", type=int, default=4, help="nights a way (default 4)")
    parser.add_argument("--players", type=int, default=10, help="players (default 10)")
    parser.add_argument("--voice", choices=("piper", "espeak"), help="default: piper if installed")
    parser.add_argument(
        "--no-ambience",
        action="store_true",
        help="no night bed: the speaker closes between lines and opens again before each",
    )
    args = parser.parse_args(argv)
    nights, players = (1, 5) if args.quick else (args.nights, args.players)
    voice = args.voice or ("espeak" if args.quick or not piper_installed() else "piper")
    go_headless()  # before anything imports pygame
    with tempfile.TemporaryDirectory(prefix="mothership-bench-") as shared:
        cache = Path(shared) / "wav-cache"
        bed = not args.no_ambience
        ours = one_way("ours", cache, voice, nights, players, bed)
        before = one_way("before", cache, voice, nights, players, bed)
    print("\n".join(machine_lines()))
    print(
        f"\nThe real daemon, voice rendering behind its loop ({voice}), default preset, "
        f"{players} players, {nights} night(s) a way, ambience {'on' if bed else 'off'}; the "
        "first night of ours from an empty cache\n"
    )

    def ms(pick: Callable[[list[float]], float]) -> Callable[[Cues], str]:
        return lambda way: f"{pick(way.seconds) * 1000:.3f}" if way.seconds else "-"

    figures: list[tuple[str, Callable[[Cues], Any]]] = [
        ("night lines prepared (last night)", lambda w: w.lines),
        ("cues timed", lambda w: len(w.seconds)),
        ("clips decoded ahead", lambda w: f"{w.ahead} of {len(w.seconds)}"),
        ("cue -> play p50, ms", ms(lambda xs: percentile(xs, 50))),
        ("cue -> play p99, ms (goal <= 1)", ms(lambda xs: percentile(xs, 99))),
        ("cue -> play max, ms", ms(max)),
        ("cues not rendered yet (played later)", lambda w: w.waited),
        ("speaker reopened after an idle close", lambda w: w.reopened),
    ]
    rows = [[name, str(value(ours)), str(value(before))] for name, value in figures]
    print(table(["figure", "ours (device)", "before (decoded at the cue)"], rows))
    print(f"\nours: {ours.ahead} of {len(ours.seconds)} cues found their clip decoded ahead")
    return 0


if __name__ == "__main__":
    sys.exit(main())
