"""The decode-ahead plan: after any cue, the next lines of the night are decoded before theirs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from narration.clips import AHEAD, Clips


class Mixer:
    """Stands in for pygame.mixer: a Sound is the path it was decoded from."""

    def __init__(self) -> None:
        self.decoded: list[str] = []

    def Sound(self, file: str) -> Any:
        self.decoded.append(Path(file).name)
        return Path(file).name


def test_an_instruction_said_mid_night_keeps_the_rest_of_the_night_decoded_ahead() -> None:
    night = [Path(f"call-{n}.wav") for n in range(20)]
    instructions = [Path(f"app-{n}.wav") for n in range(5)]
    clips, mixer = Clips(), Mixer()
    clips.plan([*night, *instructions])
    said = [night[0], night[1], instructions[2], night[2], night[4], night[5], night[6]]
    for path in said:
        clips.get(path, mixer)
        clips.played(path)
        clips.top_up(mixer)
    # After the instruction (listed after the whole night) the calls are still decoded ahead,
    # and a call left out (call-3, hanging on an answer) is passed by.
    upcoming = [f"call-{n}.wav" for n in range(7, 7 + AHEAD)]
    assert all(name in mixer.decoded for name in upcoming)
    assert clips.loaded <= 8


def test_decoded_ahead_clips_are_not_decoded_again_at_their_cue() -> None:
    night = [Path(f"call-{n}.wav") for n in range(10)]
    clips, mixer = Clips(), Mixer()
    clips.plan(night)
    clips.top_up(mixer)
    for path in night:
        clips.get(path, mixer)
        clips.played(path)
        clips.top_up(mixer)
    assert sorted(mixer.decoded) == sorted(path.name for path in night)  # each once, ahead


def test_a_line_said_again_later_is_kept_decoded_while_it_is_used() -> None:
    clips, mixer = Clips(), Mixer()
    again = Path("close-eyes.wav")
    night = [Path(f"call-{n}.wav") for n in range(12)]
    clips.plan(night)
    for n, path in enumerate(night):
        clips.get(path, mixer)
        clips.played(path)
        clips.top_up(mixer)
        if n % 2 == 0:
            clips.get(again, mixer)  # said between the calls
    assert mixer.decoded.count("close-eyes.wav") == 1  # decoded once for the whole night
