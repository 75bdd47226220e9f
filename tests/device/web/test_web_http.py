"""The companion page over plain HTTP against a running daemon: read-only without pairing,
pairing with the code on the device's screen, CSRF on every change, clear 4xx answers to bad
requests, and the device (not the page) making every change."""

from __future__ import annotations

import json
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
from webdevice import DevicePump, Phone, fresh_limits, paired_phone, shown_code

from device.store.bgstats import decode_push_url
from device.web import bridge


def test_the_pages_read_without_pairing(device: DevicePump) -> None:
    phone = Phone(device.url)
    for path, text in (
        ("/", "No game is running"),
        ("/scores", "Alienation"),
        ("/players", "Ada"),
        ("/export", "CSV"),
        ("/pair", "Show a code on the device"),
    ):
        status, page, response = phone.request("GET", path)
        assert (status, text in page) == (200, True), path
        assert "default-src 'none'" in response.headers["Content-Security-Policy"]
    status, page, _ = phone.request("GET", "/players")
    assert 'action="/players/rename"' not in page


def test_an_unpaired_change_is_refused_with_the_reason(device: DevicePump) -> None:
    phone = Phone(device.url)
    status, page, _ = phone.request("POST", "/players/rename", {"old": "Bo", "new": "Bob"})
    assert status == 403
    assert "pair this phone first" in page
    names = device.call(lambda daemon: daemon.runtime.store.player_names())
    assert "Bo" in names and "Bob" not in names


def test_the_device_shows_a_code_and_a_right_one_pairs_with_a_strict_httponly_cookie(
    device: DevicePump,
) -> None:
    phone = paired_phone(device)
    assert device.call(lambda daemon: daemon.ui.notice_text) is None  # the code's banner went
    cookie = phone.set_cookie.lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    status, page, _ = phone.request("GET", "/players")
    assert status == 200 and 'action="/players/rename"' in page


def test_a_code_works_once_and_wrong_codes_are_counted(device: DevicePump) -> None:
    phone = Phone(device.url)
    fresh_limits(device)
    phone.request("POST", "/pair/request")
    code = shown_code(device)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    status, page, _ = phone.request("POST", "/pair", {"code": wrong})
    assert status == 400 and f"wrong code '{wrong}': 4 tries left" in page
    status, page, _ = phone.request("POST", "/pair", {"code": "12ab"})
    assert status == 400 and "a pairing code is 6 digits, got '12ab'" in page
    assert phone.request("POST", "/pair", {"code": code})[0] == 303
    other = Phone(device.url)
    status, page, _ = other.request("POST", "/pair", {"code": code})
    assert status == 409 and "no code is showing" in page


def test_a_second_code_request_at_once_is_rate_limited(device: DevicePump) -> None:
    phone = Phone(device.url)
    fresh_limits(device)
    assert phone.request("POST", "/pair/request")[0] == 303
    status, page, _ = phone.request("POST", "/pair/request")
    assert status == 429 and "a code was asked for just now" in page


def test_a_change_without_the_csrf_token_or_from_another_site_is_refused(
    device: DevicePump,
) -> None:
    phone = paired_phone(device)
    status, page, _ = phone.request("POST", "/players/rename", {"old": "Bo", "new": "Bob"})
    assert status == 403 and "CSRF" in page
    form = {"old": "Bo", "new": "Bob", "csrf": phone.csrf()}
    evil = {"Origin": "http://evil.example"}
    status, page, _ = phone.request("POST", "/players/rename", form, evil)
    assert status == 403 and "another site" in page
    names = device.call(lambda daemon: daemon.runtime.store.player_names())
    assert "Bob" not in names


@pytest.mark.parametrize(
    ("path", "form", "status", "message"),
    [
        ("/players/rename", {"old": "Nobody", "new": "X"}, 400, "no player named 'Nobody'"),
        ("/players/rename", {"old": "Bo"}, 400, "the form has no 'new' value"),
        ("/players/rename", {"old": "Bo", "new": "Ada"}, 400, "player named 'Ada' already"),
        ("/players/merge", {"keep": "Bo", "gone": "Bo"}, 400, "cannot merge 'Bo' with itself"),
        ("/players/link", {"name": "Bo", "uid": "zz"}, 400, "tag 'zz': expected hex digits"),
        ("/players/unlink", {"uid": "0102030405"}, 400, "no player's card with tag"),
        ("/players/explode", {"x": "1"}, 404, "no such change: 'explode'"),
        ("/setup", {"kind": "roles", "players": "x"}, 400, "players: expected a whole number"),
        ("/setup", {"kind": "preset", "players": "4", "preset": "alien"}, 400, "unknown preset"),
        ("/setup", {"kind": "roles", "players": "4", "role:seer": "9"}, 400, "0 to 3 copies"),
        ("/setup", {"kind": "roles", "players": "4", "role:ghost": "1"}, 400, "ghost"),
    ],
)
def test_a_bad_change_gets_a_4xx_that_repeats_the_bad_input(
    device: DevicePump, path: str, form: dict[str, str], status: int, message: str
) -> None:
    phone = paired_phone(device)
    got, page, _ = phone.request("POST", path, {**form, "csrf": phone.csrf()})
    assert got == status
    assert message in page
    assert device.call(lambda daemon: daemon.runtime.session) is None


def test_bad_requests_get_4xx_and_the_daemon_goes_on(device: DevicePump) -> None:
    phone = Phone(device.url)
    assert phone.request("GET", "/nowhere")[0] == 404
    assert phone.request("DELETE", "/")[0] == 405
    assert phone.request("GET", "/export/doc")[0] == 404
    big = {"code": "1" * 100_000}
    assert phone.request("POST", "/pair", big)[0] == 413
    assert phone.request("GET", "/export/json")[0] == 403
    status, _, _ = phone.request("GET", "/live")
    assert status == 200
    assert device.call(lambda daemon: daemon.running)


def test_merge_moves_the_plays_and_link_unlink_a_card(device: DevicePump) -> None:
    device.call(lambda daemon: daemon.runtime.store.add_player("Bobby"))
    device.call(lambda daemon: daemon.web.publisher.__setattr__("dirty", True))
    phone = paired_phone(device)
    form = {"name": "Bobby", "uid": "04:a2:3b:1c", "csrf": phone.csrf()}
    assert phone.request("POST", "/players/link", form)[0] == 303
    assert device.call(lambda daemon: daemon.runtime.store.tag("04A23B1C")) == ("player", "Bobby")
    form = {"keep": "Bobby", "gone": "Bo", "csrf": phone.csrf()}
    assert phone.request("POST", "/players/merge", form)[0] == 303
    plays = device.call(lambda daemon: daemon.runtime.store.plays())
    assert [p.name for p in plays[0].players][1] == "Bobby"
    assert "Bo" not in device.call(lambda daemon: daemon.runtime.store.player_names())
    _, page, _ = phone.request("GET", "/players")
    assert "Bo is merged into Bobby." in page and "04A23B1C" in page
    form = {"uid": "04A23B1C", "csrf": phone.csrf()}
    assert phone.request("POST", "/players/unlink", form)[0] == 303
    assert device.call(lambda daemon: daemon.runtime.store.tag("04A23B1C")) is None


def test_exports_download_in_every_format(device: DevicePump) -> None:
    phone = paired_phone(device)
    status, text, response = phone.request("GET", "/export/bgstats-url")
    assert status == 200 and "attachment" in response.headers["Content-Disposition"]
    play = decode_push_url(text.splitlines()[0])
    assert play["game"]["name"] == "Alienation"
    status, text, _ = phone.request("GET", "/export/csv")
    assert status == 200 and text.startswith("date,game,player")
    status, text, _ = phone.request("GET", "/export/json")
    assert status == 200 and json.loads(text)["format"] == "mothership-backup"
    status, text, _ = phone.request("GET", "/export/bgsplay")
    assert status == 200 and "plays" in json.loads(text)


def test_a_game_set_up_by_role_counts_waits_on_the_device_and_a_second_one_is_refused(
    device: DevicePump,
) -> None:
    phone = paired_phone(device)
    roles = {"role:werewolf": "2", "role:seer": "1", "role:robber": "1", "role:villager": "2"}
    form = {"kind": "roles", "players": "3", **roles, "role:tanner": "0", "csrf": phone.csrf()}
    status, _, response = phone.request("POST", "/setup", form)
    assert (status, response.headers["Location"]) == (303, "/")
    session = device.call(lambda daemon: daemon.runtime.session)
    assert (session.game, device.call(lambda daemon: daemon.runtime.phase)) == ("onenight", "setup")
    dealt = sorted(role.value for role in session.setup.roles)
    assert dealt == ["robber", "seer", "villager", "villager", "werewolf", "werewolf"]
    status, page, _ = phone.request("GET", "/")
    assert "The device shows the game: check it there and start it." in page
    assert 'data-phase="setup"' in page
    form = {"kind": "preset", "players": "4", "preset": "basic", "csrf": phone.csrf()}
    status, page, _ = phone.request("POST", "/setup", form)
    assert status == 409 and "One Night is running (phase setup): finish it first" in page


def test_garbage_on_the_socket_gets_a_400_and_the_page_goes_on(device: DevicePump) -> None:
    parts = urlsplit(device.url)
    with socket.create_connection((parts.hostname or "", parts.port or 0), timeout=5) as raw:
        raw.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
        assert raw.recv(100).split(b"\r\n")[0].endswith(b" 400 Bad Request")
    assert Phone(device.url).request("GET", "/")[0] == 200


def test_a_change_the_busy_device_cannot_take_in_time_gets_a_503_and_is_not_done(
    device: DevicePump, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone = paired_phone(device)
    form = {"old": "Bobby", "new": "Robert", "csrf": phone.csrf()}
    monkeypatch.setattr(bridge, "DEVICE_SECONDS", 0.2)
    started = threading.Event()

    def rendering(daemon: object) -> None:  # the main loop is busy (rendering lines, say)
        started.set()
        time.sleep(0.6)

    busy = threading.Thread(target=device.call, args=(rendering,))
    busy.start()
    assert started.wait(5)
    status, page, _ = phone.request("POST", "/players/rename", form)
    busy.join()
    assert status == 503 and "the device did not answer in time" in page
    device.advance(0)
    assert "Robert" not in device.call(lambda daemon: daemon.runtime.store.player_names())
