"""Which published box a One Night game is filed under: the one most of its roles come from.

A score log outside the device (BG Stats, BoardGameGeek) knows the four boxes as four games; a
table that mixes them played one of them with guests from the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.onenight.roles import Box, Role

__all__ = ["BOX_TITLES", "filed_under", "guest_note"]

BOX_TITLES: dict[Box, str] = {
    Box.WEREWOLF: "One Night Ultimate Werewolf",
    Box.DAYBREAK: "One Night Ultimate Werewolf: Daybreak",
    Box.VAMPIRE: "One Night Ultimate Vampire",
    Box.ALIEN: "One Night Ultimate Alien",
}
"""The published title of each box a game can be filed under (the Bonus roles are packs)."""

BOX_NAMES: dict[Box, str] = {
    Box.WEREWOLF: "Werewolf",
    Box.DAYBREAK: "Daybreak",
    Box.VAMPIRE: "Vampire",
    Box.ALIEN: "Alien",
    Box.BONUS: "the Bonus packs",
}

_TIE_ORDER = (Box.ALIEN, Box.VAMPIRE, Box.DAYBREAK, Box.WEREWOLF)
"""A tie goes to the newer box: its rulebook is the one that covers the older boxes' roles."""


def filed_under(roles: Iterable[Role]) -> tuple[Box, tuple[Box, ...]]:
    """The box most of ``roles`` come from, and the other boxes they come from (in box order).

    >>> filed_under([Role.WEREWOLF, Role.WEREWOLF, Role.SEER, Role.ALIEN])
    (<Box.WEREWOLF: 'werewolf'>, (<Box.ALIEN: 'alien'>,))
    """
    counts = Counter(role.info.box for role in roles)
    box = max(_TIE_ORDER, key=lambda each: (counts[each], -_TIE_ORDER.index(each)))
    others = tuple(each for each in Box if counts[each] and each is not box)
    return box, others


def guest_note(others: tuple[Box, ...]) -> str:
    """The comment naming the boxes a game's other roles come from, or empty.

    >>> guest_note((Box.DAYBREAK, Box.BONUS))
    'Roles also from Daybreak and the Bonus packs.'
    """
    if not others:
        return ""
    names = [BOX_NAMES[box] for box in others]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"Roles also from {listed}."
