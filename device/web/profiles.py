"""The player changes the companion page makes in the store: rename, merge, and tags.

Called on the main loop's thread only (``device.web.commands`` runs them there). A profile's
plays follow it: its results are found by its stable id (``play_results.player_id``) or, for
plays logged before profiles had ids, by its name. Every change is one transaction.
"""

from __future__ import annotations

import sqlite3

from device.store.database import Store
from device.tagids import reader_uid
from games.scorelog.players import plain_name

NAME_LIMIT = 40
"""The longest name the page takes (the screen's list shows about this many letters)."""


class ProfileError(ValueError):
    """A change the store refuses; the message names the bad input."""


def store_version(store: Store) -> tuple[int, int]:
    """Changes when a record (a play, a Players screen entry) or a profile was written."""
    row = store._db.execute(
        "SELECT (SELECT IFNULL(MAX(id), 0) FROM records), (SELECT COUNT(*) FROM players)"
    ).fetchone()
    return int(row[0]), int(row[1])


def player_tags(store: Store) -> tuple[tuple[str, str], ...]:
    """Players' personal cards as (uid, player name), by name then uid."""
    rows = [(uid, value) for uid, kind, value in store.tags() if kind == "player"]
    return tuple(sorted(rows, key=lambda row: (row[1].casefold(), row[0])))


def seat_names(store: Store) -> dict[int, str]:
    """The player names linked to seats (the Players screen's links)."""
    return store.seat_names()


def _profile(store: Store, name: str) -> tuple[int, str]:
    """The row id and stable id of the profile named ``name``."""
    columns = _columns(store, "players")
    stable = "uuid" if "uuid" in columns else "''"
    row = store._db.execute(
        f"SELECT id, IFNULL({stable}, '') FROM players WHERE name = ?", (name,)
    ).fetchone()
    if row is None:
        raise ProfileError(f"no player named {name!r}")
    return int(row[0]), str(row[1])


def _columns(store: Store, table: str) -> set[str]:
    return {str(row[1]) for row in store._db.execute(f"PRAGMA table_info({table})")}


def _results_of(store: Store, name: str, stable: str) -> tuple[str, tuple[str, ...]]:
    """The WHERE clause (and its arguments) picking a profile's results in play_results."""
    if stable and "player_id" in _columns(store, "play_results"):
        return "(player_id = ? OR (player_id = '' AND name = ?))", (stable, name)
    return "name = ?", (name,)


def rename_player(store: Store, old: str, new: str) -> str:
    """Rename a profile (its plays, seat and cards follow); the new name in single spaces, its
    case as typed ("McKay", "de Vries": a name is the player's to spell)."""
    new = plain_name(new)
    if not new or len(new) > NAME_LIMIT:
        raise ProfileError(f"a name has 1 to {NAME_LIMIT} letters, got {new!r}")
    _, stable = _profile(store, old)
    if new != old and new in store.player_names():
        raise ProfileError(f"there is a player named {new!r} already: merge them instead")
    where, args = _results_of(store, old, stable)
    with store._transaction():
        store._db.execute("UPDATE players SET name = ? WHERE name = ?", (new, old))
        store._db.execute(f"UPDATE play_results SET name = ? WHERE {where}", (new, *args))
        store._db.execute(
            "UPDATE tags SET value = ? WHERE kind = 'player' AND value = ?", (new, old)
        )
    return new


def merge_players(store: Store, keep: str, gone: str) -> None:
    """Make ``gone`` part of ``keep``: its plays, seats and cards move over, its profile goes.

    Refused when both played in one game (one person cannot have two seats).
    """
    if keep == gone:
        raise ProfileError(f"cannot merge {keep!r} with itself")
    keep_row, keep_id = _profile(store, keep)
    gone_row, gone_id = _profile(store, gone)
    where_keep, args_keep = _results_of(store, keep, keep_id)
    where_gone, args_gone = _results_of(store, gone, gone_id)
    shared = store._db.execute(
        f"SELECT play FROM play_results WHERE {where_keep} "
        f"INTERSECT SELECT play FROM play_results WHERE {where_gone} LIMIT 1",
        (*args_keep, *args_gone),
    ).fetchone()
    if shared is not None:
        raise ProfileError(
            f"cannot merge {gone!r} into {keep!r}: both played in play {shared[0]!r}"
        )
    has_ids = "player_id" in _columns(store, "play_results")
    with store._transaction():
        if has_ids:
            store._db.execute(
                f"UPDATE play_results SET name = ?, player_id = ? WHERE {where_gone}",
                (keep, keep_id, *args_gone),
            )
        else:
            store._db.execute(
                f"UPDATE play_results SET name = ? WHERE {where_gone}", (keep, *args_gone)
            )
        store._db.execute(
            "UPDATE tags SET value = ? WHERE kind = 'player' AND value = ?", (keep, gone)
        )
        store._db.execute(
            "UPDATE seat_players SET player = ? WHERE player = ?", (keep_row, gone_row)
        )
        card = store._db.execute("SELECT tag FROM players WHERE id = ?", (gone_row,)).fetchone()
        store._db.execute("DELETE FROM players WHERE id = ?", (gone_row,))
        if card is not None and card[0]:
            store._db.execute(
                "UPDATE players SET tag = ? WHERE id = ? AND tag IS NULL", (card[0], keep_row)
            )


def link_tag(store: Store, name: str, uid: str) -> str:
    """Make a tag ``name``'s personal card; the uid as the readers spell it."""
    _profile(store, name)
    try:
        uid = reader_uid(uid.strip())
    except ValueError as error:
        raise ProfileError(str(error).replace("--uid ", "tag ")) from None
    known = store.tag(uid)
    if known is not None and known != ("player", name):
        kind, value = known
        raise ProfileError(f"tag {uid} is already {kind} {value!r}: unlink it first")
    try:
        with store._transaction():
            store.learn_tag(uid, "player", name)
    except sqlite3.IntegrityError as error:  # pragma: no cover - the check above covers it
        raise ProfileError(f"tag {uid}: {error}") from None
    return uid


def unlink_tag(store: Store, uid: str) -> None:
    """Forget a player's card."""
    known = store.tag(uid)
    if known is None or known[0] != "player":
        raise ProfileError(f"no player's card with tag {uid!r}")
    with store._transaction():
        store.forget_tag(uid)
