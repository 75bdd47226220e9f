"""One Night's result lines are rendered during the day, behind the loop, before the reveal."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from handbuilt import step_until

from device.clock import VirtualClock
from device.config import load_config
from device.runtime.app import Daemon
from device.runtime.parts import Wiring, open_daemon
from device.runtime.sessions import home_session
from device.runtime.wiring import VoiceMode
from games.events import RevealEntered, Tap, Touched, VoteCast
from games.onenight import foresee, reveal
from games.onenight.ballot import Ballot
from games.onenight.result import resolution
from games.onenight.revealed import RevealEntry
from games.onenight.roles import Role
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightSetup
from games.onenight.state import OneNightState
from narration.narrator import Narrator
from narration.renderer import LineRenderer

DEAL = ["werewolf", "werewolf", "seer", "robber", "troublemaker", "tanner"]
CARDS = ("werewolf", "seer", "tanner")
BALLOT = ((1, (2,)), (2, (1,)), (3, (1,)))
WAIT = 120.0
"""A bound on waiting for the renderer's thread (espeak-ng renders a line in milliseconds)."""


def _result(setup: OneNightSetup) -> tuple[str, ...]:
    """What the game will say once its cards are turned over (the session is pure)."""
    final = OneNightState(setup, ballot=Ballot(3, votes=BALLOT))
    for seat, card in enumerate(CARDS, start=1):
        final = reveal.record(final, RevealEntry(seat, Role(card)))
    return resolution(final).explanation()


def _open(tmp_path: Path, stack: ExitStack) -> tuple[Daemon, VirtualClock, LineRenderer]:
    """The device's daemon on a virtual clock, espeak-ng rendering behind its loop."""
    config = load_config(
        system_path=None,
        overrides={
            "narration.backend": "espeak",
            "narration.cache_dir": str(tmp_path / "voice"),
            "audio.enabled": False,
        },
    )
    clock = VirtualClock()
    wiring = Wiring(
        clock=clock,
        store_path=tmp_path / "m.db",
        hardware="mock",
        audio=False,
        voice=VoiceMode.BEHIND,
    )
    daemon = open_daemon(config, wiring, stack)
    narrator = daemon.runtime.executor.out.narrator
    assert isinstance(narrator, Narrator) and narrator.renderer is not None
    return daemon, clock, narrator.renderer


def _session(daemon: Daemon, deal: list[str]) -> OneNightSession:
    setup = {"game": "onenight", "players": 3, "seed": 1, "roles": deal}
    session = home_session(setup, daemon.config, tuple)
    assert isinstance(session, OneNightSession)
    return session


def test_the_result_lines_are_in_the_cache_before_the_last_card(tmp_path: Path) -> None:
    with ExitStack() as stack:
        daemon, clock, renderer = _open(tmp_path, stack)
        session = _session(daemon, DEAL)
        said = _result(session.setup)
        assert not any(renderer.cache.has(line) for line in said)
        daemon.runtime.begin(session)
        daemon.inbox.put(Touched(Tap.START))
        step_until(daemon, clock, "day")
        # The day is on: the deaths, the cards and the teams render while the table talks.
        assert renderer.wait_cached(said[:-1], WAIT)
        daemon.inbox.put(Touched(Tap.VOTE))
        step_until(daemon, clock, "vote")
        for voter, (target,) in BALLOT:
            daemon.inbox.put(VoteCast(voter, target))
        daemon.step(until=clock.now())
        for seat, card in enumerate(CARDS[:2], start=1):
            daemon.inbox.put(RevealEntered(seat, card))
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "reveal"
        # One card left: the result it makes, winners and all, renders before it is entered.
        assert renderer.wait_cached(said, WAIT)
        daemon.inbox.put(RevealEntered(3, CARDS[2]))
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "result"


def test_a_rarer_last_card_is_worked_out_behind_the_loop_and_rendered(tmp_path: Path) -> None:
    deal = ["vampire", "vampire", "cupid", "seer", "villager", "villager"]
    with ExitStack() as stack:
        daemon, clock, renderer = _open(tmp_path, stack)
        daemon.runtime.begin(_session(daemon, deal))
        daemon.inbox.put(Touched(Tap.START))
        step_until(daemon, clock, "day")
        daemon.inbox.put(Touched(Tap.VOTE))
        step_until(daemon, clock, "vote")
        for voter, target in ((1, 3), (2, 3), (3, 1)):  # seat 3 dies
            daemon.inbox.put(VoteCast(voter, target))
        daemon.step(until=clock.now())
        for seat, card in ((1, "vampire"), (2, "seer")):
            daemon.inbox.put(RevealEntered(seat, card))
        daemon.step(until=clock.now())
        state = daemon.runtime.state
        assert isinstance(state, OneNightState)
        # Seat 3 turned over as a Villager with the Mark of the Vampire: a vampire now.
        marked = RevealEntered(3, "villager", mark="vampire")
        said = resolution(reveal.record(state, reveal.check(state, marked))).explanation()
        plain = set(foresee.last_card_lines(state))
        assert [line for line in said if line not in plain], "a result no plain card gives"
        assert renderer.wait_cached(said, WAIT)
        daemon.inbox.put(marked)
        daemon.step(until=clock.now())
        assert daemon.runtime.phase == "result"
