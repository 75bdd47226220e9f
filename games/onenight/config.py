"""One Night's two sections of the config file: ``[onenight]`` (the night's pace, the vote, the
sounds) and ``[rulings]`` (how the vote resolves where the rules are silent, docs/onenight.md).

Light on purpose: the spec imports it, and the catalog loads no rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.config import ConfigSection, setting


@dataclass(frozen=True)
class OneNightConfig:
    """``[onenight]``: timers for the One Night games. ``day_minutes`` 0 means players - 1."""

    role_seconds: float = setting(
        10.0, "How long each role acts during the night, in seconds, 3 to 120.", low=3, high=120
    )
    day_minutes: int = setting(
        0,
        "Length of the day discussion in minutes, 0 to 30; 0 means one minute per player\n"
        "minus one.",
        low=0,
        high=30,
    )
    ripple_rate: float = setting(0.15, "Chance of a ripple in a game, 0 to 1.", low=0, high=1)
    oracle_even_odd: bool = setting(
        True,
        "The Oracle may be asked to press her own number, and the device says whether it is even\n"
        "or odd. With no number pressed (her card may be in the centre) it says so and announces\n"
        "no parity: it never makes one up. false: never ask this question.",
    )
    auto_start_seconds: float = setting(
        0.0,
        "Start the night by itself this many seconds after the game is set up, 0 to 600;\n"
        "0 waits for the Start control.",
        low=0,
        high=600,
    )
    mask_sound: bool = setting(
        False,
        "Play a soft masking noise through the night, under the narration, so the sounds of\n"
        "players moving cards blend in.",
    )
    vote_mode: str = setting(
        "secret",
        'How votes are entered with buttons and touch: "secret" (press your own seat, then your\n'
        'target\'s), "called" (the device calls each player, who presses a target) or "grid"\n'
        "(one person enters everyone's votes on the screen).",
        choices=("secret", "called", "grid"),
    )
    assassin_sees_doppelganger: bool = setting(
        True,
        "With the Assassin, his Apprentice and the Doppelganger: the Assassin keeps his eyes open\n"
        "through the Doppelganger-Assassin's call (true), or closes them for it and opens them\n"
        "again for his Apprentice (false).",
    )


@dataclass(frozen=True)
class RulingsConfig:
    """``[rulings]``: One Night vote rulings where the rules are silent (docs/onenight.md)."""

    protected_in_tie: str = setting(
        "others_die",
        'A protected player tied for most: "others_die" (the others die) or "fall_through".',
        choices=("others_die", "fall_through"),
    )
    fall_through_min_votes: int = setting(
        2, "Votes the next-most needs when the most-voted cannot die (1 to 10).", low=1, high=10
    )
    hunter_blocked_by_protection: bool = setting(
        False, "Whether the Master's protection also stops the Hunter's shot."
    )
    repeat_chains: bool = setting(True, "Hunter shots and Lovers repeat until nothing changes.")
    village_wins_when_only_minion_dies_without_wolves: bool = setting(
        True,
        "With no enemy among the players, a Minion who is the only death counts as an enemy\n"
        "death for the village (any other death beside him: the ordinary rules, so the village\n"
        "loses).",
    )
    tanner_death_stops_werewolves: bool = setting(
        True, "If the Tanner dies, the werewolves cannot win."
    )
    self_vote: str = setting(
        "reject",
        'A vote for oneself: "reject" it (the vote must be given again) or "abstain".',
        choices=("reject", "abstain"),
    )
    oracle_follows: str = setting(
        "card",
        'The Oracle\'s new card, team or failed guess follows her "card" or the "player".',
        choices=("card", "player"),
    )
    epic_most_needs_two_votes: bool = setting(
        True, "In an Epic Battle the most-voted still need 2 votes to die."
    )
    epic_village_needs_two_enemy_teams: bool = setting(
        True, "In an Epic Battle the village needs deaths on two different enemy teams."
    )
    device_tie_saves_everyone: bool = setting(
        True, "When the device ties for most votes, nobody dies."
    )
    groob_zerb_in_play: str = setting(
        "held",
        'Groob and Zerb count as "both in the game" when players "held" both, or "selected".',
        choices=("held", "selected"),
    )
    cursed_tie_joins: str = setting(
        "werewolf",
        'The Cursed voted for by as many werewolves as vampires joins the "werewolf" or\n'
        '"vampire" team.',
        choices=("werewolf", "vampire"),
    )
    beholder_loses_if_seer_dies: bool = setting(
        False,
        "A house rule: the Beholder loses his village win when a Seer or Apprentice Seer dies (no\n"
        "rule text says so: by default he is a plain village card).",
    )


ONENIGHT = ConfigSection("onenight", OneNightConfig, "Timers and sounds of the One Night games.")
RULINGS = ConfigSection(
    "rulings",
    RulingsConfig,
    "One Night vote rulings where the rules are silent; docs/onenight.md explains each one.",
)
