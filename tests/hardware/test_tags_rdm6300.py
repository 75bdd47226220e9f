"""The RDM6300 parser (pure, table-driven) and SerialTagReader over real socat PTYs."""

from __future__ import annotations

import logging
import threading
import time

import pytest
from serialpty import PtyPair, TagLog, log, needs_socat, pty, wait_until

from hardware.errors import HardwareConfigError
from hardware.rdm6300 import Rdm6300Parser, SerialTagReader, rdm6300_frame
from hardware.tags import HoldOff

__all__ = ["log", "pty"]  # fixtures, imported for pytest

UID = "1A004A3F8C"
OTHER = "0F00C0FFEE"
GOOD = b"\x021A004A3F8CE3\x03"
BAD_SUM = b"\x021A004A3F8CE4\x03"
BAD_ETX = b"\x021A004A3F8CE3\x04"


class FakeClock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


# -- pure parser ------------------------------------------------------------------------


def test_frame_of_the_documented_example() -> None:
    assert rdm6300_frame(UID) == GOOD
    assert rdm6300_frame(UID.lower()) == GOOD


@pytest.mark.parametrize("bad", ["1A004A3F8", "1A004A3F8CX", "1A004A3F8G", "1A004A3F8Ç"])
def test_frame_refuses_a_bad_uid(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad)):
        rdm6300_frame(bad)


def _split(data: bytes) -> list[bytes]:
    return [data[i : i + 1] for i in range(len(data))]


@pytest.mark.parametrize(
    ("chunks", "uids", "rejected"),
    [
        pytest.param([GOOD], [UID], 0, id="whole"),
        pytest.param(_split(GOOD), [UID], 0, id="byte-by-byte"),
        pytest.param([GOOD[:5], GOOD[5:9], GOOD[9:]], [UID], 0, id="three-parts"),
        pytest.param([b"\xff\x00noise\x03" + GOOD + b"junk"], [UID], 0, id="noise-around"),
        pytest.param([b"\x02\x0212" + GOOD], [UID], 2, id="stray-stx-before"),
        pytest.param([GOOD[:6] + GOOD], [UID], 1, id="truncated-then-whole"),
        pytest.param([BAD_SUM], [], 1, id="bad-checksum"),
        pytest.param([BAD_ETX], [], 1, id="bad-etx"),
        pytest.param([b"\x021A004A3F8ZE3\x03"], [], 1, id="non-hex"),
        pytest.param([BAD_SUM + rdm6300_frame(OTHER)], [OTHER], 1, id="bad-then-good"),
        pytest.param([b"\x021a004a3f8ce3\x03"], [UID], 0, id="lower-case"),
        pytest.param([GOOD[:13]], [], 0, id="incomplete"),
        pytest.param([GOOD * 3], [UID], 0, id="held"),
        pytest.param([GOOD + rdm6300_frame(OTHER) + GOOD], [UID, OTHER, UID], 0, id="swapped"),
    ],
)
def test_parser(chunks: list[bytes], uids: list[str], rejected: int) -> None:
    parser = Rdm6300Parser(clock=FakeClock())
    got = [uid for chunk in chunks for uid in parser.feed(chunk)]
    assert (got, parser.rejected) == (uids, rejected)


def test_parser_logs_rejects_at_debug(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="hardware.rdm6300"):
        Rdm6300Parser().feed(BAD_SUM)
    assert "bad checksum E4, expected E3" in caplog.text


def test_parser_does_not_keep_noise() -> None:
    parser = Rdm6300Parser()
    parser.feed(b"x" * 10_000)
    assert parser.feed(GOOD) == [UID]
    assert len(parser._buffer) == 0


def test_hold_off_uses_the_injected_clock() -> None:
    clock = FakeClock()
    parser = Rdm6300Parser(hold_off=1.0, clock=clock)
    assert parser.feed(GOOD) == [UID]
    for _ in range(6):  # held for 3 s, repeated every 0.5 s: still one report
        clock.t += 0.5
        assert parser.feed(GOOD) == []
    clock.t += 1.0  # away for the hold-off, then back
    assert parser.feed(GOOD) == [UID]
    assert parser.feed(rdm6300_frame(OTHER)) == [OTHER]
    assert parser.frames == 9


@pytest.mark.parametrize("bad", [-1, float("nan"), "1", True])
def test_hold_off_refuses_bad_seconds(bad: object) -> None:
    with pytest.raises(HardwareConfigError, match=repr(bad)):
        HoldOff(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "shown"),
    [({"port": ""}, "''"), ({"baudrate": 0}, "0"), ({"retry_seconds": 0}, "0")],
)
def test_reader_refuses_bad_settings(kwargs: dict[str, object], shown: str) -> None:
    settings: dict[str, object] = {"port": "/dev/null-reader", **kwargs}
    port = settings.pop("port")
    with pytest.raises(HardwareConfigError, match=shown):
        SerialTagReader(port, on_tag=lambda uid, at: None, **settings)  # type: ignore[arg-type]


# -- over real PTYs ---------------------------------------------------------------------


def _reader(pty: PtyPair, log: TagLog, **kwargs: object) -> SerialTagReader:
    settings: dict[str, object] = {"retry_seconds": 0.05, **kwargs}
    reader = SerialTagReader(
        str(pty.a),
        on_tag=log.on_tag,
        on_status=log.on_status,
        **settings,  # type: ignore[arg-type]
    )
    assert reader.wait_connected(2.0)
    return reader


@needs_socat
@pytest.mark.parametrize(
    ("writes", "uids", "rejected"),
    [
        pytest.param([GOOD], [UID], 0, id="whole"),
        pytest.param(_split(GOOD), [UID], 0, id="byte-by-byte"),
        pytest.param([b"\x00\xffnoise\x02\x02", GOOD, b"\x03junk\x02"], [UID], 3, id="noise"),
        pytest.param([BAD_SUM], [], 1, id="bad-checksum"),
        pytest.param([BAD_ETX], [], 1, id="bad-etx"),
        pytest.param([GOOD] * 5, [UID], 0, id="held-5-times"),
    ],
)
def test_reader_over_a_pty(
    pty: PtyPair, log: TagLog, writes: list[bytes], uids: list[str], rejected: int
) -> None:
    clock = FakeClock()
    with _reader(pty, log, clock=clock) as reader:
        far = pty.open_b()
        for chunk in writes:
            far.write(chunk)
            far.flush()
            time.sleep(0.001)
        far.write(rdm6300_frame(OTHER))  # a marker: everything before it has been parsed
        wait_until(lambda: OTHER in log.uids)
        assert log.uids == [*uids, OTHER]
        assert all(at == clock.t for _, at in log.tags)
        assert reader.parser.rejected == rejected
    assert log.statuses == []


@needs_socat
def test_unplugged_reader_reports_and_reconnects(
    pty: PtyPair, log: TagLog, caplog: pytest.LogCaptureFixture
) -> None:
    with _reader(pty, log) as reader:
        far = pty.open_b()
        far.write(GOOD)
        wait_until(lambda: log.uids == [UID])
        pty.stop()  # unplugged mid-read
        wait_until(lambda: not reader.connected)
        time.sleep(0.2)  # several failed reopen attempts: still one report
        assert len(log.statuses) == 1
        assert log.statuses[0].startswith(f"tag reader on {pty.a} lost: ")
        assert log.statuses[0].endswith("; retrying")
        assert [r.levelname for r in caplog.records if "lost" in r.message] == ["WARNING"]
        pty.start()
        assert reader.wait_connected(2.0)
        wait_until(lambda: len(log.statuses) == 2)
        assert log.statuses[1] == f"tag reader on {pty.a} reconnected"
        pty.open_b().write(rdm6300_frame(OTHER) + GOOD)
        wait_until(lambda: len(log.uids) == 3)
        assert log.uids == [UID, OTHER, UID]


@needs_socat
def test_close_returns_quickly(pty: PtyPair, log: TagLog) -> None:
    # An hour between retries: a close that waited for the next one would never return.
    reader = _reader(pty, log, retry_seconds=3600.0)
    assert _closes(reader)
    assert not reader._thread.is_alive()


def _closes(reader: SerialTagReader) -> bool:
    """Whether ``reader.close()`` returns (within a bound no correct close comes near)."""
    closer = threading.Thread(target=reader.close, daemon=True)
    closer.start()
    closer.join(timeout=60)
    return not closer.is_alive()


def test_missing_port_is_reported_once_and_close_is_quick(tmp_path: object, log: TagLog) -> None:
    port = f"{tmp_path}/no-such-tty"
    reader = SerialTagReader(port, on_tag=log.on_tag, on_status=log.on_status, retry_seconds=0.01)
    wait_until(lambda: len(log.statuses) == 1)
    time.sleep(0.05)  # a few retries, each failing again: said once
    assert _closes(reader)
    assert len(log.statuses) == 1
    assert log.statuses[0].startswith(f"tag reader on {port} cannot be opened: ")
    assert not reader.connected


@needs_socat
def test_a_failing_callback_does_not_stop_the_reader(pty: PtyPair) -> None:
    seen: list[str] = []

    def on_tag(uid: str, at: float) -> None:
        seen.append(uid)
        raise RuntimeError("boom")

    with SerialTagReader(str(pty.a), on_tag=on_tag) as reader:
        assert reader.wait_connected(2.0)
        pty.open_b().write(GOOD + rdm6300_frame(OTHER))
        wait_until(lambda: len(seen) == 2)
        assert reader.connected
