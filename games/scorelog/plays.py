"""The play shape shared by the score log store and the stats/charts.

Pure stdlib: a `Play` is one finished game, with one `PlayerResult` per seat; a
`FinalResult` is what a game hands over as it ends (a play but for its id, time and names).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

UNFINISHED = "Unfinished:"
"""How the comments of a play saved at Quit begin ("Unfinished: quit after round 1 of 3."):
the store keeps no other mark, so this is what lists and stats tell it by."""


@dataclass(frozen=True)
class PlayerResult:
    """One seat's result in a play."""

    name: str
    seat: int
    score: int | None
    winner: bool
    start_player: bool = False
    role: str = ""
    """The final role (One Night), empty where a game has none."""
    team: str = ""
    """The team the final role played for (One Night), empty where a game has none."""
    player_id: str = ""
    """The profile's stable id ("profile-3"), or empty for an unnamed seat."""


@dataclass(frozen=True)
class Play:
    """One finished game.

    `id` is stable uuid-like text, `game` the display name ("One Night",
    "Alieninjas", "Alienation", "Alien Encounters"), `played_at` ISO 8601 UTC,
    `rounds` per round the points per seat (for running-total charts).
    """

    id: str
    game: str
    played_at: str
    players: tuple[PlayerResult, ...]
    rounds: tuple[tuple[int, ...], ...] = ()
    duration_min: int | None = None
    """Minutes from the game's start to its end, when the start is known."""
    board: str = ""
    """The board it was played on (the Alieninjas mission and map side), or empty."""
    comments: str = ""
    """What only the device knows (the One Night role set and the deaths), or empty."""
    title: str = ""
    """The published game the play is filed under outside the device (BG Stats), when that is
    not the game's own name: One Night's box, the one most of its roles come from; or empty."""

    @property
    def unfinished(self) -> bool:
        """Whether the play was saved at Quit, rounds short (nobody won it)."""
        return self.comments.startswith(UNFINISHED)


@dataclass(frozen=True)
class FinalResult:
    """What a finished game hands the score log: all of a `Play` but its id, time and names.

    `game` is the game's registry key (`alienation`), `scores` each seat's final score from
    seat 1 on (None for a game without scores, as One Night), `rounds` per round the points
    per seat, `start_player` the seat that started the game (None: not known).

    >>> result = FinalResult("alienation", (25, 27), (2,), start_player=1)
    >>> play = result.play("id-1", "Alienation", "2025-01-31T20:15:00Z", {2: "Ada"})
    >>> [(p.name, p.score, p.winner, p.start_player) for p in play.players]
    [('Player 1', 25, False, True), ('Ada', 27, True, False)]
    """

    game: str
    scores: tuple[int | None, ...]
    winners: tuple[int, ...]
    start_player: int | None = None
    rounds: tuple[tuple[int, ...], ...] = ()
    roles: tuple[str, ...] = ()
    """Each seat's final role from seat 1 on (One Night), or empty."""
    teams: tuple[str, ...] = ()
    """Each seat's final team from seat 1 on (One Night), or empty."""
    board: str = ""
    """The board played (the Alieninjas mission and map side), or empty."""
    comments: str = ""
    """What the device knows of the play (the One Night role set and the deaths), or empty."""
    title: str = ""
    """The published game the play is filed under outside the device (BG Stats), when that is
    not the game's own name: One Night's box, the one most of its roles come from; or empty."""

    def __post_init__(self) -> None:
        count = len(self.scores)
        for what, values in (("roles", self.roles), ("teams", self.teams)):
            if values and len(values) != count:
                raise ValueError(
                    f"{self.game} result: {len(values)} {what} {list(values)!r}, for {count} seats"
                )
        named = [("winner", seat) for seat in self.winners]
        if self.start_player is not None:
            named.append(("start player", self.start_player))
        for what, seat in named:
            if not 1 <= seat <= count:
                raise ValueError(f"{self.game} result: {what} {seat!r} is not a seat 1 to {count}")
        for number, points in enumerate(self.rounds, start=1):
            if len(points) != count:
                raise ValueError(
                    f"{self.game} result: round {number} has {len(points)} scores "
                    f"{list(points)!r}, for {count} seats"
                )

    def play(
        self,
        id: str,
        name: str,
        played_at: str,
        names: Mapping[int, str],
        player_ids: Mapping[int, str] | None = None,
        duration_min: int | None = None,
    ) -> Play:
        """The logged play: ``name`` is the game's display name, ``names`` the profile names
        linked to seats (other seats are "Player N"), ``player_ids`` their profiles' ids."""
        ids = player_ids or {}
        players = tuple(
            PlayerResult(
                name=names.get(seat, f"Player {seat}"),
                seat=seat,
                score=score,
                winner=seat in self.winners,
                start_player=seat == self.start_player,
                role=self.roles[seat - 1] if self.roles else "",
                team=self.teams[seat - 1] if self.teams else "",
                player_id=ids.get(seat, ""),
            )
            for seat, score in enumerate(self.scores, start=1)
        )
        return Play(
            id,
            name,
            played_at,
            players,
            self.rounds,
            duration_min,
            self.board,
            self.comments,
            self.title,
        )
