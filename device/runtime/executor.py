"""Carries out session effects through narration, hardware, the screen, the store and the
transcript. It is the only place where a session's decisions touch the outside world.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
from collections.abc import Sequence

from device.runtime.names import UNNAMED_SCREENS, name_say, name_view

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
from device.runtime.pushlinks import PushLinks
from games.catalog import by_key
from games.effects import (
    AddPlayer,
    Buzz,
    Effect,
    Finished,
    Lamp,
    LinkSeat,
    LogPlay,
    Phase,
    Prepare,
    PrepareAhead,
    Record,
    Report,
    Say,
    Show,
    Sound,
)
from games.events import Event, LinesReady
from games.scorelog.plays import Play
from games.views import EndView, ScreenName, SheetButton, SheetView, View
from narration.errors import NarrationError
from narration.renderer import Urgency

logger = logging.getLogger(__name__)

AUDIO_LOOK_SECONDS = 0.1
"""While speech is playing, how often the loop looks at the audio (next queued line, ducking)."""
REOPEN_AHEAD_SECONDS = 0.5
"""A device closed for being idle is opened this long before the session's next deadline, so
the line said there starts on time (opening it can take a good part of this on a Pi)."""

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
        self._game = ""
        self._logged: Play | None = None
        """The play the last LogPlay logged: the game's last screen (shown again as often as it
        is) carries its link until another screen is shown."""
        self._unlinked: tuple[str, View] | None = None
        """That screen, shown while its link is worked out behind the loop."""
        self.links = PushLinks(behind=outputs.links_behind, wake=outputs.wake)
        self.game = game
        self.screen: ScreenName | None = None
        self.view: View | None = None
        """The view on display (None before the first ``show``)."""
        self.finished = False
        self._spoken = 0
        self._preparing: list[tuple[str, dict[str, object]]] | None = None
        """A night's lines rendering behind the loop (``LinesReady`` follows when they are)."""
        self._prepared_done = -1
        self._shots = 0
        self._shot_taken = False
        self._shot_view: object = None
        self.speech_ends_at = 0.0

    @property
    def game(self) -> str:
        """The game being played ("" before the first): its records are filed under it."""
        return self._game

    @game.setter
    def game(self, game: str) -> None:
        self._game = game
        self._logged = None  # a play's BG Stats code never outlives its game
        self._unlinked = None
        self._preparing = None  # a night rendering for the game left is not waited for
        if game:
            self._prepare_game(game)
        if not game:
            self.set_quick(False)  # no game: the speaker goes back to closing when idle
            self.set_short(False)

    def set_quick(self, on: bool) -> None:
        """Keep the speaker quick and open (a game's presses can sound now) or not."""
        if self.out.audio is not None:
            self.out.audio.set_quick(on)

    def set_short(self, on: bool) -> None:
        """Open the speaker with the short buffer (a game whose presses may sound), so holding
        it quick later needs no reopening."""
        set_short = getattr(self.out.audio, "set_short", None)
        if set_short is not None:
            set_short(on)

    def _prepare_game(self, game: str) -> None:
        """Have the game's own lines rendered behind the loop before it can say them: its
        sound calls first ("Go!", "Alieninjas!"), then every line of its catalogue for the
        table's seats. Nothing happens when lines are rendered on the loop or only timed."""
        narrator = behind(self.out.narrator)
        if narrator is None or narrator.renderer is None:
            return
        from device.runtime.voicelines import every_text  # the games' words: not before READY

        catalogue = narrator.catalogue
        ids = [i for i in catalogue.ids() if i.startswith("sound.")]
        ids += [i for i in catalogue.ids() if i.startswith(f"{game}.")]
        texts = every_text(catalogue, ids, seats=self.out.seats).texts
        asked = narrator.renderer.ask_all(texts, Urgency.SOON)
        if asked:
            logger.info("preparing the %d lines of %s behind the game", asked, game)

    def _prepare_name(self, name: str) -> None:
        """A player was named or sat down: have every line that says their name rendered
        behind the loop ("Alex, press the button at your seat.", at any seat)."""
        narrator = behind(self.out.narrator)
        if narrator is None:
            return
        catalogue = narrator.catalogue
        items: list[tuple[str, dict[str, object]]] = []
        for line_id in catalogue.ids():
            wanted = catalogue.placeholders(line_id)
            if "name" not in wanted or not wanted <= {"name", "seat"}:
                continue
            seats = range(1, self.out.seats + 1) if "seat" in wanted else (None,)
            for seat in seats:
                params: dict[str, object] = {"name": name}
                if seat is not None:
                    params["seat"] = seat
                items.append((line_id, params))
        narrator.ask_ahead(items, Urgency.SOON)

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
            view = effect.view
            self._show_effect(effect.screen, view)
        elif isinstance(effect, Phase):
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
            self._sound(effect.name)
            out.transcript.write(sound=effect.name)
        elif isinstance(effect, Record):
            if isinstance(effect, AddPlayer | LinkSeat):
                self._prepare_name(effect.name)
            if out.store is not None:
                # A game's final record also logs its play, in the same transaction.
                result = effect.result if isinstance(effect, LogPlay) else None
                before = out.store.last_logged
                out.store.add_record(self.game, effect.kind, dict(effect.data), result)
                if out.store.last_logged is not before:  # logged now: the last screen links it
                    self._logged = out.store.last_logged
                if result is not None and out.backups is not None:
                    from device.store.backups import backup_after_play

                    backup_after_play(out.store, out.backups, behind=out.backups_behind)
            # Records may hold hidden roles: never above DEBUG.
            logger.debug("record %s %s", effect.kind, effect.data)
        elif isinstance(effect, Report):
            out.transcript.write(**{effect.kind: dict(effect.data)})
            logger.info("%s: %s", effect.kind, dict(effect.data))
        elif isinstance(effect, Prepare):
            return self._prepare(effect)
        elif isinstance(effect, PrepareAhead):
            self._prepare_ahead(effect)
        elif isinstance(effect, Finished):
            self.finished = True
        return None

    def _show_effect(self, screen: str, shown: View) -> None:
        self._unlinked = None
        if self._logged is not None and screen in (ScreenName.END, ScreenName.SHEET):
            link = self.links.link(self._logged, self.out.location)
            if link is None:
                self._unlinked = (screen, shown)  # shown again once its link is ready
            else:
                shown = self._with_push_link(shown, self._logged, link)
        else:
            self._logged = None  # another screen: the game is over and left
        spec = by_key(self.game)
        if isinstance(shown, EndView) and spec is not None and spec.again is not None:
            shown = dataclasses.replace(shown, again=True)
        self.show(screen, shown)

    def show_ready_link(self) -> None:
        """The loop's look: a game's last screen shown while its play's link was worked out
        behind the loop is shown again with it, once it is ready (and while it is up)."""
        if self._unlinked is None or self._logged is None:
            return
        self.links.start()
        screen, view = self._unlinked
        if self.screen != screen:
            self._unlinked = None  # left meanwhile
        elif self.links.link(self._logged, self.out.location) is not None:
            self._show_effect(screen, view)

    def _with_push_link(self, view: View, play: Play, link: str) -> View:
        """A game's last screen (``end``, or a final score ``sheet``) with the BG Stats push
        ``link`` of the play it just logged as ``bgstats``: the end screen shows it as a QR
        code, a sheet gets a BG Stats button that shows it."""
        from device.ui.who import unnamed_seats  # after a play: not before READY

        who = bool(unnamed_seats(play))  # unnamed seats: offer "Who played?"
        if isinstance(view, SheetView):
            more = [SheetButton("BG Stats", "bgstats")]
            if who:
                more.append(SheetButton("Who played?", "who"))
            return dataclasses.replace(view, bgstats=link, controls=(*view.controls, *more))
        if isinstance(view, EndView):
            return dataclasses.replace(view, bgstats=link, who=who)
        return view

    def _sound(self, name: str) -> None:
        audio = self.out.audio
        if audio is None:
            return
        if name in ("mask.start", "mask.stop"):
            return  # the ambience follows these (``NightSound``)
        if self.out.narrator is not None:
            # Other effects are spoken calls ("sound.alieninjas"), played over any narration.
            try:
                audio.play_effect(self.out.narrator.wav_path(f"sound.{name}", {}))
            except (KeyError, NarrationError) as error:
                logger.debug("no sound %r: %s", name, error)

    def audio_due(self, now: float, upcoming: float | None = None) -> float | None:
        """When the audio next needs a look: to start a queued line, glide the ambience, close
        an idle device, start the day's tense last minute, or open the device again just
        before ``upcoming`` (the session's next deadline, where a line is likely said)."""
        times = [self._speech_due(now), getattr(self.out.narrator, "due", lambda: None)()]
        if self.out.audio is not None:
            later = self.out.audio.due()
            times.append(None if later is None else now + later)
            if self.out.audio.suspended and upcoming is not None:
                times.append(upcoming - REOPEN_AHEAD_SECONDS)
        if self.out.ambience is not None:
            times.append(self.out.ambience.due())
        due = [time for time in times if time is not None]
        return min(due) if due else None

    def _speech_due(self, now: float) -> float | None:
        if self.speech_ends_at <= now:
            return None
        if getattr(self.out.audio, "waiting", 0):
            # Lines are queued: look often enough to start each one on time.
            return min(self.speech_ends_at, now + AUDIO_LOOK_SECONDS)
        return self.speech_ends_at  # one line playing: look once, when it ends

    def update_audio(self, upcoming: float | None = None) -> None:
        """Start a queued line, glide the ambience, start the tense bed when its time comes,
        and open a closed device when ``upcoming`` (the next deadline) is near."""
        getattr(self.out.narrator, "update", lambda: None)()  # a line rendered meanwhile
        if self.out.ambience is not None:
            self.out.ambience.update()
        audio = self.out.audio
        if audio is not None:
            audio.update()
            near = upcoming is not None and upcoming - self.out.now() <= REOPEN_AHEAD_SECONDS
            if near and audio.suspended:
                audio.wake_ahead()

    def _say(self, say: Say) -> None:
        catalogue = getattr(self.out.narrator, "catalogue", None)
        if self.out.store is not None and catalogue is not None:
            say = name_say(say, self.out.store.seat_names(), catalogue)
        params = say.param_map()
        if self.out.narrator is None:
            self.out.transcript.write(say=say.line, line=say.line)
            return
        spoken = self.out.narrator.speak(say.line, params)
        # Lines said in a row queue behind each other: speech ends after the last of them.
        self.speech_ends_at = max(self.speech_ends_at, self.out.now()) + spoken.seconds
        self.out.transcript.write(say=spoken.text, line=say.line)
        from games.onenight.views import NightView  # imported once a line is said, not at start

        if isinstance(self.view, NightView):
            # The current public call is the only thing the night screen may show.
            self.show(ScreenName.NIGHT, dataclasses.replace(self.view, caption=spoken.text))
        if not self._shot_taken:
            # A screen is pictured as its first line is spoken (the night with its first call,
            # the day with its full clock), or else as it is left.
            self.save_screenshot()
        if self.out.wav_dir is not None:
            self._spoken += 1
            self.out.wav_dir.mkdir(parents=True, exist_ok=True)
            name = f"{self._spoken:03d}-{say.line.replace('.', '-')}.wav"
            shutil.copyfile(spoken.path, self.out.wav_dir / name)

    def _prepare(self, prepare: Prepare) -> LinesReady | None:
        narrator = self.out.narrator
        if narrator is None:
            return LinesReady(tuple(0.0 for _ in prepare.lines))
        items = [(say.line, say.param_map()) for say in prepare.lines]
        rendering = behind(narrator)
        if rendering is not None:
            # Rendered behind the loop: the screen and its taps stay alive meanwhile, and
            # ``lines_ready`` hands the session its LinesReady once every line is there.
            rendering.ask_ahead(items, Urgency.NOW)
            self._preparing, self._prepared_done = items, -1
            return self.lines_ready()
        narrator.prepare(items, self._progress)
        return LinesReady(tuple(narrator.seconds(line, params) for line, params in items))

    def _prepare_ahead(self, prepare: PrepareAhead) -> None:
        """Lines the game may say later (its results): rendered behind the loop into the
        persistent cache, before the rest of what waits there. Nothing happens when lines are
        rendered on the loop or only timed: the game never waits for these."""
        narrator = behind(self.out.narrator)
        if narrator is None:
            return
        asked = narrator.ask_ahead([(say.line, say.param_map()) for say in prepare.lines])
        if asked:
            logger.info("preparing %d lines ahead", asked)

    def wait_for_lines(self, timeout: float = 60.0) -> bool:
        """Block until the lines asked for now are rendered behind the loop (the simulator and
        tests on a virtual clock, which must not run ahead of them); whether any were awaited."""
        narrator = behind(self.out.narrator)
        if self._preparing is None or narrator is None or narrator.renderer is None:
            return False
        narrator.renderer.wait_quiet(Urgency.SOON, timeout)
        return True

    def lines_ready(self) -> LinesReady | None:
        """The ``LinesReady`` of a night rendering behind the loop once its last line is
        rendered (telling the progress meanwhile); None until then, or when none renders."""
        items, narrator = self._preparing, behind(self.out.narrator)
        if items is None or narrator is None:
            return None
        done = len(items) - narrator.unready(items)
        if done != self._prepared_done:
            self._prepared_done = done
            self._progress(done, len(items))
        if done < len(items):
            return None
        self._preparing = None
        return LinesReady(tuple(narrator.seconds(line, params) for line, params in items))

    def _progress(self, done: int, total: int) -> None:
        if self.out.progress is not None:
            self.out.progress(done, total)
        from games.onenight.views import SetupView  # not at start: loaded once a night is ready

        if isinstance(self.view, SetupView) and self.out.screen is not None and total:
            self.show(ScreenName.SETUP, dataclasses.replace(self.view, progress=done / total))
            self.out.screen.redraw(self.out.now())

    def show(self, screen: str, view: View) -> None:
        """Put a screen up (recording a change of screen in the transcript), with the players'
        names for their seats (``device.runtime.names``); the screen is held as its
        ``ScreenName`` member, however the caller spelt it."""
        name = ScreenName(screen)
        if self.out.store is not None and name not in UNNAMED_SCREENS:
            view = name_view(view, self.out.store.seat_names())
        if name is not self.screen:
            if not self._shot_taken:
                self.save_screenshot()
            self._shot_taken = False
            self.out.transcript.write(screen=name)
        self.screen, self.view = name, view
        if self.out.screen is not None:
            self.out.screen.show(name, view)

    @property
    def pictured(self) -> bool:
        """Whether the last screenshot shows the screen as it is now (the same view)."""
        return self._shot_taken and self._shot_view == self.view

    def save_screenshot(self) -> None:
        """Save the current screen as the next numbered PNG, when screenshots are on."""
        if self.out.shot_dir is None or self.out.screen is None or self.screen is None:
            return
        self._shot_taken = True
        self._shot_view = self.view
        self._shots += 1
        self.out.shot_dir.mkdir(parents=True, exist_ok=True)
        self.out.screen.redraw(self.out.now())
        self.out.screen.save_png(self.out.shot_dir / f"{self._shots:02d}-{self.screen}.png")
