"""Log lines under systemd carry journald priorities; on a terminal they stay plain."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest

from device.logsetup import journal_priority, setup_logging

PRIORITIES = [
    (logging.CRITICAL, 2),
    (logging.ERROR, 3),
    (logging.WARNING, 4),
    (logging.INFO, 6),
    (logging.DEBUG, 7),
]


def journal_id(stream: TextIO) -> str:
    status = os.fstat(stream.fileno())
    return f"{status.st_dev}:{status.st_ino}"


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[TextIO]:
    with (tmp_path / "stderr.log").open("w+", encoding="utf-8") as stream:
        yield stream
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, "stream", None) is stream]:
        root.removeHandler(handler)


@pytest.mark.parametrize(("level", "priority"), PRIORITIES)
def test_each_level_maps_to_its_syslog_priority(level: int, priority: int) -> None:
    assert journal_priority(level) == priority


def test_under_systemd_every_line_carries_its_priority(
    log_file: TextIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", journal_id(log_file))
    setup_logging(logging.DEBUG, log_file)
    log = logging.getLogger("mothership.test")
    for level, _ in PRIORITIES:
        log.log(level, "a %s line", logging.getLevelName(level))
    log_file.seek(0)
    assert log_file.read().splitlines() == [
        f"<{priority}>mothership.test: a {logging.getLevelName(level)} line"
        for level, priority in PRIORITIES
    ]


def test_a_traceback_is_at_error_priority_on_every_line(
    log_file: TextIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", journal_id(log_file))
    setup_logging(logging.INFO, log_file)
    try:
        raise RuntimeError("the loop broke")
    except RuntimeError:
        logging.getLogger("mothership.test").exception("crashed")
    log_file.seek(0)
    lines = log_file.read().splitlines()
    assert len(lines) > 3
    assert lines[0] == "<3>mothership.test: crashed"
    assert lines[-1] == "<3>RuntimeError: the loop broke"
    assert all(line.startswith("<3>") for line in lines)


def test_another_stream_with_journal_stream_set_stays_plain(
    log_file: TextIO, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A shell started from the service inherits JOURNAL_STREAM but writes to a terminal.
    with (tmp_path / "journal").open("w") as journal:
        monkeypatch.setenv("JOURNAL_STREAM", journal_id(journal))
    setup_logging(logging.INFO, log_file)
    logging.getLogger("mothership.test").error("plain")
    log_file.seek(0)
    assert log_file.read() == "ERROR mothership.test: plain\n"


def test_a_command_error_reaches_the_journal_at_error_priority(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    with (tmp_path / "stderr.log").open("w+") as stderr:
        env = {**os.environ, "JOURNAL_STREAM": journal_id(stderr)}
        command = [sys.executable, "-m", "device", "--config", str(missing), "scores"]
        done = subprocess.run(command, stderr=stderr, env=env, check=False, timeout=60)
        stderr.seek(0)
        text = stderr.read()
    assert done.returncode == 1
    assert text == f"<3>mothership: error: {missing}: config file not found\n"
