"""The phone's score log: a player's name opens that player's own page, their record and
scores per game and the plays they were in, as the touchscreen's wins name does."""

from __future__ import annotations

import re

from webdevice import DevicePump, Phone


def player_links(page: str) -> dict[str, str]:
    """Each linked name on a page and where it goes."""
    return dict(re.findall(r'<a data-player="([^"]+)" href="([^"]+)">', page))


def test_a_named_players_name_links_to_their_plays_and_scores(device: DevicePump) -> None:
    phone = Phone(device.url)
    status, page, _ = phone.request("GET", "/scores")
    assert status == 200
    links = player_links(page)
    assert links["Ada"] == "/scores?game=Alienation&player=Ada"
    assert "Player 3" not in links  # an unnamed seat is nobody's page
    (item,) = re.findall(r'<li data-play="[^"]+">(.*?)</li>', page)
    assert player_links(item) == {"Ada": links["Ada"], "Bo": links["Bo"]}  # who played, too
    status, page, _ = phone.request("GET", links["Ada"])
    assert status == 200
    (own,) = re.findall(r'<section data-player="Ada">(.*?)</section>', page)
    assert "<h2>Ada</h2>" in own and '<a href="/scores?game=Alienation">Everyone</a>' in own
    assert re.search(r"<p>1 play, [01] won, average \d+\.\d, best \d+</p>", own), own
    rows = re.findall(r"<tr><td>([^<]+)</td><td>(won)?</td><td class=\"num\">(\d+)</td></tr>", own)
    assert len(rows) == 1  # the one Alienation play, with Ada's score
    assert '<section data-game="Alienation">' not in page  # no one else's leaderboard
    assert "<h2>Plays with Ada</h2>" in page and page.count('<li data-play="') == 1
    # The game tabs keep the player, All games too.
    assert 'href="/scores?player=Ada"' in page


def test_a_name_with_no_plays_shows_everyone(device: DevicePump) -> None:
    phone = Phone(device.url)
    status, page, _ = phone.request("GET", "/scores?player=Nobody%20%3Cb%3E")
    assert status == 200
    assert "Nobody" not in page and '<section data-game="Alienation">' in page
