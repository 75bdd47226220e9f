"""The web tests' device: one running daemon with its companion page per module."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from webdevice import DevicePump, seeded_store, web_config


@pytest.fixture(scope="module")
def device() -> Iterator[DevicePump]:
    """A running daemon with its page, on a store with one Alienation play (Ada, Bo, Player 3)."""
    with tempfile.TemporaryDirectory(prefix="mothership-web-") as scratch:
        folder = Path(scratch)
        config = web_config()
        pump = DevicePump(config, seeded_store(folder, config), folder / "wav")
        pump.start()
        try:
            yield pump
        finally:
            pump.stop()
