"""The store: private, WAL, and a game that survives a crash resumes where it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from handbuilt import store_runtime, tick_until

from device.clock import VirtualClock
from device.runtime.sessions import session_for_checkpoint
from device.store.database import Store, file_mode
from games.events import ChipKind, ChipTap, PickTap, Tap, Tick, Touched
from games.onenight.session import OneNightSession
from games.onenight.setup import OneNightOptions, OneNightSetup, find_preset


def test_the_store_is_private_and_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "state" / "m.db")
    store.save_checkpoint("onenight", {"a": 1}, 2.5)
    assert file_mode(tmp_path / "state" / "m.db") == 0o600
    mode = sqlite3.connect(tmp_path / "state" / "m.db").execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)
    store.close()


def test_the_checkpoint_round_trips_and_can_be_cleared(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    assert store.load_checkpoint() is None
    store.save_checkpoint("onenight", {"phase": "day"}, 12.0)
    store.save_checkpoint("onenight", {"phase": "vote"}, 13.0)
    again = Store(tmp_path / "m.db")  # a second connection, as after a restart
    checkpoint = again.load_checkpoint()
    assert checkpoint is not None
    assert (checkpoint.game, checkpoint.state, checkpoint.saved_at) == (
        "onenight",
        {"phase": "vote"},
        13.0,
    )
    again.clear_checkpoint()
    assert store.load_checkpoint() is None


def test_a_game_killed_in_the_day_resumes_with_its_remaining_time(tmp_path: Path) -> None:
    setup = OneNightSetup(
        4, find_preset("alien_first_game").roles, 9, OneNightOptions(day_minutes=3)
    )
    clock = VirtualClock()
    store = Store(tmp_path / "m.db")
    runtime = store_runtime(store, clock, log_plays=False)
    runtime.begin(OneNightSession(setup))
    runtime.feed(Touched(Tap.START))
    tick_until(runtime, clock, "day")
    day_start = clock.now()
    clock.advance_to(day_start + 50)
    runtime.feed(Tick(clock.now()))  # a transition 50 s into the day: checkpointed
    # The process dies here. A new one, with a clock that starts elsewhere, resumes.
    checkpoint = Store(tmp_path / "m.db").load_checkpoint()
    assert checkpoint is not None
    later = VirtualClock(start=10_000.0)
    resumed = store_runtime(Store(tmp_path / "m.db"), later, log_plays=False)
    resumed.resume(
        session_for_checkpoint(checkpoint.game, checkpoint.state),
        checkpoint.state,
        checkpoint.saved_at,
    )
    assert resumed.phase == "day"
    assert resumed.state.day_ends_at == 10_000.0 + 180 - 50
    assert resumed.executor.shown.screen == "day"


def test_a_game_killed_at_night_restarts_the_current_step(tmp_path: Path) -> None:
    setup = OneNightSetup(4, find_preset("alien_first_game").roles, 9)
    session = OneNightSession(setup)
    clock = VirtualClock()
    store = Store(tmp_path / "m.db")
    runtime = store_runtime(store, clock, log_plays=False)
    runtime.begin(session)
    runtime.feed(Touched(Tap.START))
    for _ in range(4):  # dusk intro, night start, aliens wake, aliens act
        deadline = runtime.next_deadline()
        assert deadline is not None
        clock.advance_to(deadline)
        runtime.tick()
    checkpoint = store.load_checkpoint()
    assert checkpoint is not None
    resumed = store_runtime(store, VirtualClock(500.0), log_plays=False)
    resumed.resume(session_for_checkpoint("onenight", checkpoint.state), checkpoint.state, 0.0)
    lines: list[str] = []
    while len(lines) < 1:
        deadline = resumed.next_deadline()
        assert deadline is not None
        resumed.clock.advance_to(deadline)  # type: ignore[attr-defined]
        resumed.tick()
        lines = [e["line"] for e in resumed.executor.out.transcript.entries if "line" in e]
    assert lines[0] == "onenight.aliens.wake"


def test_learned_tags_stand_for_seats_and_role_tiles(tmp_path: Path) -> None:
    from device.runtime.tags import translate
    from games.events import SeatPressed, TagSeen

    store = Store(tmp_path / "m.db")
    store.learn_tag("1a004a3f8c", "seat", "3")
    store.learn_tag("04AABB", "role", "synthetic_alien")
    assert store.tag("1A004A3F8C") == ("seat", "3")
    assert translate(TagSeen("1A004A3F8C", 2.5), store) == SeatPressed(3, 2.5)
    assert translate(TagSeen("04AABB", 0.0), store) == Touched(
        ChipTap(ChipKind.CARD, "synthetic_alien")
    )
    assert translate(TagSeen("FFFF", 0.0), store) is None
    store.learn_tag("0499", "player", "Ada")
    assert translate(TagSeen("0499", 0.0), store) == Touched(PickTap("Ada"))


def test_players_records_add_profiles_and_link_seats(tmp_path: Path) -> None:
    store = Store(tmp_path / "p.db")
    store.add_player("Ben")
    store.add_record("players", "players.add", {"name": "Ada"})
    store.add_record("players", "players.add", {"name": "Ben"})  # already there: ignored
    store.add_record("players", "players.link", {"seat": 1, "name": "Ada"})
    store.add_record("players", "players.link", {"seat": 2, "name": "Nobody"})  # logged only
    assert [p.name for p in store.players()] == ["Ben", "Ada"]
    assert [kind for _, kind, _ in store.records()] == ["players.add"] * 2 + ["players.link"] * 2
    assert store.recent_players() == ["Ada", "Ben"]  # Ada's seat link is the latest
    store.add_record("players", "players.link", {"seat": 2, "name": "Ben"})
    assert store.recent_players() == ["Ben", "Ada"]
