"""What the voice renders first: a new table's first game of the default preset finds its
night's lines in the cache, from a few hundred sentences instead of the whole catalogue; the
service renders the rest behind the game, and never during a night."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from device.clock import VirtualClock
from device.commands.cli import main
from device.runtime.executor import Executor
from device.runtime.first_voice import first_voice, voice_order
from device.runtime.parts import catalogues
from device.runtime.ports import Outputs
from device.runtime.voicelines import every_text
from device.transcript import Transcript
from games.effects import Phase
from games.onenight.instructions import draw_instructions
from games.onenight.presets import find_preset, preset_roles
from games.onenight.session import _prepared_lines
from games.onenight.setup import OneNightOptions, OneNightSetup
from games.onenight.state import OneNightPhase, OneNightState
from narration.ambience import BEDS
from narration.catalogue import Catalogue

SEATS = 10


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.load(*catalogues())


def _night(catalogue: Catalogue, players: int, seed: int) -> set[str]:
    """The sentences a game of the default preset prepares before its night, as it deals."""
    roles = preset_roles(find_preset("alien_first_game"), players)
    options = OneNightOptions()
    drawn = draw_instructions(roles, players, random.Random(seed), ripple_rate=options.ripple_rate)
    state = OneNightState(OneNightSetup(players, roles, seed, options), instructions=drawn)
    return {catalogue.text(say.line, say.param_map()) for say in _prepared_lines(state)}


def test_a_first_game_finds_its_night_in_a_fraction_of_the_catalogue(
    catalogue: Catalogue,
) -> None:
    first = first_voice(catalogue, seats=SEATS)
    texts = set(first.texts)
    whole = every_text(catalogue, seats=SEATS).texts
    assert len(first.texts) < len(whole) / 4
    assert first.pi4_seconds == len(first.texts) * 1.5
    assert first.players == range(4, SEATS + 1) and first.preset == "Alien first game"
    assert catalogue.text("common.welcome") in texts  # the device's own lines
    missing = []
    for players in first.players:
        for seed in range(5000, 5010):  # deals the list was not made from
            missing.append(len(_night(catalogue, players, seed) - texts))
    # A line a first game misses renders while its night prepares: a few seconds at most.
    assert max(missing) <= 3, missing
    assert sum(missing) / len(missing) < 1, missing


def test_the_service_renders_the_first_game_first_then_everything(
    catalogue: Catalogue,
) -> None:
    order = voice_order(catalogue, seats=SEATS)
    first = first_voice(catalogue, seats=SEATS).texts
    assert order[: len(first)] == first
    assert set(every_text(catalogue, seats=SEATS).texts) <= set(order)
    assert len(order) == len(set(order))


def test_a_night_is_dark_until_the_day_or_the_game_is_left() -> None:
    executor = Executor(Outputs(transcript=Transcript(VirtualClock(), None)))
    assert not executor.dark
    executor.run([Phase(OneNightPhase.NIGHT)])
    assert executor.dark
    executor.run([Phase(OneNightPhase.DAY)])
    assert not executor.dark
    executor.run([Phase(OneNightPhase.DUSK)])
    assert executor.dark
    executor.game = ""  # the table left the game at night
    assert not executor.dark


@pytest.mark.slow(3)
def test_voice_prepare_first_says_how_many_lines_and_how_long_on_a_pi(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MOTHERSHIP_VOICE")  # the file's silent voice: no rendering to wait for
    config = tmp_path / "config.toml"
    config.write_text(f'[narration]\nbackend = "silent"\ncache_dir = "{tmp_path / "c"}"\n')
    assert main(["--config", str(config), "voice", "prepare", "--first"]) == 0
    said = capsys.readouterr().out
    count = len(first_voice(Catalogue.load(*catalogues()), seats=SEATS).texts)
    minutes, seconds = divmod(round(count * 1.5), 60)
    assert (
        f"First game: {count} sentences, the device's own lines and the night, day and vote "
        f"of the Alien first game preset at 4 to 10 players; {count} to render, about "
        f"{minutes}m{seconds:02d}s at a Pi 4's pace (1.5 s a line)." in said
    )
    assert f"{count} sentences ready in " in said
    beds = len(BEDS)  # the night's ambience is written beside the lines
    assert len(list((tmp_path / "c").glob("*.wav"))) == count + beds
