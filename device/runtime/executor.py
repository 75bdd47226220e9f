"""Carries out session effects through narration, hardware, the screen, the store and the
transcript. It is the only place where a session's decisions touch the outside world.

It interprets each effect and hands the work to its parts: what the screen shows
(``screen_state``), a game's last screen and its push link (``last_screen``), the speaker's
schedule (``audio_schedule``) and lines rendered ahead (``line_prep``).
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Sequence

from device.runtime.audio_schedule import AudioSchedule
from device.runtime.last_screen import LastScreen
from device.runtime.line_prep import LinePreparation
from device.runtime.names import name_say

# The ports live in their own module; importable from here as before.
from device.runtime.ports import (
    AmbienceLike,
    BehindNarrator,
    BuzzerLike,
    LampsLike,
    NarratorLike,
    Outputs,
    Progress,
    ScreenLike,
    SpokenLike,
    behind,
)
from device.runtime.screen_state import ScreenState
from device.runtime.voice_tally import VoiceTally
from games.catalog import by_key
from games.effects import (
    AddPlayer,
    Buzz,
    Effect,
    Finished,
    Lamp,
    LinkSeat,
    LogPlay,
    Mask,
    Phase,
    Prepare,
    PrepareAhead,
    Record,
    Report,
    Say,
    Show,
    Sound,
)
from games.events import Event
from games.views import EndView

logger = logging.getLogger(__name__)

__all__ = [
    "AmbienceLike",
    "BehindNarrator",
    "BuzzerLike",
    "Executor",
    "LampsLike",
    "NarratorLike",
    "Outputs",
    "Progress",
    "ScreenLike",
    "SpokenLike",
    "behind",
]


class Executor:
    """Runs effects in order; returns the events they produce (``LinesReady``)."""

    def __init__(self, outputs: Outputs, game: str = "") -> None:
        self.out = outputs
        self.shown = ScreenState(outputs)
        """What the screen shows: the one source of truth for the current screen."""
        self.last = LastScreen(self.shown, outputs)
        self.audio = AudioSchedule(outputs)
        self.lines = LinePreparation(outputs, self.shown)
        self.voice = VoiceTally()
        """The lines of the game being played, and those the fallback voice said."""
        self._game = ""
        self.game = game
        self.finished = False
        self._spoken = 0
        self.dark = False
        """Whether a dark phase (a night) is being played: the voice's background rendering
        waits meanwhile (read from its thread: a plain flag)."""

    @property
    def game(self) -> str:
        """The game being played ("" before the first): its records are filed under it."""
        return self._game

    @game.setter
    def game(self, game: str) -> None:
        if game != self._game:
            self.voice.end(self.out.narrator)  # the game left: how its voice went
            self.voice.begin(game, self.out.narrator)
        self._game = game
        self.last.forget()  # a play's BG Stats code never outlives its game
        self.lines.forget()  # a night rendering for the game left is not waited for
        if game:
            self.lines.game(game)
        if not game:
            self.dark = False  # a game left at night
            self.audio.set_quick(False)  # no game: the speaker goes back to closing when idle
            self.audio.set_short(False)

    def run(self, effects: Sequence[Effect]) -> list[Event]:
        """Carry out ``effects``; return follow-up events to feed back to the session."""
        follow_ups: list[Event] = []
        for effect in effects:
            if self.out.ambience is not None:
                self.out.ambience.see(effect)  # public phases and the day clock only
            event = self._one(effect)
            if event is not None:
                follow_ups.append(event)
        return follow_ups

    def _one(self, effect: Effect) -> Event | None:
        out = self.out
        if isinstance(effect, Say):
            self._say(effect)
        elif isinstance(effect, Show):
            self._show(effect)
        elif isinstance(effect, Phase):
            self.dark = effect.name.dark
            out.transcript.write(phase=effect.name)
            logger.info("phase %s", effect.name)
        elif isinstance(effect, Lamp):
            if out.lamps is not None:
                out.lamps.set(effect.seat, effect.pattern)
            out.transcript.write(lamp=effect.seat, pattern=effect.pattern)
        elif isinstance(effect, Buzz):
            if out.buzzer is not None:
                out.buzzer.buzz()
            out.transcript.write(buzz={"seat": effect.seat, "at": effect.at})
        elif isinstance(effect, Sound):
            self.audio.play(effect.name)
            out.transcript.write(sound=effect.name)
        elif isinstance(effect, Mask):  # the ambience follows it (``NightSound``)
            out.transcript.write(sound="mask.start" if effect.on else "mask.stop")
        elif isinstance(effect, Record):
            self._record(effect)
        elif isinstance(effect, Report):
            out.transcript.write(**{effect.kind: dict(effect.data)})
            logger.info("%s: %s", effect.kind, dict(effect.data))
        elif isinstance(effect, Prepare):
            return self.lines.prepare(effect)
        elif isinstance(effect, PrepareAhead):
            self.lines.ahead(effect)
        elif isinstance(effect, Finished):
            self.finished = True
        return None

    def _show(self, show: Show) -> None:
        """A game's screen; an end screen offers Play again when its game keeps its table."""
        spec = by_key(self.game)
        again = isinstance(show.view, EndView) and spec is not None and spec.again is not None
        self.last.show(show.view, again)

    def _record(self, effect: Record) -> None:
        out = self.out
        if isinstance(effect, AddPlayer | LinkSeat):
            self.lines.name(effect.name)
        if out.store is not None:
            # A game's final record also logs its play, in the same transaction.
            result = effect.result if isinstance(effect, LogPlay) else None
            before = out.store.last_logged
            out.store.add_record(self.game, effect.kind, dict(effect.data), result)
            if out.store.last_logged is not before:  # logged now: the last screen links it
                self.last.logged = out.store.last_logged
            if result is not None and out.backups is not None:
                from device.store.backups import backup_after_play

                backup_after_play(out.store, out.backups, behind=out.backups_behind)
        # Records may hold hidden roles: never above DEBUG.
        logger.debug("record %s %s", effect.kind, effect.data)

    def _say(self, say: Say) -> None:
        narrator = self.out.narrator
        if self.out.store is not None and narrator is not None:
            say = name_say(say, self.out.store.seat_names(), narrator.catalogue)
        params = say.param_map()
        if self.out.narrator is None:
            self.out.transcript.write(say=say.line, line=say.line)
            return
        spoken = self.out.narrator.speak(say.line, params)
        self.voice.line()
        self.audio.said(spoken.seconds)
        self.out.transcript.write(say=spoken.text, line=say.line)
        self.shown.said(spoken.text)
        if self.out.wav_dir is not None:
            self._spoken += 1
            self.out.wav_dir.mkdir(parents=True, exist_ok=True)
            name = f"{self._spoken:03d}-{say.line.replace('.', '-')}.wav"
            shutil.copyfile(spoken.path, self.out.wav_dir / name)
