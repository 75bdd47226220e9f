"""What ``bench/device_fuzz.py`` counts and prints: what it found (a bug, an escape, a hang),
the tallies per start and per game, and the report's tables."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from benchutil import machine_lines, table

FINISHED = "Games played to their logged play:"
"""The heading of the table of finished games (``tests/device/runtime/test_device_fuzz.py``
reads it)."""


@dataclass
class Found:
    """One bug, escape or hang: what, where, and the traceback."""

    what: str
    """"bug", "escape" or "hang"."""
    seed: int
    start: str
    mode: str
    """How the sequence ran: "random", "stay" (never Quit game) or "drive"."""
    steps: list[str]
    trace: str

    @property
    def signature(self) -> str:
        """The kind, the exception's type and its innermost frame (distinct bugs apart; for a
        hang, where it was when the timer stopped it)."""
        lines = [line for line in self.trace.splitlines() if line.strip()]
        frames = [
            line.strip()
            for line in lines
            if line.strip().startswith('File "') and not line.endswith("in _hang")
        ]
        last = frames[-1] if frames else ""
        return f"{self.what}: {lines[-1] if lines else ''} at {last}"


@dataclass
class Tally:
    """What the sequences (or steps) counted under one name did."""

    sequences: int = 0
    steps: int = 0
    page: int = 0
    refused: int = 0
    junk_sorry: int = 0
    bugs: int = 0
    escapes: int = 0
    hangs: int = 0
    screens: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    driven: int = 0
    """Sequences driven toward their game's end."""
    finished: int = 0
    """Sequences whose game logged its play."""
    after: int = 0
    """Steps made after that play was logged: around the end screens and the score log."""
    after_screens: set[str] = field(default_factory=set)
    unfinished: list[str] = field(default_factory=list)
    """How to replay each driven sequence that never reached its play (a game stuck?)."""


COUNTS = (
    *("sequences", "steps", "page", "refused", "junk_sorry", "bugs", "escapes", "hangs"),
    *("driven", "finished", "after"),
)
"""The tallies' numbers, summed for the "all" row."""


def _all(tallies: dict[str, Tally]) -> Tally:
    total = Tally()
    for t in tallies.values():
        for name in COUNTS:
            setattr(total, name, getattr(total, name) + getattr(t, name))
        total.screens |= t.screens
        total.games |= t.games
        total.after_screens |= t.after_screens
    return total


def report(
    tallies: dict[str, Tally],
    places: dict[str, Tally],
    found: list[Found],
    header: str,
) -> None:
    """Print the machine, ``header`` and the tables; each distinct finding once, with how to
    replay it."""
    print("\n".join(machine_lines()))
    print()
    print(header)
    print()
    headers = [
        "start",
        "sequences",
        "steps",
        "page requests (refused)",
        "games",
        "screens",
        "junk apologised",
        "Guard-caught bugs",
        "escapes",
        "hangs",
    ]
    rows = []
    for name, t in [*tallies.items(), ("all", _all(tallies))]:
        rows.append(
            [
                name,
                f"{t.sequences:,}",
                f"{t.steps:,}",
                f"{t.page:,} ({t.refused:,})",
                str(len(t.games)),
                str(len(t.screens)),
                f"{t.junk_sorry:,}",
                f"{t.bugs:,}",
                f"{t.escapes:,}",
                f"{t.hangs:,}",
            ]
        )
    print(table(headers, rows))
    print()
    print(FINISHED)
    print()
    rows = [
        [
            name,
            f"{t.driven:,}",
            f"{t.finished:,}",
            f"{t.after:,}",
            " ".join(sorted(t.after_screens)),
        ]
        for name, t in tallies.items()
        if t.driven
    ]
    headers = ["start", "driven", "finished plays", "steps after", "screens after the play"]
    print(table(headers, rows))
    print()
    for name, t in tallies.items():
        for how in t.unfinished[:3]:
            print(f"not finished ({name}): {how}")
    print()
    print("Where the steps were (the game running when each step began):")
    print()
    rows = [
        [
            name,
            f"{t.steps:,}",
            f"{t.page:,}",
            " ".join(sorted(t.screens)),
            f"{t.bugs:,}",
            f"{t.escapes:,}",
            f"{t.hangs:,}",
        ]
        for name, t in sorted(places.items())
    ]
    print(table(["game", "steps", "page", "screens reached", "bugs", "escapes", "hangs"], rows))
    print()
    kinds = Counter(f.what for f in found)
    print(
        f"found: {kinds['bug']} Guard-caught bugs, {kinds['escape']} escapes, {kinds['hang']} hangs"
    )
    seen: dict[str, tuple[Found, int]] = {}
    for f in found:
        first, times = seen.get(f.signature, (f, 0))
        seen[f.signature] = (first, times + 1)
    for signature, (f, times) in seen.items():
        print()
        print(f"== {signature}")
        print(f"   {times} sequence(s); first: --replay {f.seed} {f.start!r} --mode {f.mode}")
        print("   last steps: " + " | ".join(f.steps[-8:]))
        print(f.trace.rstrip())
