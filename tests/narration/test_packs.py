"""Voice packs at the format's level (the commands, with Piper, are in
``tests/device/commands/test_voicepack.py``): a damaged line is skipped, the others taken."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from narration.backends import EspeakBackend
from narration.cache import WavCache, cache_key
from narration.packs import catalogue_hash, read_pack, write_pack

TEXTS = ("Everyone, wake up.", "Everyone, close your eyes.", "Vote now.")


def test_the_catalogue_hash_ignores_order_and_repeats() -> None:
    assert catalogue_hash(TEXTS) == catalogue_hash([*reversed(TEXTS), TEXTS[0]])
    assert catalogue_hash(TEXTS) != catalogue_hash(TEXTS[:2])


def test_a_damaged_line_is_skipped_and_the_others_are_taken(
    tmp_path: Path, espeak: EspeakBackend
) -> None:
    source = WavCache(tmp_path / "pc", espeak)
    source.render_many(TEXTS)
    pack = tmp_path / "voice.pack"
    assert write_pack(pack, source, [*TEXTS, "Not rendered."]) == 3
    assert not (tmp_path / "voice.pack.partial").exists()
    damaged = tmp_path / "damaged.pack"
    broken = f"wav/{cache_key(TEXTS[1], espeak)}.wav"
    with zipfile.ZipFile(pack) as whole, zipfile.ZipFile(damaged, "w") as copy:
        for item in whole.infolist():
            data = whole.read(item)
            if item.filename == broken:
                data = data[:100] + bytes(len(data) - 100)  # its audio zeroed: a bad copy
            copy.writestr(item, data)
        manifest = json.loads(whole.read("pack.json"))
    assert manifest["sentences"] == 4 and manifest["voice"]["engine"] == "espeak"
    target = WavCache(tmp_path / "pi", espeak)
    done = read_pack(damaged, target, set(TEXTS))
    assert (done.taken, done.present, dict(done.skipped)) == (2, 0, {"damaged": 1})
    assert not done.same_catalogue  # the pack's catalogue had the fourth sentence
    assert target.has(TEXTS[0]) and target.has(TEXTS[2]) and not target.has(TEXTS[1])
    assert not list(target.directory.glob(".rendering-*"))  # no temporary left behind
