"""Malformed requests on the real daemon: each answered 4xx, and the log gets at most one line
per offender a minute (the page's log limit on a clock of the test's own)."""

from __future__ import annotations

import logging
import socket
import time
from urllib.parse import urlsplit

import pytest
from webdevice import DevicePump

from device.web.quietlog import LogLimit, RequestLog, one_line

HOST = b"Host: 127.0.0.1\r\n"
MALFORMED = [
    b"GET / HTTP/1.1\r\n\r\n",  # no Host header: logged as an error with its traceback
    b"POST /pair HTTP/1.1\r\n" + HOST + b"Content-Type: multipart/form-data\r\n"
    b"Content-Length: 5\r\n\r\nhello",  # no boundary: answered 500
    b"POST /pair HTTP/1.1\r\n" + HOST + b"Content-Type: multipart/form-data; boundary=xx\r\n"
    b"Content-Length: 5\r\n\r\nhello",  # not the boundary it names: 500 too
    b"GET / HTTP/1.1\r\n" + HOST + b"Content-Length: abc\r\n\r\n",
    b"GET / HTTP/1.1\r\n" + HOST + HOST + b"\r\n",
    b"GET /\x00 HTTP/1.1\r\n" + HOST + b"\r\n",
    b"GET / HTTP/1.1\r\n" + HOST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def status_of(device: DevicePump, raw: bytes, source: str) -> int:
    """Send ``raw`` from ``source`` on a connection of its own; the answer's status."""
    parts = urlsplit(device.url)
    with socket.socket() as sock:
        sock.bind((source, 0))
        sock.settimeout(30)
        sock.connect((parts.hostname or "", parts.port or 0))
        sock.sendall(raw)
        answer = b""
        while b"\r\n" not in answer:
            piece = sock.recv(4096)
            assert piece, f"closed without an answer to {raw!r}"
            answer += piece
    return int(answer.split(b" ", 2)[1])


def lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the page logged at WARNING or above."""
    return [
        record
        for record in caplog.records
        if record.levelno >= logging.WARNING and record.name.startswith(("aiohttp", "device.web"))
    ]


def test_malformed_requests_are_a_4xx_and_one_warning_a_minute_per_offender(
    device: DevicePump, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    device.call(lambda daemon: setattr(daemon.web.server.limit, "now", clock))
    try:
        count_lines(device, caplog, clock)
    finally:  # the module's other tests see the page's real clock
        device.call(lambda daemon: setattr(daemon.web.server.limit, "now", time.monotonic))


def count_lines(device: DevicePump, caplog: pytest.LogCaptureFixture, clock: Clock) -> None:
    """Malformed requests from two addresses, and the page's log lines about them."""
    caplog.set_level(logging.WARNING)
    for _ in range(5):
        for raw in MALFORMED:
            status = status_of(device, raw, "127.0.0.5")
            assert 400 <= status < 500, (raw, status)
    logged = lines(caplog)
    assert [r.levelname for r in logged] == ["WARNING"], [r.getMessage() for r in logged]
    assert logged[0].exc_info is None and "\n" not in logged[0].getMessage()
    assert "127.0.0.5" in logged[0].getMessage()
    status_of(device, MALFORMED[0], "127.0.0.6")  # another offender has a line of its own
    assert len(lines(caplog)) == 2
    clock.now += 61  # a minute on: the first offender's next bad request is logged again
    status_of(device, MALFORMED[3], "127.0.0.5")
    assert [r.levelname for r in lines(caplog)] == ["WARNING"] * 3


def test_the_limit_allows_one_line_a_minute_per_address() -> None:
    clock = Clock()
    limit = LogLimit(clock)
    assert limit.first("a") and not limit.first("a") and limit.first("b")
    clock.now += 59.9
    assert not limit.first("a")
    clock.now += 0.2
    assert limit.first("a") and limit.quiet == 2


def test_a_failure_that_is_no_malformed_request_keeps_its_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING)
    log = RequestLog(LogLimit(Clock()))
    log.exception("Error handling request from %s", "10.0.0.9", exc_info=RuntimeError("bug"))
    log.exception("Error handling request from %s", "10.0.0.9", exc_info=RuntimeError("bug"))
    (record,) = caplog.records
    assert record.levelname == "ERROR" and record.exc_info is not None
    assert one_line("a\x1b[31m\nsecond") == "a\\x1b[31m"
