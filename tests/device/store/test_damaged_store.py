"""A damaged store is named with its latest backup and the commands that restore it (by the
daemon and by doctor alike), and the daemon starts on a full disk."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from chaos_daemon import ROOT
from fulldisk import small_disk, store_on_a_full_disk

from device.commands.cli import main
from device.commands.damaged import damaged_message
from device.config import load_config, resolve_store_path
from device.headless import headless_env
from device.store.backups import backup_dir, write_backup
from device.store.database import Store
from device.store.opening import StoreDamagedError
from games.scorelog.plays import Play, PlayerResult

PLAY = Play(
    "play-a",
    "Alienation",
    "2025-01-31T20:15:00Z",
    (PlayerResult("Ada", 1, 30, True), PlayerResult("Player 2", 2, 12, False)),
)
CONFIG = '[narration]\nbackend = "silent"\n[audio]\nenabled = false\n[web]\nenabled = false\n'


def damage(path: Path) -> None:
    path.write_bytes(b"this was a store once" * 500)
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)


def backed_up_store(path: Path) -> Path:
    store = Store(path)
    store.add_play(PLAY)
    backup = write_backup(store, backup_dir(path))
    store.close()
    return backup


def daemon(config: Path, store: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "device", "--config", str(config), "run"]
    command += ["--hardware", "mock", "--store", str(store)]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **headless_env(), **env},
        stderr=subprocess.PIPE,
        text=True,
    )


def daemon_refusal(tmp_path: Path, path: Path) -> tuple[int, str]:
    """The daemon started on the store ``path``: its exit code and its last line."""
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    process = daemon(config, path, {})
    try:
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
    return process.returncode, err.strip().splitlines()[-1]


def test_the_daemon_names_the_damaged_store_its_backup_and_the_restore(tmp_path: Path) -> None:
    path = tmp_path / "state" / "m.db"
    backup = backed_up_store(path)
    damage(path)
    returncode, message = daemon_refusal(tmp_path, path)
    assert returncode == 1
    assert message.startswith(f"mothership: error: the store {path} is damaged (file is not")
    assert f"The latest backup is {backup}, 1 play." in message
    commands = message.split("restore it: ", 1)[1]
    assert commands.endswith(f"mothership backup restore --store {path}")
    # The commands it gives work as written.
    config = tmp_path / "config.toml"  # the one the daemon ran with
    shell = commands.replace("mothership ", f"{sys.executable} -m device --config {config} ")
    done = subprocess.run(["sh", "-c", shell], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    restored = Store(path)
    assert [play.id for play in restored.plays()] == ["play-a"]
    restored.close()


def test_doctor_says_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    path = resolve_store_path(load_config(config, system_path=None))
    backup = backed_up_store(path)
    damage(path)
    with pytest.raises(StoreDamagedError) as raised:
        Store(path)
    assert main(["--config", str(config), "doctor", "--check"]) == 1
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("store:"))
    assert line.split()[1] == "FAIL" and str(backup) in line
    said = damaged_message(raised.value)  # what the daemon says: the same words, but the time
    assert line.split("FAIL", 1)[1].strip().split("mkdir")[0] == said.split("mkdir")[0]


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB filesystem of its own (tmpfs: needs root), unmounted after the test."""
    with small_disk(tmp_path / "disk") as mount:
        yield mount


def test_the_daemon_starts_on_a_full_disk(tmp_path: Path, full_disk: Path) -> None:
    path = full_disk / "m.db"
    store = Store(path)
    store.add_play(PLAY)
    store.close()
    store_on_a_full_disk(path)
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    address = tmp_path / "notify.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(address))
    listener.settimeout(120)  # a bound for a stuck start, not a timing check
    process = daemon(config, path, {"NOTIFY_SOCKET": str(address)})
    try:
        while listener.recv(64) != b"READY=1":
            pass
        assert process.poll() is None
        process.terminate()
        _, err = process.communicate(timeout=30)
        assert process.returncode == 0, err
        assert "is the disk full?" in err
    finally:
        process.kill()
        listener.close()


def damage_page_two(path: Path) -> None:
    """Break the store's second page (its first table's root), as a bad sector would: the
    store opens, and the damage is found only when the daemon reads that table."""
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    data[size : 2 * size] = b"\xde\xad" * (size // 2)
    path.write_bytes(bytes(data))


def test_a_broken_page_found_after_the_store_opened_names_the_store(tmp_path: Path) -> None:
    path = tmp_path / "state" / "m.db"
    backup = backed_up_store(path)
    damage_page_two(path)
    returncode, message = daemon_refusal(tmp_path, path)  # it said "...image is malformed"
    assert returncode == 1
    assert message.startswith(f"mothership: error: the store {path} is damaged"), message
    assert f"The latest backup is {backup}, 1 play." in message


@pytest.mark.parametrize(
    "command",
    [["import", "backup.json"], ["tags", "learn", "--uid", "04a1", "--player", "Ada"]],
)
def test_a_store_path_that_is_a_folder_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    folder = tmp_path / "m.db"
    folder.mkdir()
    (tmp_path / "backup.json").write_text("{}", encoding="utf-8")
    command = [str(tmp_path / part) if part == "backup.json" else part for part in command]
    config = tmp_path / "config.toml"
    config.write_text(f'{CONFIG}[store]\npath = "{folder}"\n', encoding="utf-8")
    assert main(["--config", str(config), *command]) == 1
    error = capsys.readouterr().err  # it said "unable to open database file"
    assert f"the store {folder} is a folder, not a store file: check --store" in error, error


def test_doctor_finds_a_broken_page_the_opening_did_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(CONFIG, encoding="utf-8")
    path = resolve_store_path(load_config(config, system_path=None))
    backup = backed_up_store(path)
    damage_page_two(path)
    assert main(["--config", str(config), "doctor", "--check"]) == 1  # it said "ok"
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("store:"))
    assert line.split()[1] == "FAIL" and f"the store {path} is damaged" in line
    assert str(backup) in line
