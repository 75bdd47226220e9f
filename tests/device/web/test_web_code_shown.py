"""An unused pairing code leaves the device's screen after ``CODE_SHOWN_SECONDS`` (30 s, not
the code's whole two minutes), and the phone that asked can show the same code again while it
is good, without a new code or another ask counted."""

from __future__ import annotations

from webdevice import DevicePump, Phone, fresh_limits, shown_code

from device.web.pairing import CODE_SECONDS, CODE_SHOWN_SECONDS


def notice(device: DevicePump) -> str | None:
    text: str | None = device.call(lambda daemon: daemon.ui.notice_text)
    return text


def test_an_unused_code_leaves_the_screen_and_the_phone_shows_it_again(
    device: DevicePump,
) -> None:
    assert CODE_SHOWN_SECONDS < CODE_SECONDS
    phone = Phone(device.url)
    fresh_limits(device)
    assert phone.request("POST", "/pair/request")[0] == 303
    code = shown_code(device)
    device.advance(CODE_SHOWN_SECONDS - 1)
    assert notice(device) is not None  # still up just before its 30 s
    device.advance(2)
    assert notice(device) is None  # gone from the screen, still good on the phone
    _, page, _ = phone.request("GET", "/pair")
    assert 'action="/pair/again"' in page and "30 seconds" in page
    assert phone.request("POST", "/pair/again")[0] == 303
    assert shown_code(device) == code  # the same code: nothing new to type
    assert phone.request("POST", "/pair", {"code": code})[0] == 303


def test_only_the_phone_that_asked_can_show_its_code_again(device: DevicePump) -> None:
    fresh_limits(device)
    asker = Phone(device.url)
    asker.request("POST", "/pair/request")
    status, page, _ = Phone(device.url).request("POST", "/pair/again")
    assert status == 409 and "no code is waiting for this phone" in page
