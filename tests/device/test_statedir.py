"""Where the state lives: the state directory (``device.statedir``) from systemd, the service
user's home, XDG or ``$HOME``, and the store and voice cache paths built on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from configfiles import write

from device.config import default_config, load_config, resolve_cache_dir, resolve_store_path
from device.statedir import SERVICE_STATE_DIR, resolve_state_dir


@pytest.fixture(autouse=True)
def shipped_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the shipped defaults, not the suite's espeak-ng override."""
    monkeypatch.delenv("MOTHERSHIP_VOICE", raising=False)


def test_state_dir_under_systemd_uses_state_directory() -> None:
    env = {"STATE_DIRECTORY": "/var/lib/mothership:/var/lib/other", "XDG_STATE_HOME": "/x"}
    assert resolve_state_dir(env) == Path("/var/lib/mothership")


def test_state_dir_uses_xdg_state_home() -> None:
    env = {"XDG_STATE_HOME": "/home/pi/.state", "HOME": "/home/pi"}
    assert resolve_state_dir(env) == Path("/home/pi/.state/mothership")


def test_state_dir_falls_back_to_home_and_ignores_relative_xdg() -> None:
    expected = Path("/home/pi/.local/state/mothership")
    assert resolve_state_dir({"HOME": "/home/pi"}) == expected
    assert resolve_state_dir({"HOME": "/home/pi", "XDG_STATE_HOME": "rel"}) == expected


@pytest.mark.parametrize(
    "env",
    [{"HOME": "/var/lib/mothership"}, {"HOME": "/root", "XDG_STATE_HOME": "/root/.state"}, {}],
    ids=["sudo-u", "root-environment", "empty"],
)
def test_the_service_user_finds_the_services_store_whatever_the_environment(
    env: dict[str, str],
) -> None:
    home = str(SERVICE_STATE_DIR)
    assert resolve_state_dir(env, account_home=home) == SERVICE_STATE_DIR
    found = resolve_state_dir({**env, "STATE_DIRECTORY": "/run/x"}, account_home=home)
    assert found == Path("/run/x")  # systemd's own word still comes first


def test_another_user_keeps_their_own_state_dir() -> None:
    env = {"HOME": "/home/pi"}
    assert resolve_state_dir(env, account_home="/home/pi") == Path(
        "/home/pi/.local/state/mothership"
    )


def test_config_state_dir_reads_the_process_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert default_config().state_dir == tmp_path


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"STATE_DIRECTORY": "/var/lib/mothership"}, "/var/lib/mothership/mothership.db"),
        ({"XDG_STATE_HOME": "/xdg", "HOME": "/h"}, "/xdg/mothership/mothership.db"),
        ({"HOME": "/h"}, "/h/.local/state/mothership/mothership.db"),
    ],
    ids=["systemd", "xdg", "home"],
)
def test_default_store_path(env: dict[str, str], expected: str) -> None:
    assert resolve_store_path(default_config(), env) == Path(expected)


def test_configured_store_path_and_cache_dir(tmp_path: Path, no_system: Path) -> None:
    env = {"STATE_DIRECTORY": "/var/lib/mothership"}
    user = write(
        tmp_path / "user.toml",
        '[store]\npath = "/data/games.db"\n[narration]\ncache_dir = "speech"\n',
    )
    config = load_config(user, system_path=no_system)
    assert resolve_store_path(config, env) == Path("/data/games.db")
    assert resolve_cache_dir(config, env) == Path("/var/lib/mothership/speech")


def test_relative_store_path_is_inside_the_state_dir(tmp_path: Path, no_system: Path) -> None:
    user = write(tmp_path / "user.toml", '[store]\npath = "test.db"\n')
    config = load_config(user, system_path=no_system)
    assert resolve_store_path(config, {"HOME": "/h"}) == Path("/h/.local/state/mothership/test.db")


def test_default_cache_dir_is_wav_cache_in_the_state_dir() -> None:
    env = {"XDG_STATE_HOME": "/xdg"}
    assert resolve_cache_dir(default_config(), env) == Path("/xdg/mothership/wav-cache")
