"""The One Night role table: one row per role, with its box, team, wake step and copies.

Data, not logic: the night script, setup validation and (later) resolution all read this table.
Wake steps use the official combined numbering of the Vampire/Alien wake chart; see
``games.onenight.wake`` for the order.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import dataclass

from games.errors import UnknownRoleError


class Box(enum.Enum):
    """Which game box a role comes from."""

    WEREWOLF = "werewolf"
    """One Night Ultimate Werewolf (the original)."""
    DAYBREAK = "daybreak"
    """One Night Ultimate Werewolf Daybreak (its roles and Artifacts)."""
    VAMPIRE = "vampire"
    """One Night Ultimate Vampire."""
    ALIEN = "alien"
    """One Night Ultimate Alien."""
    BONUS = "bonus"
    """The Bonus Role packs (the roles of reference sections 1.1 and 3)."""


class Team(enum.Enum):
    """The team a role's card starts on (special roles have their own win conditions)."""

    VILLAGE = "village"
    """Wins when an enemy dies, or when there are no enemies and nobody dies."""
    WEREWOLF = "werewolf"
    """The werewolves and their helpers."""
    VAMPIRE = "vampire"
    """The vampires and their helpers."""
    ALIEN = "alien"
    """The aliens."""
    OWN = "own"
    """A role with its own win condition (Tanner, Synthetic Alien, Assassin...)."""


class Role(enum.Enum):
    """Every supported role, valued by its snake_case scenario name."""

    ORACLE = "oracle"
    ALIEN = "alien"
    SYNTHETIC_ALIEN = "synthetic_alien"
    COW = "cow"
    GROOB = "groob"
    ZERB = "zerb"
    LEADER = "leader"
    PSYCHIC = "psychic"
    RASCAL = "rascal"
    EXPOSER = "exposer"
    BLOB = "blob"
    MORTICIAN = "mortician"
    BODY_SNATCHER = "body_snatcher"
    COPYCAT = "copycat"
    VAMPIRE = "vampire"
    THE_MASTER = "the_master"
    THE_COUNT = "the_count"
    RENFIELD = "renfield"
    DISEASED = "diseased"
    CUPID = "cupid"
    INSTIGATOR = "instigator"
    PRIEST = "priest"
    ASSASSIN = "assassin"
    APPRENTICE_ASSASSIN = "apprentice_assassin"
    MARKSMAN = "marksman"
    PICKPOCKET = "pickpocket"
    GREMLIN = "gremlin"
    DOPPELGANGER = "doppelganger"
    WEREWOLF = "werewolf"
    MINION = "minion"
    MASON = "mason"
    SEER = "seer"
    ROBBER = "robber"
    TROUBLEMAKER = "troublemaker"
    DRUNK = "drunk"
    INSOMNIAC = "insomniac"
    HUNTER = "hunter"
    TANNER = "tanner"
    VILLAGER = "villager"
    SENTINEL = "sentinel"
    ALPHA_WOLF = "alpha_wolf"
    MYSTIC_WOLF = "mystic_wolf"
    DREAM_WOLF = "dream_wolf"
    APPRENTICE_SEER = "apprentice_seer"
    PARANORMAL_INVESTIGATOR = "paranormal_investigator"
    WITCH = "witch"
    VILLAGE_IDIOT = "village_idiot"
    REVEALER = "revealer"
    CURATOR = "curator"
    BODYGUARD = "bodyguard"
    AURA_SEER = "aura_seer"
    PRINCE = "prince"
    CURSED = "cursed"
    APPRENTICE_TANNER = "apprentice_tanner"
    THING = "thing"
    SQUIRE = "squire"
    BEHOLDER = "beholder"
    NOSTRADAMUS = "nostradamus"
    EMPATH = "empath"

    @property
    def info(self) -> RoleInfo:
        """This role's row of the table."""
        return ROLE_TABLE[self]

    @property
    def display_name(self) -> str:
        """The name printed on the card."""
        return ROLE_TABLE[self].name

    @property
    def addressed(self) -> str:
        """The role as the narrator calls it: "Seer", "Count" (The Count), "Renfield".

        >>> Role.THE_COUNT.display_name, Role.THE_COUNT.addressed
        ('The Count', 'Count')
        """
        return self.display_name.removeprefix("The ")

    @property
    def definite(self) -> str:
        """The role inside a sentence: "the Seer", "the Count", "Renfield" (a name: no article).

        One rule for every line, so no line can say "the The Count" or "the Renfield".

        >>> Role.SEER.definite, Role.THE_COUNT.definite, Role.RENFIELD.definite
        ('the Seer', 'the Count', 'Renfield')
        """
        if self.info.is_name:
            return self.display_name
        return f"the {self.addressed}"

    @property
    def spoken(self) -> str:
        """One holder of the role: "a Werewolf" when the box has several, else :attr:`definite`.

        >>> Role.WEREWOLF.spoken, Role.ALIEN.spoken, Role.SEER.spoken, Role.CUPID.spoken
        ('a Werewolf', 'an Alien', 'the Seer', 'Cupid')
        """
        if self.info.copies > 1 and not self.info.is_name:
            name = self.addressed
            return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
        return self.definite


@dataclass(frozen=True)
class RoleInfo:
    """One row of the role table."""

    name: str
    """The name printed on the card."""
    box: Box
    """The box the card comes from."""
    team: Team
    """The team the card starts on."""
    wakes: tuple[str, ...]
    """Official wake step numbers at which this role is called (empty: never woken)."""
    copies: int
    """How many copies of the card one box holds."""
    places_mark: bool = False
    """Whether the role hands out or moves Marks (so Marks are in play)."""
    is_name: bool = False
    """The card is named like a person (Renfield, Cupid, Groob, Zerb): no article before it."""


_W, _D, _V, _A, _B = Box.WEREWOLF, Box.DAYBREAK, Box.VAMPIRE, Box.ALIEN, Box.BONUS
_VIL, _WOLF, _VAMP, _ALN, _OWN = Team.VILLAGE, Team.WEREWOLF, Team.VAMPIRE, Team.ALIEN, Team.OWN

ROLE_TABLE: dict[Role, RoleInfo] = {
    Role.ORACLE: RoleInfo("Oracle", _A, _VIL, ("-9",), 1),
    Role.ALIEN: RoleInfo("Alien", _A, _ALN, ("1-A",), 2),
    Role.SYNTHETIC_ALIEN: RoleInfo("Synthetic Alien", _A, _OWN, ("1-A",), 1),
    Role.COW: RoleInfo("Cow", _A, _VIL, ("1-C",), 1),
    Role.GROOB: RoleInfo("Groob", _A, _ALN, ("1-A", "1-D"), 1, is_name=True),
    Role.ZERB: RoleInfo("Zerb", _A, _ALN, ("1-A", "1-D"), 1, is_name=True),
    Role.LEADER: RoleInfo("Leader", _A, _VIL, ("3-C",), 1),
    Role.PSYCHIC: RoleInfo("Psychic", _A, _VIL, ("5-G",), 1),
    Role.RASCAL: RoleInfo("Rascal", _A, _VIL, ("7-F",), 1),
    Role.EXPOSER: RoleInfo("Exposer", _A, _VIL, ("10-B",), 1),
    Role.BLOB: RoleInfo("Blob", _A, _OWN, ("13",), 1),
    Role.MORTICIAN: RoleInfo("Mortician", _A, _OWN, ("13-A",), 1),
    Role.BODY_SNATCHER: RoleInfo("Body Snatcher", _B, _ALN, ("1-A", "1-F"), 1),
    Role.COPYCAT: RoleInfo("Copycat", _V, _VIL, ("-8",), 1),
    Role.VAMPIRE: RoleInfo("Vampire", _V, _VAMP, ("-6",), 2, places_mark=True),
    Role.THE_MASTER: RoleInfo("The Master", _V, _VAMP, ("-6",), 1, places_mark=True),
    Role.THE_COUNT: RoleInfo("The Count", _V, _VAMP, ("-6", "-6-B"), 1, places_mark=True),
    Role.RENFIELD: RoleInfo("Renfield", _V, _VAMP, ("-6-C",), 1, places_mark=True, is_name=True),
    Role.DISEASED: RoleInfo("Diseased", _V, _VIL, ("-5",), 1, places_mark=True),
    Role.CUPID: RoleInfo("Cupid", _V, _VIL, ("-4", "00"), 1, places_mark=True, is_name=True),
    Role.INSTIGATOR: RoleInfo("Instigator", _V, _VIL, ("-3",), 1, places_mark=True),
    Role.PRIEST: RoleInfo("Priest", _V, _VIL, ("-2",), 1, places_mark=True),
    Role.ASSASSIN: RoleInfo("Assassin", _V, _OWN, ("-1",), 1, places_mark=True),
    Role.APPRENTICE_ASSASSIN: RoleInfo(
        "Apprentice Assassin", _V, _OWN, ("-1-B",), 1, places_mark=True
    ),
    Role.MARKSMAN: RoleInfo("Marksman", _V, _VIL, ("5-D",), 1, places_mark=True),
    Role.PICKPOCKET: RoleInfo("Pickpocket", _V, _VIL, ("6-C",), 1, places_mark=True),
    Role.GREMLIN: RoleInfo("Gremlin", _V, _VIL, ("7-D",), 1, places_mark=True),
    Role.DOPPELGANGER: RoleInfo("Doppelganger", _W, _VIL, ("-7",), 1),
    Role.WEREWOLF: RoleInfo("Werewolf", _W, _WOLF, ("2",), 2),
    Role.MINION: RoleInfo("Minion", _W, _WOLF, ("3",), 1),
    Role.MASON: RoleInfo("Mason", _W, _VIL, ("4",), 2),
    Role.SEER: RoleInfo("Seer", _W, _VIL, ("5",), 1),
    Role.ROBBER: RoleInfo("Robber", _W, _VIL, ("6",), 1),
    Role.TROUBLEMAKER: RoleInfo("Troublemaker", _W, _VIL, ("7",), 1),
    Role.DRUNK: RoleInfo("Drunk", _W, _VIL, ("8",), 1),
    Role.INSOMNIAC: RoleInfo("Insomniac", _W, _VIL, ("9",), 1),
    Role.HUNTER: RoleInfo("Hunter", _W, _VIL, (), 1),
    Role.TANNER: RoleInfo("Tanner", _W, _OWN, (), 1),
    Role.VILLAGER: RoleInfo("Villager", _W, _VIL, (), 3),
    # Daybreak [RB-D]. The Dream Wolf never opens his eyes but is "called" with the werewolves:
    # he holds out a thumb (1.1), so a Dream Wolf alone still brings the werewolves' call.
    Role.SENTINEL: RoleInfo("Sentinel", _D, _VIL, ("0",), 1),
    Role.ALPHA_WOLF: RoleInfo("Alpha Wolf", _D, _WOLF, ("2", "2-B"), 1),
    Role.MYSTIC_WOLF: RoleInfo("Mystic Wolf", _D, _WOLF, ("2", "2-C"), 1),
    Role.DREAM_WOLF: RoleInfo("Dream Wolf", _D, _WOLF, ("2",), 1),
    Role.APPRENTICE_SEER: RoleInfo("Apprentice Seer", _D, _VIL, ("5-B",), 1),
    Role.PARANORMAL_INVESTIGATOR: RoleInfo("Paranormal Investigator", _D, _VIL, ("5-C",), 1),
    Role.WITCH: RoleInfo("Witch", _D, _VIL, ("6-B",), 1),
    Role.VILLAGE_IDIOT: RoleInfo("Village Idiot", _D, _VIL, ("7-B",), 1),
    Role.REVEALER: RoleInfo("Revealer", _D, _VIL, ("10",), 1),
    Role.CURATOR: RoleInfo("Curator", _D, _VIL, ("11",), 1),
    Role.BODYGUARD: RoleInfo("Bodyguard", _D, _VIL, (), 1),
    # Bonus Role packs [RB-B] (the Body Snatcher sits with the aliens above).
    Role.AURA_SEER: RoleInfo("Aura Seer", _B, _VIL, ("7-C",), 1),
    Role.PRINCE: RoleInfo("Prince", _B, _VIL, (), 1),
    Role.CURSED: RoleInfo("Cursed", _B, _VIL, (), 1),
    Role.APPRENTICE_TANNER: RoleInfo("Apprentice Tanner", _B, _OWN, ("3-B",), 1),
    Role.THING: RoleInfo("Thing", _B, _VIL, ("4-B",), 1),
    Role.SQUIRE: RoleInfo("Squire", _B, _WOLF, ("9-C",), 1),
    Role.BEHOLDER: RoleInfo("Beholder", _B, _VIL, ("9-Z",), 1),
    Role.NOSTRADAMUS: RoleInfo("Nostradamus", _B, _OWN, ("5-E",), 1, is_name=True),
    Role.EMPATH: RoleInfo("Empath", _B, _VIL, ("10-E",), 1),
}


def find_role(name: str) -> Role:
    """Look a role up by its scenario name (``"synthetic_alien"``) or card name.

    >>> find_role("Synthetic Alien")
    <Role.SYNTHETIC_ALIEN: 'synthetic_alien'>
    >>> find_role("the-count")
    <Role.THE_COUNT: 'the_count'>
    >>> find_role("seeer")
    Traceback (most recent call last):
    ...
    games.errors.UnknownRoleError: unknown role: 'seeer'; did you mean 'seer'?
    """
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    try:
        return Role(key)
    except ValueError:
        pass
    close = difflib.get_close_matches(key, [role.value for role in Role], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise UnknownRoleError(f"unknown role: {name!r}{hint}")
