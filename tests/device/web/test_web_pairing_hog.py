"""A host that keeps asking for codes, asks and never types, or keeps putting its code back on
the screen cannot keep a new phone from pairing nor load the game's loop; what pairing logs about
it is one line a minute. (A code held pairing for its two minutes, a host asking every 10 s for
100 s per address, and "Show my code again" had no limit: 15,760 showings and log lines in
200 s from one host, bench/page_attacks.py.)"""

from __future__ import annotations

import logging
from functools import partial

import pytest
from webdevice import DevicePump

from device.web import commands
from device.web.pairing import (
    CODE_REQUESTS_SECONDS,
    CODE_SHOWN_SECONDS,
    OUTASKED,
    SHOWINGS_AGAIN,
    Pairing,
    PairingError,
)

HOG, PHONE, FRESH = "10.0.0.66", "10.0.0.7", "10.0.0.8"


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def ask(pairing: Pairing, client: str, ticket: str | None = None) -> tuple[str, str]:
    pairing.request_code(ticket, client)
    digits, _, ticket = pairing.new_code(ticket, client)
    return digits, ticket


def test_a_host_that_keeps_asking_cannot_keep_a_new_phone_from_pairing() -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    _, hog = ask(pairing, HOG)
    with pytest.raises(PairingError, match="for another phone: wait") as waits:
        pairing.request_code(None, PHONE)  # one code asked: the phone waits for it, as before
    assert waits.value.status == 409
    for _ in range(OUTASKED - 1):
        clock.now += CODE_REQUESTS_SECONDS
        ask(pairing, HOG, hog)  # the host rotates its code
    clock.now += 0.5  # not 10 s after the host's last ask: taking the screen is never too soon
    code, ticket = ask(pairing, PHONE)
    for client, holds in ((HOG, hog), (FRESH, None)):  # neither takes it back from the phone
        with pytest.raises(PairingError, match="for another phone") as refused:
            pairing.request_code(holds, client)
        assert refused.value.status == 409
    token, _ = pairing.pair(code, PHONE, ticket)
    assert pairing.session(token) is not None and not pairing.locked


def test_a_code_never_typed_holds_the_screen_only_while_it_is_new() -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    ask(pairing, HOG)
    clock.now += CODE_SHOWN_SECONDS - 1
    with pytest.raises(PairingError, match="for another phone: wait"):
        pairing.request_code(None, PHONE)  # the code is new: someone may be typing it
    clock.now += 1
    code, ticket = ask(pairing, PHONE)  # off the screen by now: the phone takes it
    with pytest.raises(PairingError, match="for another phone"):
        pairing.request_code(None, HOG)  # and the host cannot take it back while it is new
    assert pairing.session(pairing.pair(code, PHONE, ticket)[0]) is not None


def test_a_code_goes_back_on_the_screen_a_few_times_only() -> None:
    pairing = Pairing(FakeTime())
    code, ticket = ask(pairing, PHONE)
    for _ in range(SHOWINGS_AGAIN):
        assert pairing.shown_code(ticket)[0] == code
    with pytest.raises(PairingError, match="ask for a new one") as enough:
        pairing.shown_code(ticket)
    assert enough.value.status == 429


def test_a_host_asking_for_codes_is_one_log_line_a_minute(
    device: DevicePump, caplog: pytest.LogCaptureFixture
) -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    caplog.set_level(logging.INFO, logger="device.web.commands")
    ticket: str | None = None
    for _ in range(6):
        clock.now += CODE_REQUESTS_SECONDS  # a minute of asks, as often as they are taken
        pairing.request_code(ticket, HOG)
        ticket = device.call(
            partial(commands.show_code, pairing=pairing, ticket=ticket, client=HOG)
        )
    lines = [r.getMessage() for r in caplog.records if r.name == "device.web.commands"]
    assert len(lines) == 1 and HOG in lines[0]
