"""The executor carries sounds out through the speaker and reports them in the transcript."""

from __future__ import annotations

import dataclasses
import threading
import wave
from pathlib import Path

import pytest
from rendering import wait_rendered

from device.clock import VirtualClock
from device.runtime.audio_schedule import KEEP_OPEN_SECONDS, REOPEN_AHEAD_SECONDS
from device.runtime.executor import Executor, Outputs
from device.runtime.nightsound import NightSound
from device.runtime.parts import catalogues
from device.runtime.session import Runtime
from device.store.database import Store
from device.transcript import Transcript
from games.alieninjas.session import AlieninjasSession
from games.alieninjas.setup import AlieninjasOptions, AlieninjasSetup
from games.effects import AddPlayer, Countdown, LogPlay, Mask, Phase, Show, Sound
from games.events import Control, ControlPressed, SeatPressed
from games.onenight.state import OneNightPhase as N
from games.onenight.views import DayView
from games.scorelog.plays import FinalResult
from games.views import EndView, ScreenName
from narration.ambience import bed_path
from narration.audio import AudioOutput
from narration.backends import EspeakBackend
from narration.catalogue import Catalogue
from narration.narrator import Narrator
from narration.renderer import Urgency


class Speaker:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Path | None]] = []
        self.quick = False
        self.suspended = False
        self.woken_ahead = 0
        self.short = False
        self.waiting = 0
        self.expected = 0

    def set_quick(self, on: bool) -> None:
        self.quick = on

    def set_short(self, on: bool) -> None:
        self.short = on

    def expect_speech(self) -> None:
        self.expected += 1

    def wake_ahead(self) -> None:
        self.woken_ahead += 1
        self.suspended = False

    def stop(self) -> None:
        self.calls.append(("stop all", None))

    def play_effect(self, path: Path) -> None:
        self.calls.append(("effect", path))

    def play_music(self, path: Path, *, loops: int = -1) -> None:
        self.calls.append(("play", path))

    def stop_music(self) -> None:
        self.calls.append(("stop", None))

    def update(self) -> None:
        self.calls.append(("update", None))

    def due(self) -> float | None:
        return None


def _ambient(tmp_path: Path, clock: VirtualClock, **options: object) -> tuple[Executor, Speaker]:
    speaker = Speaker()
    transcript = Transcript(clock)
    ambience = NightSound(speaker, tmp_path, now=clock.now, **options)  # type: ignore[arg-type]
    outputs = Outputs(transcript=transcript, audio=speaker, ambience=ambience, now=clock.now)
    return Executor(outputs), speaker


def _day(ends_at: float | None) -> DayView:
    """The day screen's view: its clock running until ``ends_at``, or paused (None)."""
    return DayView(ends_at, 300.0, paused=ends_at is None, players=5)


def test_the_night_bed_plays_from_dusk_and_stops_at_wake_up(tmp_path: Path) -> None:
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock)
    executor.run(
        [
            Phase(N.SETUP),
            Phase(N.DUSK),
            Mask(True),
            Phase(N.NIGHT),
        ]
    )
    executor.run([Mask(False), Phase(N.DAY)])
    night = tmp_path / "ambience-night-v1-1-24.wav"
    assert speaker.calls == [("play", night), ("stop", None)]
    with wave.open(str(night)) as reader:
        assert reader.getnframes() == 24 * reader.getframerate()


def test_the_tense_bed_starts_a_minute_before_the_day_ends(tmp_path: Path) -> None:
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock)
    executor.run([Phase(N.DAY), Show(_day(300.0)), Countdown(300.0)])
    assert executor.audio.due(clock.now()) == 240.0
    clock.advance_to(239.0)
    executor.audio.update()
    assert ("play", tmp_path / "ambience-tense-v1-1-24.wav") not in speaker.calls
    clock.advance_to(240.0)
    executor.audio.update()
    assert speaker.calls[-2:] == [
        ("play", tmp_path / "ambience-tense-v1-1-24.wav"),
        ("update", None),
    ]
    executor.run([Phase(N.VOTE)])
    assert speaker.calls[-1] == ("stop", None)


def test_a_paused_day_holds_the_tense_bed_back(tmp_path: Path) -> None:
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock)
    executor.run([Phase(N.DAY), Show(_day(None)), Countdown(None)])
    assert executor.audio.due(clock.now()) is None
    clock.advance_to(600.0)
    executor.audio.update()
    assert all(call[0] != "play" for call in speaker.calls)


def test_ambience_off_plays_nothing_but_keeps_time(tmp_path: Path) -> None:
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock, enabled=False)
    executor.run([Phase(N.DUSK), Phase(N.DAY), Show(_day(60.0)), Countdown(60.0)])
    executor.audio.update()
    assert [call for call in speaker.calls if call[0] != "update"] == []


def test_the_users_ogg_files_replace_the_generated_beds(tmp_path: Path) -> None:
    music = tmp_path / "music"
    music.mkdir()
    for name in ("calm-night.ogg", "tense_end.ogg", "readme.txt"):
        (music / name).write_bytes(b"")
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock, music_dir=music)
    executor.run([Phase(N.DUSK), Phase(N.DAY), Show(_day(30.0)), Countdown(30.0)])
    executor.audio.update()
    plays = [path for kind, path in speaker.calls if kind == "play"]
    assert plays == [music / "calm-night.ogg", music / "tense_end.ogg"]


def test_without_a_speaker_sounds_are_still_in_the_transcript() -> None:
    clock = VirtualClock()
    transcript = Transcript(clock)
    Executor(Outputs(transcript=transcript)).run([Mask(True), Sound("round.start")])
    assert transcript.entries == [
        {"t": 0.0, "sound": "mask.start"},  # the scenario format's name for the mask
        {"t": 0.0, "sound": "round.start"},
    ]


def test_a_named_sound_is_its_spoken_call_played_as_an_effect(tmp_path: Path) -> None:
    from narration.backends import SilentBackend
    from narration.catalogue import Catalogue
    from narration.narrator import Narrator

    narrator = Narrator(Catalogue.load("common"), SilentBackend(), tmp_path)
    speaker = Speaker()
    outputs = Outputs(transcript=Transcript(VirtualClock()), narrator=narrator, audio=speaker)
    Executor(outputs).run([Sound("alieninjas"), Sound("no.such.sound")])
    assert speaker.calls == [("effect", narrator.wav_path("sound.alieninjas", {}))]


def test_a_screen_whose_view_changed_since_its_picture_is_pictured_again(tmp_path: Path) -> None:
    # A score sheet stays the "sheet" screen to its final: the run's last picture must be the
    # final view, not the sheet as it was at its first line.
    from device.runtime.home import home_view
    from device.ui.touch import TouchUI

    ui = TouchUI()
    ui.open()
    try:
        executor = Executor(
            Outputs(transcript=Transcript(VirtualClock()), screen=ui, shot_dir=tmp_path)
        )
        first = home_view()
        executor.shown.show(first)
        executor.shown.save_screenshot()
        assert executor.shown.pictured
        executor.shown.show(dataclasses.replace(first, title="Mothership, later"))
        assert not executor.shown.pictured
        executor.shown.save_screenshot()
        assert executor.shown.pictured
    finally:
        ui.close()
    shots = sorted(tmp_path.glob("*.png"))
    assert [shot.name for shot in shots] == ["01-home.png", "02-home.png"]
    assert shots[0].read_bytes() != shots[1].read_bytes()


def test_the_speaker_is_quick_only_while_a_press_can_sound() -> None:
    speaker = Speaker()
    clock = VirtualClock()
    runtime = Runtime(clock, Executor(Outputs(transcript=Transcript(clock), audio=speaker)))
    runtime.begin(AlieninjasSession(AlieninjasSetup("replicas", 3, 7, AlieninjasOptions())))
    assert runtime.phase == "ready" and not speaker.quick  # the ready screen: long buffer
    runtime.feed(ControlPressed(Control.GO, clock.now()))
    assert runtime.phase == "countdown" and speaker.quick  # "Go!" must start on time
    clock.advance_to(clock.now() + 10)
    runtime.tick()
    assert runtime.phase == "round" and speaker.quick
    runtime.feed(SeatPressed(2, clock.now()))
    clock.advance_to(clock.now() + 1)
    runtime.tick()
    assert runtime.phase == "check" and not speaker.quick
    runtime.end()
    assert not speaker.quick and runtime.executor.game == ""


def test_a_game_without_sounds_that_answer_presses_never_asks_for_a_quick_speaker() -> None:
    speaker = Speaker()
    speaker.quick = True
    executor = Executor(Outputs(transcript=Transcript(VirtualClock()), audio=speaker))
    executor.game = ""
    assert not speaker.quick


def test_a_closed_speaker_is_opened_just_before_the_next_deadline() -> None:
    clock = VirtualClock()
    speaker = Speaker()
    executor = Executor(Outputs(transcript=Transcript(clock), audio=speaker, now=clock.now))
    assert executor.audio.due(0.0, upcoming=300.0) is None, "open: nothing to do ahead"
    speaker.suspended = True
    assert executor.audio.due(0.0, upcoming=300.0) == 300.0 - REOPEN_AHEAD_SECONDS
    clock.advance_to(299.0)
    executor.audio.update(upcoming=300.0)
    assert speaker.woken_ahead == 0, "too early"
    clock.advance_to(300.0 - REOPEN_AHEAD_SECONDS)
    executor.audio.update(upcoming=300.0)
    assert speaker.woken_ahead == 1 and not speaker.suspended
    executor.audio.update(upcoming=300.0)
    assert speaker.woken_ahead == 1


def test_an_idle_speaker_stays_open_just_before_the_next_deadline() -> None:
    clock = VirtualClock(100.0)
    speaker = AudioOutput(clock=clock.now)  # the real mixer, on the discarding driver
    assert speaker.open(), "no mixer on the disk driver"
    try:
        executor = Executor(Outputs(transcript=Transcript(clock), audio=speaker, now=clock.now))
        idle = speaker.idle_close
        assert idle is not None
        executor.audio.update()  # quiet from now
        clock.advance_to(clock.now() + idle)  # due to close, a line a second away
        executor.audio.update(upcoming=clock.now() + KEEP_OPEN_SECONDS - 0.5)
        assert not speaker.suspended, "closed just before a line: it would open at its cue"
        clock.advance_to(clock.now() + idle)  # due again, the next deadline far off
        executor.audio.update(upcoming=clock.now() + 60.0)
        assert speaker.suspended
    finally:
        speaker.close()


def test_a_bed_generated_behind_the_loop_starts_once_it_is_written(tmp_path: Path) -> None:
    clock = VirtualClock()
    speaker = Speaker()
    written = threading.Event()
    ambience = NightSound(speaker, tmp_path, now=clock.now, behind=True, wake=written.set)
    executor = Executor(
        Outputs(transcript=Transcript(clock), audio=speaker, ambience=ambience, now=clock.now)
    )
    executor.run([Phase(N.DUSK)])  # the bed is not there yet: the loop goes on without it
    assert ("play", bed_path(tmp_path, "night")) not in speaker.calls
    assert executor.audio.due(clock.now()) is not None  # it looks again
    assert written.wait(60.0), "the bed was never written"
    executor.audio.update()
    assert ("play", bed_path(tmp_path, "night")) in speaker.calls


def _behind(tmp_path: Path) -> Narrator:
    narrator = Narrator(Catalogue.load(*catalogues()), EspeakBackend(), tmp_path)
    narrator.render_behind(fallback=None)
    return narrator


@pytest.mark.slow(8)
def test_a_game_that_starts_has_its_calls_rendered_before_it_can_reach_them(
    tmp_path: Path,
) -> None:
    with _behind(tmp_path) as narrator:
        executor = Executor(Outputs(transcript=Transcript(VirtualClock()), narrator=narrator))
        executor.game = "alieninjas"
        assert narrator.renderer is not None
        assert wait_rendered(narrator.renderer, Urgency.LATER)
        assert narrator.cache.has("Go!") and narrator.cache.has("Alieninjas!")


def test_a_player_named_has_their_name_lines_rendered_ahead(tmp_path: Path) -> None:
    with _behind(tmp_path) as narrator:
        executor = Executor(
            Outputs(transcript=Transcript(VirtualClock()), narrator=narrator, seats=4)
        )
        executor.run([AddPlayer(name="Anna")])
        assert narrator.renderer is not None
        assert wait_rendered(narrator.renderer, Urgency.LATER)
        assert narrator.cache.has("Anna, press the button at your seat.")
        assert all(narrator.cache.has(f"Anna is at seat {seat}.") for seat in range(1, 5))
        assert not narrator.cache.has("Anna is at seat 5.")  # the table has four seats


def test_a_plays_code_is_worked_out_behind_the_loop_and_shown_when_ready(
    tmp_path: Path,
) -> None:
    ready = threading.Event()
    store = Store(tmp_path / "m.db")
    try:
        transcript = Transcript(VirtualClock())
        outputs = Outputs(transcript=transcript, store=store, links_behind=True, wake=ready.set)
        executor = Executor(outputs, game="onenight")
        result = FinalResult("onenight", (None, None, None), (2,))
        end = Show(EndView("Village wins!", ("Winner: player 2.",)))
        executor.run([LogPlay("onenight.game", {"winners": [2]}, result=result), end])
        first = executor.shown.view
        assert isinstance(first, EndView) and executor.shown.layer.ending.link == ""  # at once
        for _ in range(2):  # the loop's passes: woken to start the link, then to show it
            assert ready.wait(60.0), "the loop was never woken"
            ready.clear()
            assert executor.shown.layer.ending.link == ""
            executor.last.show_ready_link()
        ending = executor.shown.layer.ending
        assert ending.link.startswith("http") and ending.again
        assert executor.shown.view == first  # the game's view as it was: the link is the device's
        from device.runtime.home import home_view

        executor.shown.show(home_view())
        executor.last.show_ready_link()
        assert executor.shown.screen is ScreenName.HOME  # a screen left stays left
    finally:
        executor.last.links.close()
        store.close()


def test_any_game_with_a_countdown_gets_the_tense_last_minute(tmp_path: Path) -> None:
    # No day screen, no One Night: a clock the table talks against is enough.
    clock = VirtualClock()
    executor, speaker = _ambient(tmp_path, clock)
    executor.run([Phase(N.DAY), Countdown(90.0)])
    assert executor.audio.due(clock.now()) == 30.0
    clock.advance_to(30.0)
    executor.audio.update()
    assert ("play", tmp_path / "ambience-tense-v1-1-24.wav") in speaker.calls
    executor.run([Countdown(None)])  # paused: the tense bed stops
    assert speaker.calls[-1] == ("stop", None)
