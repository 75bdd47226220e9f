"""What the voice renders first: the lines a new table's first game needs.

The whole catalogue takes about 45 minutes at a Pi 4's pace (1.5 s a line); a new owner's first
game needs a few hundred of its lines. ``mothership voice prepare --first`` renders those (the
installer's step), and the service renders the rest behind the game after READY, these first
(an interrupted ``--first`` finishes before anything else), then Replicas' round, then the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

from device.config import Config
from device.runtime.voicelines import every_text
from games.onenight import SPEC as ONENIGHT
from games.onenight.presets import find_preset
from games.onenight.session import preset_lines
from narration.catalogue import Catalogue
from narration.narrator import Narrator

if TYPE_CHECKING:
    from narration.prepare import BackgroundPrepare

__all__ = [
    "PI4_SECONDS_PER_LINE",
    "FirstVoice",
    "finish_voice_cache",
    "first_voice",
    "voice_order",
]

PI4_SECONDS_PER_LINE = 1.5
"""A Pi 4 renders a line of the catalogue in about this long with Piper (its mean 75
characters)."""
DEVICE_LINES = ("common.", "sound.", "players.")
"""The device's own lines: home, setup, seats and names (those that can be listed)."""
REPLICAS = ("alieninjas.welcome", "alieninjas.replicas.")
"""Replicas' lines: its welcome and its round."""


@dataclass(frozen=True)
class FirstVoice:
    """The sentences of a first game, and what they are for."""

    texts: tuple[str, ...]
    """The device's own lines, then the first game's, the commonest first; each once."""
    preset: str
    """The preset the home screen's One Night starts (``Alien first game``)."""
    players: range
    """The table sizes its lines are for."""

    @property
    def pi4_seconds(self) -> float:
        """About how long a Pi 4 takes to render them."""
        return len(self.texts) * PI4_SECONDS_PER_LINE


def first_voice(catalogue: Catalogue, *, seats: int) -> FirstVoice:
    """The lines the first game of the home screen's One Night (its default preset) needs at
    any table size up to ``seats``: the device's own lines, then the night, the day and the
    vote its games prepare (``games.onenight.session.preset_lines``). The result's lines are
    worked out during the day and rendered behind it (``PrepareAhead``)."""
    home = dict(ONENIGHT.home or {})
    preset = find_preset(str(home.get("preset", "alien_first_game")))
    players = range(preset.min_players, min(seats, preset.max_players) + 1)
    own = [i for i in catalogue.ids() if i.startswith(DEVICE_LINES)]
    texts = dict.fromkeys(every_text(catalogue, own, seats=seats).texts)
    for say in preset_lines(preset.key, players):
        texts[catalogue.text(say.line, say.param_map())] = None
    return FirstVoice(tuple(texts), preset.name, players)


def voice_order(catalogue: Catalogue, *, seats: int) -> tuple[str, ...]:
    """Every sentence ``voice prepare`` renders, in the order the service renders what is
    missing behind the game: the first game's, Replicas' round, then the rest."""
    first = first_voice(catalogue, seats=seats).texts
    replicas = [i for i in catalogue.ids() if i.startswith(REPLICAS)]
    texts = dict.fromkeys(first)
    texts.update(dict.fromkeys(every_text(catalogue, replicas, seats=seats).texts))
    texts.update(dict.fromkeys(every_text(catalogue, seats=seats).texts))
    return tuple(texts)


def finish_voice_cache(
    config: Config,
    narrator: Narrator,
    stack: ExitStack,
    *,
    hold: Callable[[], bool] | None = None,
    wake: Callable[[], None] | None = None,
) -> BackgroundPrepare | None:
    """Render what ``voice prepare`` left out, behind the game, the first game's lines first
    (``voice prepare --first`` renders only those), then Replicas' round, then the rest; never
    while ``hold`` says a night is played; ``wake`` is told after each batch. A Piper voice
    only (None otherwise): espeak-ng renders a line in milliseconds when a night needs it."""
    if narrator.backend.name != "piper":
        return None
    from narration.prepare import BackgroundPrepare  # the thread: only where it renders

    def texts() -> tuple[str, ...]:  # on the thread: a second of work, not the loop's
        return voice_order(narrator.catalogue, seats=config.hardware.seats)

    background = BackgroundPrepare(
        narrator.cache, texts, yield_to=narrator.renderer, hold=hold, wake=wake
    )
    background.start()
    stack.callback(background.stop)
    return background
