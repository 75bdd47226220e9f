"""The Bonus roles' random app prompts, drawn up front like the Alien instructions (reference
sections 2.10 and 2.13).

* **Empath** (10-E): a group (everyone, the odd or even numbers, or 1 to 3 named players) points,
  eyes closed, at the answer to one of fourteen prompts, and the Empath watches. The prompts are
  our own wording of the kind of question the app asks.
* **Nostradamus** (5-E): he views up to three cards and the last one gives his team. When he
  views none (or his card is in the centre) the app picks a team for him: that team is drawn
  up front among the teams in play and said in his call, so it tells nothing about the cards.
  He then presses the number of his team, and the device announces it to the table, as the
  app does; pressing none (or a card in the centre) announces the team drawn.

Line ids: ``onenight.app.empath.<prompt>`` and ``onenight.app.nostradamus.<team>`` in
``narration/lines/onenight_app.toml``. A Doppelganger who copied the role gets her own drawn
prompt, said to her through ``{role}``.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from games.effects import Say
from games.onenight.instructions.common import Scope, Target, draw_target, phrase, pick
from games.onenight.roles import Role, Team

EMPATH_PROMPTS = (
    "empath",
    "suspicious",
    "smartest",
    "will_win",
    "nobody_else",
    "trust",
    "other_team",
    "looked",
    "sit_next",
    "best_liar",
    "talks_first",
    "quietest",
    "wanted_role",
    "moved",
)
"""The fourteen prompts, by line id suffix (reference 2.10 counts fourteen)."""

EMPATH_SCOPES = (Scope.EVERYONE, Scope.ODD_PLAYERS, Scope.EVEN_PLAYERS, Scope.NAMED)


@dataclass(frozen=True)
class EmpathInstruction:
    """Who points, and at what."""

    prompt: str
    """One of :data:`EMPATH_PROMPTS`."""
    target: Target
    """The group that points."""
    doppel: bool = False

    def lines(self) -> tuple[Say, ...]:
        """The prompt as spoken, then the Empath is told to watch."""
        role = "Doppelganger" if self.doppel else Role.EMPATH.addressed
        group = phrase(self.target, start=True)
        return (Say.of(f"onenight.app.empath.{self.prompt}", group=group, role=role),)


def draw_empath(rng: random.Random, players: int, doppel: bool = False) -> EmpathInstruction:
    """A prompt and a pointing group, uniformly."""
    prompt = pick(rng, list(EMPATH_PROMPTS))
    return EmpathInstruction(prompt, draw_target(rng, EMPATH_SCOPES, players), doppel)


NOSTRADAMUS_TEAMS = (Team.VILLAGE, Team.WEREWOLF, Team.VAMPIRE, Team.ALIEN)


def teams_in_play(selected: Collection[Role]) -> tuple[Team, ...]:
    """The village and every enemy team a selected card is on, in :data:`NOSTRADAMUS_TEAMS`
    order.

    >>> [team.value for team in teams_in_play({Role.SEER, Role.ALPHA_WOLF, Role.COW})]
    ['village', 'werewolf']
    """
    enemy = {role.info.team for role in selected if role.info.team is not Team.VILLAGE}
    return tuple(
        t for t in NOSTRADAMUS_TEAMS if t is Team.VILLAGE or (t in enemy and _enemy(t, selected))
    )


def _enemy(team: Team, selected: Collection[Role]) -> bool:
    # A helper alone (Minion, Squire, Renfield) makes no team: an enemy card must be selected.
    helpers = {Role.MINION, Role.SQUIRE, Role.RENFIELD, Role.LEADER, Role.COW}
    return any(role.info.team is team and role not in helpers for role in selected)


@dataclass(frozen=True)
class NostradamusInstruction:
    """The team the app gives him if he views no card."""

    team: Team
    shielded: bool = False
    """A Sentinel is in play: the call says the cards he views must not be shielded (1.4)."""
    doppel: bool = False
    teams: tuple[Team, ...] = ()
    """The teams in play, in the order he presses their numbers."""

    def lines(self) -> tuple[Say, ...]:
        """His whole call, with the team he gets if he views nothing."""
        role = "Doppelganger" if self.doppel else Role.NOSTRADAMUS.addressed
        variant = f"{self.team.value}_shielded" if self.shielded else self.team.value
        return (Say.of(f"onenight.app.nostradamus.{variant}", role=role),)

    def ask(self) -> Say:
        """He presses the number of his team among the teams in play, as he taps it in the
        app (2.13).

        >>> told = NostradamusInstruction(Team.VILLAGE, teams=(Team.VILLAGE, Team.WEREWOLF))
        >>> told.ask().param_map()
        {'choices': '1 for the village team or 2 for the werewolf team', 'role': 'Nostradamus'}
        """
        role = "Doppelganger" if self.doppel else Role.NOSTRADAMUS.addressed
        teams = self.teams or (self.team,)
        named = [f"{number} for the {team.value} team" for number, team in enumerate(teams, 1)]
        choices = ", ".join(named[:-1]) + " or " + named[-1] if len(named) > 1 else named[0]
        return Say.of("onenight.app.nostradamus.ask", role=role, choices=choices)

    def announce(self, team: Team) -> Say:
        """The table is told his team, as the app announces it (2.13)."""
        who = "The Doppelganger-Nostradamus" if self.doppel else Role.NOSTRADAMUS.addressed
        return Say.of("onenight.app.nostradamus.announce", who=who, team=team.value)

    def team_of(self, answer: int | None) -> Team:
        """The team he pressed, or the one the app gave him when he pressed none."""
        if answer is None or not 1 <= answer <= len(self.teams):
            return self.team
        return self.teams[answer - 1]

    def spoken(self) -> tuple[Say, ...]:
        """Every line of his step: the call, the question, each announcement he may get."""
        teams = self.teams or (self.team,)
        return (*self.lines(), self.ask(), *(self.announce(team) for team in teams))


def draw_nostradamus(
    rng: random.Random, selected: Collection[Role], doppel: bool = False
) -> NostradamusInstruction:
    """A team in play, uniformly."""
    teams = teams_in_play(selected)
    team = pick(rng, list(teams))
    return NostradamusInstruction(team, Role.SENTINEL in selected, doppel, teams)
