"""The store's tables, created if they are missing (later columns are added by migrations)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    game TEXT NOT NULL,
    state TEXT NOT NULL,
    saved_at REAL NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now')),
    attempts INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS set_aside (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT,
    state TEXT,
    saved_at REAL,
    reason TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS tags (
    uid TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('seat', 'player', 'role')),
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    tag TEXT UNIQUE
);
CREATE TABLE IF NOT EXISTS seat_players (
    seat INTEGER PRIMARY KEY,
    player INTEGER NOT NULL REFERENCES players (id)
);
CREATE TABLE IF NOT EXISTS plays (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    played_at TEXT NOT NULL,
    rounds TEXT NOT NULL DEFAULT '[]',
    record INTEGER REFERENCES records (id)
);
CREATE TABLE IF NOT EXISTS play_results (
    play TEXT NOT NULL REFERENCES plays (id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER,
    winner INTEGER NOT NULL,
    start_player INTEGER NOT NULL,
    PRIMARY KEY (play, seat)
);
"""

INDEXES = """
CREATE INDEX IF NOT EXISTS plays_by_time ON plays (played_at);
CREATE INDEX IF NOT EXISTS plays_by_game ON plays (game, played_at);
CREATE INDEX IF NOT EXISTS results_by_name ON play_results (name);
CREATE INDEX IF NOT EXISTS results_by_player ON play_results (player_id);
CREATE INDEX IF NOT EXISTS records_by_kind ON records (kind);
CREATE INDEX IF NOT EXISTS plays_by_record ON plays (record);
"""
"""What the score log's reads filter and sort by (made after the migrations, which add the
columns some of them index): plays in time order, of one game, a player's results, the game
start record a final one looks up, and the plays the device logged, newest first.
``iter_plays``, the stats and ``recent_players`` rely on them."""

_CHANGED = "BEGIN UPDATE log_changes SET generation = generation + 1; END"
TRIGGERS = f"""
CREATE TABLE IF NOT EXISTS log_changes (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL
);
INSERT OR IGNORE INTO log_changes (id, generation) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS results_changed
    AFTER UPDATE OF play, seat, name, score, winner, player_id ON play_results {_CHANGED};
CREATE TRIGGER IF NOT EXISTS results_removed AFTER DELETE ON play_results {_CHANGED};
CREATE TRIGGER IF NOT EXISTS results_added_to_an_older_play AFTER INSERT ON play_results
    WHEN (SELECT rowid FROM plays WHERE id = NEW.play) < (SELECT MAX(rowid) FROM plays)
    {_CHANGED};
CREATE TRIGGER IF NOT EXISTS plays_changed AFTER UPDATE OF id, game ON plays {_CHANGED};
CREATE TRIGGER IF NOT EXISTS plays_removed AFTER DELETE ON plays {_CHANGED};
"""
"""A count of the writes that change logged results rather than add plays (made after the
migrations: they add ``player_id``). ``device.store.tally`` keeps every leaderboard counted
and reads only new plays while it stays the same."""
