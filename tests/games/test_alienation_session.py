"""The Alienation session: round announcements, Firsties, totals, the final, and its lines."""

from __future__ import annotations

from typing import Any

import pytest
from tables import case_id, load_cases

from games.alienation.rules import AlienationSetup
from games.alienation.session import AlienationSession, round_lines
from games.alienation.state import AlienationPhase, AlienationState
from games.effects import Effect, Finished, Phase, Record, Report, Say, Show
from games.errors import EventNotAcceptedError, RulesError
from games.events import (
    Control,
    ControlPressed,
    ScoreEntered,
    SeatPressed,
    SeatRole,
    SeatTap,
    Tap,
    Tick,
    Touched,
    VoteCast,
    parse_action,
)
from games.views import SheetView
from narration.catalogue import Catalogue

FRIENDLIEST = load_cases("alienation_rules", "friendliest")
NAMES = ("last_card", "shuffle", "sunnies", "scores")
"""Every reminder in the catalogue, each said once a game."""


def drawn(players: int, seed: int = 0) -> AlienationSetup:
    """A setup whose start player is drawn at once (the ``random`` setting)."""
    return AlienationSetup(players, seed, friendliest="random")


def score(seat: int, points: int, **extra: object) -> ScoreEntered:
    return ScoreEntered(seat, points, tuple(sorted(extra.items())))


def play(
    session: AlienationSession, state: AlienationState, *events: Any
) -> tuple[AlienationState, list[Effect]]:
    effects: list[Effect] = []
    for event in events:
        state, more = session.handle(state, event, 0.0)
        effects += more
    return state, effects


def says(effects: list[Effect]) -> list[str]:
    return [effect.line for effect in effects if isinstance(effect, Say)]


def test_the_start_picks_a_start_player_from_the_seed_and_opens_round_1() -> None:
    session = AlienationSession(drawn(3, seed=11))
    state, effects = session.start(0.0)
    again, _ = AlienationSession(drawn(3, seed=11)).start(5.0)
    assert state.start == again.start
    assert 1 <= state.start <= 3
    assert session.phase(state) == "score"
    assert Phase(AlienationPhase.SCORE) in effects
    assert says(effects)[:4] == [
        "alienation.welcome",
        "alienation.first_start",
        "alienation.round",
        "alienation.draft",
    ]
    assert Say.of("alienation.draft", direction="left") in effects
    shown = [e for e in effects if isinstance(e, Show)]
    assert shown[-1].screen == "sheet"


def test_firsties_from_the_entry_a_seat_button_or_touch_picks_the_next_start() -> None:
    session = AlienationSession(drawn(3, seed=1))
    state, _ = session.start(0.0)
    state, effects = play(session, state, score(1, 12, sunnies=2, first=True), score(2, 9))
    assert state.firsties == 1
    assert Say.of("alienation.firsties", seat=1) in effects
    state, effects = play(session, state, SeatPressed(3, 0.0), score(3, 10))
    assert state.round == 2 and state.start == 3
    assert Say.of("alienation.draft", direction="right") in effects
    assert "alienation.reminder.shuffle" in says(effects)
    state, effects = play(
        session, state, Touched(SeatTap(SeatRole.FIRST, 2)), score(1, 1), score(2, 2)
    )
    assert state.firsties == 2


def test_without_firsties_the_start_player_stays() -> None:
    session = AlienationSession(drawn(2, seed=3))
    state, _ = session.start(0.0)
    start = state.start
    state, effects = play(session, state, score(1, 5), score(2, 6))
    assert state.start == start
    assert Say.of("alienation.no_firsties", seat=start) in effects


def test_a_seat_may_correct_its_entry_until_the_round_closes() -> None:
    session = AlienationSession(drawn(2))
    state, _ = session.start(0.0)
    state, _ = play(session, state, score(1, 50), score(1, 5), score(2, 6))
    assert state.rounds == ((5, 6),)


def test_three_rounds_report_scores_and_a_shared_final() -> None:
    session = AlienationSession(drawn(2, seed=4))
    state, _ = session.start(0.0)
    rounds = [(10, 12), (8, 9), (11, 8)]
    effects: list[Effect] = []
    for one, two in rounds:
        state, more = play(session, state, score(1, one, sunnies=1), score(2, two))
        effects += more
    reports = [e.data for e in effects if isinstance(e, Report) and e.kind == "score"]
    assert reports[-2:] == [
        {"round": 3, "seat": 1, "points": 11, "total": 29},
        {"round": 3, "seat": 2, "points": 8, "total": 29},
    ]
    assert len(reports) == 6
    final = next(e for e in effects if isinstance(e, Report) and e.kind == "final")
    assert final.data == {"winners": [1, 2], "totals": {1: 29, 2: 29}}
    assert Say.of("alienation.shared", seats="1 and 2", total=29) in effects
    assert any(isinstance(e, Record) and e.kind == "alienation.final" for e in effects)
    assert session.phase(state) == "final"
    state, effects = play(session, state, ControlPressed(Control.GO, 0.0))
    assert effects == []
    _, effects = play(session, state, Touched(Tap.HOME))
    assert effects == [Finished()]


@pytest.mark.parametrize("game", load_cases("alienation_rules", "game"), ids=case_id)
def test_the_final_sheet_shows_each_total_once(game: dict[str, Any]) -> None:
    players = len(game["rounds"][0])
    session = AlienationSession(drawn(players))
    state, _ = session.start(0.0)
    for points in game["rounds"]:
        state, effects = play(session, state, *(score(s, p) for s, p in enumerate(points, 1)))
    shows = [e for e in effects if isinstance(e, Show)]
    _resumed, again = session.resume(session.from_json(session.to_json(state)), 0.0, 0.0)
    for show in (shows[-1], again[-1]):
        assert isinstance(show, Show)
        assert isinstance(show.view, SheetView)
        assert [row.cells[-1] for row in show.view.rows] == [str(t) for t in game["totals"]]


def test_a_checkpoint_from_before_the_shared_sheet_resumes() -> None:
    """Closed rounds as points, the last round's entries kept at the end, no friendliest."""
    setup = {"players": 2, "seed": 0, "friendliest": "table", "friendliest_seconds": 120.0}
    entry = {"seat": 1, "points": 11, "sunnies": 0, "first": False}
    old = {
        "setup": setup,
        "phase": "final",
        "round": 3,
        "start": 2,
        "entries": [entry, {**entry, "seat": 2, "points": 8}],
        "firsties": None,
        "rounds": [[10, 12], [8, 9], [11, 8]],
        "sunnies": [0, 0],
        "message": "Players 1 and 2 share the win with 29",
        "choose_until": None,
    }
    session = AlienationSession(AlienationSetup(2))
    state, effects = session.resume(session.from_json(old), 0.0, 0.0)
    assert state.rounds == ((10, 12), (8, 9), (11, 8)) and state.friendliest is None
    show = effects[-1]
    assert isinstance(show, Show)
    assert isinstance(show.view, SheetView)
    assert [row.cells[-1] for row in show.view.rows] == ["29", "29"]
    in_round_one = {**old, "phase": "score", "round": 1, "rounds": [], "entries": []}
    assert session.from_json(in_round_one).friendliest == 2


def test_bad_inputs_are_refused() -> None:
    session = AlienationSession(drawn(2))
    state, _ = session.start(0.0)
    with pytest.raises(RulesError, match="seat 2 scored -1: a round score is 0 or more"):
        session.handle(state, score(2, -1), 0.0)
    with pytest.raises(EventNotAcceptedError, match="seat 4 took Firsties"):
        session.handle(state, SeatPressed(4, 0.0), 0.0)
    with pytest.raises(EventNotAcceptedError, match=r"a vote \(seat 1 for seat 2\) is not"):
        session.handle(state, VoteCast(1, 2), 0.0)


def test_the_state_survives_a_checkpoint() -> None:
    session = AlienationSession(drawn(3, seed=2))
    state, _ = session.start(0.0)
    state, _ = play(session, state, score(1, 4, first=True), score(2, 5), score(3, 6))
    state, _ = play(session, state, score(2, 7, sunnies=4))
    data = session.to_json(state)
    assert session.from_json(data) == state
    resumed, effects = session.resume(session.from_json(data), 10.0, 0.0)
    assert resumed == state
    assert effects[0] == Phase(AlienationPhase.SCORE)
    assert session.next_deadline(state) is None


def test_every_line_the_session_can_say_renders() -> None:
    catalogue = Catalogue.load("common", "alienation")
    lines: list[Say] = []
    for players in (2, 3, 4):
        for round_number in (1, 2, 3):
            lines += round_lines(round_number, 1, players)
    session = AlienationSession(drawn(3, seed=5))
    state, effects = session.start(0.0)
    lines += [e for e in effects if isinstance(e, Say)]
    for entries in ([(1, 3, True), (2, 2, False), (3, 1, False)],) * 2 + (
        [(1, 3, False), (2, 3, False), (3, 1, True)],
    ):
        state, more = play(session, state, *(score(s, p, first=f) for s, p, f in entries))
        lines += [e for e in more if isinstance(e, Say)]
    for table in FRIENDLIEST:  # the friendliest player: chosen, drawn on request, timed out
        lines += [e for e in _choose_friendliest(table)[1] if isinstance(e, Say)]
    lines += [
        Say.of("alienation.no_firsties", seat=2),
        Say.of("alienation.winner", seat=1, total=9),
        Say.of("alienation.shared", seats="1, 2 and 4", total=30),
    ]
    spoken = {say.line for say in lines}
    # A ".named" twin is said by the device for a named seat (test_seat_names.py).
    assert spoken == {i for i in catalogue.ids() if not i.endswith(".named")} - set(
        Catalogue.load("common").ids()
    )
    for say in lines:
        text = catalogue.text(say.line, say.param_map())
        assert text and "{" not in text, say.line


# -- the friendliest player starts round 1 (tests/data/alienation_rules.toml) -------------------


def _choose_friendliest(
    case: dict[str, Any],
) -> tuple[AlienationSession, list[Effect], list[tuple[AlienationState, AlienationPhase]]]:
    """Start the case's game and feed its events at their times; each state with its phase."""
    block = {"players": case["players"], "seed": case["seed"], "options": case.get("options", {})}
    session = AlienationSession(AlienationSetup.from_block(block))
    state, effects = session.start(0.0)
    seen = [(state, session.phase(state))]
    now = 0.0
    for kind, *args in case["events"]:
        if kind == "tick":
            now = float(args[0])
            event: Any = Tick(now)
        elif kind == "press":
            event = SeatPressed(int(args[0]), now)
        elif kind == "touch":
            event = Touched(parse_action(str(args[0])))
        else:
            event = ControlPressed(Control.GO, now)
        state, more = session.handle(state, event, now)
        effects += more
        seen.append((state, session.phase(state)))
    return session, effects, seen


@pytest.mark.parametrize("case", FRIENDLIEST, ids=case_id)
def test_the_friendliest_player_starts_round_1(case: dict[str, Any]) -> None:
    _, effects, seen = _choose_friendliest(case)
    state = seen[-1][0]
    phases = [phase for _, phase in seen]
    if case["events"]:  # the table is asked first, and round 1 waits for the last event
        assert set(phases[:-1]) == {"friendliest"}
    assert phases[-1] == "score"
    assert state.start == case["start"]
    said = [e.line for e in effects if isinstance(e, Say)]
    assert said[: said.index("alienation.round")] == case["opening"]
    assert Say.of("alienation.round", round=1, rounds=3, seat=case["start"]) in effects
    records = [e for e in effects if isinstance(e, Record) and e.kind == "alienation.friendliest"]
    assert [record.data for record in records] == [{"seat": case["start"], "by": case["by"]}]


def test_while_the_table_chooses_the_sheet_offers_each_player_and_random() -> None:
    session = AlienationSession(AlienationSetup(3, seed=1))
    state, effects = session.start(10.0)
    assert session.phase(state) == "friendliest"
    assert Phase(AlienationPhase.FRIENDLIEST) in effects
    assert session.next_deadline(state) == 130.0
    view = [e for e in effects if isinstance(e, Show)][-1].view
    assert isinstance(view, SheetView)
    assert [c.action for c in view.controls] == [
        SeatTap(SeatRole.FRIENDLIEST, 1),
        SeatTap(SeatRole.FRIENDLIEST, 2),
        SeatTap(SeatRole.FRIENDLIEST, 3),
        Tap.RANDOM_FRIENDLIEST,
    ]
    assert str(view.controls[0].action) == "friendliest:1"  # as it reads
    assert [c.label for c in view.controls][-1] == "Random"
    assert not any(row.lit for row in view.rows)


def test_while_the_table_chooses_bad_input_is_refused_by_name() -> None:
    session = AlienationSession(AlienationSetup(3, seed=1))
    state, _ = session.start(0.0)
    with pytest.raises(EventNotAcceptedError) as error:
        session.handle(state, SeatPressed(5, 0.0), 0.0)
    assert str(error.value) == "seat 5 cannot be the friendliest player: the seats are 1 to 3"
    with pytest.raises(EventNotAcceptedError) as error:
        session.handle(state, Touched(SeatTap(SeatRole.FRIENDLIEST, 0)), 0.0)
    assert str(error.value) == "seat 0 cannot be the friendliest player: the seats are 1 to 3"
    with pytest.raises(EventNotAcceptedError) as error:
        session.handle(state, score(1, 4), 0.0)
    assert str(error.value) == (
        "seat 1 entered a score in phase 'friendliest': round 1 opens once the friendliest "
        "player is chosen (a seat button, Random, or the draw after 120 s)"
    )
    assert session.handle(state, Touched(SeatTap(SeatRole.FIRST, 2)), 0.0) == (state, [])


def test_a_checkpoint_while_choosing_keeps_the_rest_of_the_wait() -> None:
    session = AlienationSession(AlienationSetup(2, seed=3))
    state, _ = session.start(100.0)
    data = session.to_json(state)
    assert session.from_json(data) == state
    resumed, effects = session.resume(session.from_json(data), 160.0, 1000.0)
    assert effects[0] == Phase(AlienationPhase.FRIENDLIEST)
    assert session.next_deadline(resumed) == 1060.0  # 60 s were left of the 120
    old = {key: value for key, value in data.items() if key != "choose_until"}
    old["setup"] = {"players": 2, "seed": 3}  # a checkpoint from before the choice existed
    assert session.from_json(old).setup.friendliest == "table"


@pytest.mark.parametrize("case", load_cases("alienation_round_lines"), ids=case_id)
def test_a_round_opens_with_the_reminders_due_then_and_only_those(case: dict[str, Any]) -> None:
    lines = round_lines(case["round"], case["start"], case["players"])
    assert [say.line for say in lines] == case["says"]


def test_every_reminder_is_said_once_in_a_whole_game() -> None:
    session = AlienationSession(drawn(3, seed=5))
    state, effects = session.start(0.0)
    said = says(effects)
    for _ in range(3):
        state, more = play(session, state, score(1, 3, first=True), score(2, 2), score(3, 1))
        said += says(more)
    assert state.phase == "final"
    reminders = [line for line in said if line.startswith("alienation.reminder.")]
    assert sorted(reminders) == sorted(f"alienation.reminder.{name}" for name in NAMES)
