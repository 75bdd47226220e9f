"""Vote and tally views for the ballot screens' tests, built from short lists."""

from __future__ import annotations

from games.onenight.ballot import VoteMode
from games.onenight.views import TallyView, VoteView

VOTE_FIELDS: dict[str, object] = {
    "message": "Vote!",
    "players": 7,
    "voted": (1, 3, 4),
    "mode": VoteMode.SECRET,
    "voter": None,
    "device_target": False,
    "missing": (2, 5, 6, 7),
}


def vote(**changes: object) -> VoteView:
    """A vote view: seats as lists and the mode by name, for short tests."""
    fields = {**VOTE_FIELDS, **changes}
    for key in ("voted", "missing"):
        seats = fields[key]
        assert isinstance(seats, list | tuple)
        fields[key] = tuple(seats)
    fields["mode"] = VoteMode(str(fields["mode"]))
    return VoteView(**fields)  # type: ignore[arg-type]  # the view checks each field's type


def tally(votes: list[int], deaths: list[int], **changes: object) -> TallyView:
    """A tally view: seat n got ``votes[n - 1]`` votes, ``deaths`` die."""
    entries = tuple(enumerate(votes, start=1))
    fields = {"players": len(votes), "tally": entries, "deaths": tuple(deaths), "message": "Votes!"}
    return TallyView(**{**fields, **changes})  # type: ignore[arg-type]
