"""The companion page's pages, rendered from a ``Snapshot`` (never from the session).

Each function returns the body of one page; ``device.web.html.frame`` wraps it. Forms that
change something are shown only to a paired phone, each with its CSRF field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from device.localtime import local_text
from device.store.stats import LogStats
from device.web.charts import game_charts
from device.web.html import csrf_field, esc, table
from device.web.snapshot import Snapshot, Table
from games.onenight.ballot import VoteMode
from games.onenight.presets import DEVICE_PLAYERS, PRESETS
from games.onenight.roles import ROLE_TABLE, Box
from games.scorelog.plays import Play, PlayerResult

LATEST_PLAYS = 30
"""Plays listed on the score log page (the newest first)."""
BOX_NAMES = {
    Box.ALIEN: "One Night Ultimate Alien",
    Box.VAMPIRE: "One Night Ultimate Vampire",
    Box.WEREWOLF: "One Night Ultimate Werewolf",
    Box.DAYBREAK: "One Night Ultimate Werewolf: Daybreak",
    Box.BONUS: "Bonus packs",
}
"""Every box, in the device's tab order: the phone's role picker offers all their roles."""


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a paired phone (with its CSRF token) or a read-only one."""

    paired: bool
    csrf: str | None = None


def clock_text(seconds: float) -> str:
    """A timer as M:SS, rounded up to the whole second as the device's clock shows it.

    >>> clock_text(299.2), clock_text(0), clock_text(-3)
    ('5:00', '0:00', '0:00')
    """
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def live_table(table_now: Table, now: float) -> str:
    """The live table's inner HTML (the page swaps it in every second)."""
    if table_now.night:
        return '<p class="night" data-phase="night">Night</p>'
    if not table_now.game:
        return '<p class="dim" data-phase="home">No game is running. Start one on the device.</p>'
    parts = [
        f'<h2 data-game="{esc(table_now.game)}">{esc(table_now.game)}</h2>',
        f'<p>Phase: <strong data-phase="{esc(table_now.phase)}">{esc(table_now.phase)}</strong>'
        "</p>",
    ]
    if table_now.day_ends_at is not None:
        left = clock_text(table_now.day_ends_at - now)
        parts.append(f'<p>Day: <span class="big" id="timer">{left}</span></p>')
    elif table_now.day_left is not None:
        left = clock_text(table_now.day_left)
        parts.append(f'<p>Day (paused): <span class="big" id="timer">{left}</span></p>')
    if table_now.pace:
        parts.append(f'<p id="pace">{esc(table_now.pace)}</p>')
    if table_now.roles:
        parts.append(f'<p id="roles">In play: {esc(table_now.roles)}</p>')
    if table_now.votes is not None:
        cast, players = table_now.votes
        parts.append(f'<p id="votes">Votes: <strong>{cast}</strong> of {players}</p>')
    if table_now.result:
        title, *lines = table_now.result
        said = "".join(f"<li>{esc(line)}</li>" for line in lines)
        parts.append(f'<h3 id="result">{esc(title)}</h3><ul id="result-lines">{said}</ul>')
    if table_now.message:
        parts.append(f'<p class="dim">{esc(table_now.message)}</p>')
    if table_now.sheet is not None:
        sheet = table_now.sheet
        rows = [[esc(cell) for cell in row] for row in sheet.rows]
        parts.append(table(sheet.columns, rows, numeric=len(sheet.columns) - 1))
    return "".join(parts)


def table_page(snapshot: Snapshot, now: float) -> str:
    """The live table: the game, phase, day timer, votes and score sheet; at night, "Night"."""
    return f'<section id="live" aria-live="polite">{live_table(snapshot.table, now)}</section>'


def _when(play: Play) -> str:
    return local_text(play.played_at)


def _play_item(play: Play, link: str, named: set[str]) -> str:
    """A play in the list: its game, when, who played (a named player's name links to their
    own page), and its BG Stats link."""

    def name(p: PlayerResult) -> str:
        return _player_link(p.name, play.game) if p.name in named else esc(p.name)

    people = ", ".join(
        (f'<span class="win">{name(p)} (won)</span>' if p.winner else name(p))
        + ("" if p.score is None else f" {p.score}")
        for p in play.players
    )
    # A play saved at Quit says so, in the words the device logged ("quit after round 1 of 3").
    unfinished = f'<br><em data-unfinished="1">{esc(play.comments)}</em>' if play.unfinished else ""
    return (
        f'<li data-play="{esc(play.id)}"><strong>{esc(play.game)}</strong> '
        f'<span class="dim">{esc(_when(play))}</span>{unfinished}<br>{people}<br>'
        f'<a class="bgstats" href="{esc(link)}" target="_blank" rel="noopener noreferrer">'
        "Add to BG Stats</a></li>"
    )


def scores_page(
    stats: LogStats,
    game: str | None,
    link: Callable[[Play], str],
    player: str | None = None,
) -> str:
    """The score log: a game filter, per-game leaderboards and charts, and the latest plays,
    each asked of the store (``device.store.stats``), never every play. A named player's name
    links to their own page (``player``): their record and scores per game, and their plays."""
    logged = stats.games()
    if game is not None and game not in logged:
        game = None
    named = set(stats.players())
    if player is not None and player not in named:
        player = None
    whose = f"&amp;player={esc(quote(player))}" if player is not None else ""
    choices = [("All games", f"/scores?{whose[5:]}" if whose else "/scores", game is None)]
    choices += [(name, f"/scores?game={esc(quote(name))}{whose}", name == game) for name in logged]
    filters = " ".join(
        f'<a class="button"{" aria-current=page" if here else ""} href="{href}">{esc(label)}</a>'
        if here
        else f'<a href="{href}">{esc(label)}</a>'
        for label, href, here in choices
    )
    parts = [f"<section><h2>Score log</h2><p>{filters}</p></section>"]
    if not logged:
        parts.append("<section><p>No plays yet: finish a game on the device.</p></section>")
        return "".join(parts)
    if player is not None:
        parts.append(_player_section(stats, player, game))
    for name in [] if player is not None else [game] if game else logged:
        board = stats.standings(name)
        rows = [
            [
                _player_link(s.name, name) if s.name in named else esc(s.name),
                str(s.plays),
                str(s.wins),
                f"{s.win_percent:.0f}%",
                "" if s.average_score is None else f"{s.average_score:.1f}",
            ]
            for s in board
        ]
        parts.append(
            f'<section data-game="{esc(name)}"><h2>{esc(name)}</h2>'
            + table(["Player", "Plays", "Wins", "Win%", "Avg"], rows, numeric=4)
            + game_charts(board, stats.count(name, finished=True), scored=stats.scored(name))
            + "</section>"
        )
    latest = stats.latest(LATEST_PLAYS, game=game, player=player)
    items = "".join(_play_item(play, link(play), named) for play in latest)
    title = "Plays" if player is None else f"Plays with {esc(player)}"
    parts.append(f'<section><h2>{title}</h2><ul class="plain plays">{items}</ul></section>')
    return "".join(parts)


def _player_link(name: str, game: str | None) -> str:
    """A player's name as a link to their own score log page (of ``game``)."""
    where = f"game={quote(game)}&player={quote(name)}" if game else f"player={quote(name)}"
    return f'<a data-player="{esc(name)}" href="/scores?{esc(where)}">{esc(name)}</a>'


def _player_section(stats: LogStats, player: str, game: str | None) -> str:
    """One player's record and score history per game (of ``game``, else each they played),
    as the touchscreen's wins name opens them."""
    everyone = f"/scores?game={esc(quote(game))}" if game else "/scores"
    parts = [
        f'<section data-player="{esc(player)}"><h2>{esc(player)}</h2>'
        f'<p><a href="{everyone}">Everyone</a></p>'
    ]
    for name in [game] if game else stats.games():
        mine = [s for s in stats.standings(name) if s.name == player]
        if not mine:
            continue
        (line,) = mine
        record = f"{line.plays} play{'s' * (line.plays != 1)}, {line.wins} won"
        if line.average_score is not None:
            record += f", average {line.average_score:.1f}, best {line.best_score}"
        rows = [
            [
                esc(local_text(entry.played_at)),
                "won" if entry.winner else "",
                "" if entry.score is None else str(entry.score),
            ]
            for entry in reversed(stats.history(player, name, LATEST_PLAYS))
        ]
        parts.append(
            f'<h3 data-game="{esc(name)}">{esc(name)}</h3><p>{record}</p>'
            + table(["Played", "Won", "Score"], rows, numeric=1)
        )
    return "".join(parts) + "</section>"


def select(
    ident: str, label: str, name: str, options: Sequence[tuple[str, str]], chosen: str = ""
) -> str:
    """A labelled drop-down of (value, text) options (the label names only the field), the
    ``chosen`` value selected."""
    items = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(text)}</option>'
        for v, text in options
    )
    field = f'<select id="{ident}" name="{name}">{items}</select>'
    return f'<label for="{ident}">{esc(label)}</label>{field}'


def players_page(snapshot: Snapshot, viewer: Viewer) -> str:
    """Players and their cards; a paired phone can rename, merge, link and unlink."""
    cards: dict[str, list[str]] = {}
    for uid, name in snapshot.tags:
        cards.setdefault(name, []).append(uid)
    names = [profile.name for profile in snapshot.players]
    seats = {name: seat for seat, name in snapshot.seats.items()}
    rows = []
    for name in names:
        tags = []
        for uid in cards.get(name, []):
            unlink = (
                f'<form class="inline" method="post" action="/players/unlink">'
                f'{csrf_field(viewer.csrf)}<input type="hidden" name="uid" value="{esc(uid)}">'
                f'<button class="quiet" aria-label="Unlink {esc(uid)}">Unlink</button></form>'
                if viewer.paired
                else ""
            )
            tags.append(f"{esc(uid)} {unlink}")
        if not viewer.paired and tags:
            # A card's uid is all it takes to copy it: only paired phones see them.
            tags = [f"{len(tags)} card{'s' if len(tags) > 1 else ''}"]
        seat = seats.get(name)
        rows.append([esc(name), "" if seat is None else str(seat), "<br>".join(tags)])
    parts = [
        "<section><h2>Players</h2>"
        + (table(["Name", "Seat", "Cards"], rows) if rows else "<p>No players yet.</p>")
        + "</section>"
    ]
    if not viewer.paired or not names:
        if not viewer.paired:
            parts.append('<section><p><a href="/pair">Pair this phone</a> to change players.</p>')
            parts.append("</section>")
        return "".join(parts)
    token = csrf_field(viewer.csrf)
    pick = [(name, name) for name in names]
    parts.append(
        '<section><h2>Rename</h2><form method="post" action="/players/rename">'
        f"{token}{select('rename-old', 'Player', 'old', pick)}"
        '<label>New name<input name="new" maxlength="40" required autocomplete="off"></label>'
        "<button>Rename</button></form></section>"
        '<section><h2>Merge two profiles</h2><form method="post" action="/players/merge">'
        f"{token}{select('merge-keep', 'Keep', 'keep', pick)}"
        f"{select('merge-gone', 'Merge into it (this profile goes)', 'gone', pick[1:] + pick[:1])}"
        "<button>Merge</button></form></section>"
        '<section><h2>Link a card</h2><form method="post" action="/players/link">'
        f"{token}{select('link-name', 'Player', 'name', pick)}"
        '<label>Tag uid (as the reader gives it)<input name="uid" required '
        'autocomplete="off" placeholder="04:A2:3B:1C"></label>'
        "<button>Link</button></form></section>"
    )
    return "".join(parts)


def setup_page(viewer: Viewer, seats: int, snapshot: Snapshot | None = None) -> str:
    """Set up the next One Night game: a preset or roles by box, and the player count; and the
    night ambience's level, as on the device's setup screen (when the device plays sound)."""
    if not viewer.paired:
        return (
            "<section><h2>Set up the next game</h2><p>"
            '<a href="/pair">Pair this phone</a> to set up a game from here.</p></section>'
        )
    low, high = DEVICE_PLAYERS[0], min(DEVICE_PLAYERS[1], seats)
    count = (
        f'<label>Players<input type="number" name="players" min="{low}" max="{high}" '
        f'value="4" required inputmode="numeric"></label>'
    )
    presets = select(
        "preset",
        "Preset",
        "preset",
        [(p.key, f"{p.name} ({p.min_players}-{p.max_players})") for p in PRESETS.values()],
    )
    boxes = []
    for box, title in BOX_NAMES.items():
        chips = "".join(
            f'<label>{esc(info.name)}<input type="number" name="role:{esc(role.value)}" '
            f'min="0" max="{info.copies}" value="0" inputmode="numeric"></label>'
            for role, info in ROLE_TABLE.items()
            if info.box is box
        )
        boxes.append(f'<h3>{esc(title)}</h3><div class="roles">{chips}</div>')
    token = csrf_field(viewer.csrf)
    note = "The device shows the setup for the table to check; start it there."
    pace = snapshot.table.pace if snapshot is not None else ""
    if pace:  # what the device's Options are set to now, as its live table says
        note += f' <span id="pace">On the device now: {esc(pace)}</span>'
    return (
        f'<section><h2>One Night: from a preset</h2><p class="dim">{note}</p>'
        f'<form method="post" action="/setup" id="preset-form">{token}'
        '<input type="hidden" name="kind" value="preset">'
        f"{presets}{count}{_timing('preset')}"
        "<button>Show it on the device</button></form></section>"
        "<section><h2>One Night: pick the roles</h2>"
        f'<form method="post" action="/setup" id="roles-form">{token}'
        f'<input type="hidden" name="kind" value="roles">{count}{_timing("roles")}'
        f"{''.join(boxes)}"
        "<button>Show it on the device</button></form></section>"
        f"{_ambience_form(snapshot, token)}"
    )


def _timing(form: str) -> str:
    """The night's time per role, the discussion's length and the vote mode; left empty, the
    device's own settings (a finished game's are kept for the next, as Play again keeps them)."""
    modes = [
        ("", "As the device is set"),
        *((mode.value, mode.value.capitalize()) for mode in VoteMode),
    ]
    return (
        '<label>Seconds per role at night<input type="number" name="role_seconds" min="3" '
        'max="60" inputmode="numeric" placeholder="device setting"></label>'
        '<label>Discussion minutes<input type="number" name="day_minutes" min="1" max="30" '
        'inputmode="numeric" placeholder="1 per player, less 1"></label>'
        + select(f"{form}-vote-mode", "Vote", "vote_mode", modes)
    )


def _ambience_form(snapshot: Snapshot | None, token: str) -> str:
    """The night ambience's level (the device's setup-screen chip), or nothing with no sound."""
    if snapshot is None or not snapshot.ambience_levels:
        return ""
    levels = [(name, name.capitalize()) for name in snapshot.ambience_levels]
    level = select("ambience-level", "Level", "level", levels, snapshot.ambience)
    return (
        '<section><h2>Night ambience</h2><p class="dim">Kept for the next games, as the '
        "Ambience chip on the device's setup screen.</p>"
        f'<form method="post" action="/ambience" id="ambience-form">{token}{level}'
        "<button>Set it</button></form></section>"
    )


def export_page(formats: Sequence[tuple[str, str]], viewer: Viewer) -> str:
    """Download links for every export format (the full backup only for a paired phone)."""
    items = []
    for key, what in formats:
        if key == "json" and not viewer.paired:
            items.append(f"<li>{esc(what)}: pair this phone first (it holds the tag uids)</li>")
            continue
        items.append(f'<li><a href="/export/{esc(key)}" download>{esc(what)}</a></li>')
    return f"<section><h2>Export the score log</h2><ul>{''.join(items)}</ul></section>"


def pair_page(viewer: Viewer) -> str:
    """Pair this phone (ask for a code, type it), or unpair it."""
    if viewer.paired:
        return (
            "<section><h2>Paired</h2><p>This phone can make changes.</p>"
            f'<form method="post" action="/pair/forget">{csrf_field(viewer.csrf)}'
            "<button>Unpair this phone</button></form></section>"
        )
    return (
        "<section><h2>Pair this phone</h2><p>1. Ask the device for a code: it shows six "
        "digits on its screen for 30 seconds, and the code is good for two minutes.</p>"
        '<form method="post" action="/pair/request"><button>Show a code on the device</button>'
        '</form><form method="post" action="/pair/again"><button>Show my code again</button>'
        "</form><p>2. Type the code you see there.</p>"
        '<form method="post" action="/pair"><label>Code<input name="code" inputmode="numeric" '
        'autocomplete="one-time-code" maxlength="7" required></label>'
        "<button>Pair</button></form></section>"
    )
