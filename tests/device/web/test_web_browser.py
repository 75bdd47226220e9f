"""The companion page in a real browser: Debian's Chromium driven by Playwright, on a phone-sized
viewport, against a running daemon (virtual clock, mock hardware).

One browser and one phone for the module, in play order: pair with the code the device shows,
rename a player, open a play's BG Stats link, set up a game and start it on the device, see
nothing but "Night" all night, watch the day timer tick, count the votes.

With ``MOTHERSHIP_WEB_SHOTS=1`` the screenshots go to docs/images/ (the README's), else to a
temporary folder. Nothing here downloads a browser: Chromium is the system's.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    Error,
    Page,
    Route,
    ViewportSize,
    expect,
    sync_playwright,
)
from webdevice import ROOT, DevicePump, run_to, shown_code

from device.store.bgstats import decode_push_url, push_play
from games.events import VoteCast

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 360, "height": 740}
NIGHT = '<p class="night" data-phase="night">Night</p>'


def _cannot_run(reason: str) -> None:
    """Skip with the reason; in CI (where the test command installs Chromium) fail instead."""
    if os.environ.get("CI"):
        pytest.fail(f"Chromium must run in CI: {reason}")
    pytest.skip(f"Chromium cannot run here: {reason}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless; skipped (with the reason) only if it cannot start here."""
    if shutil.which(CHROMIUM) is None:
        _cannot_run(f"{CHROMIUM} is missing (apt-get install chromium; scripts/test does)")
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        except Error as error:
            _cannot_run(str(error).splitlines()[0])
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def phone(browser: Browser, device: DevicePump) -> Iterator[Page]:
    """One phone (360 px wide, touch) for the whole module, so pairing carries through."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(5000)
    page = context.new_page()
    page.goto(device.url)
    yield page
    context.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: the README's images with MOTHERSHIP_WEB_SHOTS=1."""
    if os.environ.get("MOTHERSHIP_WEB_SHOTS"):
        return ROOT / "docs" / "images"
    return tmp_path_factory.mktemp("web-shots")


def live_html(page: Page, device: DevicePump) -> str:
    """The live table's fragment, fetched by the page itself (as its refresh does)."""
    text: Any = page.evaluate("fetch('/live').then(r => r.text())")
    return str(text)


def test_the_table_opens_on_a_phone_without_sideways_scrolling(
    phone: Page, device: DevicePump
) -> None:
    expect(phone.locator("#live")).to_contain_text("No game is running")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(phone.locator("footer")).to_contain_text("Read-only")


def test_pairing_with_the_code_the_device_shows(phone: Page, device: DevicePump) -> None:
    phone.get_by_role("link", name="Pair this phone").click()
    with phone.expect_response(lambda response: response.url.endswith("/pair")):
        phone.get_by_role("button", name="Show a code on the device").click()
    phone.get_by_label("Code").fill(shown_code(device))
    phone.get_by_role("button", name="Pair", exact=True).click()
    expect(phone.get_by_role("status")).to_have_text(
        "This phone is paired: it can make changes now."
    )
    (cookie,) = phone.context.cookies()
    assert (cookie["httpOnly"], cookie["sameSite"]) == (True, "Strict")


def test_rename_a_player(phone: Page, device: DevicePump, shots: Path) -> None:
    phone.get_by_role("link", name="Players").click()
    phone.locator("form[action='/players/rename']").get_by_label("Player").select_option("Ada")
    phone.get_by_label("New name").fill(" Ada  Lovelace ")  # spaces tidied, case as typed
    phone.get_by_role("button", name="Rename").click()
    expect(phone.get_by_role("status")).to_have_text("Ada is now Ada Lovelace.")
    expect(phone.locator("table").first).to_contain_text("Ada Lovelace")
    names = device.call(lambda daemon: daemon.runtime.store.player_names())
    assert "Ada Lovelace" in names and "Ada" not in names
    phone.screenshot(path=str(shots / "web-players.png"), full_page=True)


def test_a_plays_bg_stats_link_opens_with_the_play_in_its_json(
    phone: Page, device: DevicePump, shots: Path
) -> None:
    opened: list[str] = []

    def bg_stats(route: Route) -> None:  # BG Stats itself is not reachable from a test
        opened.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>BG Stats</title>")

    phone.context.route("https://app.bgstatsapp.com/**", bg_stats)
    phone.get_by_role("link", name="Scores").click()
    expect(phone.locator("[data-play]")).to_have_count(1)
    expect(phone.locator("[data-play]")).to_contain_text("Ada Lovelace (won) 55")
    phone.screenshot(path=str(shots / "web-scores.png"), full_page=True)
    with phone.context.expect_page() as popup:
        phone.get_by_role("link", name="Add to BG Stats").click()
    popup.value.wait_for_load_state()
    assert popup.value.title() == "BG Stats"
    popup.value.close()
    (play,) = device.call(lambda daemon: daemon.runtime.store.plays())
    data = decode_push_url(opened[0])
    assert data == push_play(play)
    assert data["sourceName"] == "Mothership" and data["game"]["name"] == "Alienation"
    players = {p["name"]: (p["score"], p["winner"]) for p in data["players"]}
    assert players["Ada Lovelace"] == (55, True)


def test_set_up_a_game_and_confirm_it_on_the_device(phone: Page, device: DevicePump) -> None:
    phone.get_by_role("link", name="New game").click()
    form = phone.locator("#preset-form")
    form.get_by_label("Preset").select_option("alien_first_game")
    form.get_by_label("Players").fill("4")
    form.get_by_role("button", name="Show it on the device").click()
    expect(phone.get_by_role("status")).to_contain_text("The device shows the game")
    shown = device.call(lambda daemon: (daemon.runtime.phase, daemon.shown.screen))
    assert shown == ("setup", "setup")
    expect(phone.locator("#live")).to_contain_text("Phase: setup")
    device.call(lambda daemon: daemon.hardware.press_control("go"))  # the table says go
    device.advance(0.1)
    assert device.call(lambda daemon: daemon.runtime.phase) in ("dusk", "night")


def test_nothing_but_night_shows_all_night(phone: Page, device: DevicePump, shots: Path) -> None:
    expect(phone.locator("#live")).to_have_text("Night")
    phone.reload()
    assert phone.locator("main").inner_text().strip() == "Night"
    phone.screenshot(path=str(shots / "web-night.png"))
    seen = set()
    while device.call(lambda daemon: daemon.runtime.phase) in ("dusk", "night"):
        seen.add(live_html(phone, device))
        device.call(lambda daemon: _next_deadline(daemon))
    assert seen == {NIGHT}


def _next_deadline(daemon: Any) -> None:
    deadline = daemon.runtime.next_deadline()
    assert deadline is not None
    run_to(daemon, deadline)


def test_the_day_timer_ticks_with_the_devices_clock(
    phone: Page, device: DevicePump, shots: Path
) -> None:
    device.run_until("day")
    timer = phone.locator("#timer")
    expect(timer).to_have_text("3:00")  # four players: three minutes
    device.advance(30)
    expect(timer).to_have_text("2:30")
    device.advance(61)
    expect(timer).to_have_text("1:29")
    expect(phone.locator("#live")).to_contain_text("One Night")
    phone.screenshot(path=str(shots / "web-table.png"))


def test_the_vote_shows_how_many_voted_never_for_whom(phone: Page, device: DevicePump) -> None:
    device.run_until("vote")
    expect(phone.locator("#votes")).to_have_text("Votes: 0 of 4")
    device.call(lambda daemon: daemon.inbox.put(VoteCast(1, 3)))
    expect(phone.locator("#votes")).to_have_text("Votes: 1 of 4")
    live = phone.locator("#live").inner_text().replace("Votes: 1 of 4", "")
    pace = phone.locator("#pace").inner_text()  # the talk's minutes: not a seat
    assert "Talk:" in pace and "3" not in live.replace(pace, "")
