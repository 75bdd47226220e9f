"""The PN532 frames (pure) and Pn532Reader against a fake PN532 on a socat PTY."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from serialpty import FakePn532, PtyPair, TagLog, log, needs_socat, pty, wait_until

from hardware.errors import HardwareConfigError
from hardware.pn532 import (
    ACK,
    IN_LIST_PASSIVE_TARGET,
    NACK,
    PN532_TO_HOST,
    RF_CONFIGURATION,
    SAM_CONFIGURATION,
    WAKE_UP,
    Pn532Frame,
    Pn532Parser,
    Pn532Reader,
    build_frame,
    parse_target_uid,
)
from hardware.tags import TagReaderError

__all__ = ["log", "pty"]  # fixtures, imported for pytest

SAM_FRAME = bytes.fromhex("0000FF05FBD4140114010200")
POLL_FRAME = bytes.fromhex("0000FF04FCD44A0100E100")
ERROR_FRAME = bytes.fromhex("0000FF01FF7F8100")
UID4 = "DEADBEEF"
UID7 = "04A224E2C31C80"


# -- frames -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "tfi", "frame"),
    [
        (SAM_CONFIGURATION, 0xD4, SAM_FRAME),
        (IN_LIST_PASSIVE_TARGET, 0xD4, POLL_FRAME),
        (b"\x15", PN532_TO_HOST, bytes.fromhex("0000FF02FED5151600")),
    ],
)
def test_build_frame(data: bytes, tfi: int, frame: bytes) -> None:
    assert build_frame(data, tfi) == frame
    assert (frame[3] + frame[4]) & 0xFF == 0
    assert (sum(frame[5:-1])) & 0xFF == 0


@pytest.mark.parametrize("data", [b"", bytes(254)])
def test_build_frame_refuses_bad_lengths(data: bytes) -> None:
    with pytest.raises(ValueError, match="got b'"):
        build_frame(data)


def _info(data: bytes, tfi: int = 0xD4) -> Pn532Frame:
    return Pn532Frame("info", tfi, data)


@pytest.mark.parametrize(
    ("stream", "frames", "rejected"),
    [
        pytest.param(ACK, [Pn532Frame("ack")], 0, id="ack"),
        pytest.param(NACK, [Pn532Frame("nack")], 0, id="nack"),
        pytest.param(SAM_FRAME, [_info(SAM_CONFIGURATION)], 0, id="info"),
        pytest.param(ERROR_FRAME, [_info(b"", 0x7F)], 0, id="error-frame"),
        pytest.param(
            WAKE_UP + SAM_FRAME + ACK, [_info(SAM_CONFIGURATION), Pn532Frame("ack")], 0, id="wake"
        ),
        pytest.param(b"\xff\x12" + ACK + b"\x00\x99", [Pn532Frame("ack")], 0, id="noise"),
        pytest.param(SAM_FRAME[:-2] + b"\x03\x00" + ACK, [Pn532Frame("ack")], 1, id="bad-dcs"),
        pytest.param(
            b"\x00\x00\xff\x05\xfa" + POLL_FRAME, [_info(b"\x4a\x01\x00")], 1, id="bad-lcs"
        ),
        pytest.param(SAM_FRAME[:-3], [], 0, id="incomplete"),
    ],
)
def test_parser(stream: bytes, frames: list[Pn532Frame], rejected: int) -> None:
    whole = Pn532Parser()
    assert (whole.feed(stream), whole.rejected) == (frames, rejected)
    split = Pn532Parser()
    got = [frame for i in range(len(stream)) for frame in split.feed(stream[i : i + 1])]
    assert (got, split.rejected) == (frames, rejected)


@pytest.mark.parametrize(
    ("data", "uid"),
    [
        (bytes([0x4B, 0x00]), None),
        (bytes.fromhex("4B010100040804DEADBEEF"), UID4),
        (bytes.fromhex("4B010100440007" + UID7), UID7),
        (bytes.fromhex("4B010100440007" + UID7 + "0575778002"), UID7),  # with an ATS
    ],
)
def test_parse_target_uid(data: bytes, uid: str | None) -> None:
    assert parse_target_uid(data) == uid


@pytest.mark.parametrize(
    "data",
    [b"", b"\x4b", b"\x15\x00", bytes.fromhex("4B0101004400"), bytes.fromhex("4B01010044000704A2")],
)
def test_parse_target_uid_refuses_bad_answers(data: bytes) -> None:
    with pytest.raises(TagReaderError, match=re.escape(repr(data))):
        parse_target_uid(data)


def test_reader_refuses_bad_settings() -> None:
    with pytest.raises(HardwareConfigError, match=re.escape("-0.5")):
        Pn532Reader("/dev/null-reader", on_tag=lambda uid, at: None, poll_interval=-0.5)


# -- against a fake PN532 ---------------------------------------------------------------


class FakeClock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def fake(pty: PtyPair) -> Iterator[FakePn532]:
    pn532 = FakePn532(pty.open_b())
    try:
        yield pn532
    finally:
        pn532.close()


def _reader(pty: PtyPair, log: TagLog, **kwargs: object) -> Pn532Reader:
    settings: dict[str, object] = {
        "retry_seconds": 0.05,
        "poll_interval": 0.005,
        "answer_timeout": 0.2,
        **kwargs,
    }
    return Pn532Reader(str(pty.a), on_tag=log.on_tag, on_status=log.on_status, **settings)  # type: ignore[arg-type]


@needs_socat
def test_reader_reports_a_presented_tag_once(pty: PtyPair, fake: FakePn532, log: TagLog) -> None:
    clock = FakeClock()
    with _reader(pty, log, clock=clock) as reader:
        assert reader.wait_connected(2.0)
        assert fake.raw.startswith(WAKE_UP)
        assert fake.commands[:2] == [SAM_CONFIGURATION, RF_CONFIGURATION]
        fake.present(UID7)
        wait_until(lambda: log.uids == [UID7])
        polls = len(fake.commands)
        wait_until(lambda: len(fake.commands) > polls + 5)  # still held: no new report
        clock.t += 1.5  # no hold-off left: the same tag is new again
        wait_until(lambda: len(log.uids) == 2)
        fake.present(UID4)
        wait_until(lambda: len(log.uids) == 3)
        assert log.tags == [(UID7, 100.0), (UID7, 101.5), (UID4, 101.5)]
        assert set(fake.commands[2:]) == {IN_LIST_PASSIVE_TARGET}
    assert log.statuses == []


@needs_socat
def test_silent_pn532_is_reported_then_found(pty: PtyPair, log: TagLog) -> None:
    with _reader(pty, log) as reader:
        wait_until(lambda: len(log.statuses) == 1)
        assert log.statuses[0] == (
            f"tag reader on {pty.a} lost: pn532 did not acknowledge command '14011401' "
            "within 0.2 s; retrying"
        )
        assert not reader.connected
        fake = FakePn532(pty.open_b())
        try:
            assert reader.wait_connected(2.0)
            wait_until(lambda: len(log.statuses) == 2)
            assert log.statuses[1] == f"tag reader on {pty.a} reconnected"
            fake.present(UID4)
            wait_until(lambda: log.uids == [UID4])
        finally:
            fake.close()


@needs_socat
def test_unplugged_pn532_reconnects(pty: PtyPair, fake: FakePn532, log: TagLog) -> None:
    with _reader(pty, log) as reader:
        assert reader.wait_connected(2.0)
        fake.close()
        pty.stop()
        wait_until(lambda: len(log.statuses) == 1)
        assert log.statuses[0].startswith(f"tag reader on {pty.a} lost: ")
        pty.start()
        again = FakePn532(pty.open_b())
        try:
            again.present(UID4)
            wait_until(lambda: log.uids == [UID4])
            assert log.statuses[1:] == [f"tag reader on {pty.a} reconnected"]
        finally:
            again.close()
