"""Which fixed lines each wake step speaks, given the roles in play.

Most steps say ``onenight.<key>.wake``, ``.act`` and ``.sleep``. A few change with the set:
the Leader when Groob and Zerb are both in (reference 2.5), Renfield and the Leader when a
Doppelganger may repeat them (the signals stay up through her call, RB-V), the Assassin and
his Apprentice (RB-V: she wakes while his eyes are open; alone, she places the Mark herself).
The Doppelganger's repeat of a step ("~", reference 1.3) speaks to her, with her own
Doppelganger Marks: ``onenight.<key>.doppel_act``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from dataclasses import dataclass

from games.onenight.roles import Role
from games.onenight.setup import OneNightOptions


@dataclass(frozen=True)
class StepLines:
    """The fixed lines of one step's call, and of the Doppelganger's repeat of it."""

    wake: tuple[str, ...]
    """Line ids said before the role acts (each followed by the pause)."""
    act: str
    """The fixed instruction (the app's random one replaces it where the step has one)."""
    sleep: str
    """Sends the role back to sleep (or tells it to keep its eyes open)."""
    doppel_act: str
    """The Doppelganger's own instruction when she repeats the step."""
    doppel_sleep: str
    """Ends her repeat."""


DOPPEL_SLEEP = "onenight.doppelganger.sleep"
_with = dataclasses.replace

SHIELD_AWARE = frozenset(
    {
        "seer",
        "robber",
        "troublemaker",
        "drunk",
        "insomniac",
        "alpha_wolf",
        "mystic_wolf",
        "paranormal_investigator",
        "witch",
        "village_idiot",
        "nostradamus",
        "squire",
        "beholder",
        "revealer",
        "curator",
    }
)
"""Steps whose fixed call views or moves a player's card: with a Sentinel in play they say
"if the card is not shielded" (``.act_shielded``, ``.doppel_act_shielded``): a shielded card
cannot be viewed or moved, even by its owner (reference 1.4, RB-D)."""

THUMBS_FOR = frozenset({"minion", "squire"})
"""Steps where the werewolves show thumbs: with a Dream Wolf his thumb is asked for too."""

SHOWN_AGAIN = frozenset({"apprentice_tanner", "aura_seer", "squire", "beholder", "empath"})
"""Steps where other players raise a thumb or point for the role: the Doppelganger's repeat
asks them to do it again, by name, and to put their hands down before she closes her eyes
(``.doppel_sleep``), so nobody is still pointing at wake-up (as the Leader's and Renfield's
repeats, RB-V)."""

SEERS = (Role.SEER, Role.APPRENTICE_SEER)
"""Who holds up a thumb for the Beholder (RB-B)."""


def step_lines(key: str, selected: Collection[Role], options: OneNightOptions) -> StepLines:
    """The line ids of step ``key`` in a night with ``selected`` roles."""
    base = f"onenight.{key}"
    lines = StepLines(
        (f"{base}.wake",), f"{base}.act", f"{base}.sleep", f"{base}.doppel_act", DOPPEL_SLEEP
    )
    doppel = Role.DOPPELGANGER in selected
    if key in SHOWN_AGAIN:
        lines = _with(lines, doppel_sleep=f"{base}.doppel_sleep")
    if key == "beholder":
        # Only the seers in play are asked for a thumb: "_seer", "_apprentice_seer", or both.
        seers = [role for role in SEERS if role in selected]
        suffix = {0: "_no_seer", 1: f"_{seers[0].value}" if seers else "", 2: ""}[len(seers)]
        lines = _with(lines, act=f"{base}.act{suffix}", doppel_act=f"{base}.doppel_act{suffix}")
        if not seers:
            return lines  # no thumb, no card to look at: nothing to say about shields
    if Role.SENTINEL in selected and key in SHIELD_AWARE:
        lines = _with(lines, act=f"{lines.act}_shielded")
        if Role.DOPPELGANGER in selected:
            lines = _with(lines, doppel_act=f"{lines.doppel_act}_shielded")
    if Role.DREAM_WOLF in selected and key == "werewolves":
        # 1.1 / RB-D: the Dream Wolf keeps his eyes closed and holds out a thumb; so does a
        # Doppelganger-Dream Wolf (1.3: she does nothing else).
        wake = (*lines.wake, f"{base}.dream_wolf")
        if doppel:
            wake = (*wake, f"{base}.doppel_dream_wolf")
        return _with(lines, wake=wake, sleep=f"{base}.sleep_dream_wolf")
    if Role.DREAM_WOLF in selected and key in THUMBS_FOR:
        # The Squire's repeat asks for the Dream Wolf's thumb again too.
        again = f"{lines.doppel_act}_dream_wolf" if key == "squire" else lines.doppel_act
        return _with(lines, act=f"{lines.act}_dream_wolf", doppel_act=again)
    if key == "renfield" and doppel:
        # RB-V: with a Doppelganger-Renfield the vampires keep pointing through her call.
        return _with(lines, sleep=f"{base}.sleep_hold", doppel_sleep=f"{base}.doppel_sleep")
    if key == "leader":
        return _leader(lines, base, selected, doppel)
    apprentice = Role.APPRENTICE_ASSASSIN in selected
    if key == "assassin" and apprentice and (not doppel or options.assassin_sees_doppelganger):
        # RB-V: his Apprentice wakes while his eyes are still open.
        return _with(lines, sleep=f"{base}.sleep_hold")
    if key == "apprentice_assassin":
        return _apprentice(lines, base, selected, doppel, options)
    return lines


def _leader(lines: StepLines, base: str, selected: Collection[Role], doppel: bool) -> StepLines:
    # 2.5 / RB-A: Groob and Zerb, if they saw each other, point at each other instead.
    if Role.GROOB in selected and Role.ZERB in selected:
        lines = _with(lines, act=f"{base}.act_groob_zerb", sleep=f"{base}.sleep_groob_zerb")
    if doppel:
        # The Doppelganger-Leader "sees who the aliens are": their signs stay up for her.
        lines = _with(lines, sleep=f"{base}.sleep_hold", doppel_sleep=f"{base}.doppel_sleep")
    return lines


def _apprentice(
    lines: StepLines,
    base: str,
    selected: Collection[Role],
    doppel: bool,
    options: OneNightOptions,
) -> StepLines:
    if Role.ASSASSIN not in selected:
        # RB-V: with no Assassin, she places the Mark of the Assassin herself.
        return _with(
            lines,
            act=f"{base}.act_alone",
            sleep=f"{base}.sleep_alone",
            doppel_act=f"{base}.doppel_act_alone",
        )
    if not doppel:
        return lines
    # RB-V: the Assassin keeps his eyes open until the Doppelganger-Apprentice is done.
    wake = lines.wake
    if not options.assassin_sees_doppelganger:
        wake = ("onenight.assassin.reopen", *wake)  # he closed them for the D-Assassin
    return _with(lines, wake=wake, sleep=f"{base}.sleep_hold", doppel_sleep=f"{base}.doppel_sleep")


def copiers(selected: Collection[Role]) -> str:
    """Who a group call invites besides its own roles (RB-V Copycat: "if that role is called,
    wake up"; reference 1.3): "Doppelganger", "Copycat", "Doppelganger or Copycat", or "".

    >>> copiers({Role.SEER, Role.COPYCAT, Role.DOPPELGANGER})
    'Doppelganger or Copycat'
    >>> copiers({Role.SEER})
    ''
    """
    names = [role.addressed for role in (Role.DOPPELGANGER, Role.COPYCAT) if role in selected]
    return " or ".join(names)
