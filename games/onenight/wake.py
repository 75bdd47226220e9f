"""The official combined wake order (Vampire/Alien chart, Wake Order 5.0).

Each step lists the roles that make it happen. A step is called when any of its roles is in the
selected set, even when every copy of that card ends up in the centre: silence would give the
centre away. See ``shared/rules/onenight-reference.md`` section 1.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from games.onenight.roles import Role


@dataclass(frozen=True)
class WakeStep:
    """One call of the night, in chart order."""

    number: str
    """The official step number, e.g. ``"1-A"``."""
    key: str
    """Our id for the step, used in narration line ids (``onenight.<key>.*``)."""
    roles: frozenset[Role]
    """The roles that make this step happen."""
    dusk: bool
    """Whether the step belongs to Dusk (before everyone views their Mark)."""
    needs_all: bool = False
    """Called only when *every* listed role is selected (Groob and Zerb seeing each other)."""
    during: str = ""
    """The key of the step this one is spoken inside when that step is called too (the Cow
    holds out her fist, 1-C, while the aliens of 1-A are awake: reference 2.3)."""

    def is_called(self, selected: Collection[Role]) -> bool:
        """Whether this step is part of a night with ``selected`` roles."""
        present = self.roles.intersection(selected)
        return present == self.roles if self.needs_all else bool(present)


def _step(
    number: str,
    key: str,
    *roles: Role,
    dusk: bool = False,
    needs_all: bool = False,
    during: str = "",
) -> WakeStep:
    return WakeStep(number, key, frozenset(roles), dusk, needs_all, during)


R = Role
WAKE_ORDER: tuple[WakeStep, ...] = (
    _step("-9", "oracle", R.ORACLE, dusk=True),
    _step("-8", "copycat", R.COPYCAT, dusk=True),
    _step("-7", "doppelganger", R.DOPPELGANGER, dusk=True),
    _step("-6", "vampires", R.VAMPIRE, R.THE_MASTER, R.THE_COUNT, dusk=True),
    _step("-6-B", "the_count", R.THE_COUNT, dusk=True),
    _step("-6-C", "renfield", R.RENFIELD, dusk=True),
    _step("-5", "diseased", R.DISEASED, dusk=True),
    _step("-4", "cupid", R.CUPID, dusk=True),
    _step("-3", "instigator", R.INSTIGATOR, dusk=True),
    _step("-2", "priest", R.PRIEST, dusk=True),
    _step("-1", "assassin", R.ASSASSIN, dusk=True),
    _step("-1-B", "apprentice_assassin", R.APPRENTICE_ASSASSIN, dusk=True),
    _step("00", "lovers", R.CUPID),
    _step("0", "sentinel", R.SENTINEL),
    _step("1-A", "aliens", R.ALIEN, R.SYNTHETIC_ALIEN, R.GROOB, R.ZERB, R.BODY_SNATCHER),
    _step("1-C", "cow", R.COW, during="aliens"),
    _step("1-D", "groob_zerb", R.GROOB, R.ZERB, needs_all=True),
    _step("1-F", "body_snatcher", R.BODY_SNATCHER),
    _step("2", "werewolves", R.WEREWOLF, R.ALPHA_WOLF, R.MYSTIC_WOLF, R.DREAM_WOLF),
    _step("2-B", "alpha_wolf", R.ALPHA_WOLF),
    _step("2-C", "mystic_wolf", R.MYSTIC_WOLF),
    _step("3", "minion", R.MINION),
    _step("3-B", "apprentice_tanner", R.APPRENTICE_TANNER),
    _step("3-C", "leader", R.LEADER),
    _step("4", "masons", R.MASON),
    _step("4-B", "thing", R.THING),
    _step("5", "seer", R.SEER),
    _step("5-B", "apprentice_seer", R.APPRENTICE_SEER),
    _step("5-C", "paranormal_investigator", R.PARANORMAL_INVESTIGATOR),
    _step("5-D", "marksman", R.MARKSMAN),
    _step("5-E", "nostradamus", R.NOSTRADAMUS),
    _step("5-G", "psychic", R.PSYCHIC),
    _step("6", "robber", R.ROBBER),
    _step("6-B", "witch", R.WITCH),
    _step("6-C", "pickpocket", R.PICKPOCKET),
    _step("7", "troublemaker", R.TROUBLEMAKER),
    _step("7-B", "village_idiot", R.VILLAGE_IDIOT),
    _step("7-C", "aura_seer", R.AURA_SEER),
    _step("7-D", "gremlin", R.GREMLIN),
    _step("7-F", "rascal", R.RASCAL),
    _step("8", "drunk", R.DRUNK),
    _step("9", "insomniac", R.INSOMNIAC),
    _step("9-C", "squire", R.SQUIRE),
    _step("9-Z", "beholder", R.BEHOLDER),
    _step("10", "revealer", R.REVEALER),
    _step("10-B", "exposer", R.EXPOSER),
    _step("10-E", "empath", R.EMPATH),
    _step("11", "curator", R.CURATOR),
    _step("13", "blob", R.BLOB),
    _step("13-A", "mortician", R.MORTICIAN),
)


def called_steps(selected: Collection[Role]) -> tuple[WakeStep, ...]:
    """The steps of a night with ``selected`` roles, in official order."""
    return tuple(step for step in WAKE_ORDER if step.is_called(selected))


def marks_in_play(selected: Collection[Role]) -> bool:
    """Whether any selected role hands out or moves Marks (so everyone views their Mark)."""
    return any(role.info.places_mark for role in selected)


# -- The Doppelganger (reference section 1.3) -------------------------------------------------

DOPPEL_INSTANT: tuple[Role, ...] = (
    R.CUPID,
    R.DISEASED,
    R.INSTIGATOR,
    R.SENTINEL,
    R.ALPHA_WOLF,
    R.MYSTIC_WOLF,
    R.THING,
    R.SEER,
    R.APPRENTICE_SEER,
    R.PARANORMAL_INVESTIGATOR,
    R.ROBBER,
    R.WITCH,
    R.TROUBLEMAKER,
    R.VILLAGE_IDIOT,
    R.DRUNK,
)
"""Roles whose power the Doppelganger uses at once, in her own -7 step (chart order; the "!"
roles of reference 1.3). A Doppelganger-Alpha or -Mystic Wolf also wakes with the werewolves
(the "group" join), but is never called again at 2-B or 2-C: she has acted already."""

JOINS: dict[str, str] = {
    "vampires": "group",
    "aliens": "group",
    "cow": "cow",
    "groob_zerb": "group",
    "werewolves": "group",
    "masons": "group",
}
"""Steps a Doppelganger or Copycat who became one of their roles wakes with (reference 1.3;
RB-V Copycat), and how she is invited (``onenight.join.<kind>``): a group's "one of them", or
the Cow's fist. A single role's own call already speaks to the Copycat who became it."""

DOPPEL_AGAIN: dict[str, Role] = {
    "the_count": R.THE_COUNT,
    "renfield": R.RENFIELD,
    "priest": R.PRIEST,
    "assassin": R.ASSASSIN,
    "apprentice_assassin": R.APPRENTICE_ASSASSIN,
    "body_snatcher": R.BODY_SNATCHER,
    "leader": R.LEADER,
    "marksman": R.MARKSMAN,
    "psychic": R.PSYCHIC,
    "pickpocket": R.PICKPOCKET,
    "gremlin": R.GREMLIN,
    "rascal": R.RASCAL,
    "insomniac": R.INSOMNIAC,
    "exposer": R.EXPOSER,
    "mortician": R.MORTICIAN,
    "apprentice_tanner": R.APPRENTICE_TANNER,
    "nostradamus": R.NOSTRADAMUS,
    "aura_seer": R.AURA_SEER,
    "squire": R.SQUIRE,
    "beholder": R.BEHOLDER,
    "revealer": R.REVEALER,
    "empath": R.EMPATH,
    "curator": R.CURATOR,
}
"""Steps after which a Doppelganger who copied that role is called on her own ("~" steps)."""


def doppel_instants(selected: Collection[Role]) -> tuple[Role, ...]:
    """The instant roles the Doppelganger might have copied, in the order she is told them."""
    return tuple(role for role in DOPPEL_INSTANT if role in selected)
