"""What the companion page asks of the device, done on the main loop's thread.

Each function here is handed to the main loop as an inbox ``Call`` and runs with the daemon,
like a button press is handled there: the device checks and refuses (``Refused``, with the
HTTP status the page answers with), so it stays the authority over its game and its store.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from device.runtime.sessions import home_session, onenight_setup
from device.web import profiles
from device.web.pairing import CODE_SHOWN_SECONDS, Pairing
from games.catalog import by_key
from games.errors import RulesError

if TYPE_CHECKING:
    from device.runtime.app import Daemon

logger = logging.getLogger(__name__)


class Refused(Exception):
    """The device will not do it: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


CODE_TEXT = "Pairing code: "
"""The pairing code's banner, before the code (short: it goes where the screen has room)."""


def show_code(daemon: Daemon, pairing: Pairing, ticket: str | None, client: str = "") -> str:
    """Put a fresh pairing code on the device's screen (it replaces the last one) for the
    phone at address ``client`` holding ``ticket``; the ticket (a new one if None)."""
    digits, seconds, ticket = pairing.new_code(ticket, client)
    _show(daemon, digits, seconds)
    if pairing.lines.first(client):  # a host asking again and again is one line a minute
        logger.info(
            "a pairing code asked for by %s is on the screen for %.0f s (good for %.0f s)",
            client,
            min(seconds, CODE_SHOWN_SECONDS),
            seconds,
        )
    return ticket


def show_code_again(daemon: Daemon, digits: str, seconds: float) -> None:
    """Put a phone's code (``Pairing.shown_code``) back on the screen while it is good: no new
    code, as the phone asked for it once (and it was logged then)."""
    _show(daemon, digits, seconds)


def _show(daemon: Daemon, digits: str, seconds: float) -> None:
    # Up for CODE_SHOWN_SECONDS, not the code's whole life: see its docstring.
    shown = min(seconds, CODE_SHOWN_SECONDS)
    daemon.ui.notice(f"{CODE_TEXT}{digits[:3]} {digits[3:]}", daemon.clock.now() + shown)


def hide_code(daemon: Daemon) -> None:
    """Take the pairing code off the screen: a phone paired with it."""
    if (daemon.ui.notice_text or "").startswith(CODE_TEXT):
        daemon.ui.notice("", daemon.clock.now())


def _no_players_screen(daemon: Daemon) -> None:
    session = daemon.runtime.session
    if session is not None and session.game == "players":
        raise Refused(409, "the Players screen is open on the device: close it there first")


def _store(daemon: Daemon) -> Any:
    store = daemon.runtime.store
    if store is None:
        raise Refused(503, "the device has no store")
    return store


def change_players(daemon: Daemon, action: str, values: Mapping[str, str]) -> str:
    """Rename, merge, link or unlink; what was done, in a sentence for the page."""
    _no_players_screen(daemon)
    store = _store(daemon)
    try:
        if action == "rename":
            new = profiles.rename_player(store, values["old"], values["new"])
            done = f"{values['old']} is now {new}."
        elif action == "merge":
            profiles.merge_players(store, values["keep"], values["gone"])
            done = f"{values['gone']} is merged into {values['keep']}."
        elif action == "link":
            uid = profiles.link_tag(store, values["name"], values["uid"])
            done = f"Tag {uid} is now {values['name']}'s card."
        elif action == "unlink":
            profiles.unlink_tag(store, values["uid"])
            done = f"Tag {values['uid']} is unlinked."
        else:
            raise Refused(404, f"no such change: {action!r}")
    except profiles.ProfileError as error:
        raise Refused(400, str(error)) from None
    except sqlite3.OperationalError as error:
        raise Refused(503, f"the device could not save it: {error}") from None
    if daemon.web is not None:
        daemon.web.players_changed()
    logger.info("companion page: %s", done)
    return done


def set_up_game(daemon: Daemon, block: Mapping[str, Any]) -> str:
    """Open One Night's setup screen with ``block``, for the table to check and start there."""
    runtime = daemon.runtime
    if runtime.session is not None:
        spec = by_key(runtime.session.game)
        name = spec.name if spec is not None else runtime.session.game
        raise Refused(409, f"{name} is running (phase {runtime.phase}): finish it first")
    try:
        onenight_setup(block, daemon.config)
        session = home_session(block, daemon.config, _store(daemon).recent_players)
    except RulesError as error:
        raise Refused(400, str(error)) from None
    runtime.begin(session)
    daemon.notices.append("A phone set up this game: check it, then press Go or Start.")
    return "The device shows the game: check it there and start it."


def set_ambience(daemon: Daemon, level: str) -> str:
    """Set the night ambience's level, as the setup screen's chip does (the level is public)."""
    if not daemon.config.audio.enabled:
        raise Refused(409, "the device plays no sound (audio.enabled is false)")
    try:
        chosen = daemon.ambience.choose(level)
    except ValueError as error:
        raise Refused(400, str(error)) from None
    return f"The ambience is {chosen.name} now."
