"""Lines the cache cannot keep (a full disk) are kept in memory by their text, within a budget:
a night rendered while it prepares is still there when it is said, and the next one finds its
lines again."""

from __future__ import annotations

from pathlib import Path

from fulldisk import fill, small_disk

from narration.backends import EspeakBackend
from narration.cache import WavCache
from narration.delivery import Delivery
from narration.fake import CountingBackend
from narration.scratch import Scratch
from narration.wav import check_wav


def test_a_line_rendered_outside_the_cache_is_found_again_by_its_text(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    scratch = Scratch(tmp_path)
    first = scratch.render("Everyone, close your eyes.", counting_espeak, Delivery())
    again = scratch.render("Everyone, close your eyes.", counting_espeak, Delivery())
    assert again == first and check_wav(first) is None
    assert scratch.get("Everyone, close your eyes.") == first
    assert counting_espeak.calls == ["Everyone, close your eyes."]  # rendered once


def test_past_the_budget_the_least_recently_used_line_goes_and_never_the_newest(
    espeak: EspeakBackend, tmp_path: Path
) -> None:
    one = Scratch(tmp_path).render("Seer, wake up.", espeak, Delivery())
    scratch = Scratch(tmp_path / "budget", budget=int(one.stat().st_size * 2.5))
    lines = ["Seer, wake up.", "Robber, wake up.", "Aliens, wake up."]
    paths = [scratch.render(line, espeak, Delivery()) for line in lines[:2]]
    assert scratch.get(lines[0]) == paths[0]  # used again: the second is now the oldest
    scratch.render(lines[2], espeak, Delivery())
    assert scratch.get(lines[1]) is None and not paths[1].exists()
    assert scratch.get(lines[0]) == paths[0]
    assert scratch.get(lines[2]) is not None
    tiny = Scratch(tmp_path / "tiny", budget=1)
    assert tiny.get("Seer, wake up.") is None
    kept = tiny.render("Seer, wake up.", espeak, Delivery())
    assert tiny.get("Seer, wake up.") == kept  # over the budget alone, but just asked for


def test_a_file_removed_behind_its_back_is_rendered_again(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    scratch = Scratch(tmp_path)
    scratch.render("Hello.", counting_espeak, Delivery()).unlink()
    assert scratch.get("Hello.") is None
    assert check_wav(scratch.render("Hello.", counting_espeak, Delivery())) is None
    assert counting_espeak.calls == ["Hello.", "Hello."]


def test_on_a_really_full_disk_the_cache_renders_each_line_once(
    counting_espeak: CountingBackend, tmp_path: Path
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        cache = WavCache(disk / "voice", counting_espeak)
        filler = fill(disk)
        path = cache.path_for("Everyone, wake up.")
        assert disk not in path.parents and check_wav(path) is None
        assert cache.has("Everyone, wake up.")  # a night preparing sees it as ready
        assert cache.cached_path("Everyone, wake up.") == path  # and says that WAV
        assert cache.path_for("Everyone, wake up.") == path
        # Tried on the disk, then in memory; never again.
        assert counting_espeak.calls == ["Everyone, wake up.", "Everyone, wake up."]
        filler.unlink()  # room again: new lines go to the disk
        fresh = cache.path_for("Vote now.")
        assert fresh.parent == disk / "voice"

