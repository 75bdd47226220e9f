"""The companion page's parts on their own: the public table, pairing limits, the service unit,
and switching the page off or failing to bind."""

from __future__ import annotations

import dataclasses
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from webdevice import ROOT, web_config

from device.clock import VirtualClock
from device.config import default_config
from device.headless import go_headless
from device.runtime.parts import Wiring, open_daemon
from device.web.pages import live_table
from device.web.pairing import (
    CODE_SECONDS,
    LOCK_AFTER_ASKS,
    LOCK_AFTER_WRONG,
    LOCK_ALL_AFTER_ASKS,
    LOCK_ALL_AFTER_WRONG,
    TRIES_PER_CODE,
    TRIES_PER_MINUTE,
    Pairing,
    PairingError,
)
from device.web.part import open_web
from device.web.snapshot import Table, table_of
from games.alienation.state import AlienationPhase
from games.effects import GamePhase
from games.onenight.ballot import VoteMode
from games.onenight.state import OneNightPhase
from games.onenight.views import AnswerButtons, DayView, NightView, VoteView
from games.views import ScreenName, SheetRow, SheetView, View

UNIT = ROOT / "systemd" / "mothership.service"
ANALYZE = shutil.which("systemd-analyze")

NIGHT, DAY = ScreenName.NIGHT, ScreenName.DAY
SECRET_VIEWS: list[tuple[GamePhase, ScreenName, View]] = [
    (OneNightPhase.DUSK, NIGHT, NightView()),
    (OneNightPhase.NIGHT, NIGHT, NightView(AnswerButtons.YES_NO, 5)),
    (OneNightPhase.NIGHT, NIGHT, NightView(AnswerButtons.NUMBER, 10)),
    (OneNightPhase.NIGHT, DAY, DayView(300.0, 300.0, paused=False, players=5)),
    (OneNightPhase.VOTE, NIGHT, NightView()),
]


@pytest.mark.parametrize(("phase", "screen", "view"), SECRET_VIEWS)
def test_at_night_the_table_is_night_and_nothing_else(
    phase: GamePhase, screen: ScreenName, view: View
) -> None:
    assert table_of("onenight", phase, screen, view, {1: "Ada"}) == Table(night=True)


def _day(ends_at: float | None, *, remaining: float = 300.0, roles: str = "") -> DayView:
    """A day screen's view: running until ``ends_at``, or paused (None) with ``remaining``."""
    return DayView(ends_at, remaining, paused=ends_at is None, players=5, roles=roles)


def test_the_day_shows_its_timer_and_the_vote_only_its_count() -> None:
    day = table_of("onenight", OneNightPhase.DAY, DAY, _day(500.0), {})
    assert (day.game, day.phase, day.day_ends_at, day.votes) == ("One Night", "day", 500.0, None)
    vote = VoteView("x", 5, (2, 4), VoteMode.GRID, 3, device_target=False, missing=(1, 3, 5))
    shown = table_of("onenight", OneNightPhase.VOTE, ScreenName.VOTE, vote, {})
    assert (shown.votes, shown.message, shown.sheet) == ((2, 5), "", None)


def test_the_day_lists_the_roles_in_play_on_the_phone_too() -> None:
    view = _day(500.0, roles="2 Alien, Cow, Psychic")
    day = table_of("onenight", OneNightPhase.DAY, DAY, view, {})
    assert day.roles == "2 Alien, Cow, Psychic"
    assert '<p id="roles">In play: 2 Alien, Cow, Psychic</p>' in live_table(day, 0.0)


def test_a_score_sheet_shows_names_for_linked_seats() -> None:
    rows = (SheetRow(1, ("14", "14")), SheetRow(2, ("9", "9")))
    view = SheetView("Alienation", ("R1", "Total"), rows, "Round 2", 2, 3, controls=())
    table = table_of("alienation", AlienationPhase.SCORE, ScreenName.SHEET, view, {1: "Ada"})
    assert table.sheet is not None
    assert table.sheet.rows == (("Ada", "14", "14"), ("Player 2", "9", "9"))
    assert table.message == "Round 2"


class FakeTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def wrong_of(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


def test_a_code_dies_after_its_wrong_tries_and_after_two_minutes() -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    code, _, ticket = pairing.new_code()
    for attempt in range(TRIES_PER_CODE):
        with pytest.raises(PairingError) as refused:
            pairing.pair(wrong_of(code), f"phone-{attempt}", ticket)
    assert "that was its last try" in str(refused.value)
    with pytest.raises(PairingError, match="no code is showing"):
        pairing.pair(code, "phone-9", ticket)
    code, seconds, ticket = pairing.new_code()
    clock.now += seconds
    with pytest.raises(PairingError, match="no code is showing"):
        pairing.pair(code, "phone-10", ticket)


def test_one_phone_gets_five_tries_a_minute() -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    for _ in range(TRIES_PER_MINUTE):
        _, _, ticket = pairing.new_code()
        with pytest.raises(PairingError) as refused:
            pairing.pair("000000x", "phone", ticket)
        assert refused.value.status == 400
    with pytest.raises(PairingError, match="too many tries: wait 60 s") as limited:
        pairing.pair("123456", "phone", ticket)
    assert limited.value.status == 429
    clock.now += 60.5
    code, _, ticket = pairing.new_code()
    token, paired = pairing.pair(code, "phone", ticket)
    assert pairing.session(token) is paired
    assert pairing.csrf_ok(paired, paired.csrf) and not pairing.csrf_ok(paired, "forged")


def test_guesses_from_rotating_addresses_never_stop_the_phone_with_the_code() -> None:
    clock = FakeTime()
    pairing = Pairing(clock)
    pairing.request_code(None)
    code, _, ticket = pairing.new_code()
    for attacker in range(1000):  # each from a new address, none holding the phone's ticket
        clock.now += 0.01
        with pytest.raises(PairingError, match="asked for by another phone") as refused:
            pairing.pair(f"{attacker:06d}", f"10.0.{attacker // 250}.{attacker % 250}", "forged")
        assert refused.value.status == 409
        with pytest.raises(PairingError, match="for another phone: wait") as asked:
            pairing.request_code(None)  # nor can they put a code of their own on the screen
        assert asked.value.status == 409
    assert not pairing.locked
    token, _ = pairing.pair(code, "192.168.1.20", ticket)
    assert pairing.session(token) is not None


def spend_codes(pairing: Pairing, clock: FakeTime, how: str, client: Callable[[int], str]) -> int:
    """Ask for codes (and type wrong ones, for ``how == "wrong codes"``) from the address
    ``client(n)`` gives the n-th try, until ``client(0)`` is locked; how many it took."""
    spent = 0
    while not pairing.locked_for(client(0)):
        assert spent <= LOCK_ALL_AFTER_WRONG, "pairing never locked"
        clock.now += CODE_SECONDS + 1  # past the last code and every per-minute limit
        pairing.request_code(None, client(spent))
        code, _, ticket = pairing.new_code(None, client(spent))
        if how == "unused codes":
            spent += 1
        for _ in range(TRIES_PER_CODE - 1 if how == "wrong codes" else 0):
            spent += 1
            with pytest.raises(PairingError) as refused:
                pairing.pair(wrong_of(code), client(spent), ticket)
            if pairing.locked_for(client(0)):
                assert refused.value.status == 423
                break
            assert refused.value.status == 400
    return spent


@pytest.mark.parametrize("how", ["wrong codes", "unused codes"])
def test_one_address_locks_pairing_for_itself_until_opened_at_the_device(how: str) -> None:
    # One host used to lock pairing for every phone in about 100 s (10 unused codes).
    clock = FakeTime()
    locked: list[str] = []
    pairing = Pairing(clock, on_lock=locked.append)
    spent = spend_codes(pairing, clock, how, lambda n: "10.0.0.66")
    assert spent == (LOCK_AFTER_WRONG if how == "wrong codes" else LOCK_AFTER_ASKS)
    assert locked == ["10.0.0.66"] and pairing.locked
    for step in (
        lambda: pairing.request_code(None, "10.0.0.66"),
        lambda: pairing.pair("123456", "10.0.0.66", "any"),
    ):
        with pytest.raises(PairingError, match="tap Open pairing on the device") as shut:
            step()
        assert shut.value.status == 423
    clock.now += CODE_SECONDS + 1
    pairing.request_code(None, "10.0.0.7")  # any other phone pairs as before
    code, _, ticket = pairing.new_code(None, "10.0.0.7")
    assert pairing.session(pairing.pair(code, "10.0.0.7", ticket)[0]) is not None
    assert pairing.locked_for("10.0.0.66")  # a pairing elsewhere does not open it
    pairing.open()
    clock.now += CODE_SECONDS + 1
    pairing.request_code(None, "10.0.0.66")
    code, _, ticket = pairing.new_code(None, "10.0.0.66")
    assert pairing.session(pairing.pair(code, "10.0.0.66", ticket)[0]) is not None


@pytest.mark.parametrize("how", ["wrong codes", "unused codes"])
def test_codes_spent_from_many_addresses_lock_pairing_for_all(how: str) -> None:
    # Guessing stays bounded however many addresses a host has: ten times one address's
    # limit, from all of them together, locks pairing for every address.
    clock = FakeTime()
    locked: list[str] = []
    pairing = Pairing(clock, on_lock=locked.append)
    spent = spend_codes(pairing, clock, how, lambda n: f"10.0.{n // 250}.{n % 250 + 1}")
    assert spent == (LOCK_ALL_AFTER_WRONG if how == "wrong codes" else LOCK_ALL_AFTER_ASKS)
    assert locked == [""] and pairing.locked_for("192.168.1.20")
    pairing.open()
    pairing.request_code(None, "192.168.1.20")
    code, _, ticket = pairing.new_code(None, "192.168.1.20")
    assert pairing.session(pairing.pair(code, "192.168.1.20", ticket)[0]) is not None


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
def test_the_unit_opens_only_the_pages_port_with_an_exposure_of_at_most_1_5(
    tmp_path: Path,
) -> None:
    script = Path(sys.executable).parent / "mothership"
    unit = tmp_path / "mothership.service"
    unit.write_text(UNIT.read_text().replace("/opt/mothership/venv/bin/mothership", str(script)))
    result = subprocess.run(
        [str(ANALYZE), "security", "--offline=true", str(unit)],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert match, result.stdout[-500:]
    assert float(match.group(1)) <= 1.5
    lines = UNIT.read_text().splitlines()
    assert f"SocketBindAllow=tcp:{default_config().web.port}" in lines
    assert "SocketBindDeny=any" in lines and "PrivateNetwork=yes" not in lines


def _daemon_notices(config: Any, port: int | None) -> tuple[Any, list[str]]:
    go_headless()
    with tempfile.TemporaryDirectory() as scratch, ExitStack() as stack:
        wiring = Wiring(
            clock=VirtualClock(),
            store_path=Path(scratch) / "m.db",
            hardware="mock",
            readers=False,
            audio=False,
            web=open_web,
            web_port=port,
        )
        daemon = open_daemon(config, wiring, stack)
        return daemon.web, list(daemon.notices)


def test_switched_off_there_is_no_page() -> None:
    config = web_config()
    config = dataclasses.replace(config, web=dataclasses.replace(config.web, enabled=False))
    assert _daemon_notices(config, 0) == (None, [])


def test_a_port_in_use_is_reported_and_the_device_goes_on() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web, notices = _daemon_notices(web_config(), taken.getsockname()[1])
    assert web is None
    assert len(notices) == 1 and notices[0].startswith("The companion page could not start")


def test_a_paused_day_shows_the_time_left_and_a_running_one_counts_down() -> None:
    paused = table_of("onenight", OneNightPhase.DAY, DAY, _day(None, remaining=61.5), {})
    assert 'Day (paused): <span class="big" id="timer">1:02</span>' in live_table(paused, 0)
    running = table_of("onenight", OneNightPhase.DAY, DAY, _day(100.0), {})
    assert '<span class="big" id="timer">1:40</span>' in live_table(running, 0.0)
    assert '<span class="big" id="timer">0:00</span>' in live_table(running, 130.0)


def test_the_phones_role_picker_offers_every_boxs_roles() -> None:
    from device.web.pages import BOX_NAMES, Viewer, setup_page
    from games.onenight.roles import ROLE_TABLE, Box

    page = setup_page(Viewer(paired=True, csrf="t"), seats=12)
    assert set(BOX_NAMES) == set(Box)  # Daybreak and the Bonus packs too
    missing = [role.value for role in ROLE_TABLE if f'name="role:{role.value}"' not in page]
    assert missing == []


def test_a_phones_setup_sets_the_nights_pace_the_discussion_and_the_vote_and_they_stay(
    tmp_path: Path,
) -> None:
    from touchplay import table, table_config

    from device.web.commands import Refused, set_up_game
    from device.web.routes import setup_block

    form = {"players": "4", "kind": "preset", "preset": "alien_first_game"}
    timing = {"role_seconds": "6", "day_minutes": "1", "vote_mode": "called"}
    block = setup_block({**form, **timing})
    assert block["options"] == {"role_seconds": 6, "day_minutes": 1, "vote_mode": "called"}
    assert "options" not in setup_block({**form, "role_seconds": "", "vote_mode": ""})
    with pytest.raises(Refused, match="role_seconds: expected a whole number, got '6s'"):
        setup_block({**form, "role_seconds": "6s"})
    with table(table_config(tmp_path), tmp_path / "m.db") as t:
        set_up_game(t.daemon, block)
        roles = t.daemon.runtime.session.setup.roles  # type: ignore[union-attr]
        cards = tuple(role.display_name for role in roles)
        t.tap("Start night").until("day").tap("Vote now", "Vote now").until("vote")
        for voter in range(1, 5):  # called in turn: each presses only a target
            t.press(voter % 4 + 1)
        t.tap("Reveal cards")
        for card in cards[:4]:
            t.tap(card, "Confirm")
        t.tap("Play again")  # the next game keeps the pace, the discussion and the vote
        options = t.daemon.runtime.session.setup.options  # type: ignore[union-attr]
        assert (options.role_seconds, options.day_minutes, str(options.vote_mode)) == (
            6,
            1,
            "called",
        )
