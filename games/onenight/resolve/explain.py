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

GROUP_COUNTS = {3: "Three", 4: "Four"}


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


def _vote_lines(deaths: Deaths) -> list[str]:
    lines: list[str] = []
    if deaths.epic:
        groups = GROUP_COUNTS[deaths.epic_groups]
        lines.append(
            f"{groups} teams are in play: an epic battle, where the most and the second-most "
            "votes die."
        )
    for seat in deaths.saved:
        lines.append(f"Player {seat} is safe from the vote: {deaths.shields[seat]}.")
    if deaths.device_place == 1:
        lines.append("The device got the most votes, so nobody dies by vote.")
    elif not deaths.from_vote:
        if deaths.saved:
            lines.append("Nobody else had enough votes, so nobody dies by vote.")
        else:
            lines.append("Nobody got more than one vote, so nobody dies.")
    if deaths.device_place == 2:
        lines.append("The device got the second-most votes, so nobody else dies by vote.")
    return lines


def _identity_line(i: Identity, judgement: Judgement) -> str:
    line = f"Player {i.seat} was {describe(i)}"
    if i.side is Side.SYNTHETIC:
        return line + ", so the aliens and the village lose."
    if i.side is Side.ORACLE:
        return line + ", who guessed wrong, so everyone else wins."
    return line + "."


def _rule_lines(judgement: Judgement) -> list[str]:
    lines: list[str] = []
    if judgement.tanner_stopped_wolves:
        lines.append("The Tanner died, so the werewolves cannot win.")
    if judgement.thumbs:
        lines.append(
            "Every player on the alien team voted for the Leader, so the aliens win and the "
            "village loses."
        )
    for seat, won in judgement.traitors:
        if won:
            lines.append(f"Player {seat} holds the Mark of the Traitor and wins: a teammate died.")
        else:
            lines.append(
                f"Player {seat} holds the Mark of the Traitor and loses: no teammate died."
            )
    for seat in judgement.beholders:
        lines.append(f"Player {seat}, the Beholder, loses: a Seer died.")
    voters = judgement.diseased_voters
    if voters:
        lines.append(f"{players(voters).capitalize()} voted for a diseased player and cannot win.")
    return lines


def _team_lines(judgement: Judgement) -> list[str]:
    lines = []
    for side in judgement.present:
        if side is Side.NOBODY:  # the Void's holder is on no team
            continue
        name, plural = TEAM_NAMES[side]
        won = side in judgement.teams
        verb = ("win" if won else "lose") if plural else ("wins" if won else "loses")
        lines.append(f"{name} {verb}.")
    return lines


def explain(
    identities: Sequence[Identity], deaths: Deaths, judgement: Judgement
) -> tuple[str, ...]:
    """Every sentence, in speaking order."""
    lines = _vote_lines(deaths)
    lines += [death_line(seat, why) for seat, why in deaths.order]
    for seat in deaths.spared:
        lines.append(f"Player {seat} is safe from the Hunter: {deaths.shields[seat]}.")
    lines += [_identity_line(identities[seat - 1], judgement) for seat, _ in deaths.order]
    lines += _rule_lines(judgement)
    lines += _team_lines(judgement)
    winners = [i.seat for i, (won, _) in zip(identities, judgement.verdicts, strict=True) if won]
    if not winners:
        lines.append("Nobody wins.")
    else:
        label = "Winner" if len(winners) == 1 else "Winners"
        lines.append(f"{label}: {players(winners)}.")
    return tuple(lines)
