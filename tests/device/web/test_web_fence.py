"""The page's fence on the real daemon: connection caps, idle and slow connections closed,
the Host header checked, card uids only for paired phones, pairing locked and opened."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from urllib.parse import urlsplit

import pytest
from webdevice import DevicePump, Phone, fresh_limits, paired_phone, shown_code

from device.web.fence import IDLE_SECONDS, PER_CLIENT, TOTAL, UNPAIRED
from device.web.pairing import LOCK_AFTER_WRONG, TRIES_PER_CODE
from device.web.part import OPEN_PAIRING

GIVE_UP_SECONDS = 60.0
"""A bound for a stuck page, never a timing check."""


def address(device: DevicePump) -> tuple[str, int]:
    parts = urlsplit(device.url)
    return parts.hostname or "", parts.port or 0


@contextmanager
def held(
    device: DevicePump, count: int, source: str = "127.0.0.1"
) -> Iterator[list[socket.socket]]:
    """``count`` connections from ``source`` that send nothing, closed on the way out."""
    with ExitStack() as stack:
        sockets = []
        for _ in range(count):
            sock = stack.enter_context(socket.socket())
            sock.bind((source, 0))
            sock.connect(address(device))
            sockets.append(sock)
        yield sockets


def fence_holds(device: DevicePump, count: int) -> None:
    """Wait until the page's fence counts ``count`` open connections."""
    deadline = time.monotonic() + GIVE_UP_SECONDS
    while device.call(lambda daemon: daemon.web.server.fence.held()) != count:
        assert time.monotonic() < deadline, "the fence never counted the connections"
        time.sleep(0.02)


def refused(device: DevicePump, source: str = "127.0.0.1") -> bytes:
    """What a new connection from ``source`` is answered before any request."""
    with socket.socket() as sock:
        sock.bind((source, 0))
        sock.settimeout(GIVE_UP_SECONDS)
        sock.connect(address(device))
        return sock.recv(4096)


def get_from(device: DevicePump, source: str, path: str) -> int:
    """The status of a GET from the address ``source``."""
    host, port = address(device)
    connection = http.client.HTTPConnection(host, port, timeout=30, source_address=(source, 0))
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_one_address_holds_at_most_its_share_and_the_page_answers_once_they_close(
    device: DevicePump,
) -> None:
    with held(device, PER_CLIENT):
        fence_holds(device, PER_CLIENT)
        assert refused(device).startswith(b"HTTP/1.1 503 ")
        assert get_from(device, "127.0.0.2", "/") == 200  # another address is still served
    fence_holds(device, 0)
    assert Phone(device.url).request("GET", "/")[0] == 200


@pytest.mark.slow(6)
def test_many_addresses_hold_at_most_the_unpaired_share(device: DevicePump) -> None:
    sources = [f"127.0.1.{n}" for n in range(1, TOTAL // PER_CLIENT + 1)]
    with ExitStack() as stack:
        for source in sources:
            stack.enter_context(held(device, PER_CLIENT, source))
        fence_holds(device, UNPAIRED)
        assert refused(device, "127.0.1.1").startswith(b"HTTP/1.1 503 ")
        # 1,200 more are refused one by one: the page never holds more than the share.
        for _ in range(1200 // 50):
            with held(device, 50, "127.0.3.1"):
                pass
        assert device.call(lambda daemon: daemon.web.server.fence.held()) <= UNPAIRED
    fence_holds(device, 0)
    assert Phone(device.url).request("GET", "/scores")[0] == 200


def test_a_host_with_eight_addresses_locks_no_phone_out(device: DevicePump) -> None:
    # One LAN host with 8 addresses held all 96 places (12 each): every phone got 503.
    phone = paired_phone(device)
    assert phone.request("GET", "/")[0] == 200  # its address is now a paired phone's
    with ExitStack() as stack:
        for n in range(1, 9):
            stack.enter_context(held(device, PER_CLIENT, f"127.0.1.{n}"))
        fence_holds(device, UNPAIRED)  # the host's share; the paired phones' room is free
        assert phone.request("GET", "/players")[0] == 200
        with held(device, PER_CLIENT):  # the paired phone may hold its own 12 beside them
            fence_holds(device, UNPAIRED + PER_CLIENT)
        fence_holds(device, UNPAIRED)
        # A phone not paired yet takes a place from the host, which holds the most.
        assert get_from(device, "127.0.2.1", "/pair") == 200
        assert device.call(lambda daemon: daemon.web.server.fence.evicted) > 0
    fence_holds(device, 0)


@pytest.mark.slow(10)
def test_idle_and_slow_connections_are_closed(device: DevicePump) -> None:
    with held(device, 2) as (idle, slow):
        slow.sendall(b"GET / HTTP/1.1\r\n")  # then one header byte at a time, never the end
        idle.settimeout(GIVE_UP_SECONDS)
        assert idle.recv(4096) == b""  # closed by the device after IDLE_SECONDS
        slow.settimeout(0.5)
        deadline = time.monotonic() + GIVE_UP_SECONDS
        while True:
            try:
                slow.sendall(b"X")
                if slow.recv(4096) == b"":
                    break
            except TimeoutError:
                pass
            except OSError:
                break  # reset: closed
            assert time.monotonic() < deadline, f"a slow request outlived {IDLE_SECONDS} s"
    fence_holds(device, 0)


def test_another_sites_host_name_is_refused(device: DevicePump) -> None:
    phone = Phone(device.url)
    _, port = address(device)
    for host in ("evil.example", f"evil.example:{port}", f"rebind.attacker.test:{port}"):
        status, page, _ = phone.request("GET", "/players", headers={"Host": host})
        assert status == 421 and f"does not answer to {host!r}" in page
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", socket.gethostname()):
        assert phone.request("GET", "/", headers={"Host": host})[0] == 200


def test_card_uids_show_only_to_a_paired_phone(device: DevicePump) -> None:
    phone = paired_phone(device)
    form = {"name": "Ada", "uid": "04:a2:3b:1c", "csrf": phone.csrf()}
    assert phone.request("POST", "/players/link", form)[0] == 303
    assert "04A23B1C" in phone.request("GET", "/players")[1]
    status, page, _ = Phone(device.url).request("GET", "/players")
    assert status == 200 and "04A23B1C" not in page and "1 card" in page


def lock_out(device: DevicePump, source: str) -> str:
    """Type wrong codes from ``source`` until pairing locks for it; the last page."""
    fresh_limits(device)
    wrong = 0
    status = 0
    while status != 423:
        assert wrong <= LOCK_AFTER_WRONG, "pairing never locked"
        phone = Phone(device.url, source=source)
        device.call(lambda daemon: daemon.web.pairing._tries.clear())  # one address here
        device.call(lambda daemon: setattr(daemon.web.pairing, "_last_request", -1e9))
        assert phone.request("POST", "/pair/request")[0] == 303
        code = shown_code(device)
        for _ in range(TRIES_PER_CODE):  # the last one drops the code
            wrong += 1
            typed = f"{(int(code) + 1) % 1_000_000:06d}"
            status, page, _ = phone.request("POST", "/pair", {"code": typed})
            if status == 423:
                break
    assert wrong == LOCK_AFTER_WRONG and "tap Open pairing on the device" in page
    return page


def test_too_many_wrong_codes_lock_pairing_until_it_is_opened_on_the_device(
    device: DevicePump,
) -> None:
    lock_out(device, "127.0.0.1")
    assert Phone(device.url).request("POST", "/pair/request")[0] == 423
    controls = device.call(lambda daemon: (daemon.home(), daemon.step(), daemon.ui.controls())[2])
    assert ("Open pairing", OPEN_PAIRING) in controls
    device.call(lambda daemon: daemon.ui.tap("Open pairing"))
    device.call(lambda daemon: daemon.step())
    assert not device.call(lambda daemon: daemon.web.pairing.locked)
    paired_phone(device)


def test_one_address_locks_pairing_for_itself_only_and_one_nights_options_open_it(
    device: DevicePump,
) -> None:
    # One host's wrong codes used to lock pairing for every phone, opened only at home.
    device.call(lambda daemon: (daemon.ui.tap("One Night"), daemon.step()))
    lock_out(device, "127.0.0.3")
    assert Phone(device.url, source="127.0.0.3").request("POST", "/pair/request")[0] == 423
    device.call(lambda daemon: setattr(daemon.web.pairing, "_last_request", -1e9))
    other = Phone(device.url, source="127.0.0.4")
    assert other.request("POST", "/pair/request")[0] == 303  # another phone still pairs
    assert other.request("POST", "/pair", {"code": shown_code(device)})[0] == 303
    # At the table, in the game's setup: Options, then Open pairing; the game stays.
    device.call(lambda daemon: (daemon.ui.tap("Options"), daemon.step()))
    controls = device.call(lambda daemon: daemon.ui.controls())
    assert ("Open pairing", OPEN_PAIRING) in controls
    device.call(lambda daemon: (daemon.ui.tap("Open pairing"), daemon.step()))
    assert not device.call(lambda daemon: daemon.web.pairing.locked)
    assert device.call(lambda daemon: daemon.ui.screen) == "setup"  # still in One Night
    labels = [label for label, _ in device.call(lambda daemon: daemon.ui.controls())]
    assert "Open pairing" not in labels and "Done" in labels  # the Options, without it
    device.call(lambda daemon: setattr(daemon.web.pairing, "_last_request", -1e9))
    again = Phone(device.url, source="127.0.0.3")
    assert again.request("POST", "/pair/request")[0] == 303
    assert again.request("POST", "/pair", {"code": shown_code(device)})[0] == 303
