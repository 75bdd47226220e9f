"""The WAV cache: render once, then hit; atomic writes; keys that change with the voice."""

from __future__ import annotations

from pathlib import Path

import pytest

from narration.backends import EspeakBackend, SilentBackend
from narration.cache import WavCache, cache_key
from narration.errors import NarrationError
from narration.fake import CountingBackend
from narration.wav import check_wav, wav_seconds


def test_a_line_renders_once_and_then_comes_from_the_cache(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, counting_espeak)
    first = cache.path_for("Everyone, close your eyes.")
    second = cache.path_for("Everyone, close your eyes.")
    assert first == second
    assert counting_espeak.calls == ["Everyone, close your eyes."]
    assert wav_seconds(first) > 0.5


def test_a_second_cache_on_the_same_folder_reuses_the_files(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    WavCache(tmp_path, counting_espeak).path_for("Reused across restarts.")
    WavCache(tmp_path, counting_espeak).path_for("Reused across restarts.")
    assert len(counting_espeak.calls) == 1


def test_the_key_changes_with_text_backend_voice_and_rate() -> None:
    keys = {
        cache_key("Hello.", EspeakBackend()),
        cache_key("Hello!", EspeakBackend()),
        cache_key("Hello.", EspeakBackend("en-gb")),
        cache_key("Hello.", EspeakBackend(rate=150)),
        cache_key("Hello.", SilentBackend()),
    }
    assert len(keys) == 5
    assert cache_key("Hello.", EspeakBackend()) == cache_key("Hello.", EspeakBackend())


def test_rendering_leaves_only_the_final_file(espeak: EspeakBackend, tmp_path: Path) -> None:
    cache = WavCache(tmp_path, espeak)
    path = cache.path_for("Nothing half written.")
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


class ExplodingBackend(SilentBackend):
    """Writes half a file, then fails, as a crash mid-render would."""

    def synthesize(self, text: str, out_path: Path) -> None:
        out_path.write_bytes(b"RIFF\x00\x00")
        raise NarrationError(f"engine died on {text!r}")


def test_a_failed_render_leaves_no_file_at_all(tmp_path: Path) -> None:
    cache = WavCache(tmp_path, ExplodingBackend())
    with pytest.raises(NarrationError) as caught:
        cache.path_for("Doomed.")
    assert str(caught.value) == "engine died on 'Doomed.'"
    assert list(tmp_path.iterdir()) == []


class EmptyBackend(SilentBackend):
    """Claims success but writes an empty file."""

    def synthesize(self, text: str, out_path: Path) -> None:
        out_path.write_bytes(b"")


def test_a_backend_that_writes_junk_is_caught_before_it_is_cached(tmp_path: Path) -> None:
    cache = WavCache(tmp_path, EmptyBackend())
    with pytest.raises(NarrationError) as caught:
        cache.path_for("Empty.")
    assert str(caught.value).startswith("silent wrote no usable wav for 'Empty.': ")
    assert list(tmp_path.iterdir()) == []


def test_a_corrupt_cached_file_is_rendered_again(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    cache = WavCache(tmp_path, counting_espeak)
    path = cache.path_for("Heal yourself.")
    path.write_bytes(path.read_bytes()[:100])
    assert cache.path_for("Heal yourself.") == path
    assert len(counting_espeak.calls) == 2
    assert check_wav(path) is None


def test_old_temp_files_from_a_crash_are_swept(tmp_path: Path) -> None:
    import os

    stale = tmp_path / ".rendering-abc.wav"
    fresh = tmp_path / ".rendering-def.wav"
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    os.utime(stale, (0, 0))
    WavCache(tmp_path, SilentBackend())
    assert not stale.exists()
    assert fresh.exists()  # another process may still be writing it


def test_the_cache_folder_is_created(tmp_path: Path) -> None:
    cache = WavCache(tmp_path / "a" / "b", SilentBackend())
    assert cache.has("Not yet.") is False
    cache.path_for("Not yet.")
    assert cache.has("Not yet.") is True
