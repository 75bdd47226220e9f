"""The night ambience's level from a paired phone's setup page: the same levels as the device's
setup-screen chip, set by the device on its own loop and kept in its store."""

from __future__ import annotations

from typing import Any

from webdevice import DevicePump, Phone, paired_phone

from device.runtime.ambience_control import SETTING


def level_of(device: DevicePump) -> tuple[str, str | None]:
    """The level in force on the device, and the one its store keeps."""

    def read(daemon: Any) -> tuple[str, str | None]:
        return daemon.ambience.level.name, daemon.runtime.store.setting(SETTING)

    result: tuple[str, str | None] = device.call(read)
    return result


def test_a_paired_phone_sets_the_level_and_the_device_keeps_it(device: DevicePump) -> None:
    phone = paired_phone(device)
    status, page, _ = phone.request("GET", "/setup")
    assert status == 200 and 'action="/ambience"' in page
    assert '<option value="normal" selected>Normal</option>' in page
    csrf = phone.csrf("/setup")
    status, _, response = phone.request("POST", "/ambience", {"level": "loud", "csrf": csrf})
    assert (status, response.headers["Location"]) == (303, "/setup")
    assert level_of(device) == ("loud", "0.7")
    status, page, _ = phone.request("GET", "/setup")
    assert "The ambience is loud now." in page
    assert '<option value="loud" selected>Loud</option>' in page
    status, page, _ = phone.request("POST", "/ambience", {"level": "deafening", "csrf": csrf})
    assert status == 400 and "no ambience level 'deafening'" in page
    assert level_of(device) == ("loud", "0.7")
    phone.request("POST", "/ambience", {"level": "normal", "csrf": csrf})
    assert level_of(device) == ("normal", "0.4")


def test_an_unpaired_phone_cannot_set_the_level(device: DevicePump) -> None:
    before = level_of(device)
    status, page, _ = Phone(device.url).request("POST", "/ambience", {"level": "off"})
    assert status == 403 and "pair this phone first" in page
    assert level_of(device) == before
