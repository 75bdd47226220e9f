"""A host that keeps asking for codes, or keeps putting its code back on the screen, cannot keep
a new phone from pairing nor load the game's loop; what pairing logs about it is one line a
minute. (It held pairing for 100 s per address, and "Show my code again" had no limit.)"""

from __future__ import annotations

import logging

import pytest
from webdevice import DevicePump

from device.web import commands
from device.web.pairing import (
    CODE_REQUESTS_SECONDS,
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
        held = ticket
        ticket = device.call(lambda daemon: commands.show_code(daemon, pairing, held, HOG))
    lines = [r.getMessage() for r in caplog.records if r.name == "device.web.commands"]
    assert len(lines) == 1 and HOG in lines[0]
