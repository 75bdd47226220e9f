"""A game's own config section (``games.config``, declared in its folder) is checked, filled in
and printed by the device like its own sections; ``mothership config`` prints every section."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from stargame.config import StarsConfig
from suitegames import without

from device.commands.cli import main
from device.config import ConfigError, default_config, game_sections, load_config
from device.config_text import config_text
from device.runtime.sessions import make_session
from games import catalog


@pytest.fixture(autouse=True)
def shipped_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped defaults, not the suite's voice override."""
    monkeypatch.delenv("MOTHERSHIP_VOICE", raising=False)


@pytest.fixture
def stars() -> None:
    """Stars (tests/stargame), registered by its one line in the catalog for the whole run
    (``suitegames``)."""
    assert catalog.spec_of("stargame") in catalog.GAMES


def problems(tmp_path: Path, text: str) -> tuple[str, ...]:
    """The problems of a config file holding ``text``, without the file's name."""
    user = tmp_path / "user.toml"
    user.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(user, system_path=None)
    return tuple(problem.removeprefix(f"{user}: ") for problem in caught.value.problems)


def test_a_games_section_is_the_devices_only_once_it_is_registered(
    stars: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "stars" in [section.name for section in game_sections()]
    assert default_config().game(StarsConfig) == StarsConfig(level=1, seconds=10)
    monkeypatch.setattr(catalog, "GAMES", without("stars"))
    unknown = problems(tmp_path, "[stars]\nlevel = 2\n")
    assert unknown == ("stars: unknown section, did you mean 'store'?",)
    before = default_config()  # loaded while Stars is not registered
    monkeypatch.setattr(catalog, "GAMES", (*catalog.GAMES, catalog.spec_of("stargame")))
    with pytest.raises(KeyError, match="no config section 'stars'"):
        make_session({"game": "stars", "players": 2}, before)


def test_its_defaults_apply_and_a_file_changes_them(stars: None, tmp_path: Path) -> None:
    config = default_config()
    assert make_session({"game": "stars", "players": 2}, config).setup.level == 1  # type: ignore[attr-defined]
    user = tmp_path / "user.toml"
    user.write_text("[stars]\nlevel = 3\n")
    changed = load_config(user, system_path=None)
    assert changed.game(StarsConfig) == StarsConfig(level=3, seconds=10)
    setup = make_session({"game": "stars", "players": 2}, changed).setup  # type: ignore[attr-defined]
    assert (setup.level, setup.seconds) == (3, 10)
    given = make_session({"game": "stars", "players": 2, "level": 2}, changed)
    assert given.setup.level == 2  # type: ignore[attr-defined]  # the setup's own word wins


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[stars]\nlevle = 2\n", ["stars.levle: unknown key, did you mean 'level'?"]),
        ("[starz]\nlevel = 2\n", ["starz: unknown section, did you mean 'stars'?"]),
        ("[stars]\nlevel = 7\n", ["stars.level: must be between 1 and 3, got 7"]),
        ('[stars]\nlevel = "high"\n', ["stars.level: expected an integer, got 'high'"]),
        (
            "[stars]\nlevel = 0\nseconds = true\n",
            [
                "stars.level: must be between 1 and 3, got 0",
                "stars.seconds: expected an integer, got true",
            ],
        ),
        ("[web]\nseconds = 2\n", ["web.seconds: unknown key, did you mean 'stars.seconds'?"]),
    ],
    ids=["typo", "section-typo", "out-of-range", "not-a-number", "every-problem", "other-home"],
)
def test_a_bad_setting_of_its_section_is_refused_naming_it(
    stars: None, tmp_path: Path, text: str, expected: list[str]
) -> None:
    assert list(problems(tmp_path, text)) == expected


def test_mothership_config_prints_every_section_with_its_docs_and_values(
    stars: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    user = tmp_path / "user.toml"
    user.write_text(
        '[stars]\nlevel = 3\n[onenight]\nrole_seconds = 20\n[store]\nlocation = "Club"\n'
    )
    assert main(["--config", str(user), "config"]) == 0
    text = capsys.readouterr().out
    parsed = tomllib.loads(text)
    owned = [section.name for spec in catalog.GAMES for section in spec.sections]
    assert list(parsed)[-len(owned) :] == owned and "stars" in owned  # the games' own, last
    assert parsed["stars"] == {"level": 3, "seconds": 10}
    assert parsed["onenight"]["role_seconds"] == 20.0 and parsed["store"]["location"] == "Club"
    assert "[stars]\n# Stars, the example game of docs/architecture.md.\n#\n# Points each" in text
    lines = text.splitlines()
    keys = [i for i, line in enumerate(lines) if re.match(r"^\w+ = ", line)]
    assert len(keys) == sum(len(section) for section in parsed.values())
    assert all(lines[i - 1].startswith("#") for i in keys)  # every key says what it does
    again = tmp_path / "again.toml"
    again.write_text(text)
    assert load_config(again, system_path=None) == load_config(user, system_path=None)


def test_the_printed_defaults_load_back_as_the_defaults(tmp_path: Path) -> None:
    text = config_text(default_config())
    assert "[pins]" in text and "buzzer = 18" in text and 'piper_model = ""' in text
    printed = tmp_path / "printed.toml"
    printed.write_text(text)
    assert load_config(printed, system_path=None) == default_config()
