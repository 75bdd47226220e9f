"""Steps that move a game on, for the device fuzz (``tests/devicefuzz.py``): random taps alone
seldom finish a game (a keypad entry needs its digits and OK in turn, an Alien Encounters game
ten Next rounds without an Undo), so the end of the games, their logged play and the score log
after it were never fuzzed. A driven sequence mixes these steps with the random ones until its
game has logged its play, then fuzzes around the end screens at random.

A drive step is still an input a table could make (a control the screen shows, a seat press,
time passing), checked as the random ones are: an apology after it is a bug.
"""

from __future__ import annotations

import random

from devicefuzz import Sorries, Step

from device.clock import VirtualClock
from device.runtime.app import Daemon
from device.ui import TouchUI
from games.events import Control, ControlPressed, SeatPressed

ONWARD = (
    *("table:start", "start", "go", "yes", "no", "keypad", "next"),
    *("vote", "confirm:vote", "reveal", "confirm"),
)
"""Actions that move a game on, as a table taps them."""
ONWARD_PREFIXES = ("friendliest:", "first:", "card:")
"""Choices a game asks for before it goes on (any answer does; a card turned over)."""
CLOSES = ("close",)
"""Actions that end a phase early (a vote): tapped only now and then, so votes come first."""
DRIVE_SHARE = 0.8
"""The share of a driven sequence's steps that are drive steps (the rest are random)."""
WAITS = (1.0, 10.0)
"""Time a drive step may let pass when nothing on the screen moves the game on."""


def _onward(action: str) -> bool:
    return action in ONWARD or action.startswith(ONWARD_PREFIXES)


def _keypad_label(daemon: Daemon[TouchUI], rng: random.Random) -> str:
    """A keypad tap toward a valid entry: a small number then OK, or one of its answers."""
    view = daemon.shown.view
    kind = str(getattr(view, "kind", ""))
    typed = str(getattr(view, "typed", ""))
    actions = {str(action): label for label, action in daemon.ui.controls()}
    if kind == "number" or kind.startswith("cards"):
        return actions["ok"] if typed else actions[f"digit:{rng.randint(0, 3)}"]
    picks = [label for action, label in actions.items() if action.startswith("pick:")]
    return rng.choice(picks)


def _reveal_label(daemon: Daemon[TouchUI]) -> str | None:
    """A reveal tap toward cards that add up: seat N turns over the setup's N-th card (as a
    table whose cards were dealt in that order), a seat given another card is opened again,
    then Confirm. None when the picker is not open."""
    state = daemon.runtime.state
    draft, setup = getattr(state, "draft", None), getattr(state, "setup", None)
    if draft is None or setup is None:
        return None
    roles = setup.roles
    actions = {str(action): label for label, action in daemon.ui.controls()}
    if draft.card != roles[draft.seat - 1]:
        return actions.get(f"card:{roles[draft.seat - 1].value}")
    wrong = [e.seat for e in state.reveals if e.seat != draft.seat and e.card != roles[e.seat - 1]]
    if wrong:
        return actions.get(f"seat:{wrong[0]}")
    return actions.get("confirm")


def _players(daemon: Daemon[TouchUI]) -> int:
    setup = getattr(daemon.runtime.state, "setup", None)
    return int(getattr(setup, "players", 4) or 4)


def drive_step(daemon: Daemon[TouchUI], rng: random.Random, sorries: Sorries, game: str) -> Step:
    """One input that moves ``game`` (its home screen label) on: its home button when no game
    runs (a random tap went home; Home or Back out of the score log), a keypad entry's next
    tap, a control that goes on (Start, Go, Next round, Vote, a card, an answer), a control
    button, a seat press (a vote, a buzz) or time passing; then one pass of the loop, as
    ``random_step`` runs it."""
    clock = daemon.clock
    assert isinstance(clock, VirtualClock)
    controls = [(label, str(action)) for label, action in daemon.ui.controls()]
    labels = [label for label, _ in controls]
    onward = [label for label, action in controls if _onward(action)]
    closes = [label for label, action in controls if action in CLOSES]
    step: Step
    home = [label for label, action in controls if action == "home"]
    if daemon.runtime.session is None and game in labels:
        daemon.ui.tap(game)
        step = Step("tap", game)
    elif daemon.runtime.session is None and home and not onward:  # the score log: back
        daemon.ui.tap(home[0])
        step = Step("tap", home[0])
    elif str(daemon.ui.screen) == "keypad":
        label = _keypad_label(daemon, rng)
        daemon.ui.tap(label)
        step = Step("tap", label)
    elif str(daemon.ui.screen) == "reveal" and (chip := _reveal_label(daemon)) is not None:
        daemon.ui.tap(chip)
        step = Step("tap", chip)
    elif onward and rng.random() < 0.7:
        label = rng.choice(onward)
        daemon.ui.tap(label)
        step = Step("tap", label)
    elif closes and rng.random() < 0.05:
        label = rng.choice(closes)
        daemon.ui.tap(label)
        step = Step("tap", label)
    elif rng.random() < 0.15:  # a control button: yes to a question (a changed vote)
        control = rng.choice((Control.YES, Control.YES, Control.NO, Control.GO))
        daemon.inbox.put(ControlPressed(control, clock.now()))
        step = Step("control", control.value)
    elif rng.random() < 0.5:
        seat = rng.randint(1, _players(daemon))
        daemon.inbox.put(SeatPressed(seat, clock.now()))
        step = Step("seat", f"seat {seat}")
    else:
        seconds = rng.choice(WAITS)
        clock.advance_to(clock.now() + seconds)
        step = Step("time", f"+{seconds:g} s")
    daemon.step(until=clock.now())
    step.sorry = sorries.new()
    return step
