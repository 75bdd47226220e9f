"""The device's own voice mode decodes a night's clips ahead of their cues.

Rendering behind the loop, the night's lines are rendered while the setup screen shows its
progress; once they all are, their clips are handed to the speaker in order, so a cue only
starts a clip decoded beforehand. Before, that hand-over happened only in ``Narrator.prepare``,
which the device never calls: every clip was decoded at its cue.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import ExitStack
from pathlib import Path

from handbuilt import step_until

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.parts import Wiring, open_daemon
from device.runtime.sessions import home_session
from device.runtime.wiring import VoiceMode
from games.events import Tap, Touched
from narration.audio import AudioOutput
from narration.narrator import Narrator, Spoken

ROLES = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "villager"]


def _open(tmp_path: Path, stack: ExitStack) -> tuple[Daemon, VirtualClock, Narrator, AudioOutput]:
    """The device's daemon on a virtual clock: espeak-ng rendering behind its loop, into an
    empty cache, and the real speaker on SDL's discarding driver."""
    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": "espeak",
            "narration.cache_dir": str(tmp_path / "voice"),
            "audio.ambience": False,
        },
    )
    clock = VirtualClock()
    wiring = Wiring(
        clock=clock, store_path=tmp_path / "m.db", hardware="mock", voice=VoiceMode.BEHIND
    )
    daemon = open_daemon(config, wiring, stack)
    narrator = daemon.runtime.executor.out.narrator
    audio = daemon.runtime.executor.out.audio
    assert isinstance(narrator, Narrator) and narrator.renderer is not None
    assert isinstance(audio, AudioOutput) and audio.available, "no mixer on the disk driver"
    audio.idle_close = None  # the speaker stays open: its closing is the benchmark's to run
    return daemon, clock, narrator, audio


def test_a_rendered_night_line_is_decoded_before_its_cue(tmp_path: Path) -> None:
    with ExitStack() as stack:
        daemon, clock, narrator, audio = _open(tmp_path, stack)
        cues: list[tuple[str, bool]] = []
        speak = narrator.speak

        def noted(line_id: str, params: Mapping[str, object] | None = None) -> Spoken:
            path = narrator.cache.cached_path(narrator.text(line_id, params))
            cues.append((line_id, audio.is_decoded(path)))
            return speak(line_id, params)

        narrator.speak = noted  # type: ignore[method-assign]  # watching the cues
        setup = {"game": "onenight", "players": 3, "seed": 2, "roles": ROLES}
        daemon.runtime.begin(home_session(setup, daemon.config, tuple))
        daemon.step(until=clock.now())
        cues.clear()  # the welcome is no night line
        daemon.inbox.put(Touched(Tap.START))
        step_until(daemon, clock, "day")  # while the lines render, the loop waits for them
        night = [(line, ahead) for line, ahead in cues if line.startswith("onenight.")]
        assert len(night) > 10, cues
        assert night[0][1], f"the night's first line was decoded at its cue: {night[0][0]}"
        late = [line for line, ahead in night if not ahead]
        assert not late, f"{len(late)} of {len(night)} decoded at their cue: {late}"
