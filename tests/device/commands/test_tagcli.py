"""``mothership tags``: learn a tag by tapping it on a real serial reader; list; forget."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from device.commands.cli import main
from hardware.rdm6300 import rdm6300_frame


@pytest.fixture
def pads(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """A socat PTY pair: the reader's end and the end the fake RDM6300 writes to."""
    a, b = tmp_path / "reader", tmp_path / "card"
    socat = subprocess.Popen(
        ["socat", f"pty,raw,echo=0,link={a}", f"pty,raw,echo=0,link={b}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 5
    while not (a.exists() and b.exists()) and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield a, b
    finally:
        socat.terminate()
        socat.wait(timeout=5)


def test_a_tapped_tag_is_learned_as_a_seat_token(
    pads: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reader, card = pads
    config = tmp_path / "c.toml"
    config.write_text(f'[readers]\nrdm6300 = "{reader}"\n')

    def tap() -> None:
        time.sleep(0.5)  # after the reader has opened its port
        with serial.Serial(str(card)) as pad:
            pad.write(b"noise" + rdm6300_frame("1A004A3F8C"))

    threading.Thread(target=tap, daemon=True).start()
    assert main(["--config", str(config), "tags", "learn", "--seat", "3", "--wait", "5"]) == 0
    assert "1A004A3F8C is now seat 3" in capsys.readouterr().out
    assert main(["tags", "list"]) == 0
    assert "1A004A3F8C  seat   3" in capsys.readouterr().out


def test_tags_are_learned_by_uid_listed_and_forgotten(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tags", "learn", "--role", "Synthetic Alien", "--uid", "04aabbcc"]) == 0
    assert main(["tags", "forget", "04AABBCC"]) == 0
    assert main(["tags", "forget", "04AABBCC"]) == 1
    assert "no tag '04AABBCC' was learned" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--seat", "11", "--uid", "AA"], "seat 11: this device has seats 1 to 10"),
        (["--role", "synthetic_alein", "--uid", "AA"], "did you mean 'synthetic_alien'?"),
        (["--seat", "2"], "no tag reader is configured: set readers.rdm6300 or readers.pn532"),
    ],
)
def test_learning_refuses_bad_input_clearly(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tags", "learn", *words]) == 1
    assert message in capsys.readouterr().err
