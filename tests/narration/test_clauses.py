"""Long sentences handed to Piper in clauses (``narration.clauses``), and the worker's use of
them: each clause rendered in its own pass, joined by a short pause."""

from __future__ import annotations

import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from narration.clauses import MAX_WORDS, spoken_parts
from narration.delivery import Delivery
from narration.piper_worker import CLAUSE_PAUSE, _render

LONG = (
    "If you saw the Paranormal Investigator, you may look at up to two other players' cards "
    "now, one at a time, and stop if you see a werewolf or the Tanner: you are on that team."
)

CASES = [
    ("Everyone, close your eyes.", [("Everyone, close your eyes.", True)]),
    ("Seer, wake up. You may look.", [("Seer, wake up.", True), ("You may look.", True)]),
    (
        LONG,
        [
            (
                "If you saw the Paranormal Investigator, you may look at up to two other "
                "players' cards now,",
                True,
            ),
            (
                "one at a time, and stop if you see a werewolf or the Tanner: "
                "you are on that team.",
                False,
            ),
        ],
    ),
    # No clause mark: a long sentence stays whole rather than cut mid-phrase.
    (" ".join(["word"] * 30) + ".", [(" ".join(["word"] * 30) + ".", True)]),
]


@pytest.mark.parametrize(("text", "parts"), CASES)
def test_a_line_is_split_into_sentences_and_long_ones_into_clauses(
    text: str, parts: list[tuple[str, bool]]
) -> None:
    assert spoken_parts(text) == parts


def test_no_clause_is_longer_than_the_limit_where_the_text_has_marks() -> None:
    text = ", ".join(f"part {n} of a long list of things" for n in range(12)) + "."
    parts = spoken_parts(text)
    assert len(parts) > 1
    assert all(len(part.split()) <= MAX_WORDS for part, _ in parts)
    assert " ".join(part for part, _ in parts) == text  # nothing lost or reordered


@dataclass
class Chunk:
    """What Piper yields per sentence: its audio and rate."""

    audio_int16_array: np.ndarray
    sample_rate: int = 1000


class Voice:
    """A voice that records each pass and yields a second of tone per pass."""

    def __init__(self) -> None:
        self.passes: list[str] = []

    def synthesize(self, text: str, config: object) -> list[Chunk]:
        self.passes.append(text)
        tone = (np.sin(np.arange(1000) / 3.0) * 8000).astype(np.int16)
        return [Chunk(tone)]


def test_the_worker_renders_each_clause_in_its_own_pass_with_a_shorter_pause(
    tmp_path: Path,
) -> None:
    delivery = Delivery(sentence_pause=0.5)
    voice = Voice()
    _render(voice, None, f"Hello. {LONG}", tmp_path / "out.wav", delivery)
    assert voice.passes == [part for part, _ in spoken_parts(f"Hello. {LONG}")]
    with wave.open(str(tmp_path / "out.wav")) as wav:
        frames = wav.getnframes()
    # Three seconds of tone, a sentence's pause and a clause's (trimming takes no tone).
    pauses = 0.5 + 0.5 * CLAUSE_PAUSE
    assert frames == pytest.approx(1000 * (3 + pauses), abs=60)
