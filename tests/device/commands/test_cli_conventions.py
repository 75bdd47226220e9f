"""The command line follows conventions: --version, help on every argument, exit codes 2 for
usage and 1 for runtime errors (as the README says), and lists of what a setup can choose."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from device.commands.cli import build_parser, main
from games.onenight.presets import PRESETS
from games.onenight.roles import Role

README = Path(__file__).resolve().parents[3] / "README.md"


def every_parser(
    parser: argparse.ArgumentParser, path: str = "mothership"
) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from every_parser(sub, f"{path} {name}")


def test_the_walk_reaches_every_subcommand() -> None:
    paths = {path for path, _ in every_parser(build_parser())}
    wanted = {"mothership backup restore", "mothership onenight roles", "mothership update"}
    assert wanted <= paths
    assert len(paths) > 20


def test_every_argument_and_option_has_help_text() -> None:
    missing = []
    for path, parser in every_parser(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helped = {choice.dest for choice in action._choices_actions if choice.help}
                missing += [f"{path} {name}" for name in action.choices if name not in helped]
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
    assert missing == []


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    # The release and the commit: this checkout's HEAD, or "unknown commit" outside git.
    out = capsys.readouterr().out
    assert re.fullmatch(
        rf"mothership {re.escape(metadata.version('mothership'))} "
        r"\((commit [0-9a-f]{7,}, \d{4}-\d\d-\d\d|unknown commit)\)\n",
        out,
    ), out


def test_exit_codes_are_the_ones_the_readme_documents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as usage:
        main(["simulate"])  # the scenario is missing
    runtime = main(["--config", str(tmp_path / "missing.toml"), "scores"])
    capsys.readouterr()
    text = README.read_text(encoding="utf-8")
    documented = dict(re.findall(r"^ *- `(\d)`: ([a-z]+)", text, re.M))
    assert documented == {"0": "success", "1": "runtime", "2": "usage"}
    assert (usage.value.code, runtime) == (2, 1)


def test_roles_lists_every_role_once_under_its_box(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["onenight", "roles"]) == 0
    box, listed = "", []
    for line in capsys.readouterr().out.splitlines():
        if line.endswith(" box:"):
            box = line.removesuffix(" box:")
        elif line.startswith("  "):
            listed.append((line.split()[0], box))
    assert sorted(listed) == sorted((role.value, role.info.box.value) for role in Role)


def test_one_role_is_shown_by_card_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["onenight", "roles", "Synthetic Alien"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("synthetic_alien ")
    assert "own team, 1 card, wakes at 1-A" in out


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["onenight", "roles", "seeer"], "unknown role: 'seeer'; did you mean 'seer'?"),
        (
            ["onenight", "presets", "alien_frist"],
            "unknown preset: 'alien_frist'; did you mean 'alien_first_game'?",
        ),
        (
            ["onenight", "presets", "alien_first_game", "--players", "3"],
            "3 players: the Alien first game preset seats 4 to 11",
        ),
    ],
)
def test_a_bad_name_or_count_says_what_would_fit(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    assert capsys.readouterr().err == f"mothership: error: {error}\n"


def test_presets_lists_every_preset_with_the_counts_it_fits(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["onenight", "presets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for key, preset in PRESETS.items():
        (line,) = [line for line in lines if line.split()[0] == key]
        assert f"{preset.min_players} to {preset.max_players} players" in line


def test_a_preset_shows_its_cards_for_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    preset = PRESETS["alien_first_game"]
    players = preset.min_players + 1
    assert main(["onenight", "presets", preset.key, "--players", str(players)]) == 0
    out = capsys.readouterr().out
    assert f"{players} players, {players + 3} cards: " in out
    assert preset.extra[0].info.name in out
