"""The test input folder tells its driver what the screen's banner shows once an input is done
(a benchmark's phone reads a pairing code there, as a person at the table does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from device.runtime.app import Daemon
from device.simulator.testinput import InputFolder


@pytest.mark.parametrize("banner", ["Pairing code: 123 456", None])
def test_a_done_input_holds_the_banner_the_screen_shows(
    daemon: Daemon, tmp_path: Path, banner: str | None
) -> None:
    folder = InputFolder(tmp_path / "inputs", wake=lambda: None)
    folder.folder.mkdir()
    if banner is not None:
        daemon.ui.notice(banner, daemon.clock.now() + 30)
    (folder.folder / "1.json").write_text(json.dumps({"touch": "Scores"}), encoding="utf-8")
    folder.after_pass(daemon)  # hands it in
    daemon.step()
    folder.after_pass(daemon)  # the pass handled it: settled
    done = json.loads((folder.folder / "1.done").read_text(encoding="utf-8"))
    assert done == {"notice": banner}
