"""The One Night resolution: from the reveal and the votes to who died and who won, in words.

:func:`resolve` is pure. It follows the pipeline of reference section 4.5:

1. check the input and collect the ballots (two-hand votes, votes for the device);
2. work out each seat's identity: card, copy, Oracle outcome, snatched card, Mark, Artifact,
   tap, then the Cursed's conversion by who voted for him (``resolve_identity``);
3. count the votes (the Bodyguard's point protects instead), pick the most-voted group (with
   the Epic Battle's second-most), pass over a Prince, skip the Master when a vampire voted
   for him and whoever the Bodyguard protects, and fall through, then Hunter shots and Lovers until
   nothing changes (``resolve_deaths``);
4. judge each team and special condition, then the Traitor, the Synthetic, the Oracle's wrong
   guess and Disease (:mod:`.wins`);
5. say it all in short sentences (``resolve_explain``).

>>> from games.onenight.roles import Role
>>> game = ResolutionInput(
...     players=3,
...     reveals=(Reveal(1, Role.WEREWOLF), Reveal(2, Role.SEER), Reveal(3, Role.TANNER)),
...     votes={1: (3,), 2: (1,), 3: (1,)},
... )
>>> result = resolve(game)
>>> result.deaths, result.winners, result.teams
((1,), (2,), ('village',))
>>> result.explanation()[:2]
('Player 1 died with 2 votes.', 'Player 1 was a Werewolf.')
"""

from __future__ import annotations

from games.onenight.resolve.check import check
from games.onenight.resolve.deaths import split_guards, vote_deaths
from games.onenight.resolve.explain import explain
from games.onenight.resolve.identity import identities
from games.onenight.resolve.model import (
    DEVICE,
    Conversion,
    Mark,
    OracleFact,
    ResolutionError,
    ResolutionInput,
    Reveal,
    Rulings,
    Side,
)
from games.onenight.resolve.result import (
    DeathCause,
    DeathReason,
    Identity,
    Resolution,
    SeatResult,
    WinReason,
)
from games.onenight.resolve.wins import judge

__all__ = [
    "DEFAULT_RULINGS",
    "DEVICE",
    "Conversion",
    "DeathCause",
    "DeathReason",
    "Identity",
    "Mark",
    "OracleFact",
    "Resolution",
    "ResolutionError",
    "ResolutionInput",
    "Reveal",
    "Rulings",
    "SeatResult",
    "Side",
    "WinReason",
    "resolve",
]


DEFAULT_RULINGS = Rulings()
"""The reference's recommended rulings (see :class:`Rulings`)."""


def resolve(game: ResolutionInput, rulings: Rulings = DEFAULT_RULINGS) -> Resolution:
    """Who died, who won and why; bad input raises :class:`ResolutionError`."""
    reveals, ballots = check(game, rulings)
    found = identities(game, reveals, rulings, ballots)
    # The Bodyguard's point protects instead of voting (RB-D).
    votes, guarded = split_guards(found, ballots)
    deaths = vote_deaths(found, votes, game.device_can_be_voted, rulings, guarded)
    dead = deaths.dead
    judgement = judge(
        found,
        dead,
        votes,
        epic=deaths.epic,
        blob=game.blob,
        left_is_higher=game.left_is_higher,
        rulings=rulings,
    )
    why_dead = dict(deaths.order)
    seats = tuple(
        SeatResult(
            identity=identity,
            votes=deaths.tally[identity.seat - 1],
            death=why_dead.get(identity.seat),
            won=won,
            why=why,
        )
        for identity, (won, why) in zip(found, judgement.verdicts, strict=True)
    )
    return Resolution(
        deaths=tuple(sorted(dead)),
        winners=tuple(seat.seat for seat in seats if seat.won),
        teams=tuple(side.value for side in judgement.teams),
        seats=seats,
        tally=deaths.tally,
        device_votes=deaths.device_votes,
        epic_battle=deaths.epic,
        saved=deaths.saved,
        lines=explain(found, deaths, judgement),
    )
