"""The companion page's web server: aiohttp on its own thread with its own event loop.

Why aiohttp: one well-kept dependency (no separate ASGI server), an async server that idles at
no CPU cost beside the pygame loop, request size limits and form parsing built in, and its own
test client. It runs on a thread of its own so the main loop never waits on a phone, and it
never touches the game: it reads the published ``Snapshot`` and hands every change to the main
loop as an inbox ``Call`` (``Bridge.call``), then waits at most ``DEVICE_SECONDS`` for the
answer. A bad request gets a 4xx page that says why (a form that cannot be read too); an error
in a handler is logged and answered with a 500, and never reaches the daemon. What is logged
about requests is one line per address a minute at most (``device.web.quietlog``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
from collections.abc import Awaitable, Callable

from aiohttp import web

from device.web.bridge import BRIDGE, Bridge, paired_of
from device.web.commands import Refused
from device.web.downloads import EXPORT_SECONDS, STREAMING, add_downloads
from device.web.fence import REQUEST_SECONDS, Fence, FencedRunner
from device.web.html import error_page
from device.web.pairing import PairingError
from device.web.quietlog import LogLimit, RequestLog, one_line
from device.web.routes import add_routes

logger = logging.getLogger(__name__)

MAX_BODY = 64 * 1024
"""The largest request body taken (a form here is far smaller)."""
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Not "no-referrer": with it Chromium sends "Origin: null" on the page's own forms.
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}
OPEN_POSTS = frozenset({"/pair", "/pair/request", "/pair/again"})
"""The changes an unpaired phone may ask for: pairing itself."""


def own_names() -> frozenset[str]:
    """The host names the page answers to besides IP addresses: this machine's."""
    name = socket.gethostname().lower()
    return frozenset({"localhost", name, f"{name}.local", socket.getfqdn().lower()})


def _host_ok(request: web.Request) -> bool:
    """Whether the Host header names this device: an IP address or one of its own names.

    Any other name (a site of the attacker's that resolves to the device: DNS rebinding)
    is refused, so a page on the Internet cannot read the companion page through a browser.
    """
    host = (request.host or "").lower()
    name = host[1:].partition("]")[0] if host.startswith("[") else host.rpartition(":")[0]
    name = name or host  # no port given
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return name.rstrip(".") in request.app[NAMES]
    return True


def _same_origin(request: web.Request) -> bool:
    """A change must come from the page itself: no Origin header (old browsers) or ours."""
    origin = request.headers.get("Origin")
    return origin is None or origin == f"{request.scheme}://{request.host}"


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Pairing and CSRF checks on every change; a clear 4xx page for anything refused."""
    try:
        if not _host_ok(request):
            raise Refused(
                421, f"this device does not answer to {request.host[:60]!r}: open it by its address"
            )
        if request.remote and paired_of(request) is not None:
            request.app[FENCE].trust(request.remote)  # its connections use the paired room
        seconds = EXPORT_SECONDS if request.path.startswith("/export/") else REQUEST_SECONDS
        async with asyncio.timeout(seconds):
            if request.method == "POST":
                await _read_form(request)
                await _check_change(request)
            response = await handler(request)
    except TimeoutError:
        started: web.StreamResponse | None = request.get(STREAMING)
        if started is not None:  # half a download went out: end the connection instead
            if request.transport is not None:
                request.transport.abort()
            return started
        response = _error(request, 408, f"the request took over {seconds:.0f} s")
    except (Refused, PairingError) as refused:
        response = _error(request, refused.status, str(refused))
    except web.HTTPRedirection:
        raise
    except web.HTTPException as error:
        response = _error(request, error.status, error.text or error.reason)
    except Exception:
        if request.app[LIMIT].first(request.remote or "unknown"):  # no host floods the log
            logger.exception("companion page: %s %s failed", request.method, request.path)
        response = _error(request, 500, "something went wrong on the device (it is logged)")
    response.headers.update(SECURITY_HEADERS)
    return response


async def _read_form(request: web.Request) -> None:
    """Read a change's form once (aiohttp keeps it for the handler); one that cannot be read
    (a multipart body without its boundary...) is the sender's fault: a 400, not a 500."""
    try:
        await request.post()
    except ValueError as error:
        raise Refused(400, f"the form could not be read: {one_line(str(error))}") from None


async def _check_change(request: web.Request) -> None:
    if not _same_origin(request):
        raise Refused(403, "this change came from another site, so it was refused")
    if request.path in OPEN_POSTS:
        return
    paired = paired_of(request)
    if paired is None:
        raise Refused(403, "pair this phone first (Pair, at the bottom of the page)")
    form = await request.post()
    if not request.app[BRIDGE].pairing.csrf_ok(paired, _text(form.get("csrf"))):
        raise Refused(403, "the form is out of date (its CSRF token did not match): reload")


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _error(request: web.Request, status: int, message: str) -> web.Response:
    status = status if 400 <= status < 600 else 400
    text = message.removeprefix(f"{status}: ")
    if request.path.startswith("/api/") or request.path == "/live":
        return web.json_response({"error": text}, status=status)
    page = error_page(status, text, paired=paired_of(request) is not None)
    return web.Response(text=page, status=status, content_type="text/html")


NAMES = web.AppKey("names", frozenset[str])
"""The host names the application answers to (``own_names``)."""
FENCE = web.AppKey("fence", Fence)
"""The server's connection fence, told which addresses are paired phones'."""
LIMIT = web.AppKey("limit", LogLimit)
"""What the page may log about each address (one line a minute)."""


def make_app(
    bridge: Bridge,
    names: frozenset[str] | None = None,
    fence: Fence | None = None,
    limit: LogLimit | None = None,
) -> web.Application:
    """The aiohttp application (routes in ``device.web.routes``)."""
    app = web.Application(middlewares=[guard], client_max_size=MAX_BODY)
    app[BRIDGE] = bridge
    app[NAMES] = own_names() if names is None else names
    app[FENCE] = Fence() if fence is None else fence
    app[LIMIT] = LogLimit() if limit is None else limit
    add_downloads(app)
    add_routes(app)
    return app


class WebServer:
    """Serves ``make_app(bridge)`` on ``host:port`` from a thread with its own event loop."""

    def __init__(self, bridge: Bridge, host: str, port: int) -> None:
        self.bridge, self.host, self.port = bridge, host, port
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="web", daemon=True)
        self.address: tuple[str, int] | None = None
        self.limit = bridge.pairing.lines
        """One log line per address a minute: aiohttp's, the handlers', the fence's and
        pairing's."""
        self.fence = Fence(limit=self.limit)

    def start(self) -> None:
        """Bind and start serving; ``OSError`` if the address cannot be bound."""
        self._thread.start()
        started = asyncio.run_coroutine_threadsafe(self._start(), self._loop)
        try:
            started.result(timeout=10)
        except BaseException:
            self.stop()
            raise
        logger.info("companion page on http://%s:%d/", *self.address_or_raise())

    async def _start(self) -> None:
        app = make_app(self.bridge, fence=self.fence, limit=self.limit)
        runner = FencedRunner(
            app,
            self.fence,
            access_log=None,
            shutdown_timeout=1.0,
            logger=RequestLog(self.limit),  # aiohttp's lines about malformed requests
        )
        await runner.setup()
        self._runner = runner
        await web.TCPSite(runner, self.host, self.port).start()
        address = runner.addresses[0]
        self.address = (str(address[0]), int(address[1]))

    def address_or_raise(self) -> tuple[str, int]:
        """Where it listens (the port is the real one when 0 was asked for)."""
        if self.address is None:
            raise RuntimeError("the web server is not running")
        return self.address

    def stop(self) -> None:
        """Stop serving and end the thread."""
        if self._runner is not None and self._loop.is_running():
            stopped = asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop)
            try:
                stopped.result(timeout=5)
            except Exception:
                logger.exception("the companion page did not stop cleanly")
        self._runner = None
        if self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        if not self._loop.is_running() and not self._loop.is_closed():
            self._loop.close()
