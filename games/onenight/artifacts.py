"""The Curator's Artifacts (Daybreak, with the Bonus packs' ones), as plain data.

An Artifact lies face down on a card; at the reveal it overrides the card and the Mark
(precedence: Artifact over Mark over card, RB-D and RB-V "Artifacts & Vampire"). A
role-changing Artifact makes its holder that role, so it takes away the Hunter's shot and the
Tanner's win by dying (RB-D). The device never draws or names one at night: the Curator draws a
token at random, face down, and its holder looks at it privately at wake-up.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Collection

from games.errors import RulesError
from games.onenight.roles import Role, Team


class ArtifactError(RulesError):
    """An Artifact name or placement that cannot be."""


class Artifact(enum.Enum):
    """Every Artifact, valued by its scenario name."""

    CLAW = "claw"
    """Claw of the Werewolf: the holder is a Werewolf."""
    BRAND = "brand"
    """Brand of the Villager: the holder is a Villager (a Bodyguard's point becomes a vote)."""
    CUDGEL = "cudgel"
    """Cudgel of the Tanner: the holder is a Tanner."""
    VOID = "void"
    """Void of Nothingness: the holder has no role and is on no team."""
    MASK = "mask"
    """Mask of Muting: the holder may not speak; the role does not change."""
    SHROUD = "shroud"
    """Shroud of Shame: the holder turns away from the table; the role does not change."""
    BOW = "bow"
    """Bow of the Hunter (Bonus): the holder is a Hunter."""
    CLOAK = "cloak"
    """Cloak of the Prince (Bonus): the holder is a Prince."""
    SWORD = "sword"
    """Sword of the Bodyguard (Bonus): the holder is a Bodyguard."""
    MIST = "mist"
    """Mist of the Vampire (Bonus): the holder is a Vampire."""
    DAGGER = "dagger"
    """Dagger of the Traitor (Bonus): the holder wins only if a teammate dies (as the Mark)."""
    ALIEN = "alien"
    """Alien Artifact (Bonus): the holder is an Alien."""

    @property
    def role(self) -> Role | None:
        """The role the holder becomes (None: the role does not change, or Void: no role)."""
        return _BECOMES.get(self)

    @property
    def changes_role(self) -> bool:
        """Whether the Artifact replaces the holder's role (and so his Hunter or Tanner power)."""
        return self in _BECOMES or self is Artifact.VOID

    @property
    def display_name(self) -> str:
        """The token's name."""
        return _NAMES[self]


_BECOMES: dict[Artifact, Role] = {
    Artifact.CLAW: Role.WEREWOLF,
    Artifact.BRAND: Role.VILLAGER,
    Artifact.CUDGEL: Role.TANNER,
    Artifact.BOW: Role.HUNTER,
    Artifact.CLOAK: Role.PRINCE,
    Artifact.SWORD: Role.BODYGUARD,
    Artifact.MIST: Role.VAMPIRE,
    Artifact.ALIEN: Role.ALIEN,
}

_NAMES: dict[Artifact, str] = {
    Artifact.CLAW: "Claw of the Werewolf",
    Artifact.BRAND: "Brand of the Villager",
    Artifact.CUDGEL: "Cudgel of the Tanner",
    Artifact.VOID: "Void of Nothingness",
    Artifact.MASK: "Mask of Muting",
    Artifact.SHROUD: "Shroud of Shame",
    Artifact.BOW: "Bow of the Hunter",
    Artifact.CLOAK: "Cloak of the Prince",
    Artifact.SWORD: "Sword of the Bodyguard",
    Artifact.MIST: "Mist of the Vampire",
    Artifact.DAGGER: "Dagger of the Traitor",
    Artifact.ALIEN: "Alien Artifact",
}

DAYBREAK_ARTIFACTS = (
    Artifact.CLAW,
    Artifact.BRAND,
    Artifact.CUDGEL,
    Artifact.VOID,
    Artifact.MASK,
    Artifact.SHROUD,
)
"""The six Artifacts of the Daybreak box, always in the Curator's pool."""

_JOINS_WITH: dict[Artifact, tuple[Role, ...]] = {
    Artifact.BOW: (Role.HUNTER,),
    Artifact.CLOAK: (Role.PRINCE,),
    Artifact.SWORD: (Role.BODYGUARD,),
    Artifact.MIST: (Role.VAMPIRE, Role.THE_MASTER, Role.THE_COUNT),
    Artifact.DAGGER: (Role.INSTIGATOR,),
    Artifact.ALIEN: tuple(role for role in Role if role.info.team is Team.ALIEN),
}
"""A Bonus Artifact joins the pool when one of its roles is selected (issue 17: "where their
roles are in play"); the Dagger goes with the Instigator, whose Mark it copies."""


def artifact_pool(selected: Collection[Role]) -> tuple[Artifact, ...]:
    """The Artifacts the Curator may draw in a game with ``selected`` roles (none without him).

    >>> [a.value for a in artifact_pool({Role.CURATOR, Role.HUNTER, Role.WEREWOLF})]
    ['claw', 'brand', 'cudgel', 'void', 'mask', 'shroud', 'bow']
    >>> artifact_pool({Role.SEER})
    ()
    """
    if Role.CURATOR not in selected:
        return ()
    extra = [a for a, roles in _JOINS_WITH.items() if any(role in selected for role in roles)]
    return (*DAYBREAK_ARTIFACTS, *extra)


def find_artifact(name: str) -> Artifact:
    """An Artifact by scenario name (``"claw"``) or token name (``"Claw of the Werewolf"``).

    >>> find_artifact("Cudgel of the Tanner")
    <Artifact.CUDGEL: 'cudgel'>
    >>> find_artifact("clwa")
    Traceback (most recent call last):
    ...
    games.onenight.artifacts.ArtifactError: unknown artifact: 'clwa'; did you mean 'claw'?
    """
    key = name.strip().lower()
    for artifact in Artifact:
        if key in (artifact.value, artifact.display_name.lower()):
            return artifact
    close = difflib.get_close_matches(key, [a.value for a in Artifact], n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ArtifactError(f"unknown artifact: {name!r}{hint}")
