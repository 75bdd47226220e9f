"""The resolution in words: short sentences to speak after the reveal.

Order: the Epic Battle, what the vote did, each death, who each dead player was, what special
rules did, each team's result, and the winners. Every dead player has a line starting
"Player N", and the last line names every winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.onenight.resolve.deaths import Deaths
from games.onenight.resolve.identity import describe
from games.onenight.resolve.model import Side
from games.onenight.resolve.result import DeathCause, DeathReason, Identity
from games.onenight.resolve.wins import Judgement

TEAM_NAMES: dict[Side, tuple[str, bool]] = {
    Side.VILLAGE: ("The village", False),
    Side.WEREWOLF: ("The werewolves", True),
    Side.VAMPIRE: ("The vampires", True),
    Side.ALIEN: ("The aliens", True),
    Side.SYNTHETIC: ("The Synthetic Alien", False),
    Side.TANNER: ("The Tanner", False),
    Side.MINION: ("The Minion", False),
    Side.GROOB: ("Groob", False),
    Side.ZERB: ("Zerb", False),
    Side.LEADER: ("The Leader", False),
    Side.ASSASSIN: ("The Assassin", False),
    Side.APPRENTICE_ASSASSIN: ("The Apprentice Assassin", False),
    Side.BLOB: ("The Blob", False),
    Side.MORTICIAN: ("The Mortician", False),
    Side.ORACLE: ("The Oracle", False),
    Side.SQUIRE: ("The Squire", False),
    Side.APPRENTICE_TANNER: ("The Apprentice Tanner", False),
    Side.NOSTRADAMUS: ("Nostradamus", False),
}
"""How each team is named, and whether the name is plural."""

WINS_ALONE = frozenset(
    {
        Side.TANNER,
        Side.APPRENTICE_TANNER,
        Side.BLOB,
        Side.SYNTHETIC,
        Side.NOSTRADAMUS,
        Side.ASSASSIN,
        Side.APPRENTICE_ASSASSIN,
        Side.MORTICIAN,
    }
)
"""Sides whose every player wins or loses by their own condition: a Doppelganger copying one
is a second such player, whose result may differ from the first's."""

GROUP_COUNTS = {3: "Three", 4: "Four"}

NOBODY_DIES = "Nobody got more than one vote, so nobody dies."
NOBODY_ELSE_DIES = "Nobody else had enough votes, so nobody dies by vote."
DEVICE_FIRST = "The device got the most votes, so nobody dies by vote."
DEVICE_SECOND = "The device got the second-most votes, so nobody else dies by vote."
TANNER_STOPPED_WOLVES = "The Tanner died, so the werewolves cannot win."
LEADER_THUMBS = (
    "Every player on the alien team voted for the Leader, so the aliens win and the village loses."
)
NOBODY_WINS = "Nobody wins."


def players(seats: Sequence[int]) -> str:
    """``"player 3"``, ``"players 3 and 7"``, ``"players 2, 5 and 9"``."""
    if len(seats) == 1:
        return f"player {seats[0]}"
    head = ", ".join(str(seat) for seat in seats[:-1])
    return f"players {head} and {seats[-1]}"


def _votes(count: int) -> str:
    return "1 vote" if count == 1 else f"{count} votes"


def death_line(seat: int, why: DeathReason) -> str:
    """One death: "Player 3 died with 4 votes."."""
    if why.cause is DeathCause.MOST_VOTES:
        return f"Player {seat} died with {_votes(why.votes)}."
    if why.cause is DeathCause.NEXT_MOST_VOTES:
        return f"Player {seat} died with {_votes(why.votes)}, the next most."
    if why.cause is DeathCause.SECOND_MOST_VOTES:
        return f"Player {seat} died with {_votes(why.votes)}, the second most."
    if why.cause is DeathCause.HUNTER:
        return f"Player {seat} was shot by the Hunter, player {why.by}."
    return f"Player {seat} died for love of player {why.by}."


def epic_line(groups: int) -> str:
    """The Epic Battle's line for 3 or 4 teams in play."""
    return (
        f"{GROUP_COUNTS[groups]} teams are in play: an epic battle, where the most and the "
        "second-most votes die."
    )


def safe_line(seat: int, shield: str, *, from_hunter: bool = False) -> str:
    """A protected player the vote (or the Hunter) cannot kill, and why."""
    return f"Player {seat} is safe from the {'Hunter' if from_hunter else 'vote'}: {shield}."


def _vote_lines(deaths: Deaths) -> list[str]:
    lines: list[str] = []
    if deaths.epic:
        lines.append(epic_line(deaths.epic_groups))
    for seat in deaths.saved:
        lines.append(safe_line(seat, deaths.shields[seat]))
    if deaths.device_place == 1:
        lines.append(DEVICE_FIRST)
    elif not deaths.from_vote:
        lines.append(NOBODY_ELSE_DIES if deaths.saved else NOBODY_DIES)
    if deaths.device_place == 2:
        lines.append(DEVICE_SECOND)
    return lines


def identity_line(i: Identity) -> str:
    """Who a dead player was: "Player 3 was a Werewolf."."""
    line = f"Player {i.seat} was {describe(i)}"
    if i.side is Side.SYNTHETIC:
        return line + ", so the aliens and the village lose."
    if i.side is Side.ORACLE:
        return line + ", who guessed wrong, so everyone else wins."
    return line + "."


def _rule_lines(judgement: Judgement) -> list[str]:
    lines: list[str] = []
    if judgement.tanner_stopped_wolves:
        lines.append(TANNER_STOPPED_WOLVES)
    if judgement.thumbs:
        lines.append(LEADER_THUMBS)
    lines += [traitor_line(seat, won) for seat, won in judgement.traitors]
    lines += [beholder_line(seat) for seat in judgement.beholders]
    voters = judgement.diseased_voters
    if voters:
        lines.append(f"{players(voters).capitalize()} voted for a diseased player and cannot win.")
    return lines


def traitor_line(seat: int, won: bool) -> str:
    """A Mark of the Traitor's outcome."""
    if won:
        return f"Player {seat} holds the Mark of the Traitor and wins: a teammate died."
    return f"Player {seat} holds the Mark of the Traitor and loses: no teammate died."


def beholder_line(seat: int) -> str:
    """The Beholder who loses because a Seer died."""
    return f"Player {seat}, the Beholder, loses: a Seer died."


def team_line(side: Side, won: bool) -> str:
    """One team's result: "The werewolves lose.", "The Tanner wins."."""
    name, plural = TEAM_NAMES[side]
    verb = ("win" if won else "lose") if plural else ("wins" if won else "loses")
    return f"{name} {verb}."


def _already_told(
    identities: Sequence[Identity], deaths: Deaths, judgement: Judgement
) -> set[Side]:
    """The teams whose result an earlier line gave: the Leader's thumbs ("so the aliens win and
    the village loses") and a dead Synthetic Alien ("so the aliens and the village lose")."""
    told: set[Side] = set()
    if judgement.thumbs:
        told |= {Side.ALIEN, Side.VILLAGE}
    dead = {seat for seat, _ in deaths.order}
    if any(i.side is Side.SYNTHETIC and i.seat in dead for i in identities):
        told |= {Side.ALIEN, Side.VILLAGE}
    return told


def player_line(seat: int, side: Side, won: bool) -> str:
    """One player's result on a side that wins alone: "Player 3, the Tanner, loses."."""
    name = TEAM_NAMES[side][0]
    name = "the " + name.removeprefix("The ") if name.startswith("The ") else name
    return f"Player {seat}, {name}, {'wins' if won else 'loses'}."


def _team_lines(identities: Sequence[Identity], judgement: Judgement, told: set[Side]) -> list[str]:
    # The Void's holder is on no team.
    present = [side for side in judgement.present if side not in (Side.NOBODY, *told)]
    lines: list[str] = []
    for side in present:
        held = [
            (i.seat, won)
            for i, (won, _) in zip(identities, judgement.verdicts, strict=True)
            if i.side is side
        ]
        # A side that wins alone (the Tanner, the Blob...) held by a Doppelganger copy too:
        # each player's own result, when theirs differ ("The Blob wins." while one Blob lost).
        if side in WINS_ALONE and len({won for _, won in held}) > 1:
            lines += [player_line(seat, side, won) for seat, won in held]
        else:
            lines.append(team_line(side, side in judgement.teams))
    return lines


def winners_line(seats: Sequence[int]) -> str:
    """The last line: every winner, or nobody."""
    if not seats:
        return NOBODY_WINS
    return f"{'Winner' if len(seats) == 1 else 'Winners'}: {players(seats)}."


def explain(
    identities: Sequence[Identity], deaths: Deaths, judgement: Judgement
) -> tuple[str, ...]:
    """Every sentence, in speaking order."""
    lines = _vote_lines(deaths)
    lines += [death_line(seat, why) for seat, why in deaths.order]
    lines += [safe_line(seat, deaths.shields[seat], from_hunter=True) for seat in deaths.spared]
    lines += [identity_line(identities[seat - 1]) for seat, _ in deaths.order]
    lines += _rule_lines(judgement)
    lines += _team_lines(identities, judgement, _already_told(identities, deaths, judgement))
    winners = [i.seat for i, (won, _) in zip(identities, judgement.verdicts, strict=True) if won]
    lines.append(winners_line(winners))
    return tuple(lines)
