"""One Night's kind for the session fuzz (``session_fuzz_kinds``): a setup drawn at random (its
roles, boxes, rulings and options), the touches its screens offer by phase, vote and reveal
entries (valid or not), and the input that moves a game on when played right."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from session_fuzz_input import GARBAGE_TEXT, Pick, seat, seconds

from games.events import (
    Control,
    ControlPressed,
    Event,
    RevealEntered,
    Tap,
    Touched,
    VoteCast,
)
from games.onenight.ballot import VoteMode
from games.onenight.lobby import TABS
from games.onenight.marks import placeable
from games.onenight.presets import PRESETS, deal_range, preset_roles, random_deal
from games.onenight.resolve.model import Mark
from games.onenight.roles import Box, Role
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.onenight.views import BECAME
from games.session import Session

MARKS = tuple(mark.value for mark in Mark)
"""Every Mark by name, the Doppelganger's own set included ("doppel_love"...)."""


RULINGS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("protected_in_tie", ("others_die", "fall_through")),
    ("fall_through_min_votes", (1, 2, 3)),
    ("hunter_blocked_by_protection", (False, True)),
    ("repeat_chains", (False, True)),
    ("village_wins_when_only_minion_dies_without_wolves", (False, True)),
    ("tanner_death_stops_werewolves", (False, True)),
    ("self_vote", ("reject", "abstain")),
    ("oracle_follows", ("card", "player")),
    ("epic_most_needs_two_votes", (False, True)),
    ("epic_village_needs_two_enemy_teams", (False, True)),
    ("device_tie_saves_everyone", (False, True)),
    ("groob_zerb_in_play", ("held", "selected")),
)
"""Every One Night ruling (``games.onenight.resolve.Rulings``) and its choices."""


BOX_MIXES: tuple[tuple[Box, ...], ...] = (
    (Box.ALIEN, Box.BONUS),
    (Box.VAMPIRE,),
    (Box.WEREWOLF,),
    (Box.ALIEN, Box.VAMPIRE),
    (Box.VAMPIRE, Box.WEREWOLF),
    (Box.ALIEN, Box.BONUS, Box.VAMPIRE, Box.WEREWOLF),
)
"""The boxes random deals draw from (mixes make Epic Battles)."""


def onenight_session(mode: str) -> Callable[[Pick], Session[Any]]:
    def build(pick: Pick) -> Session[Any]:
        if pick.chance(60):
            preset = pick.choice(list(PRESETS.values()))
            players = pick.integer(preset.min_players, min(preset.max_players, 9))
            roles = preset_roles(preset, players)
        else:
            boxes = pick.choice(BOX_MIXES)
            low, high = deal_range(boxes)
            players = pick.integer(low, min(high, 11))  # the Alien and Bonus boxes seat 11
            roles = random_deal(players, boxes, random.Random(pick.integer(0, 2**31)))
        options = OneNightOptions(
            role_seconds=seconds(pick, 0.0, 0.5, 10.0),
            pause_seconds=seconds(pick, 0.0, 1.0),
            day_minutes=pick.choice((0, 1, 3)),
            ripple_rate=seconds(pick, 0.0, 0.15, 1.0),
            oracle_even_odd=pick.chance(50),
            auto_start_seconds=seconds(pick, 0.0, 0.0, 5.0),
            mask_sound=pick.chance(30),
            vote_mode=VoteMode(mode),
            assassin_sees_doppelganger=pick.chance(50),
            rulings=tuple(
                (name, pick.choice(values)) for name, values in RULINGS if pick.chance(30)
            ),
        )
        return OneNightSession(OneNightSetup(players, roles, pick.integer(0, 2**31), options))

    return build


def onenight_touches(state: Any) -> dict[str, list[str]]:
    players = state.setup.players
    in_play = sorted({role.value for role in state.setup.roles})
    seats = range(0, players + 1)
    answers = ["answer:yes", "answer:no", *(f"answer:{n}" for n in seats)]
    return {
        "setup": [
            "start", "random", "clear", "players:-1", "players:+1",
            *(f"tab:{tab}" for tab in TABS),
            *(f"role:{role.value}" for role in Role),
            *(f"preset:{key}" for key in PRESETS),
        ],
        "dusk": answers,
        "night": answers,
        "day": ["pause", "resume", "extend", "vote"],
        "vote": [
            "close", "confirm:yes", "confirm:no",
            *(f"voter:{n}" for n in seats), *(f"target:{n}" for n in seats),
        ],
        "reveal": [
            "reveal", "confirm", "snatched:yes", "snatched:no", "became:none", "card:none",
            *(f"seat:{n}" for n in seats), *(f"card:{card}" for card in in_play),
            *(f"mark:{mark}" for mark in MARKS), *(f"became:{b}" for b in (*BECAME, *in_play)),
        ],
        "result": ["home", "ok"],
    }  # fmt: skip


def onenight_entry(pick: Pick, state: Any) -> Event:
    players = state.setup.players
    if pick.chance(40):
        target = 0 if pick.chance(10) else seat(pick, players)
        return VoteCast(seat(pick, players), target)
    in_play = [role.value for role in state.setup.roles]
    odd: tuple[Any, ...] = (*GARBAGE_TEXT, None, 3, ["seer"], {"card": "seer"})
    card: Any = pick.choice(in_play) if pick.chance(85) else pick.choice(odd)
    mark: Any = None
    if pick.chance(20):
        mark = pick.choice(list(MARKS)) if pick.chance(70) else pick.choice(odd)
    became: Any = None
    if pick.chance(20):
        became = pick.choice([*BECAME, *in_play]) if pick.chance(70) else pick.choice(odd)
    snatched: Any = pick.chance(10) if pick.chance(95) else pick.choice(("yes", 1, None))
    return RevealEntered(seat(pick, players), card, mark, became, snatched)


def onenight_forward(pick: Pick, state: Any) -> Event | None:
    players = state.setup.players
    if state.phase == "setup":
        return ControlPressed(Control.GO, 0.0)
    if state.phase == "day":  # "vote now", then the three seconds of "three, two, one"
        return Touched(Tap.VOTE) if pick.chance(50) else None
    if state.phase == "vote":
        ballot = state.ballot
        if ballot.replacing is not None and pick.chance(60):
            return ControlPressed(pick.choice((Control.YES, Control.NO)), 0.0)
        if pick.chance(10):  # who is missing? (or the pending change again)
            return ControlPressed(Control.GO, 0.0)
        # Mostly the seats still to vote; sometimes a change of mind, left unanswered a while.
        changing = ballot.voted and pick.chance(15)
        voter = pick.choice(ballot.voted if changing else ballot.missing or (1,))
        target = pick.choice([n for n in range(1, players + 1) if n != voter])
        return VoteCast(voter, target)
    if state.phase == "reveal":
        done = {entry.seat for entry in state.reveals}
        seats = [n for n in range(1, players + 1) if n not in done] or [1]
        roles = set(state.setup.roles)
        # Cards and Marks as a table can hold them: no more of each than the game has.
        cards = Counter(role.value for role in state.setup.roles)
        cards.subtract(entry.card.value for entry in state.reveals)
        card = pick.choice(sorted(cards.elements()) or [role.value for role in roles])
        # The Marks the game places; one of each but Clarity, which every player starts with.
        held = {entry.mark.value for entry in state.reveals if entry.mark} - {"clarity"}
        marks = sorted(set(placeable(roles)) - held)
        mark = pick.choice(marks) if marks and pick.chance(30) else None
        became = None
        copiers = ("doppelganger", "copycat")
        if card in copiers and pick.chance(70):  # the role she copied
            became = pick.choice(sorted({r.value for r in roles} - set(copiers)) or [card])
        elif pick.chance(10):
            became = pick.choice(BECAME)
        snatched = Role.BODY_SNATCHER in roles and pick.chance(20)
        return RevealEntered(pick.choice(seats), card, mark, became, snatched)
    return None
