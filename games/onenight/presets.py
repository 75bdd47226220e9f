"""One Night presets (starting role sets that grow with the table) and random legal deals.

The official presets come from the rulebooks (``rules/onenight-reference.md`` section 5). Each
one names its role list at its smallest table; ``Preset.extra`` lists the cards added, one per
extra player, in order. Which additions are official and which are ours is noted per preset.

The Daybreak scenarios [RB-D] (Evil Transformation, Trust No One, Cautionary Tale, Information
Society, Total Chaos) name their cards for their smallest table. A larger table fills up to
players + 3 cards the way the base rules grow a set [RB-W]: Villagers first (the box holds three),
then plain Werewolf-box roles; :func:`preset_added` says what was added, for the screen.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from games.errors import SetupError
from games.onenight.roles import Box, Role, Team

_CENTRE_CARDS = 3
"""Cards left in the centre (the same as ``setup.CENTRE_CARDS``, which imports this module)."""

BOX_PLAYERS: dict[Box, tuple[int, int]] = {
    Box.WEREWOLF: (3, 10),
    Box.DAYBREAK: (3, 10),
    Box.VAMPIRE: (3, 10),
    Box.ALIEN: (4, 12),
}
"""Each box's player range [reference section 5]; a role set must fit the range of every box
it draws from. Daybreak plays 3 to 10 with the Werewolf box (its 11 cards alone seat 7, which
the copy limits enforce). Alien plays 4 to 10, up to 12 with Bonus Pack 3's #11/#12 tokens:
the device's seats stand in for them. The Bonus box has no range of its own (its roles join
another box's).
"""

DEVICE_PLAYERS = (3, 12)
"""The fewest and most players the device seats (the range of a set with no ranged box)."""

ENEMY_ROLES = frozenset(
    {
        Role.ALIEN,
        Role.GROOB,
        Role.ZERB,
        Role.BODY_SNATCHER,
        Role.VAMPIRE,
        Role.THE_MASTER,
        Role.THE_COUNT,
        Role.WEREWOLF,
        Role.ALPHA_WOLF,
        Role.MYSTIC_WOLF,
        Role.DREAM_WOLF,
    }
)
"""Enemy cards: the aliens, vampires and werewolves the rulebooks ask two of.

Helpers of an enemy team (Minion, Renfield) are not enemy cards.
"""

NEEDS_ENEMY: dict[Role, Team] = {
    Role.MINION: Team.WEREWOLF,
    Role.SQUIRE: Team.WEREWOLF,
    Role.RENFIELD: Team.VAMPIRE,
    Role.COW: Team.ALIEN,
    Role.LEADER: Team.ALIEN,
}
"""Roles a random deal uses only next to that team's enemy cards (alone they do nothing)."""

_ENEMY_TEAMS = (Team.ALIEN, Team.VAMPIRE, Team.WEREWOLF)


@dataclass(frozen=True)
class Preset:
    """A named starting set of roles, and how it grows with more players."""

    key: str
    """The scenario and action name (``"alien_first_game"``)."""
    name: str
    """What the setup screen shows."""
    min_players: int
    """The table size ``roles`` is meant for."""
    roles: tuple[Role, ...]
    """The role list for ``min_players`` players (``min_players`` + 3 cards)."""
    extra: tuple[Role, ...] = ()
    """The card added for each further player, in order: ``extra[0]`` joins at one more player."""
    box: Box | None = None
    """The box the preset belongs to (its setup tab); None: the box most of its roles are from."""

    @property
    def max_players(self) -> int:
        """The largest table this preset seats."""
        return self.min_players + len(self.extra)


_R = Role
_FILL_WITH_VILLAGERS = (_R.VILLAGER, _R.VILLAGER, _R.VILLAGER)
"""How a Daybreak scenario grows first: one Villager per extra player, as the base set does."""
PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        # Official at 4 players [RB-A]. Growth to 11 is ours: the rest of the Alien box, enemy
        # cards last, then the Body Snatcher (Bonus). No Alien-only set fills 12 seats: the Alien
        # and Bonus boxes hold 14 cards, and 12 players need 15.
        Preset(
            "alien_first_game",
            "Alien first game",
            4,
            (_R.ALIEN, _R.ALIEN, _R.SYNTHETIC_ALIEN, _R.COW, _R.PSYCHIC, _R.RASCAL, _R.EXPOSER),
            (_R.ORACLE, _R.BLOB, _R.MORTICIAN, _R.LEADER, _R.GROOB, _R.ZERB, _R.BODY_SNATCHER),
            box=Box.ALIEN,
        ),
        # Official at 4 players [RB-V]. Growth to 10 is ours, from the Vampire box, keeping the
        # two enemy cards (Vampire and The Count).
        Preset(
            "vampire_first_game",
            "Vampire first game",
            4,
            (
                _R.COPYCAT,
                _R.VAMPIRE,
                _R.THE_COUNT,
                _R.PRIEST,
                _R.MARKSMAN,
                _R.PICKPOCKET,
                _R.GREMLIN,
            ),
            (
                _R.DISEASED,
                _R.CUPID,
                _R.INSTIGATOR,
                _R.RENFIELD,
                _R.ASSASSIN,
                _R.APPRENTICE_ASSASSIN,
            ),
            box=Box.VAMPIRE,
        ),
        # Official for 3 to 5 players [RB-W]: one more Villager at 4, two more at 5. Growth from
        # 6 to 10 is ours, from the Werewolf box (no Masons: they come as a pair).
        Preset(
            "basic",
            "Basic",
            3,
            (_R.WEREWOLF, _R.WEREWOLF, _R.SEER, _R.ROBBER, _R.TROUBLEMAKER, _R.VILLAGER),
            (
                _R.VILLAGER,
                _R.VILLAGER,
                _R.INSOMNIAC,
                _R.MINION,
                _R.DRUNK,
                _R.HUNTER,
                _R.TANNER,
            ),
            box=Box.WEREWOLF,
        ),
        # The Daybreak scenarios [RB-D], official at their smallest table (reference section 5).
        # The first game's Dream Wolf is "the centre wolf": one of its six cards here, so at
        # three players it may end in the middle.
        Preset(
            "daybreak_first_game",
            "Daybreak first game",
            3,
            (
                _R.ALPHA_WOLF,
                _R.MYSTIC_WOLF,
                _R.DREAM_WOLF,
                _R.APPRENTICE_SEER,
                _R.VILLAGE_IDIOT,
                _R.REVEALER,
            ),
            (*_FILL_WITH_VILLAGERS, _R.SEER, _R.ROBBER, _R.TROUBLEMAKER, _R.INSOMNIAC),
            box=Box.DAYBREAK,
        ),
        Preset(
            "evil_transformation",
            "Evil Transformation",
            3,
            (_R.DOPPELGANGER, _R.ALPHA_WOLF, _R.MYSTIC_WOLF, _R.MINION, _R.ROBBER, _R.WITCH),
            (*_FILL_WITH_VILLAGERS, _R.SEER, _R.TROUBLEMAKER, _R.INSOMNIAC, _R.DRUNK),
            box=Box.DAYBREAK,
        ),
        Preset(
            "trust_no_one",
            "Trust No One",
            3,
            (_R.DOPPELGANGER, _R.ALPHA_WOLF, _R.DREAM_WOLF, _R.ROBBER, _R.WITCH, _R.TANNER),
            (*_FILL_WITH_VILLAGERS, _R.SEER, _R.TROUBLEMAKER, _R.INSOMNIAC, _R.DRUNK),
            box=Box.DAYBREAK,
        ),
        Preset(
            "cautionary_tale",
            "Cautionary Tale",
            4,
            (
                _R.WEREWOLF,
                _R.MYSTIC_WOLF,
                _R.SEER,
                _R.APPRENTICE_SEER,
                _R.REVEALER,
                _R.HUNTER,
                _R.BODYGUARD,
            ),
            (*_FILL_WITH_VILLAGERS, _R.ROBBER, _R.TROUBLEMAKER, _R.INSOMNIAC),
            box=Box.DAYBREAK,
        ),
        Preset(
            "information_society",
            "Information Society",
            5,
            (
                _R.WEREWOLF,
                _R.MYSTIC_WOLF,
                _R.SEER,
                _R.APPRENTICE_SEER,
                _R.PARANORMAL_INVESTIGATOR,
                _R.WITCH,
                _R.INSOMNIAC,
                _R.REVEALER,
            ),
            (*_FILL_WITH_VILLAGERS, _R.ROBBER, _R.TROUBLEMAKER),
            box=Box.DAYBREAK,
        ),
        Preset(
            "total_chaos",
            "Total Chaos",
            5,
            (
                _R.DOPPELGANGER,
                _R.ALPHA_WOLF,
                _R.WEREWOLF,
                _R.ROBBER,
                _R.WITCH,
                _R.TROUBLEMAKER,
                _R.VILLAGE_IDIOT,
                _R.CURATOR,
            ),
            (*_FILL_WITH_VILLAGERS, _R.SEER, _R.DRUNK),
            box=Box.DAYBREAK,
        ),
    )
}
"""Every preset by key, in the order the setup screen offers them."""


def find_preset(key: str) -> Preset:
    """Look up a preset by key, with a did-you-mean on a typo."""
    try:
        return PRESETS[key]
    except KeyError:
        raise SetupError(f"unknown preset: {key!r}{_preset_hint(key)}") from None


def _preset_hint(key: str) -> str:
    """The closest key, else the keys the word is part of, else every key.

    >>> _preset_hint("alien")
    "; did you mean 'alien_first_game'?"
    >>> _preset_hint("zz")[:40]
    " (expected one of 'alien_first_game', 'v"
    """
    close = difflib.get_close_matches(key, list(PRESETS), n=1)
    if not close:
        close = [name for name in PRESETS if key.lower() in name][:1]
    if close:
        return f"; did you mean {close[0]!r}?"
    return f" (expected one of {', '.join(map(repr, PRESETS))})"


def display_order(roles: Iterable[Role]) -> tuple[Role, ...]:
    """``roles`` sorted the way the setup screen lists them (the order of ``Role``)."""
    rank = {role: index for index, role in enumerate(Role)}
    return tuple(sorted(roles, key=rank.__getitem__))


def preset_roles(preset: Preset, players: int) -> tuple[Role, ...]:
    """The preset's cards for ``players`` players (always ``players`` + 3, in display order).

    >>> len(preset_roles(find_preset("basic"), 5))
    8
    """
    if not preset.min_players <= players <= preset.max_players:
        raise SetupError(
            f"{players} players: the {preset.name} preset seats "
            f"{preset.min_players} to {preset.max_players}"
        )
    return display_order(preset.roles + preset.extra[: players - preset.min_players])


def preset_added(preset: Preset, players: int) -> tuple[Role, ...]:
    """The cards ``players`` players add to the preset's own list, in the order they join.

    >>> [role.value for role in preset_added(find_preset("total_chaos"), 7)]
    ['villager', 'villager']
    """
    preset_roles(preset, players)  # the same range check and message
    return preset.extra[: players - preset.min_players]


def boxes_range(boxes: Collection[Box]) -> tuple[int, int]:
    """The player counts that fit every box of ``boxes`` at once (``BOX_PLAYERS``).

    >>> boxes_range({Box.ALIEN, Box.WEREWOLF})
    (4, 10)
    """
    ranges = [BOX_PLAYERS[box] for box in boxes if box in BOX_PLAYERS] or [DEVICE_PLAYERS]
    return max(low for low, _ in ranges), min(high for _, high in ranges)


def deal_range(boxes: Collection[Box]) -> tuple[int, int]:
    """The table sizes a random deal from ``boxes`` allows: 4..12 for Alien/Bonus alone.

    A deal may leave a chosen box out, so the low end is the loosest box's (3 players with the
    Alien and Werewolf boxes get a Werewolf-only deal); past 10 only Alien and Bonus deal.
    """
    ranged = [BOX_PLAYERS[box] for box in boxes if box in BOX_PLAYERS] or [DEVICE_PLAYERS]
    return min(low for low, _ in ranged), boxes_range(boxes)[1]


def _within(players: int, span: tuple[int, int]) -> bool:
    return span[0] <= players <= span[1]


def box_names(boxes: Collection[Box]) -> str:
    """The boxes for a message, in ``Box`` order: "the Alien box", "the Alien and Bonus boxes"."""
    names = [box.value.capitalize() for box in Box if box in boxes]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"the {joined} box" + ("" if len(names) == 1 else "es")


def _cards(roles: Iterable[Role]) -> list[Role]:
    """Every physical card of ``roles`` (a role with two copies appears twice)."""
    return [role for role in roles for _ in range(role.info.copies)]


def random_deal(players: int, boxes: Collection[Box], rng: random.Random) -> tuple[Role, ...]:
    """A random playable role set for ``players`` from ``boxes``, in display order.

    It follows the rulebooks' advice: ``players`` + 3 cards within the box copies; exactly two
    enemy cards of one team (two Aliens, Alien and Groob, Groob and Zerb, Vampire and The Count,
    two Werewolves...; Groob or Zerb alone is an ordinary alien); both Masons or neither; the
    Minion, Renfield, Cow and Leader only beside their team's enemies. With only the Alien and
    Bonus boxes, 9 or more players cannot be seated with two enemy cards (there are 9 other
    cards), so those deals take as few more enemy cards as fill the table. A box whose range
    (``BOX_PLAYERS``) leaves the table out is not drawn from: 3 players never get Alien roles.
    """
    chosen = frozenset(boxes)
    if not chosen:
        raise SetupError(
            "no boxes chosen: choose one or more of alien, bonus, daybreak, vampire, werewolf"
        )
    low, high = deal_range(chosen)
    if not low <= players <= high:
        plays = "plays" if len(chosen) == 1 else "play"
        raise SetupError(f"{players} players: {box_names(chosen)} {plays} with {low} to {high}")
    cards = players + _CENTRE_CARDS
    # A box whose own range leaves out this table (Alien at 3 players) sits the deal out.
    fits = {box for box in chosen if _within(players, boxes_range({box}))}
    pool = [role for role in Role if role.info.box in fits]
    options: list[tuple[list[Role], list[Role], int]] = []
    most = 0
    for team in _ENEMY_TEAMS:
        enemies = _cards(r for r in pool if r in ENEMY_ROLES and r.info.team is team)
        others = _cards(
            r for r in pool if r not in ENEMY_ROLES and NEEDS_ENEMY.get(r, team) is team
        )
        if len(enemies) < 2:
            continue
        most = max(most, len(enemies) + len(others))
        wanted = max(2, cards - len(others))
        if wanted <= len(enemies):
            options.append((enemies, others, wanted))
    if not most:
        raise SetupError(
            f"{box_names(chosen)} {'has' if len(chosen) == 1 else 'have'} no two enemy cards: "
            "add the Alien, Vampire or Werewolf box"
        )
    if not options:
        holds = "holds" if len(chosen) == 1 else "hold"
        where = f"{box_names(chosen)} {holds} {most}"
        raise SetupError(f"{players} players need {cards} cards: {where}")
    enemies, others, wanted = rng.choice(options)
    deal = rng.sample(enemies, wanted) + _pick_others(others, cards - wanted, rng)
    return display_order(deal)


def _pick_others(others: list[Role], count: int, rng: random.Random) -> list[Role]:
    """``count`` cards from ``others``, with both Masons or neither."""
    singles: list[Role] = [role for role in others if role is not Role.MASON]
    masons = len(others) - len(singles) == 2 and count >= 2
    if masons and count <= len(singles):
        masons = rng.random() < count / len(others)
    picked: list[Role] = rng.sample(singles, count - 2 if masons else count)
    if masons:
        picked += [Role.MASON, Role.MASON]
    return picked
