"""A long sentence handed to Piper in clauses, so the voice's worker stays small.

Piper renders a sentence in one pass, and onnxruntime's memory for it grows with its length:
measured on x86_64 with the Joe voice, a 5-word sentence peaks the worker at 162 MB, 30 words
at 244 MB and 45 words at 296 MB (the allocator keeps that high-water mark afterwards). The
catalogue's longest sentences run to 36 words. Split at the clause mark nearest the middle
(a comma, semicolon or colon, which stays with the first part so it is still read as a pause
that goes on), no part is over ``MAX_WORDS`` where the text allows, and the parts are joined
with a short pause, as a reader breathes at a comma.
"""

from __future__ import annotations

import re

__all__ = ["MAX_WORDS", "Part", "spoken_parts"]

MAX_WORDS = 20
"""The longest sentence rendered in one pass (about 220 MB at Piper's peak)."""

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_CLAUSE_MARK = re.compile(r"[,;:]\s+")

Part = tuple[str, bool]
"""A piece of text to render in one pass, and whether it begins a sentence (else it goes on
the sentence before it, after a clause's pause)."""


def spoken_parts(text: str, max_words: int = MAX_WORDS) -> list[Part]:
    """The text as sentences, each long one split into clauses.

    >>> spoken_parts("Close your eyes. Seer, wake up.")
    [('Close your eyes.', True), ('Seer, wake up.', True)]
    >>> [p for p, _ in spoken_parts("One two three, four five six; seven eight.", max_words=3)]
    ['One two three,', 'four five six;', 'seven eight.']
    """
    parts: list[Part] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if sentence:
            parts += [(clause, i == 0) for i, clause in enumerate(_clauses(sentence, max_words))]
    return parts


def _clauses(sentence: str, max_words: int) -> list[str]:
    words = len(sentence.split())
    if words <= max_words:
        return [sentence]
    marks = list(_CLAUSE_MARK.finditer(sentence))
    if not marks:
        return [sentence]  # nowhere to breathe: rendered whole
    middle = len(sentence) / 2
    mark = min(marks, key=lambda m: abs(m.start() - middle))
    first, rest = sentence[: mark.start() + 1], sentence[mark.end() :]
    return [*_clauses(first, max_words), *_clauses(rest, max_words)]
