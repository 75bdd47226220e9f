"""The executor carries sounds out through the speaker and reports them in the transcript."""

from __future__ import annotations

import wave
from pathlib import Path

from device.runtime.clock import VirtualClock
from device.runtime.executor import Executor, Outputs
from device.simulator.transcript import Transcript
from games.effects import Sound


class Speaker:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Path | None]] = []

    def play_effect(self, path: Path) -> None:
        self.calls.append(("effect", path))

    def play_music(self, path: Path, *, loops: int = -1) -> None:
        self.calls.append(("play", path))

    def stop_music(self) -> None:
        self.calls.append(("stop", None))

    def update(self) -> None:
        self.calls.append(("update", None))


def test_the_mask_sound_starts_and_stops_the_ambience(tmp_path: Path) -> None:
    clock = VirtualClock()
    speaker = Speaker()
    transcript = Transcript(clock)
    outputs = Outputs(transcript=transcript, audio=speaker, mask_path=tmp_path / "mask.wav")
    executor = Executor(outputs)
    executor.run([Sound("mask.start"), Sound("mask.stop")])
    assert speaker.calls == [("play", tmp_path / "mask.wav"), ("stop", None)]
    with wave.open(str(tmp_path / "mask.wav")) as reader:
        assert reader.getnframes() > 0
    assert [entry["sound"] for entry in transcript.entries] == ["mask.start", "mask.stop"]


def test_without_a_speaker_sounds_are_still_in_the_transcript() -> None:
    clock = VirtualClock()
    transcript = Transcript(clock)
    Executor(Outputs(transcript=transcript)).run([Sound("mask.start")])
    assert transcript.entries == [{"t": 0.0, "sound": "mask.start"}]


def test_a_named_sound_is_its_spoken_call_played_as_an_effect(tmp_path: Path) -> None:
    from narration.backends import SilentBackend
    from narration.catalogue import Catalogue
    from narration.narrator import Narrator

    narrator = Narrator(Catalogue.load("common"), SilentBackend(), tmp_path)
    speaker = Speaker()
    outputs = Outputs(transcript=Transcript(VirtualClock()), narrator=narrator, audio=speaker)
    Executor(outputs).run([Sound("alieninjas"), Sound("no.such.sound")])
    assert speaker.calls == [("effect", narrator.wav_path("sound.alieninjas", {}))]


def test_a_screen_whose_view_changed_since_its_picture_is_pictured_again(tmp_path: Path) -> None:
    # A score sheet stays the "sheet" screen to its final: the run's last picture must be the
    # final view, not the sheet as it was at its first line.
    from device.runtime.app import home_view
    from device.ui.touch import TouchUI

    ui = TouchUI()
    ui.open()
    try:
        executor = Executor(
            Outputs(transcript=Transcript(VirtualClock()), screen=ui, shot_dir=tmp_path)
        )
        first = home_view()
        executor.show("home", first)
        executor.save_screenshot()
        assert executor.pictured
        if isinstance(first, dict):
            later: object = {**first, "title": "Mothership, later"}
        else:
            import dataclasses

            later = dataclasses.replace(first, title="Mothership, later")
        executor.show("home", later)  # type: ignore[arg-type]
        assert not executor.pictured
        executor.save_screenshot()
        assert executor.pictured
    finally:
        ui.close()
    shots = sorted(tmp_path.glob("*.png"))
    assert [shot.name for shot in shots] == ["01-home.png", "02-home.png"]
    assert shots[0].read_bytes() != shots[1].read_bytes()
