"""The companion page's routes: pages (GET, from the snapshot) and changes (POST, by the device).

Every change answers with a redirect to the page it came from (post, redirect, get), carrying
what the device did as a flash message, or with a 4xx page that says what was wrong.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from device.web import commands, pages
from device.web.bridge import BRIDGE, Bridge, paired_of
from device.web.downloads import stream_export
from device.web.html import SCRIPT, STYLE, frame
from device.web.links import bgstats_link
from device.web.pairing import CODE_SECONDS, COOKIE, SESSION_SECONDS, TICKET

EXPORTS = {
    "csv": ("CSV (a row per player per play)", "text/csv", "mothership-plays.csv"),
    "bgsplay": ("BG Stats file (.bgsplay, every play)", "application/json", "mothership.bgsplay"),
    "bgstats-url": ("BG Stats links (one per play)", "text/plain", "mothership-bgstats.txt"),
    "json": ("Full backup (JSON)", "application/json", "mothership-backup.json"),
}
"""Per export format: what the page calls it, its media type and the file name."""


def _bridge(request: web.Request) -> Bridge:
    return request.app[BRIDGE]


def _viewer(request: web.Request) -> pages.Viewer:
    paired = paired_of(request)
    return pages.Viewer(paired is not None, None if paired is None else paired.csrf)


def _page(request: web.Request, title: str, here: str, body: str) -> web.Response:
    paired = paired_of(request)
    flash: list[str] = []
    if paired is not None:
        flash, paired.flash[:] = list(paired.flash), []
    html = frame(title, here, body, paired=paired is not None, flash=flash)
    return web.Response(text=html, content_type="text/html")


def redirect(path: str) -> web.Response:
    """A 303 to ``path`` (after a post, the browser gets the page again)."""
    return web.Response(status=303, headers={"Location": path})


def _done(request: web.Request, message: str, back: str) -> web.Response:
    """After a change: remember what it did for the next page, and go back to ``back``."""
    paired = paired_of(request)
    if paired is not None:
        paired.flash.append(message)
    return redirect(back)


async def _form(request: web.Request, *keys: str) -> dict[str, str]:
    """The named text fields of a posted form; a 400 naming the first one missing."""
    form = await request.post()
    values: dict[str, str] = {}
    for key in keys:
        value = form.get(key)
        if not isinstance(value, str) or not value.strip():
            raise commands.Refused(400, f"the form has no {key!r} value")
        values[key] = value.strip()
    return values


async def table(request: web.Request) -> web.Response:
    """The live table."""
    bridge = _bridge(request)
    body = pages.table_page(bridge.box.get(), bridge.now())
    return _page(request, "Table", "/", body)


async def live(request: web.Request) -> web.Response:
    """Only the live table's inner HTML, for the page's one-second refresh."""
    bridge = _bridge(request)
    return web.Response(
        text=pages.live_table(bridge.box.get().table, bridge.now()), content_type="text/html"
    )


async def scores(request: web.Request) -> web.Response:
    """The score log, optionally of one game (``?game=Alienation``) and one player's own
    (``?player=Ada``): queries on the store, in a worker thread so a long log never holds up
    the page's other requests."""
    bridge = _bridge(request)
    link = functools.partial(bgstats_link, location=bridge.location)
    game, player = request.query.get("game"), request.query.get("player")
    log = bridge.log
    if log is None:
        raise commands.Refused(503, "the device has no store")

    def render() -> str:
        with log.stats() as stats:
            return pages.scores_page(stats, game, link, player)

    body = await asyncio.to_thread(render)
    return _page(request, "Scores", "/scores", body)


async def players(request: web.Request) -> web.Response:
    """Players and their cards."""
    body = pages.players_page(_bridge(request).box.get(), _viewer(request))
    return _page(request, "Players", "/players", body)


async def change_players(request: web.Request) -> web.Response:
    """Rename, merge, link or unlink (the route's last part names which)."""
    action = request.match_info["action"]
    keys = {
        "rename": ("old", "new"),
        "merge": ("keep", "gone"),
        "link": ("name", "uid"),
        "unlink": ("uid",),
    }.get(action)
    if keys is None:
        raise commands.Refused(404, f"no such change: {action!r}")
    values = await _form(request, *keys)
    done = await _bridge(request).call(
        lambda daemon: commands.change_players(daemon, action, values)
    )
    return _done(request, str(done), "/players")


async def setup(request: web.Request) -> web.Response:
    """The next game's setup form."""
    bridge = _bridge(request)
    body = pages.setup_page(_viewer(request), bridge.seats, bridge.box.get())
    return _page(request, "New game", "/setup", body)


def setup_block(form: Mapping[str, Any]) -> dict[str, Any]:
    """The One Night setup block a setup form describes (the device checks it further)."""
    players = str(form.get("players", "")).strip()
    if not players.isdigit():
        raise commands.Refused(400, f"players: expected a whole number, got {players[:10]!r}")
    block: dict[str, Any] = {"game": "onenight", "players": int(players)}
    options = _timing_options(form)
    if options:
        block["options"] = options
    kind = form.get("kind")
    if kind == "preset":
        block["preset"] = str(form.get("preset", ""))
        return block
    if kind != "roles":
        raise commands.Refused(400, f"kind: expected 'preset' or 'roles', got {kind!r}")
    roles: list[str] = []
    for key, value in form.items():
        if not key.startswith("role:"):
            continue
        count = str(value).strip() or "0"
        if not count.isdigit() or int(count) > 3:
            raise commands.Refused(400, f"{key}: expected 0 to 3 copies, got {count[:10]!r}")
        roles += [key.removeprefix("role:")] * int(count)
    block["roles"] = roles
    return block


def _timing_options(form: Mapping[str, Any]) -> dict[str, Any]:
    """The night's seconds per role, the discussion's minutes and the vote mode a setup form
    gives (an empty field: the device's own setting); the device checks their ranges."""
    options: dict[str, Any] = {}
    for key in ("role_seconds", "day_minutes"):
        value = str(form.get(key, "")).strip()
        if not value:
            continue
        if not value.isdigit():
            raise commands.Refused(400, f"{key}: expected a whole number, got {value[:10]!r}")
        options[key] = int(value)
    mode = str(form.get("vote_mode", "")).strip()
    if mode:
        options["vote_mode"] = mode
    return options


async def set_up(request: web.Request) -> web.Response:
    """Hand the device a game setup; it shows it for the table to check and start."""
    block = setup_block(await request.post())
    done = await _bridge(request).call(lambda daemon: commands.set_up_game(daemon, block))
    return _done(request, str(done), "/")


async def set_ambience(request: web.Request) -> web.Response:
    """Set the night ambience's level (the setup screen's chip, from a phone)."""
    level = (await _form(request, "level"))["level"]
    done = await _bridge(request).call(lambda daemon: commands.set_ambience(daemon, level))
    return _done(request, str(done), "/setup")


async def export_page(request: web.Request) -> web.Response:
    """The export downloads."""
    formats = [(key, what) for key, (what, _, _) in EXPORTS.items()]
    return _page(request, "Export", "/export", pages.export_page(formats, _viewer(request)))


async def export_file(request: web.Request) -> web.StreamResponse:
    """One export, as a download: streamed from the store off the game loop, rate-limited."""
    fmt = request.match_info["fmt"]
    if fmt not in EXPORTS:
        raise commands.Refused(404, f"no export format {fmt!r}: choose from {', '.join(EXPORTS)}")
    if fmt == "json" and paired_of(request) is None:
        raise commands.Refused(403, "the full backup holds the tag uids: pair this phone first")
    bridge = _bridge(request)
    if bridge.log is None:
        raise commands.Refused(503, "the device has no score log open")
    _, media, name = EXPORTS[fmt]
    store = bridge.log.path  # read on connections of the downloads' own
    return await stream_export(request, store, fmt, media, name, location=bridge.location)


async def pair_page(request: web.Request) -> web.Response:
    """Pair this phone, or unpair it."""
    return _page(request, "Pair", "/pair", pages.pair_page(_viewer(request)))


async def request_code(request: web.Request) -> web.Response:
    """Ask the device to show a pairing code, for this phone only (its ticket cookie)."""
    bridge = _bridge(request)
    held = request.cookies.get(TICKET)
    client = request.remote or "unknown"
    bridge.pairing.request_code(held, client)
    ticket = await bridge.call(
        lambda daemon: commands.show_code(daemon, bridge.pairing, held, client)
    )
    response = redirect("/pair")
    _cookie(response, TICKET, str(ticket), CODE_SECONDS)
    return response


async def show_code_again(request: web.Request) -> web.Response:
    """Show this phone's code on the device again, while it is good (it leaves the screen
    before it expires: ``CODE_SHOWN_SECONDS``)."""
    bridge = _bridge(request)
    digits, seconds = bridge.pairing.shown_code(request.cookies.get(TICKET))
    await bridge.call(lambda daemon: commands.show_code_again(daemon, digits, seconds))
    return redirect("/pair")


async def pair(request: web.Request) -> web.Response:
    """Check the typed code; a right one pairs this phone (an HttpOnly, Strict cookie)."""
    code = (await request.post()).get("code")
    client = request.remote or "unknown"
    pairing = _bridge(request).pairing
    token, paired = pairing.pair(str(code or ""), client, request.cookies.get(TICKET))
    paired.flash.append("This phone is paired: it can make changes now.")
    await _bridge(request).call(commands.hide_code)  # its work done, the code leaves the screen
    response = redirect("/")
    response.del_cookie(TICKET, path="/")
    _cookie(response, COOKIE, token, SESSION_SECONDS)
    return response


def _cookie(response: web.Response, name: str, value: str, seconds: float) -> None:
    """Set a cookie no script can read and no other site's page can send."""
    response.set_cookie(
        name, value, max_age=int(seconds), httponly=True, samesite="Strict", path="/"
    )


async def forget(request: web.Request) -> web.Response:
    """Unpair this phone."""
    _bridge(request).pairing.unpair(request.cookies.get(COOKIE))
    response = redirect("/pair")
    response.del_cookie(COOKIE, path="/")
    return response


async def style(request: web.Request) -> web.Response:
    """The style sheet."""
    return web.Response(text=STYLE, content_type="text/css")


async def script(request: web.Request) -> web.Response:
    """The live table's refresh script."""
    return web.Response(text=SCRIPT, content_type="application/javascript")


def add_routes(app: web.Application) -> None:
    """Every route of the companion page."""
    app.router.add_get("/", table)
    app.router.add_get("/live", live)
    app.router.add_get("/scores", scores)
    app.router.add_get("/players", players)
    app.router.add_post("/players/{action}", change_players)
    app.router.add_get("/setup", setup)
    app.router.add_post("/setup", set_up)
    app.router.add_post("/ambience", set_ambience)
    app.router.add_get("/export", export_page)
    app.router.add_get("/export/{fmt}", export_file)
    app.router.add_get("/pair", pair_page)
    app.router.add_post("/pair", pair)
    app.router.add_post("/pair/request", request_code)
    app.router.add_post("/pair/again", show_code_again)
    app.router.add_post("/pair/forget", forget)
    app.router.add_get("/style.css", style)
    app.router.add_get("/app.js", script)
