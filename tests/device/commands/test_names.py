"""Names with control characters (ESC, OSC, BEL, RLO) are cleaned on import and rename, and a
name an old store still holds raw is never printed raw."""

from __future__ import annotations

from pathlib import Path

import pytest

from device.commands.cli import main
from device.commands.export import export
from device.store.database import Store
from device.store.jsonbackup import import_backup
from device.store.scorelog import BackupError
from device.web.profiles import rename_player
from games.scorelog.plays import Play, PlayerResult

HOSTILE = "Ada\x1b]0;owned\x07 \x1b[2J\u202eLove\x07"
"""A terminal title (OSC ... BEL), a screen wipe (ESC [2J) and a right-to-left override."""


def backup_with(tmp_path: Path, name: str) -> str:
    store = Store(tmp_path / "source.db")
    store.add_player(name)
    store.add_play(
        Play("p1", "Alienation", "2025-01-31T20:15:00Z", (PlayerResult(name, 1, 3, True),))
    )
    store.learn_tag("04A1", "player", name)
    text = export(store, "json")
    store.close()
    return text


def test_an_import_cleans_every_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    assert import_backup(store, backup_with(tmp_path, HOSTILE)) == (1, 1)
    clean = "Ada]0;owned [2JLove"
    assert [profile.name for profile in store.players()] == [clean]
    assert [player.name for player in store.plays()[0].players] == [clean]
    assert store.tag("04A1") == ("player", clean)


def test_a_name_of_nothing_but_control_characters_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    with pytest.raises(
        BackupError, match=r"^plays\[0\]\.players\[0\]\.name: '\\x1b\\x07' has nothing but"
    ):
        import_backup(store, backup_with(tmp_path, "\x1b\x07"))
    assert store.players() == [] and store.plays() == []


def test_a_rename_cleans_the_new_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "m.db")
    store.add_player("Ada")
    assert rename_player(store, "Ada", "bo\x1b[31m \u202eRED") == "bo[31m RED"
    assert [profile.name for profile in store.players()] == ["bo[31m RED"]


@pytest.mark.parametrize("typed", ["McKay", "de Vries", "Ada  DE  la Cruz "])
def test_a_rename_keeps_the_case_as_typed(tmp_path: Path, typed: str) -> None:
    # Issue 35: "McKay" and "de Vries" are their players' to spell; only spaces are tidied.
    store = Store(tmp_path / "m.db")
    store.add_player("Ada")
    kept = " ".join(typed.split())
    assert rename_player(store, "Ada", typed) == kept
    assert [profile.name for profile in store.players()] == [kept]


def test_scores_never_print_a_raw_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.db"
    store = Store(path)  # an old store: the name went in before names were cleaned
    store.add_play(
        Play("p1", "Alienation", "2025-01-31T20:15:00Z", (PlayerResult(HOSTILE, 1, 3, True),))
    )
    store.close()
    assert main(["scores", "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "Ada\\x1b]0;owned\\x07" in out
