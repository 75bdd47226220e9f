"""Whole plays by touch that more than one test runs: every game and mission from the home screen
to its logged play (tests/device/simulator/test_by_touch.py) and One Night's setup Options
across a restart (tests/device/runtime/test_setup_options.py). The layout check
(tests/device/ui/test_layout.py) replays both to reach every screen."""

from __future__ import annotations

from pathlib import Path

from suitegames import suite_only
from touchplay import Table, enter_round, table, table_config

from device.config import Config
from device.store.database import Store
from games.onenight.setup import OneNightOptions

MISSIONS = ("Speed", "Memory", "Collection", "Push Your Luck")


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


def play_every_game(config: Config, tmp_path: Path) -> None:
    """Every game and mission played from home to its logged play by a table's hands alone:
    on the way a Quit, a refused entry corrected on screen, a player named on the Players
    screen and then for a seat through "Who played?"."""
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
        for spec in suite_only():  # a game this script does not know, by what it declares
            play_by_its_declarations(t, spec.name)
            t.tap("Home")

        assert t.done > 100
        plays = store_of(t).plays()
        games = sorted(play.game for play in plays)
        missions = [f"Alieninjas: {name}" for name in ("Replicas", *MISSIONS)]
        known = ["One Night", "Alienation", "Alien Encounters", *missions]
        assert games == sorted([*known, *(spec.name for spec in suite_only())])
        three = [p for p in plays if p.game.startswith("Alieninjas") or p.game == "Alienation"]
        assert all(len(play.players) == 3 for play in three)  # no phantom player 4
        assert "common.sorry" not in t.said  # refused, never a bug


def play_by_its_declarations(t: Table, button: str) -> None:
    """Play a game from its home button to its logged play knowing only what it declares: Start
    on the how-many-players screen, Go until a phase takes scores, then the keypad, round after
    round (``enter_round``), time running between."""
    logged = len(store_of(t).plays())
    t.tap(button)
    if t.screen == "table":
        t.tap("Start")
    for _ in range(50):
        if len(store_of(t).plays()) > logged:
            return
        phase = t.phase
        if phase is not None and phase.scoring and "Enter scores" in t.labels:
            enter_round(t)
        else:
            t.do("control", "go").do("wait", 5)
    raise AssertionError(f"{button}: no play logged after 50 turns, in phase {t.phase}")


ANSWERS = ["Night -", "Night +", "Talk -", "Talk +", "Vote mode", "Done"]


def options_of(t: Table) -> tuple[float, int, str]:
    options: OneNightOptions = t.daemon.runtime.state.setup.options
    return options.role_seconds, options.day_minutes, str(options.vote_mode)


def pace(t: Table) -> str:
    return str(getattr(t.daemon.shown.view, "pace", ""))


def play_one_night_options(tmp_path: Path) -> None:
    """One Night's Options set by touch, played with, and kept for the next game across a
    restart."""
    config, store = table_config(tmp_path), tmp_path / "m.db"
    with table(config, store) as t:
        t.tap("One Night")
        assert "Options" in t.labels
        assert options_of(t) == (10.0, 1, "secret")  # the device's settings
        t.tap("Options")
        assert t.labels == ANSWERS  # a question over the screen: only its answers reach
        # Talk goes 1, 2, auto (3 at four players), 4.
        t.tap("Night -", "Night -", "Talk +", "Talk +", "Talk +", "Vote mode")
        assert options_of(t) == (8.0, 4, "called")
        assert pace(t) == "Night: 8 s a role. Talk: 4 min. Vote: called."
        t.tap("Done")
        assert "Options" in t.labels and "Start night" in t.labels
        t.tap("Start night").until("day").tap("Vote now", "Vote now").until("vote")
        players = t.daemon.runtime.state.setup.players
        for voter in range(1, players + 1):  # called in turn: each presses only a target
            t.press(voter % players + 1)
        t.tap("Reveal cards")
        for role in t.daemon.runtime.state.setup.roles[:players]:
            t.tap(role.display_name, "Confirm")
        assert t.phase == "result"
        t.tap("Home")
    with table(config, store) as t:
        t.tap("One Night", "Options")
        assert options_of(t) == (8.0, 4, "called")
        assert pace(t) == "Night: 8 s a role. Talk: 4 min. Vote: called."
        t.tap("Talk -")  # down onto the auto value: auto
        auto = t.daemon.runtime.state.setup.players - 1
        assert pace(t) == f"Night: 8 s a role. Talk: {auto} min (auto). Vote: called."
        t.tap("Done", "Start night").until("night")
        assert options_of(t) == (8.0, 0, "called")


LONG_NAMES = ("Zoë Ångström-Łukasiewicz", "WWWWWWWWWWWWWWWWWWWW", "Maximilian Alexander Humboldt")
"""Names at their widest: non-ASCII, wide letters, many words (seats 1 to 3; seat 4 unnamed)."""


def play_with_long_names(config: Config, tmp_path: Path) -> None:
    """The screens that name seats, with long names linked to seats 1 to 3 on the Players
    screen: One Night with a grid vote (its rows, the reveal's chips, the end) and again with
    the seat ring, the Replicas check and an Alienation sheet."""
    with table(config, tmp_path / "long.db") as t:
        for name in LONG_NAMES:
            store_of(t).add_player(name)
        t.tap("Players")
        for seat, name in enumerate(LONG_NAMES, start=1):
            t.tap(name).press(seat)
        t.tap("Done", "One Night", "Options", "Vote mode", "Vote mode", "Done")
        t.tap("Start night").until("day").tap("Vote now", "Vote now").until("vote")
        for voter in range(1, 5):
            t.tap(f"Voter {voter}", f"Target {voter % 4 + 1}")
        t.tap("Reveal cards")  # the last vote closes it
        cards = tuple(role.display_name for role in t.daemon.runtime.state.setup.roles[:4])
        for card in cards:
            t.tap(card, "Confirm")
        assert t.phase == "result"
        t.tap("Play again", "Options", "Vote mode", "Done")  # grid to secret: the seat ring
        play_one_night_of(t, cards)
        t.tap("Home", "Replicas", "Start").do("control", "go").until("round").do("wait", 20)
        t.press(1).do("wait", 1).do("control", "yes")
        t.tap("Quit", "Quit game", "Alienation", "Start", "Random").until("score")
        enter_round(t)
        t.tap("Quit", "Discard & quit")
        assert t.screen == "home"
