"""Suite-wide set-up: headless SDL for every test, no state written outside tmp dirs, the
fixtures many files share (``config``, ``daemon``: their builders are in ``touchplay`` and
``handbuilt``, for a test that needs a variant) and the web tests' running device."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from slowfirst import marked_seconds, slow_first
from suitegames import register

from device.headless import headless_env

if TYPE_CHECKING:
    from webdevice import DevicePump

    from device.config import Config
    from device.runtime.app import Daemon

# Set before pygame is imported anywhere in this run, so SDL reads them at init.
os.environ.update(headless_env())  # sound goes into a FIFO that a drainer throws away
# The suite speaks with espeak-ng (milliseconds a line); the tests that are about Piper ask for
# it by name, so CI never renders a whole night with a neural voice.
os.environ["MOTHERSHIP_VOICE"] = "pyttsx3"
# The suite's own example game (tests/stargame) is registered for the whole run, before any test
# file is imported, so every test that walks the catalog meets a game the device was not written
# for; a `mothership` process the tests start has the product's games only.
register()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, spread over the workers (``slowfirst.py``). Every worker collects
    the same order: xdist refuses a run whose workers' collections differ."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = slow_first(items, marked_seconds, workers)


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


@pytest.fixture
def no_system(tmp_path: Path) -> Path:
    """A system config path that does not exist (the config tests load the user's alone)."""
    return tmp_path / "etc" / "config.toml"


@pytest.fixture
def config(tmp_path: Path) -> Config:
    """The simulator's device config: a silent voice caching in ``tmp_path``/wav, the defaults
    otherwise (``touchplay.sim_config``). A file whose tables want a one-minute day defines its
    own ``config`` on ``touchplay.table_config``."""
    from touchplay import sim_config  # imported when asked: most tests never run a simulator

    return sim_config(tmp_path)


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    """A daemon built by hand at home (``handbuilt.make_daemon``: a store at ``tmp_path``/m.db,
    a two-minute day, a virtual clock), its screen closed after the test."""
    from handbuilt import at_home, make_daemon

    with at_home(make_daemon(tmp_path / "m.db")) as daemon:
        yield daemon


@pytest.fixture(scope="module")
def device() -> Iterator[DevicePump]:
    """The web tests' device: a running daemon with its page, one per module, on a store with
    one Alienation play (Ada, Bo, Player 3). Here rather than in tests/device/web/ because the
    suite has one conftest: mypy names every test file by its bare name, as pytest imports it."""
    from webdevice import DevicePump, seeded_store, web_config  # only the web tests pay for it

    with tempfile.TemporaryDirectory(prefix="mothership-web-") as scratch:
        folder = Path(scratch)
        config = web_config()
        pump = DevicePump(config, seeded_store(folder, config), folder / "wav")
        pump.start()
        try:
            yield pump
        finally:
            pump.stop()
