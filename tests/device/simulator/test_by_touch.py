"""Every game and mission played from the home screen to its logged play by a table's hands
alone: ``touch``, ``press``, ``control`` and ``key`` events, never the ``vote``, ``reveal`` or
``score`` shortcuts. On the way: a Quit, a refused entry corrected on screen, a player named
on the Players screen and then for a seat through "Who played?"."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.config import Config
from device.store.database import Store
from tests.touchplay import Table, table, table_config

MISSIONS = ("Speed", "Memory", "Collection", "Push Your Luck")


@pytest.fixture
def config(tmp_path: Path) -> Config:
    return table_config(tmp_path)


def action_label(t: Table, *actions: str) -> str:
    """The label of the first control on screen with one of ``actions`` (in that order)."""
    controls = dict((action, label) for label, action in t.daemon.ui.controls())
    for action in actions:
        if action in controls:
            return controls[action]
    picks = [label for action, label in controls.items() if action.startswith("pick:")]
    assert picks, f"nothing to answer on the keypad: {list(controls)}"
    return picks[0]


def enter_round(t: Table) -> None:
    """Enter every seat's score on the keypad: 1 for each number (3 for a card), No for
    yes/no, the first choice; until the keypad closes."""
    t.tap("Enter scores")
    while t.screen == "keypad":
        kind = getattr(t.daemon.shown.view, "kind", "")
        if kind == "number":
            t.tap("1", "OK")
        elif kind.startswith("cards"):
            t.tap("3", "OK")
        else:
            t.tap(action_label(t, "pick:no"))


def store_of(t: Table) -> Store:
    store = t.daemon.runtime.store
    assert store is not None
    return store


def play_one_night(t: Table) -> None:
    t.tap("One Night")
    play_one_night_of(t, ("Cow", "Alien", "Alien", "Psychic"))


def play_one_night_of(t: Table, cards: tuple[str, ...]) -> None:
    """From the setup screen to the result: everyone votes for the next seat, and seat by
    seat ``cards`` are turned over."""
    players = len(cards)
    t.tap("Start night").until("day")
    shown = getattr(t.daemon.shown.view, "roles", "")
    assert all(card in shown for card in cards)  # the day screen lists the roles in play
    t.tap("Vote now")
    assert t.labels == ["Vote now", "Not yet"]  # it asks first
    t.tap("Vote now").until("vote")
    for voter in range(1, players + 1):
        t.press(voter, voter % players + 1)
    t.tap("Reveal cards")
    for card in cards:
        t.tap(card, "Confirm")
    assert t.phase == "result"


def play_replicas_with_a_refused_entry(t: Table) -> None:
    t.tap("Replicas", "-", "Start")  # three players
    for round_number in range(3):
        t.until("ready").do("control", "go").until("round").do("wait", 20)
        t.press(round_number + 1).do("wait", 1).do("control", "yes")
        if round_number == 0:
            t.tap("Enter scores", "1", "2", "OK", "0", "OK", "No")  # 12: a grid has 9
            assert t.banner is not None and "more than a grid's 9 cards" in t.banner
            assert getattr(t.daemon.shown.view, "seat", None) == 1  # to correct
            t.tap("Cancel")
        enter_round(t)
    assert t.phase == "final"


def test_every_game_and_mission_is_played_from_home_by_touch(
    config: Config, tmp_path: Path
) -> None:
    with table(config, tmp_path / "m.db", strict=False) as t:
        t.tap("Players", "New player").do("key", "space")  # a key does nothing harmful here
        t.tap("A", "D", "A", "OK", "Done")
        assert t.screen == "home"

        play_one_night(t)
        assert {"BG Stats", "Who played?"} <= set(t.labels)  # after a touch reveal
        t.tap("Who played?", "Ada", "Done")
        (logged,) = store_of(t).plays()
        assert [(p.seat, p.name) for p in logged.players][:1] == [(1, "Ada")]
        roles = t.daemon.runtime.session.setup.roles  # type: ignore[union-attr]
        t.tap("Play again")
        assert t.phase == "setup" and t.screen == "setup"
        assert t.daemon.runtime.session.setup.roles == roles  # type: ignore[union-attr]
        t.tap("Quit", "Quit game")
        assert t.screen == "home"

        t.tap("Speed", "Start", "Quit", "Quit game")  # left at once: nothing logged
        assert t.screen == "home" and len(store_of(t).plays()) == 1

        play_replicas_with_a_refused_entry(t)
        t.tap("Home")
        for mission in MISSIONS:
            t.tap(mission, "-", "Start")
            for _ in range(3):
                t.until("score")
                enter_round(t)
            assert t.phase == "final", mission
            t.tap("Home")
        t.tap("Alienation", "-", "Start", "Random")
        for _ in range(3):
            t.until("score")
            enter_round(t)
        assert t.phase == "final"
        t.tap("Home", "Alien Encounters", "Start").until("rounds")
        t.tap(*["Next round"] * 10).until("score")
        enter_round(t)
        assert t.phase == "final"
        t.tap("Home")

        assert t.done > 100
        plays = store_of(t).plays()
        games = sorted(play.game for play in plays)
        assert games == sorted(["One Night", "Alienation", "Alien Encounters", *["Alieninjas"] * 5])
        three = [play for play in plays if play.game in ("Alieninjas", "Alienation")]
        assert all(len(play.players) == 3 for play in three)  # no phantom player 4
        assert "common.sorry" not in t.said  # refused, never a bug


def test_one_nights_next_game_starts_from_the_last_table_after_a_restart(
    config: Config, tmp_path: Path
) -> None:
    store = tmp_path / "m.db"
    with table(config, store) as t:
        t.tap("One Night", "+")  # five players: the preset adds a card
        t.press(1, 2)  # two seats check in: the count chosen by hand stays
        assert t.daemon.runtime.state.lobby.players == 5
        roles = t.daemon.runtime.state.lobby.roles
        play_one_night_of(t, tuple(role.display_name for role in roles[:5]))
        t.tap("Home")
    with table(config, store) as t:
        t.tap("One Night")
        setup = t.daemon.runtime.session.setup  # type: ignore[union-attr]
        assert setup.players == 5
        assert sorted(role.value for role in setup.roles) == sorted(role.value for role in roles)
