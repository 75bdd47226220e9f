"""Who buzzed first: the earliest button edge wins, not the first event to arrive.

Presses reach the session one by one, and a later event may carry an earlier edge (two buttons
pressed within a few milliseconds, read by different threads). So the first press opens an
arbitration window: it becomes the candidate, and any press with an earlier edge replaces it. A
press is judged by its edge: one whose edge is within the window of the candidate's takes part
even if the loop reaches it late (busy for a moment). The device commits the candidate at the
``Tick`` at ``until`` (the first arrival plus the window), after the presses already queued, or
as soon as any other input, or a press whose edge is past the window, arrives.

Tie policy: edges closer than ``TIE_SECONDS`` count as simultaneous, and then the lower seat
number wins (a fixed, public rule, so nobody can argue it afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass

TIE_SECONDS = 1e-6
"""Edges closer than this are simultaneous (the kernel's edge timestamps are microseconds)."""


@dataclass(frozen=True)
class Candidate:
    """The press that is winning so far."""

    seat: int
    at: float
    """Its edge timestamp."""
    opened: float
    """When the window opened (the first press's arrival, on the device clock)."""
    until: float
    """When the window closes and the candidate is committed."""


def beats(seat: int, at: float, other: Candidate) -> bool:
    """Whether a press (``seat``, edge ``at``) wins over ``other``."""
    if abs(at - other.at) < TIE_SECONDS:
        return seat < other.seat
    return at < other.at


def offer(
    candidate: Candidate | None, seat: int, at: float, now: float, window: float
) -> Candidate:
    """The candidate after a press from ``seat`` arriving at ``now`` inside the window."""
    if candidate is None:
        return Candidate(seat, at, now, now + window)
    if beats(seat, at, candidate):
        return Candidate(seat, at, candidate.opened, candidate.until)
    return candidate
