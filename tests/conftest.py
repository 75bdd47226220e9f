"""Suite-wide set-up: headless SDL for every test, and no state written outside tmp dirs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from device.headless import headless_env

# Set before pygame is imported anywhere in this run, so SDL reads them at init.
os.environ.update(headless_env())  # sound goes into a FIFO that a drainer throws away
# The suite speaks with espeak-ng (milliseconds a line); the tests that are about Piper ask for
# it by name, so CI never renders a whole night with a neural voice.
os.environ["MOTHERSHIP_VOICE"] = "pyttsx3"


@pytest.fixture(autouse=True)
def private_state_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point the state directory (store, WAV cache) at a temporary folder for each test."""
    state = tmp_path_factory.mktemp("state")
    saved = {key: os.environ.get(key) for key in ("XDG_STATE_HOME", "STATE_DIRECTORY")}
    os.environ["XDG_STATE_HOME"] = str(state)
    os.environ.pop("STATE_DIRECTORY", None)
    try:
        yield state
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
