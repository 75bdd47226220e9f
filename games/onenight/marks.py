"""Which Marks a game can put in front of its players, and how many of each (Vampire box).

Every player starts with a Mark of Clarity; every other Mark is placed by a role at dusk, so a
Mark is in a game only when a role that places it is selected (the Pickpocket and the Gremlin
move Marks, never add one). With the Doppelganger there is a second set, hers (RB-V
"Doppelganger & Vampire"): she places the one of the role she copied, so the Doppelganger-Cupid
brings two more Marks of Love (up to four lovers) and the Doppelganger-Assassin a second Mark
of the Assassin. There is no Doppelganger Mark of the Vampire (reference 1.3).

>>> from games.onenight.roles import Role
>>> placeable([Role.CUPID, Role.DOPPELGANGER, Role.SEER])
{'clarity': None, 'love': 2, 'doppel_love': 2}
>>> placeable([Role.SEER, Role.ROBBER])
{}
"""

from __future__ import annotations

from collections.abc import Collection

from games.onenight.resolve.model import Mark
from games.onenight.roles import Role
from games.onenight.wake import marks_in_play

R = Role

PLACED_BY: dict[Mark, tuple[frozenset[Role], int | None]] = {
    Mark.CLARITY: (frozenset(), None),
    Mark.VAMPIRE: (frozenset({R.VAMPIRE, R.THE_MASTER, R.THE_COUNT}), 1),
    Mark.FEAR: (frozenset({R.THE_COUNT}), 1),
    Mark.BAT: (frozenset({R.RENFIELD}), 1),
    Mark.DISEASE: (frozenset({R.DISEASED}), 1),
    Mark.LOVE: (frozenset({R.CUPID}), 2),
    Mark.TRAITOR: (frozenset({R.INSTIGATOR}), 1),
    # With no Assassin selected, the Apprentice Assassin places it herself (RB-V).
    Mark.ASSASSIN: (frozenset({R.ASSASSIN, R.APPRENTICE_ASSASSIN}), 1),
    # The Doppelganger-Priest takes one for herself and may give one more (RB-V).
    Mark.DOPPEL_CLARITY: (frozenset({R.PRIEST}), 2),
    Mark.DOPPEL_FEAR: (frozenset({R.THE_COUNT}), 1),
    Mark.DOPPEL_BAT: (frozenset({R.RENFIELD}), 1),
    Mark.DOPPEL_DISEASE: (frozenset({R.DISEASED}), 1),
    Mark.DOPPEL_LOVE: (frozenset({R.CUPID}), 2),
    Mark.DOPPEL_TRAITOR: (frozenset({R.INSTIGATOR}), 1),
    Mark.DOPPEL_ASSASSIN: (frozenset({R.ASSASSIN, R.APPRENTICE_ASSASSIN}), 1),
}
"""Each Mark: the roles that place it (none: every player starts with it), and how many
players can hold it at once (None: any number)."""


def placeable(selected: Collection[Role]) -> dict[str, int | None]:
    """The Marks players can end with in this game, by name, with how many can hold each
    (None: any number); empty when no selected role deals with Marks."""
    roles = set(selected)
    if not marks_in_play(roles):
        return {}
    found: dict[str, int | None] = {}
    for mark, (placers, most) in PLACED_BY.items():
        if mark.doppel and Role.DOPPELGANGER not in roles:
            continue
        if placers and not placers & roles:
            continue
        found[mark.value] = most
    return found


def deal_note(selected: Collection[Role]) -> str:
    """What the table deals besides the cards (RB-V Setup): a face-down Mark of Clarity for
    every player whenever Marks are in play, and with a Doppelganger her own set beside the
    boards; "" when no selected role deals with Marks."""
    roles = set(selected)
    if not marks_in_play(roles):
        return ""
    note = "Deal each player a Mark of Clarity, face down beside their card."
    if Role.DOPPELGANGER in roles:
        note += " Lay the Doppelganger's own Marks on the other side of the Marks boards."
    return note


def display_name(mark: str) -> str:
    """A Mark's name as shown and spoken: "Mark of Love", "Doppelganger Mark of Love"."""
    return Mark(mark).display_name


def over_limit(selected: Collection[Role], mark: str, others: Collection[int]) -> str | None:
    """Why one more player cannot hold ``mark`` when the seats ``others`` already do (None:
    he can): the game places no more of it."""
    most = placeable(selected).get(mark)
    if most is None or len(others) < most:
        return None
    seats = " and ".join(str(seat) for seat in sorted(others))
    held = f"seat {seats} holds" if len(others) == 1 else f"seats {seats} hold"
    why = f"{held} the {display_name(mark)}, and this game places {most}"
    doppel = f"doppel_{mark}"
    if doppel in placeable(selected):
        why += f" (the Doppelganger's own is entered as {doppel!r})"
    return why
