"""Backups after every logged play (a nightly snapshot and a journal), and ``mothership backup``."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.commands.backup import refuse_root_on_the_services_store
from device.commands.cli import main
from device.commands.export import export
from device.runtime.executor import Executor, Outputs
from device.store.backups import (
    BACKUPS_KEPT,
    JOURNAL_MOST,
    Restored,
    backup_after_play,
    backup_dir,
    journal_of,
    list_backups,
    restore_backup,
    wait_for_snapshot,
    write_backup,
)
from device.store.database import Store
from device.transcript import Transcript
from games.effects import LogPlay, Record
from games.scorelog.plays import FinalResult

FINAL = {"winners": [1], "totals": {1: 4, 2: 2}, "case": "hostile_win", "tallies": {}}


def play_one_game(store: Store, folder: Path | None) -> None:
    """An Alien Encounters game's records, run by the executor as the device runs them."""
    outputs = Outputs(transcript=Transcript(VirtualClock()), store=store, backups=folder)
    Executor(outputs, "encounters").run(
        [
            Record("encounters.start", {"seed": 0, "first": 2}),
            LogPlay("encounters.final", FINAL, result=FinalResult("encounters", (4, 2), (1,), 2)),
        ]
    )


def test_a_logged_play_writes_a_private_snapshot_then_journals_the_next(tmp_path: Path) -> None:
    store = Store(tmp_path / "state" / "mothership.db")
    folder = backup_dir(store.path)
    play_one_game(store, folder)
    (backup,) = list_backups(folder)
    assert folder == tmp_path / "state" / "backups"
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert [play.game for play in Store(backup).plays()] == ["Alien Encounters"]
    play_one_game(store, folder)
    # The same night's next play is one line in the snapshot's journal, not a new copy.
    assert list_backups(folder) == [backup]
    journal = journal_of(backup)
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
    (line,) = journal.read_text().splitlines()
    assert json.loads(line)["play"]["id"] == store.plays()[-1].id
    fresh = Store(tmp_path / "fresh.db")
    assert restore_backup(fresh, backup) == Restored(2, 2)
    assert [play.id for play in fresh.plays()] == [play.id for play in store.plays()]


def test_a_new_night_or_a_long_journal_makes_a_new_snapshot(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    folder = tmp_path / "b"
    night = datetime(2026, 3, 6, 20, tzinfo=UTC)
    play_one_game(store, None)
    first = backup_after_play(store, folder, night)
    assert first is not None and first.suffix == ".db"
    later = [backup_after_play(store, folder, night + timedelta(minutes=n)) for n in range(1, 4)]
    assert later == [journal_of(first)] * 3
    next_night = backup_after_play(store, folder, night + timedelta(days=1))
    assert next_night is not None and next_night.suffix == ".db"
    journal_of(next_night).write_text("{}\n" * JOURNAL_MOST)
    crowded = backup_after_play(store, folder, night + timedelta(days=1, minutes=1))
    assert crowded not in (None, journal_of(next_night)) and crowded.suffix == ".db"


def test_a_snapshot_is_never_left_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "m.db")
    play_one_game(store, None)
    folder = tmp_path / "b"

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("device.store.backups.os.fsync", full_disk)
    assert backup_after_play(store, folder) is None
    assert list(folder.iterdir()) == []  # no empty or partial file under a backup's name


def test_restore_skips_an_empty_newest_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    store = Store(db)
    play_one_game(store, None)
    good = write_backup(store, backup_dir(db), datetime(2026, 1, 1, tzinfo=UTC))
    (backup_dir(db) / "mothership-20260102T000000000000Z.json").write_text("")
    fresh = tmp_path / "new" / "m.db"
    fresh.parent.mkdir()
    (fresh.parent / "backups").symlink_to(backup_dir(db))
    assert main(["backup", "restore", "--store", str(fresh)]) == 0
    out = capsys.readouterr()
    assert "skipping mothership-20260102T000000000000Z.json: it is empty" in out.err
    assert f"{good.name}: 1 new play restored" in out.out


def test_an_old_json_backup_still_restores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = Store(tmp_path / "old.db")
    play_one_game(source, None)
    db = tmp_path / "m.db"
    backup_dir(db).mkdir()
    old = backup_dir(db) / "mothership-20250101T000000000000Z.json"
    old.write_text(export(source, "json"))
    assert main(["backup", "list", "--store", str(db)]) == 0
    assert f"{old.name}  1 play" in capsys.readouterr().out
    assert main(["backup", "restore", "--store", str(db)]) == 0
    assert f"{old.name}: 1 new play restored" in capsys.readouterr().out


def test_records_without_a_play_and_the_simulator_write_no_backup(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    outputs = Outputs(transcript=Transcript(VirtualClock()), store=store, backups=tmp_path / "b")
    Executor(outputs, "encounters").run([Record("encounters.start", {"seed": 0, "first": 1})])
    assert not (tmp_path / "b").exists()
    play_one_game(store, None)  # the simulator wires no backup folder
    assert not any(path.is_dir() for path in tmp_path.iterdir())


def test_only_the_newest_backups_are_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    written = [
        write_backup(store, tmp_path / "b", start + timedelta(days=day)) for day in range(16)
    ]
    assert list_backups(tmp_path / "b") == written[-BACKUPS_KEPT:]
    assert BACKUPS_KEPT == 14


def test_a_failed_backup_is_a_warning_and_the_game_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path / "m.db")
    blocked = tmp_path / "backups"
    blocked.write_text("a file where the folder should be")
    with caplog.at_level(logging.WARNING):
        assert backup_after_play(store, blocked) is None
    assert f"automatic backup into {blocked} failed" in caplog.text


def test_backup_list_now_and_restore_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    play_one_game(Store(db), backup_dir(db))
    assert main(["backup", "list", "--store", str(db)]) == 0
    listing = capsys.readouterr().out
    (name,) = [path.name for path in list_backups(backup_dir(db))]
    assert f"{name}  1 play" in listing
    assert main(["backup", "now", "--store", str(db)]) == 0
    assert "1 play written to" in capsys.readouterr().out
    # A fresh store (a new SD card) takes the newest backup back.
    fresh = tmp_path / "new" / "m.db"
    fresh.parent.mkdir()
    (fresh.parent / "backups").symlink_to(backup_dir(db))
    assert main(["backup", "restore", "--store", str(fresh)]) == 0
    assert "1 new play restored (0 already logged)" in capsys.readouterr().out
    assert [play.game for play in Store(fresh).plays()] == ["Alien Encounters"]
    assert main(["backup", "restore", name, "--store", str(fresh)]) == 0
    assert "0 new plays restored (1 already logged)" in capsys.readouterr().out


def test_restoring_an_unknown_backup_suggests_the_closest_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    path = write_backup(Store(db), backup_dir(db), datetime(2026, 5, 1, tzinfo=UTC))
    typo = path.name.replace("20260501", "20260510")
    assert main(["backup", "restore", typo, "--store", str(db)]) == 1
    err = capsys.readouterr().err
    assert f"no backup {typo!r}" in err
    assert f"did you mean {path.name!r}?" in err


def test_root_never_writes_the_services_store_nor_a_new_empty_one_beside_it(
    tmp_path: Path,
) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving the store to another user needs root")
    service = tmp_path / "var-lib" / "mothership.db"
    service.parent.mkdir()
    Store(service).close()
    os.chown(service, 4242, 4242)  # the service user's, as systemd's StateDirectory= leaves it
    with pytest.raises(PermissionError) as owned:
        refuse_root_on_the_services_store(service, "now", euid=0, service_store=service)
    assert str(owned.value).endswith(
        "run this as its owner, not as root: sudo -u #4242 mothership backup now"
    )
    elsewhere = tmp_path / "root-home" / "mothership.db"  # what root's own $HOME leads to
    with pytest.raises(
        PermissionError,
        match=r"a new, empty store at .*root-home.*, not the "
        r"service's .*var-lib/mothership\.db: run sudo -u #4242 mothership backup",
    ):
        refuse_root_on_the_services_store(elsewhere, "restore", euid=0, service_store=service)
    assert not elsewhere.exists()
    # Without the service there, root's own store is root's business; other users never refuse.
    refuse_root_on_the_services_store(elsewhere, "now", euid=0, service_store=tmp_path / "none")
    refuse_root_on_the_services_store(service, "now", euid=4242, service_store=service)


def test_a_snapshot_of_an_older_store_restores(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    play_one_game(store, None)
    snapshot = write_backup(store, tmp_path / "b")
    older = sqlite3.connect(snapshot)  # as a version before BG Stats links wrote it
    for column in ("title", "comments", "board", "duration_min"):
        older.execute(f"ALTER TABLE plays DROP COLUMN {column}")
    older.commit()
    older.close()
    fresh = Store(tmp_path / "fresh.db")
    assert restore_backup(fresh, snapshot) == Restored(1, 1)
    assert [play.id for play in fresh.plays()] == [play.id for play in store.plays()]
    assert "title" not in {
        row[1] for row in sqlite3.connect(snapshot).execute("PRAGMA table_info(plays)")
    }  # the backup itself is left as it was


def test_a_snapshot_behind_the_loop_loses_no_play_logged_meanwhile(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    folder = tmp_path / "b"
    night = datetime(2026, 3, 6, 20, tzinfo=UTC)
    play_one_game(store, None)
    first = backup_after_play(store, folder, night)
    assert first is not None and first.suffix == ".db"
    play_one_game(store, None)
    # The next night's first play: its snapshot is written on a thread; the play goes to the
    # previous snapshot's journal at once, so it is safe whatever the thread does.
    assert backup_after_play(store, folder, night + timedelta(days=1), behind=True) == (
        journal_of(first)
    )
    assert json.loads(journal_of(first).read_text())["play"]["id"] == store.plays()[-1].id
    assert wait_for_snapshot()
    newest = list_backups(folder)[-1]
    assert newest != first and newest.name.startswith("mothership-20260307")
    # A play the new snapshot missed (logged while it was copied) is restored with it.
    late = store.plays()[-1]
    with sqlite3.connect(newest) as copy:
        copy.execute("DELETE FROM play_results WHERE play = ?", (late.id,))
        copy.execute("DELETE FROM plays WHERE id = ?", (late.id,))
    copy.close()
    fresh = Store(tmp_path / "fresh.db")
    assert restore_backup(fresh, newest) == Restored(2, 2)
    assert [play.id for play in fresh.plays()] == [play.id for play in store.plays()]
