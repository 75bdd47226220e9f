"""Audio output on pygame's real mixer (disk driver), and the captions fallback."""

from __future__ import annotations

import itertools
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from steppedclock import SteppedClock

from narration.audio import AudioOutput
from narration.backends import SilentBackend
from narration.bed import BED_CHANNEL
from narration.errors import VolumeError
from narration.mixer import BUFFER_FRAMES
from narration.wav import wav_seconds

if TYPE_CHECKING:
    import pygame


def wait_until_quiet(audio: AudioOutput, limit: float = 2.0) -> None:
    deadline = time.monotonic() + limit
    while audio.speaking and time.monotonic() < deadline:
        time.sleep(0.005)


def raw(channel: pygame.mixer.Channel) -> bytes:
    """The samples of the sound a mixer channel is playing."""
    sound = channel.get_sound()
    assert sound is not None, "the channel plays nothing"
    return sound.get_raw()


def test_speech_plays_and_returns_its_length(speech: Path) -> None:
    audio = AudioOutput()
    try:
        assert audio.open() is True
        assert audio.available
        seconds = audio.play_speech(speech)
        assert seconds == pytest.approx(wav_seconds(speech), abs=0.01)
    finally:
        audio.close()
    assert not audio.available


def test_music_glides_down_under_speech_and_back_up(
    speech: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # real time: the line outlasts the glide
    music = tmp_path / "music.wav"
    SilentBackend(rate=80).synthesize("a long quiet ambience " * 5, music)
    clock = SteppedClock()
    audio = AudioOutput(music_volume=0.5, duck_to=0.2, clock=clock)
    try:
        assert audio.open()
        audio.play_music(music)
        import pygame

        bed = pygame.mixer.Channel(BED_CHANNEL)  # a short WAV loops from memory on its channel
        assert bed.get_busy() and not pygame.mixer.music.get_busy()
        assert bed.get_volume() == pytest.approx(0.5, abs=0.01)
        audio.play_speech(speech)
        # The glide spans two of the mixer's buffers and starts one buffer in: the line and
        # the bed's next level reach the speaker together, so the bed is half way down under
        # the first word. Then 30 ms looks, as the main loop does.
        buffer = BUFFER_FRAMES / 22050
        assert (audio.ducker.glide, audio.ducker.lead) == pytest.approx((2 * buffer, buffer))
        levels = [bed.get_volume()]
        assert levels[0] == pytest.approx((0.5 + 0.1) / 2, abs=0.01)
        for _ in range(math.ceil((audio.ducker.glide - audio.ducker.lead) / 0.03)):
            assert audio.due() == pytest.approx(0.03)  # still gliding: look again soon
            clock.now += 0.03
            audio.update()
            levels.append(bed.get_volume())
        assert levels == sorted(levels, reverse=True)  # only ever down, never a jump back
        assert max(a - b for a, b in itertools.pairwise(levels)) < 0.1
        assert levels[-1] == pytest.approx(0.1, abs=0.01)
        assert audio.due() is None  # settled under the line: no more looks needed
        pygame.mixer.Channel(0).stop()  # the line ends early: the bed glides back up
        audio.update()
        clock.now += audio.ducker.glide + 0.01
        audio.update()
        assert bed.get_volume() == pytest.approx(0.5, abs=0.01)
    finally:
        audio.close()


def test_the_mixer_runs_at_the_voices_rate_in_mono() -> None:
    audio = AudioOutput()
    try:
        assert audio.open()
        import pygame

        assert pygame.mixer.get_init() == (22050, -16, 1)
    finally:
        audio.close()


def test_a_night_is_decoded_a_few_lines_ahead_not_all_at_once(tmp_path: Path) -> None:
    paths = []
    for index in range(12):
        path = tmp_path / f"line{index}.wav"
        SilentBackend().synthesize(f"line number {index}", path)
        paths.append(path)
    audio = AudioOutput()
    try:
        assert audio.open()
        audio.preload(paths)
        assert audio.loaded == 3
        for path in paths:
            audio.play_speech(path)
            audio.stop()
            assert audio.loaded <= 8
    finally:
        audio.close()


def test_effects_play_on_their_own_channel(speech: Path, long_speech: Path) -> None:
    audio = AudioOutput()
    try:
        assert audio.open()
        audio.play_speech(long_speech)
        audio.play_effect(speech)
        # The effect did not take the narration channel: the long line still plays there.
        assert audio.speaking and audio._speech.get_sound().get_length() > 30
    finally:
        audio.close()


def test_volumes_are_checked_and_can_change() -> None:
    audio = AudioOutput(effects_volume=0.25)
    assert audio.volume("effects") == 0.25
    audio.set_volume("narration", 0.5)
    assert audio.volume("narration") == 0.5
    with pytest.raises(VolumeError) as caught:
        audio.set_volume("music", 1.5)
    assert str(caught.value) == "music volume must be between 0 and 1: 1.5"
    with pytest.raises(VolumeError) as caught:
        audio.volume("efects")
    assert str(caught.value) == "unknown audio channel: 'efects' (did you mean 'effects'?)"


def test_no_audio_device_falls_back_to_captions_with_durations(
    speech: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_driver")
    audio = AudioOutput()
    assert audio.open() is False
    assert not audio.available
    assert "no audio output" in caplog.text
    assert audio.play_speech(speech) == pytest.approx(wav_seconds(speech))
    audio.play_effect(speech)
    audio.play_music(speech)
    audio.update()
    audio.stop()
    audio.close()
    assert audio.speaking is False


def test_a_missing_alsa_device_falls_back_and_restores_the_environment(
    speech: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AUDIODEV", raising=False)
    audio = AudioOutput(device="hw:97,0")
    assert audio.open() is False
    assert audio.play_speech(speech) == pytest.approx(wav_seconds(speech))
    import os

    assert os.environ["SDL_AUDIODRIVER"] == "disk"
    assert "AUDIODEV" not in os.environ


def test_an_unreadable_clip_does_not_crash_playback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wav")
    audio = AudioOutput()
    try:
        assert audio.open()
        assert audio.play_speech(bad) == 0.0
        audio.play_effect(bad)
    finally:
        audio.close()


def test_lines_said_in_a_row_queue_instead_of_cutting_each_other_off(speech: Path) -> None:
    audio = AudioOutput()
    assert audio.open()
    try:
        audio.play_speech(speech)
        audio.play_speech(speech)
        assert audio.waiting == 1  # the second waits for the first
        deadline = time.monotonic() + 2.0
        while audio.waiting and time.monotonic() < deadline:
            audio.update()  # the main loop's look: starts the next line once the first ends
            time.sleep(0.005)
        assert audio.waiting == 0
    finally:
        audio.close()


def test_stop_also_forgets_the_lines_waiting_their_turn(speech: Path) -> None:
    audio = AudioOutput()
    assert audio.open()
    try:
        audio.play_speech(speech)
        audio.play_speech(speech)
        audio.stop()
        assert audio.waiting == 0
    finally:
        audio.close()


def test_a_large_music_file_streams_and_ducks_like_a_bed_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from narration import bed as bed_module

    music = tmp_path / "music.wav"
    SilentBackend(rate=80).synthesize("a long quiet ambience " * 5, music)
    monkeypatch.setattr(bed_module, "IN_MEMORY_BYTES", music.stat().st_size - 1)
    clock = SteppedClock()
    audio = AudioOutput(music_volume=0.5, clock=clock)
    try:
        assert audio.open()
        audio.play_music(music)
        assert pygame.mixer.music.get_busy() and not pygame.mixer.Channel(BED_CHANNEL).get_busy()
        assert pygame.mixer.music.get_volume() == pytest.approx(0.5, abs=0.01)
        audio.set_volume("music", 0.25)
        assert pygame.mixer.music.get_volume() == pytest.approx(0.25, abs=0.01)
        audio.stop_music()
        assert not pygame.mixer.music.get_busy() and audio.music is None
    finally:
        audio.close()


def test_effects_never_take_the_narrators_or_the_beds_channel(
    speech: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # real time: nothing ends meanwhile
    music = tmp_path / "music.wav"
    SilentBackend(rate=80).synthesize("a long quiet ambience " * 5, music)
    effects = []
    for index in range(3):
        effects.append(tmp_path / f"effect{index}.wav")
        SilentBackend(rate=80).synthesize(f"chime number {index} " * 3, effects[-1])
    audio = AudioOutput()
    try:
        assert audio.open()
        audio.play_music(music)
        audio.play_speech(speech)
        bed, narrator = pygame.mixer.Channel(BED_CHANNEL), pygame.mixer.Channel(0)
        playing = (raw(bed), raw(narrator))
        count = pygame.mixer.get_num_channels()
        for index in range(count + 2):  # more effects than there are channels
            audio.play_effect(effects[index % 3])
        assert (raw(bed), raw(narrator)) == playing
        assert bed.get_busy() and narrator.get_busy()
        others = [pygame.mixer.Channel(i).get_sound() for i in range(2, count)]
        assert all(sound is not None for sound in others), "every other channel took one"
    finally:
        audio.close()
