"""Checks of a finished game before it is resolved; every error repeats the bad input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from games.onenight.artifacts import Artifact, artifact_pool
from games.onenight.instructions.roles import blob_patterns
from games.onenight.resolve.model import (
    DEVICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Conversion,
    Mark,
    OracleFact,
    ResolutionError,
    ResolutionInput,
    Reveal,
    Rulings,
)
from games.onenight.roles import Role, Team

COPIERS = (Role.DOPPELGANGER, Role.COPYCAT)
"""Cards that take on the role they viewed."""
BECOMES = (Role.ALIEN, Role.WEREWOLF, Role.VAMPIRE)
"""The cards an Oracle's card can become."""

FORESEEABLE = (Team.VILLAGE, Team.WEREWOLF, Team.VAMPIRE, Team.ALIEN)
"""The teams Nostradamus can foresee (2.13)."""
OWN_CARDS = tuple(r for r in Role if r.info.team is Team.OWN and r is not Role.NOSTRADAMUS)
"""The cards with a win of their own Nostradamus can stop on (2.13: he stops at a non-village
role): his team is then that card's, and he wins if he lives and it wins."""
PI_SIGHTS = (Conversion.WEREWOLF, Conversion.TANNER)
"""What the Paranormal Investigator's sight can make of him (RB-D)."""

Ballots = dict[int, tuple[int, ...]]
"""Voter seat to the targets that count (self votes dropped when they are abstentions)."""


def check(game: ResolutionInput, rulings: Rulings) -> tuple[dict[int, Reveal], Ballots]:
    """The reveals by seat and the ballots that count, or a :class:`ResolutionError`."""
    players = game.players
    if isinstance(players, bool) or not isinstance(players, int):
        raise ResolutionError(f"players must be a whole number, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ResolutionError(
            f"the game has {players} players: need {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    reveals = _check_reveals(game)
    _check_marks(reveals)
    _check_artifacts(reveals)
    _check_selected(game, reveals)
    for name, fact in (("oracle", game.oracle), ("doppel_oracle", game.doppel_oracle)):
        if fact is not None:
            _check_oracle(name, fact, players)
    if game.blob is not None and game.blob not in blob_patterns(players):
        raise ResolutionError(f"blob pattern {game.blob.value!r} does not fit {players} players")
    if game.blob is None:
        for seat, reveal in sorted(reveals.items()):
            if Role.BLOB in (reveal.card, reveal.copied):
                raise ResolutionError(f"seat {seat} holds the Blob, but no blob pattern was given")
    return reveals, _check_votes(game, rulings)


def _seat(seat: object, what: str, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ResolutionError(f"{what} {seat!r}: not a seat number")
    if not 1 <= seat <= players:
        raise ResolutionError(f"{what} {seat}: the game has {players} players")
    return seat


def _check_reveals(game: ResolutionInput) -> dict[int, Reveal]:
    reveals: dict[int, Reveal] = {}
    for reveal in game.reveals:
        seat = _seat(reveal.seat, "reveal for seat", game.players)
        if seat in reveals:
            raise ResolutionError(f"two reveals for seat {seat}")
        if not isinstance(reveal.card, Role):
            raise ResolutionError(f"seat {seat} revealed {reveal.card!r}, which is not a role")
        if reveal.mark is not None and not isinstance(reveal.mark, Mark):
            raise ResolutionError(f"seat {seat} holds {reveal.mark!r}, which is not a Mark")
        if reveal.became is not None and not isinstance(reveal.became, Conversion):
            raise ResolutionError(f"seat {seat} became {reveal.became!r}: not a conversion")
        if reveal.foretold is not None:
            if reveal.foretold not in (*FORESEEABLE, *OWN_CARDS):
                raise ResolutionError(
                    f"seat {seat} foresaw {reveal.foretold!r}: expected the village, werewolf, "
                    "vampire or alien team, or a card with a win of its own"
                )
            if Role.NOSTRADAMUS not in (reveal.card, reveal.copied):
                raise ResolutionError(
                    f"seat {seat} holds the {reveal.card.display_name}: only Nostradamus "
                    "foresees a team"
                )
        if reveal.artifact is not None and not isinstance(reveal.artifact, Artifact):
            raise ResolutionError(f"seat {seat} holds {reveal.artifact!r}: not an Artifact")
        if not isinstance(reveal.snatched, bool):
            raise ResolutionError(
                f"seat {seat} snatched {reveal.snatched!r}: must be true or false"
            )
        if reveal.copied is not None:
            if reveal.card not in COPIERS:
                raise ResolutionError(
                    f"seat {seat} holds the {reveal.card.display_name}: only a Doppelganger "
                    f"or Copycat card copies a role, got {reveal.copied.value!r}"
                )
            if reveal.copied in COPIERS:
                raise ResolutionError(
                    f"seat {seat} copied the {reveal.copied.display_name}: a copy is the role "
                    "in the end, never a Doppelganger or Copycat"
                )
        reveals[seat] = reveal
    for seat in range(1, game.players + 1):
        if seat not in reveals:
            raise ResolutionError(f"no reveal for seat {seat}")
    return reveals


def _check_marks(reveals: Mapping[int, Reveal]) -> None:
    held = Counter(reveal.mark for reveal in reveals.values() if reveal.mark is not None)
    for mark, count in sorted(held.items(), key=lambda item: item[0].value):
        if mark.limit is not None and count > mark.limit:
            raise ResolutionError(
                f"{count} players hold the {mark.display_name}: at most {mark.limit}"
            )


def _check_artifacts(reveals: Mapping[int, Reveal]) -> None:
    held = Counter(reveal.artifact for reveal in reveals.values() if reveal.artifact is not None)
    for artifact, count in sorted(held.items(), key=lambda item: item[0].value):
        if count > 1:
            raise ResolutionError(
                f"{count} players hold the {artifact.display_name}: there is only one"
            )


def _check_selected(game: ResolutionInput, reveals: Mapping[int, Reveal]) -> None:
    if not game.selected:
        return
    available = Counter(game.selected)
    if Role.ALPHA_WOLF in available:
        available[Role.WEREWOLF] += 1  # RB-D: the Alpha Wolf's extra Werewolf card
    held = Counter(reveal.card for reveal in reveals.values())
    pool = artifact_pool(game.selected)
    # The Curator places one Artifact, a Doppelganger-Curator a second one (1.3).
    most = (Role.CURATOR in available) + (Role.DOPPELGANGER in available and bool(pool))
    for seat, reveal in sorted(reveals.items()):
        if reveal.artifact is not None and reveal.artifact not in pool:
            names = ", ".join(a.value for a in pool) or "none, no Curator is in the game"
            raise ResolutionError(
                f"seat {seat} holds the {reveal.artifact.display_name}, which is not in this "
                f"game's Artifacts: {names}"
            )
    artifacts = [seat for seat, reveal in sorted(reveals.items()) if reveal.artifact]
    if len(artifacts) > most:
        raise ResolutionError(
            f"{len(artifacts)} players hold an Artifact: this game places at most {most}"
        )
    for seat, reveal in sorted(reveals.items()):
        if reveal.became in PI_SIGHTS and Role.PARANORMAL_INVESTIGATOR not in available:
            raise ResolutionError(
                f"seat {seat} became {reveal.became.value!r}, but no Paranormal Investigator "
                "is in the game"
            )
        if reveal.snatched and Role.BODY_SNATCHER not in available:
            raise ResolutionError(
                f"seat {seat} holds a snatched card, but no Body Snatcher is in the game"
            )
        role = reveal.card
        if not available[role]:
            raise ResolutionError(
                f"seat {seat} holds the {role.display_name} card, which is not in the game"
            )
        if held[role] > available[role]:
            raise ResolutionError(
                f"{held[role]} players hold the {role.display_name} card: "
                f"the game has {available[role]}"
            )


def _check_oracle(name: str, fact: OracleFact, players: int) -> None:
    if fact.becomes is not None and fact.becomes not in BECOMES:
        raise ResolutionError(
            f"{name} becomes the {fact.becomes.display_name}: only an Alien, Werewolf "
            "or Vampire card"
        )
    if fact.seat is not None:
        _seat(fact.seat, f"{name} seat", players)


def _check_votes(game: ResolutionInput, rulings: Rulings) -> Ballots:
    players = game.players
    two_hands = {_seat(seat, "two-hand voter seat", players) for seat in game.two_hand_voters}
    ballots: Ballots = {}
    for voter, targets in sorted(game.votes.items()):
        _seat(voter, "vote from seat", players)
        if isinstance(targets, int):
            targets = (targets,)
        if not targets:
            raise ResolutionError(f"seat {voter} voted for nobody")
        most = 2 if voter in two_hands else 1
        if len(targets) > most:
            rule = "at most 2" if most == 2 else "only two-hand voters vote twice"
            raise ResolutionError(f"seat {voter} cast {len(targets)} votes: {rule}")
        kept: list[int] = []
        for target in targets:
            if target == DEVICE and not isinstance(target, bool):
                if not game.device_can_be_voted:
                    raise ResolutionError(
                        f"seat {voter} voted for the device, which cannot be voted for"
                    )
                kept.append(DEVICE)
                continue
            _seat(target, f"seat {voter} voted for seat", players)
            if target == voter:
                if rulings.self_vote == "reject":
                    raise ResolutionError(f"seat {voter} voted for itself")
                continue
            kept.append(target)
        ballots[voter] = tuple(kept)
    for seat in range(1, players + 1):
        if seat not in ballots:
            raise ResolutionError(f"seat {seat} did not vote")
    return ballots
