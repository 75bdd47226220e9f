"""``mothership voice export`` and ``voice import``: a voice rendered on one machine, played on
another, with the real Piper voice on a catalogue of a few lines (the whole one takes minutes).

A line is taken only when this machine's voice, with its settings, would render it the same;
a file that is not a pack, a cut one or another voice's is refused by name, and nothing the
cache held is lost.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.commands import voice, voicepack
from device.commands.cli import main
from device.config import load_config
from device.runtime.parts import cache_dir, voice_choice
from narration.cache import WavCache
from narration.piper_model import piper_installed, remember_checks_in

pytestmark = pytest.mark.skipif(
    not piper_installed(), reason="piper-tts is not installed (pip install -e .)"
)

LINES = {
    "pack.dusk": "Everyone, close your eyes.",
    "pack.wake": "Player 3, open your eyes.",
    "pack.look": "Look at one card in the centre.",
    "pack.sleep": "Close your eyes again.",
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """A pack exported once with the real Piper voice, and the catalogue file it was made of."""
    folder = tmp_path_factory.mktemp("pc")
    catalogue = _catalogue(folder, LINES)
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, catalogue)
        pack = folder / "voice.pack"
        config = _config(folder, folder / "pc-cache")
        assert main(["--config", str(config), "voice", "export", str(pack)]) == 0
    remember_checks_in(None)
    yield pack, catalogue


def _catalogue(folder: Path, lines: dict[str, str]) -> Path:
    path = folder / "lines.toml"
    path.write_text("[lines]\n" + "".join(f'"{k}" = "{v}"\n' for k, v in lines.items()))
    return path


def _only(patch: pytest.MonkeyPatch, catalogue: Path) -> None:
    """The commands load only ``catalogue`` (both the renderer's list and the pack's)."""
    for module in (voice, voicepack):
        patch.setattr(module, "catalogues", lambda: (str(catalogue),))
    patch.delenv("MOTHERSHIP_VOICE", raising=False)  # the file's Piper, not the suite's


def _config(folder: Path, cache: Path, extra: str = "") -> Path:
    path = folder / f"config-{cache.name}.toml"
    path.write_text(f'[narration]\nbackend = "piper"\ncache_dir = "{cache}"\n{extra}')
    return path


def _cached(config: Path) -> dict[str, bytes]:
    """The WAVs in the config's cache, by name."""
    folder = cache_dir(load_config(config, system_path=None))
    return {wav.name: wav.read_bytes() for wav in folder.glob("*.wav")}


@pytest.fixture
def pi(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exported: tuple[Path, Path]
) -> Iterator[Path]:
    """The config of another machine (an empty cache), loading the same catalogue."""
    _only(monkeypatch, exported[1])
    yield _config(tmp_path, tmp_path / "pi-cache")
    remember_checks_in(None)


def test_an_exported_pack_fills_another_cache_with_lines_it_plays(
    pi: Path, exported: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    pack, _ = exported
    capsys.readouterr()
    assert main(["--config", str(pi), "voice", "import", str(pack)]) == 0
    said = capsys.readouterr().out
    assert f"{pack}: 4 lines taken into " in said and "none skipped" in said
    config = load_config(pi, system_path=None)
    choice = voice_choice(config)
    cache = WavCache(cache_dir(config), choice.backend)
    for text in ("Everyone, close your eyes.", "Player 3, open your eyes."):
        assert cache.has(text)  # the Pi's own key for its own text: it plays with no render
    choice.backend.close()
    assert main(["--config", str(pi), "voice", "import", str(pack)]) == 0
    assert "0 lines taken into" in capsys.readouterr().out  # all 4 there already: kept


def test_lines_rendered_with_other_settings_are_skipped_never_played(
    pi: Path, exported: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    slower = _config(tmp_path, tmp_path / "slow-cache", "length_scale = 1.2\n")
    assert main(["--config", str(slower), "voice", "import", str(exported[0])]) == 1
    said = capsys.readouterr().out
    assert "0 lines taken" in said
    assert "4 skipped, never played: 4 rendered with other settings" in said
    assert "ls=1.200" in said  # this machine's settings, named
    assert _cached(slower) == {}


def test_a_line_this_catalogue_does_not_say_is_skipped(
    exported: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fewer = _catalogue(tmp_path, {"pack.dusk": LINES["pack.dusk"]})
    _only(monkeypatch, fewer)
    config = _config(tmp_path, tmp_path / "other-release")
    assert main(["--config", str(config), "voice", "import", str(exported[0])]) == 0
    said = capsys.readouterr().out
    assert "1 lines taken" in said and "3 not in this catalogue" in said
    assert "rendered for another catalogue" in said
    assert len(_cached(config)) == 1


@pytest.mark.parametrize("damage", ["not a pack", "cut short", "another voice", "no manifest"])
def test_bad_input_is_refused_by_name_and_loses_nothing(
    pi: Path,
    exported: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    damage: str,
) -> None:
    assert main(["--config", str(pi), "voice", "import", str(exported[0])]) == 0
    before = _cached(pi)
    assert len(before) == 4
    bad = tmp_path / "bad.pack"
    whole = exported[0].read_bytes()
    if damage == "not a pack":
        bad.write_text("Player 1, open your eyes.\n")
    elif damage == "cut short":
        bad.write_bytes(whole[: len(whole) // 2])
    else:
        with zipfile.ZipFile(exported[0]) as source, zipfile.ZipFile(bad, "w") as target:
            for item in source.infolist():
                data = source.read(item)
                if item.filename == "pack.json":
                    if damage == "no manifest":
                        continue
                    manifest = json.loads(data)
                    manifest["voice"]["voice"] = "en_GB-alan-low"
                    data = json.dumps(manifest).encode()
                target.writestr(item, data)
    capsys.readouterr()
    assert main(["--config", str(pi), "voice", "import", str(bad)]) == 1
    said = capsys.readouterr().out
    assert said.startswith(f"error: {bad}: ")
    expected = {
        "not a pack": "not a voice pack, or cut short",
        "cut short": "not a voice pack, or cut short",
        "another voice": "a pack of piper voice en_GB-alan-low; this machine speaks with piper",
        "no manifest": "not a Mothership voice pack",
    }[damage]
    assert expected in said
    assert _cached(pi) == before
