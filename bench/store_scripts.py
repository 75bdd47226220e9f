"""The small scripts ``store_scale`` runs each in a process of its own, so the kernel measures
them alone: the plain-SQLite and plain-pygame baselines, the leaderboards and the backup after
a play on this tree's store, the phone page's download, and ``LAUNCH``, which runs a command
and reports its CPU and peak RSS.

Each takes its paths (and this tree's root, to import it from) as arguments.
"""

BASELINE_LEADERBOARD = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute(
    "SELECT p.game, r.name, COUNT(*), SUM(r.winner), AVG(r.score), MAX(r.score) "
    "FROM play_results r JOIN plays p ON p.id = r.play GROUP BY p.game, r.name"
).fetchall()
print(len(rows))
"""
BASELINE_CSV = """
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
with open(sys.argv[2], "w", newline="") as out:
    writer = csv.writer(out)
    for row in db.execute(
        "SELECT p.played_at, p.game, r.name, r.seat, r.score, r.winner, p.id "
        "FROM plays p JOIN play_results r ON r.play = p.id ORDER BY p.played_at, p.rowid, r.seat"
    ):
        writer.writerow(row)
"""
BASELINE_START = """
import os, signal, socket, pygame
pygame.init()
pygame.mixer.init()
pygame.display.set_mode((800, 480))
# SDL turns SIGTERM into a quit event nobody reads here: without this (before READY, which the
# measurer answers with its terminate) each start waited out 20 s before its kill.
signal.signal(signal.SIGTERM, signal.SIG_DFL)
with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
    sock.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
import time
time.sleep(30)
"""
BACKUP_AFTER_PLAYS = """
import sys, time
from datetime import UTC, datetime, timedelta
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from device.store.database import Store
try:
    from device.store.backups import backup_after_play
    kinds = ((0, "snapshot"), (30, "journal"))
except ImportError:  # a tree from before the incremental backups: a JSON copy every play
    from device.commands.backup import backup_after_play as copy_all
    backup_after_play = lambda store, folder, when: copy_all(store, folder)
    kinds = ((0, "JSON copy"),)
from games.scorelog.plays import Play, PlayerResult
store = Store(Path(sys.argv[1]))
folder = Path(sys.argv[2])
night = datetime(2030, 1, 1, 20, tzinfo=UTC)
for minute, kind in kinds:
    play = Play(f"bench-{minute}", "Alienation", "2030-01-01T20:00:00Z",
                (PlayerResult("Ada", 1, 3, True), PlayerResult("Bo", 2, 1, False)))
    store.add_play(play)
    store.last_logged = play
    started = time.process_time()
    path = backup_after_play(store, folder, night + timedelta(minutes=minute))
    print(kind, time.process_time() - started, path.stat().st_size if path else -1)
"""


LEADERBOARDS = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from device.store.database import Store
from games.scorelog.plays import Play, PlayerResult
store = Store(Path(sys.argv[1]))

def every_board():
    stats = store.stats()
    started = time.process_time()
    for game in stats.games():
        stats.standings(game)
    stats.standings()
    return time.process_time() - started

print("first", every_board())
store.add_play(Play("bench-board", "Alienation", "2030-01-01T20:00:00Z",
                    (PlayerResult("Ada", 1, 3, True), PlayerResult("Bo", 2, 1, False))))
print("after a play", every_board())
"""
"""Every game's leaderboard and all games' (the score page's All games), asked twice on one
store: the first time, and again after a play is logged."""

PAGE_DOWNLOAD = """
import asyncio, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from device.web.downloads import add_downloads, stream_export

async def main():
    app = web.Application()
    add_downloads(app)
    async def export(request):
        return await stream_export(request, Path(sys.argv[1]), sys.argv[2], "text/plain", "x",
                                   location="UTC")
    app.router.add_get("/export", export)
    client = TestClient(TestServer(app))
    await client.start_server()
    size = 0
    response = await client.get("/export")
    async for piece in response.content.iter_any():
        size += len(piece)
    await client.close()
    print(size)

asyncio.run(main())
"""
"""The phone page's download of an export (``device.web.downloads.stream_export``, the
route's own code) served by aiohttp and read by a phone in the same process."""


LAUNCH = """
import json, os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
_, status, usage = os.wait4(process.pid, 0)
code = os.waitstatus_to_exitcode(status)
error = process.stderr.read().decode()[-2000:] if code else ""
print(json.dumps([code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, error]))
"""
"""Runs a command and reports its CPU and peak RSS. Linux starts a child's peak RSS at its
parent's RSS when it forked, so the benchmark (which holds a log of plays) never forks the
measured command itself: this small launcher does."""
