"""The inputs of the One Night resolution: what each seat revealed, the votes, the game record's
facts, and the rulings where the rulebooks leave a gap (reference sections 3 and 4).

Everything here is plain frozen data; :func:`games.onenight.resolve.resolve` checks it and
resolves it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from games.errors import RulesError
from games.onenight.artifacts import Artifact
from games.onenight.instructions.outcome import OracleOutcome
from games.onenight.instructions.roles import BlobPattern
from games.onenight.roles import Role, Team

MIN_PLAYERS = 3
MAX_PLAYERS = 12
DEVICE = 0
"""The vote target that means "the device" (a ripple may let it be voted for)."""


class ResolutionError(RulesError):
    """A reveal, vote or ruling that the resolution cannot use."""


class Mark(enum.Enum):
    """A Mark in front of a player at the end of the night (Vampire box).

    The Doppelganger has her own set of Marks (no Mark of the Vampire among them). They act
    like the originals; they are told apart because they raise the limits: up to four Marks of
    Love (all four lovers die together) and two Marks of the Assassin.
    """

    CLARITY = "clarity"
    """The card defines the role and team."""
    VAMPIRE = "vampire"
    """The holder is a vampire, keeping his card's vote power (the Hunter's shot...)."""
    FEAR = "fear"
    """No night action: nothing at the vote."""
    BAT = "bat"
    """No effect."""
    DISEASE = "disease"
    """Whoever votes for the holder cannot win; the votes still count."""
    LOVE = "love"
    """Lovers die together, even through protection; a lone Mark of Love does nothing."""
    TRAITOR = "traitor"
    """The holder wins only if someone else on his team dies (nothing if he is alone on it)."""
    ASSASSIN = "assassin"
    """The Assassin wins if a holder of a Mark of the Assassin dies."""
    DOPPEL_CLARITY = "doppel_clarity"
    """The Doppelganger-Priest's Mark of Clarity."""
    DOPPEL_FEAR = "doppel_fear"
    """The Doppelganger-Count's Mark of Fear."""
    DOPPEL_BAT = "doppel_bat"
    """The Doppelganger-Renfield's Mark of the Bat."""
    DOPPEL_DISEASE = "doppel_disease"
    """The Doppelganger-Diseased's Mark of Disease."""
    DOPPEL_LOVE = "doppel_love"
    """One of the Doppelganger-Cupid's two Marks of Love."""
    DOPPEL_TRAITOR = "doppel_traitor"
    """The Doppelganger-Instigator's Mark of the Traitor."""
    DOPPEL_ASSASSIN = "doppel_assassin"
    """The Doppelganger-Assassin's Mark of the Assassin."""

    @property
    def kind(self) -> Mark:
        """The original Mark this one acts as (itself for an original)."""
        return Mark(self.value.removeprefix("doppel_"))

    @property
    def doppel(self) -> bool:
        """Whether this is one of the Doppelganger's Marks."""
        return self.value.startswith("doppel_")

    @property
    def limit(self) -> int | None:
        """How many players can hold this Mark at once (None: no limit)."""
        if self.kind is Mark.CLARITY:
            return None
        return 2 if self.kind is Mark.LOVE else 1

    @property
    def display_name(self) -> str:
        """The Mark's name as spoken."""
        names = {
            Mark.CLARITY: "Mark of Clarity",
            Mark.VAMPIRE: "Mark of the Vampire",
            Mark.FEAR: "Mark of Fear",
            Mark.BAT: "Mark of the Bat",
            Mark.DISEASE: "Mark of Disease",
            Mark.LOVE: "Mark of Love",
            Mark.TRAITOR: "Mark of the Traitor",
            Mark.ASSASSIN: "Mark of the Assassin",
        }
        prefix = "Doppelganger " if self.doppel else ""
        return prefix + names[self.kind]


class Conversion(enum.Enum):
    """An app conversion that follows the player, whatever card he ends with (2.2)."""

    ALIEN = "alien"
    """Tapped by the aliens: he is an alien."""
    ALIEN_HELPER = "alien_helper"
    """Tapped by the aliens: he is on the alien team, but not an alien."""
    WEREWOLF = "werewolf"
    """The Paranormal Investigator stopped on a werewolf: he is a werewolf (RB-D)."""
    TANNER = "tanner"
    """The Paranormal Investigator stopped on the Tanner: he is a Tanner (RB-D)."""


class Side(enum.Enum):
    """The team whose win condition a player follows; the value is the team's name."""

    VILLAGE = "village"
    """Wins when an enemy dies, or when no player is an enemy and nobody dies."""
    WEREWOLF = "werewolf"
    """The werewolves and the Minion."""
    VAMPIRE = "vampire"
    """The vampires and Renfield."""
    ALIEN = "alien"
    """The aliens and their helpers."""
    SYNTHETIC = "synthetic"
    """The Synthetic Alien: wins only if he dies."""
    TANNER = "tanner"
    """Wins only if he dies."""
    MINION = "minion"
    """A Minion with no werewolf among the players: wins if someone else dies."""
    GROOB = "groob"
    """Groob with Zerb in play: wins if a Zerb dies and he survives."""
    ZERB = "zerb"
    """Zerb with Groob in play: wins if a Groob dies and she survives."""
    LEADER = "leader"
    """The Leader with Groob and Zerb in play: wins if every Groob and Zerb survives."""
    ASSASSIN = "assassin"
    """Wins if a holder of a Mark of the Assassin dies."""
    APPRENTICE_ASSASSIN = "apprentice_assassin"
    """Wins if an Assassin dies (with no Assassin: if a Mark of the Assassin holder dies)."""
    BLOB = "blob"
    """Wins if none of the Blob's members dies."""
    MORTICIAN = "mortician"
    """Wins if at least one of his neighbours dies."""
    ORACLE = "oracle"
    """The Oracle after a wrong guess: wins only if she survives."""
    SQUIRE = "squire"
    """A Squire with no werewolf among the players: wins if someone else dies (as the Minion)."""
    APPRENTICE_TANNER = "apprentice_tanner"
    """The Apprentice Tanner with a Tanner among the players: wins if a Tanner dies."""
    NOBODY = "nobody"
    """The Void of Nothingness holder: no role and no team, so he never wins."""
    NOSTRADAMUS = "nostradamus"
    """Nostradamus: wins if he survives and the team he foresaw wins (he is not a member)."""


ENEMIES = (Side.WEREWOLF, Side.VAMPIRE, Side.ALIEN)
"""The sides whose members can be enemies of the village (and the Epic Battle groups)."""


@dataclass(frozen=True)
class Reveal:
    """What one seat turned over after the vote."""

    seat: int
    card: Role
    """The card in front of the player at the end of the night."""
    mark: Mark | None = None
    """The Mark in front of the player (None: no Marks in play)."""
    became: Conversion | None = None
    """A conversion by the aliens' tap, which follows the player."""
    copied: Role | None = None
    """For a Doppelganger or Copycat card: the role it copied (None: it viewed nothing, so it
    is a plain villager)."""
    snatched: bool = False
    """The card was stolen by the Body Snatcher, so it is an Alien card now."""
    artifact: Artifact | None = None
    """The Artifact the Curator (or Doppelganger-Curator) put on the card, if any."""
    foretold: Team | Role | None = None
    """On a Nostradamus card: the team of the last card he viewed, or the card with a win of
    its own he stopped on (Tanner, Assassin, Blob...: he wins with it), None: the village."""


@dataclass(frozen=True)
class OracleFact:
    """What the Oracle's (or Doppelganger-Oracle's) outcome means for the vote (2.1)."""

    becomes: Role | None = None
    """Her card is now this card (Alien, Werewolf or Vampire)."""
    joins: Team | None = None
    """She is on this team without changing card (the alien team, not an alien)."""
    failed_guess: bool = False
    """She guessed wrong: everyone else wins if she dies; she wins only if she survives."""
    seat: int | None = None
    """The seat that answered (needed only when the outcome follows the player)."""

    @classmethod
    def from_outcome(cls, outcome: OracleOutcome, seat: int | None = None) -> OracleFact:
        """The facts of an outcome from the game record."""
        joins = None if outcome.becomes is not None else outcome.joins
        return cls(outcome.becomes, joins, outcome.failed_guess, seat)


@dataclass(frozen=True)
class ResolutionInput:
    """One finished game: the reveal, the votes and the facts from the game record."""

    players: int
    reveals: tuple[Reveal, ...]
    """One per seat, any order."""
    votes: Mapping[int, tuple[int, ...]]
    """Voter seat to targets: usually one; two for a two-hand voter; 0 is the device."""
    selected: tuple[Role, ...] = ()
    """The roles selected for the game (empty: only the cards revealed are known)."""
    oracle: OracleFact | None = None
    """The Oracle's outcome, if she was selected."""
    doppel_oracle: OracleFact | None = None
    """The Doppelganger-Oracle's outcome, if there was one."""
    blob: BlobPattern | None = None
    """The Blob's pattern, shared by a Doppelganger-Blob (needed when a Blob card is held)."""
    two_hand_voters: tuple[int, ...] = ()
    """Seats that vote with two hands (a ripple)."""
    device_can_be_voted: bool = False
    """The device can be voted for (a ripple); if it gets the most votes, nobody dies."""
    left_is_higher: bool = True
    """Whether a player's left neighbour holds the next higher number (seat numbers cannot
    tell: players number themselves round the table either way). Only the Blob's one-sided
    patterns need it."""


ProtectedInTie = Literal["others_die", "fall_through"]
SelfVote = Literal["reject", "abstain"]
FollowsWhat = Literal["card", "player"]
BothInPlay = Literal["held", "selected"]
CursedTie = Literal["werewolf", "vampire"]


_CHOICES: dict[str, tuple[str, ...]] = {
    "protected_in_tie": ("others_die", "fall_through"),
    "self_vote": ("reject", "abstain"),
    "oracle_follows": ("card", "player"),
    "groob_zerb_in_play": ("held", "selected"),
    "cursed_tie_joins": ("werewolf", "vampire"),
}


@dataclass(frozen=True)
class Rulings:
    """The rulings where the rules are silent or ambiguous (reference section 4.4).

    Defaults, with the reference's reasons:

    * ``protected_in_tie="others_die"`` (4.4.1): when a protected player ties for most with
      others, the others die; the vote falls through to the next-most only when no one in the
      top group can die. The literal reading, and what RIKA does. ``"fall_through"``: any
      protected player in the group sends the whole group's deaths to the next-most.
    * ``fall_through_min_votes=2`` (4.4.2): the next-most must have at least 2 votes, as the
      Bodyguard, Prince and Master texts all say.
    * ``hunter_blocked_by_protection=False`` (4.4.3): the Hunter's shot kills "regardless of
      votes"; the Master's protection works during the vote only.
    * ``repeat_chains=True`` (4.4.4): Hunter shots and Lovers repeat until nothing changes,
      every trigger on every death. False: only the vote's deaths trigger them.
    * ``village_wins_when_only_minion_dies_without_wolves=True`` (4.4.5): with no enemy
      (werewolf, vampire, alien) among the players, a Minion who is the only death counts as
      an enemy death for the village, as most implementations do (strictly the village's
      clause needs "nobody dies"). Any other death beside him, a second Minion or a Tanner
      included, leaves the ordinary rules: the village loses unless an enemy died.
    * ``tanner_death_stops_werewolves=True`` (4.4.6): if the Tanner dies, the werewolves cannot
      win (the village still wins if a werewolf died).
    * ``self_vote="reject"`` (4.4.7): a vote for oneself is an error; ``"abstain"`` drops it (an
      abstention is not in the rules, so it is only a fallback).
    * ``oracle_follows="card"`` (4.4.8): the Oracle's new card, team or failed guess follows the
      Oracle card (team effects follow the card); ``"player"``: the seat that answered.

    4.4.9 (Blob and Mortician neighbours from the seats at the end of the night, measured from
    their cards) is the rulebook's rule, not a setting; 4.4.10 (Doppelganger-Oracle timing)
    does not concern the vote. Rulings of ours, beyond the reference:

    * ``epic_most_needs_two_votes=True``: in an Epic Battle the top group still needs 2 votes
      (the core rule "no more than one vote each: nobody dies" holds); only the second-most may
      have a single vote.
    * ``epic_village_needs_two_enemy_teams=True``: in an Epic Battle the village needs deaths
      on two different enemy teams (werewolf, vampire, alien), as the Vampire rulebook's table
      says. False: any two different teams, the village and special teams included.
    * ``device_tie_saves_everyone=True``: when the device ties for most votes, it "got the most
      votes", so nobody dies. False: the players tied with it die.
    * ``groob_zerb_in_play="held"``: Groob and Zerb are "both in the game" when players hold
      both at the end, as Epic Battle groups are counted (a win that needs a centre card to die
      could never happen). ``"selected"``: both were selected.

    The Daybreak and Bonus rulings (the protection rulings above, 4.4.1 to 4.4.3, apply to the
    Bodyguard's protection and the Prince as they do to the Master's):

    * ``cursed_tie_joins="werewolf"``: the Cursed joins the team of whoever voted for him
      (RB-B); when as many werewolves as vampires did, he joins this team.
    * ``beholder_loses_if_seer_dies=False``: the Beholder is a village card and wins with the
      village; no rule text makes him lose when a Seer dies (RB-B). True, a house rule: he
      loses his village win when a Seer or Apprentice Seer dies.
    """

    protected_in_tie: ProtectedInTie = "others_die"
    fall_through_min_votes: int = 2
    hunter_blocked_by_protection: bool = False
    repeat_chains: bool = True
    village_wins_when_only_minion_dies_without_wolves: bool = True
    tanner_death_stops_werewolves: bool = True
    self_vote: SelfVote = "reject"
    oracle_follows: FollowsWhat = "card"
    epic_most_needs_two_votes: bool = True
    epic_village_needs_two_enemy_teams: bool = True
    device_tie_saves_everyone: bool = True
    groob_zerb_in_play: BothInPlay = "held"
    cursed_tie_joins: CursedTie = "werewolf"
    beholder_loses_if_seer_dies: bool = False

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                options = " or ".join(repr(choice) for choice in choices)
                raise ResolutionError(f"ruling {name} must be {options}, got {value!r}")
        threshold = self.fall_through_min_votes
        if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 1:
            raise ResolutionError(
                f"ruling fall_through_min_votes must be a whole number from 1, got {threshold!r}"
            )
