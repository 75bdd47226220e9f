"""Every phase of every game survives a crash: checkpoint, kill, resume, compare.

Each case in ``tests/data/resume_phases.toml`` plays a game with the real session up to one
phase, checkpoints it through JSON text, drops every object, rebuilds the session the way the
daemon does (``session_for_checkpoint``) and resumes it on a clock that starts elsewhere. The
resumed game must be in the same phase with the same state (times moved by the shift), the same
remaining time, the same screen and lamps, and must not say, ask or record anything again.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from resume_play import Play, played
from tables import case_id, load_cases

from device.runtime.sessions import session_for_checkpoint
from games.alienation import session as alienation
from games.alieninjas import session as alieninjas
from games.alieninjas.setup import MISSIONS
from games.effects import (
    Effect,
    Finished,
    GamePhase,
    Lamp,
    Phase,
    Prepare,
    Record,
    Report,
    Say,
    Show,
)
from games.encounters import session as encounters
from games.events import (
    Event,
    Tick,
)
from games.onenight import night
from games.onenight import session as onenight
from games.scorelog import players
from games.session import Session
from games.views import View

ROOT = Path(__file__).parents[2]
CASES = load_cases("resume_phases")
TIMES: dict[str, tuple[str, ...]] = {
    # Where each game's state holds a time on the device clock ("*": every item of a list).
    "onenight": ("deadline", "day_ends_at"),
    "alieninjas": (
        "deadline",
        "running_since",
        "candidate.at",
        "candidate.opened",
        "candidate.until",
        "false_starts.*.1",
    ),
    "alienation": ("choose_until",),
    "encounters": (),
    "players": (),
}
VIEW_TIMES = ("started_at", "ends_at")
"""Screen view keys that hold a time on the device clock."""
CLOCKS: dict[str, Callable[[float], float]] = {
    "later": lambda saved_at: saved_at + 1000.0,
    "rebooted": lambda saved_at: 3.0,  # a clock that starts again near zero
}


def shifted(data: Any, paths: tuple[str, ...], shift: float) -> Any:
    """``data`` (JSON) with the times at ``paths`` moved by ``shift``."""
    data = json.loads(json.dumps(data))
    for path in paths:
        _shift(data, path.split("."), shift)
    return data


def _shift(node: Any, keys: list[str], shift: float) -> None:
    key, rest = keys[0], keys[1:]
    children = (
        list(range(len(node))) if key == "*" else [int(key) if isinstance(node, list) else key]
    )
    for child in children:
        if node[child] is None:
            continue
        if rest:
            _shift(node[child], rest, shift)
        else:
            node[child] = node[child] + shift


def lamps(effects: list[Effect]) -> dict[int, str]:
    """The lamps left lit by ``effects``, on a board that starts dark."""
    board: dict[int, str] = {}
    for effect in effects:
        if isinstance(effect, Lamp):
            board[effect.seat] = effect.pattern
    return {seat: pattern for seat, pattern in board.items() if pattern != "off"}


@pytest.mark.parametrize("clock", sorted(CLOCKS))
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_game_killed_in_this_phase_resumes_as_it_was(case: dict[str, Any], clock: str) -> None:
    play = played(case)
    assert play.phase == case["phase"], "the case does not reach its phase"
    game, saved_at = play.session.game, play.saved_at
    text = json.dumps(play.session.to_json(play.state))
    screen, lit, spoken_before = play.screen, lamps(play.log), _questions_spoken(play)
    del play  # the daemon is killed: only the checkpoint's text is left

    data = json.loads(text)
    session = session_for_checkpoint(game, data)
    loaded = session.from_json(data)
    now = CLOCKS[clock](saved_at)
    shift = now - saved_at
    resumed, effects = session.resume(loaded, saved_at, now)

    # The same phase, said once; read back from the checkpoint's text as the game's enum.
    assert isinstance(session.phase(loaded), GamePhase)
    assert isinstance(session.phase(resumed), GamePhase)
    assert session.phase(resumed) == case["phase"]
    assert [e for e in effects if isinstance(e, Phase)] == [Phase(case["phase"])]
    # Nothing said, asked, recorded or reported again (only what the case allows).
    assert [e.line for e in effects if isinstance(e, Say)] == case.get("says", [])
    assert [e for e in effects if isinstance(e, Record | Report | Finished)] == []
    assert bool([e for e in effects if isinstance(e, Prepare)]) == case.get("prepare", False)
    # The same state, its times moved by the shift.
    expected = shifted(data, TIMES[game], shift)
    got = json.loads(json.dumps(session.to_json(resumed)))
    restart = case.get("restarts_at")
    if restart is not None:
        # A night step is called again, from ``restarts_at``, after a short quiet.
        script = night.cues(resumed)
        if restart == "(day)":  # the night's last line was said: the day opens next
            assert resumed.cue == len(script)
        else:
            assert script[resumed.cue].say.line == restart
        assert resumed.deadline == now + night.RESUME_DELAY
        for key in ("cue", "deadline", "listening", "answer", "replaying"):
            expected[key] = got[key]
    assert got == expected
    # The same remaining time.
    before, after = session.next_deadline(loaded), session.next_deadline(resumed)
    if restart is None:
        assert (after is None) == (before is None)
        if before is not None and after is not None:
            assert after - now == pytest.approx(before - saved_at)
    # The same screen with the same view, and the same lamps.
    shows = [e for e in effects if isinstance(e, Show)]
    assert shows, "resume shows no screen"
    assert shows[-1].screen == screen.screen
    assert shows[-1].view == _view(screen.view, shift)
    assert lamps(effects) == lit
    # A night question already asked is not asked again, however the night goes on.
    if game == "onenight" and case["phase"] in ("dusk", "night"):
        _play_on_without_asking_again(session, resumed, now, spoken_before)
    # And the game goes on from there.
    if "then" in case:
        _then(case, session, resumed, now, effects)


def _view(view: View | Mapping[str, Any], shift: float) -> View | dict[str, Any]:
    """The view as it must be shown after the resume: its device-clock times moved."""
    if isinstance(view, View):
        moved = {
            name: getattr(view, name) + shift
            for name in VIEW_TIMES
            if getattr(view, name, None) is not None
        }
        return dataclasses.replace(view, **moved)
    return {
        key: value + shift if key in VIEW_TIMES and value is not None else value
        for key, value in view.items()
    }


def _questions_spoken(play: Play) -> set[str]:
    if play.session.game != "onenight" or play.phase not in ("dusk", "night"):
        return set()
    return {cue.say.line for cue in night.cues(play.state)[: play.state.cue] if cue.listen}


def _play_on_without_asking_again(
    session: Session[Any], state: Any, now: float, asked: set[str]
) -> None:
    said: list[str] = []
    while session.phase(state) in ("dusk", "night"):
        deadline = session.next_deadline(state)
        assert deadline is not None
        now = max(now, deadline)
        state, effects = session.handle(state, Tick(now), now)
        said += [e.line for e in effects if isinstance(e, Say)]
    assert asked.isdisjoint(said)
    assert session.phase(state) == "day"


def _then(
    case: Mapping[str, Any], session: Session[Any], state: Any, now: float, effects: list[Effect]
) -> None:
    play = Play.__new__(Play)
    play.case, play.session, play.state, play.now, play.log = {}, session, state, now, []
    play._done(effects)  # the resume's own follow-ups (rendered lines) come back first
    for event in case["then"]:
        play.one(event)
    assert play.phase == case["then_phase"]


# -- the table covers every phase ---------------------------------------------------------

DECLARED: dict[str, tuple[str, ...]] = {
    "onenight": onenight.PHASES,
    "alienation": alienation.PHASES,
    "encounters": encounters.PHASES,
    "players": players.PHASES,
    **{
        f"alieninjas.{mission}": alieninjas.REPLICAS_PHASES
        if mission == "replicas"
        else alieninjas.SHEET_PHASES
        for mission in MISSIONS
    },
}
SOURCES = {
    "onenight": "games/onenight",
    "alienation": "games/alienation",
    "encounters": "games/encounters",
    "players": "games/scorelog/players.py",
    "alieninjas": "games/alieninjas",
}
MEMBER = re.compile(r"\b[A-Z][A-Za-z]*Phase\.([A-Z_]+)\b")
"""A phase named in a game's source: always by its enum's member (tests/test_enum_compare.py)."""


def kind(case: Mapping[str, Any]) -> str:
    setup = case["setup"]
    game = str(setup["game"])
    return f"{game}.{setup['mission']}" if game == "alieninjas" else game


def test_the_table_has_a_case_for_every_phase_of_every_game() -> None:
    covered: dict[str, set[str]] = {}
    for case in CASES:
        covered.setdefault(kind(case), set()).add(case["phase"])
    missing = {
        name: sorted(set(phases) - covered.get(name, set()))
        for name, phases in DECLARED.items()
        if set(phases) - covered.get(name, set())
    }
    assert missing == {}


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_phase_a_session_names_is_declared(game: str) -> None:
    """A new phase in a game's source must join its session's declared phases (and so the
    table): the phase names written in the source are all declared."""
    path = ROOT / SOURCES[game]
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    named = {m.lower() for f in files for m in MEMBER.findall(f.read_text(encoding="utf-8"))}
    declared = {p for name, phases in DECLARED.items() if name.startswith(game) for p in phases}
    assert named, "no phase names found: the pattern no longer matches the source"
    assert named - declared == set()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_phase_a_case_passes_through_is_declared(case: dict[str, Any]) -> None:
    play = Play(case)
    seen = {play.phase}
    original = play.feed

    def feed(event: Event) -> None:
        original(event)
        seen.add(play.phase)

    play.feed = feed  # type: ignore[method-assign]
    for event in case.get("events", ()):
        play.one(event)
    assert seen - set(DECLARED[kind(case)]) == set()
