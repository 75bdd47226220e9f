"""The page's export downloads go out piece by piece: a longer log is a longer download, not
more memory in the daemon (the export threads, aiohttp and the phone's end all counted)."""

from __future__ import annotations

import asyncio
import tracemalloc
from pathlib import Path

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from device.store.database import Store
from device.web.downloads import add_downloads, stream_export
from games.scorelog.plays import Play, PlayerResult


def logged(folder: Path, count: int) -> Path:
    """A store of ``count`` plays: named players, an unnamed seat, rounds on some."""
    store = Store(folder / f"{count}.db")
    store.restore(
        [
            Play(
                f"{number:08d}-play",
                "Alienation" if number % 3 else "One Night",
                f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T20:{number % 60:02d}:00Z",
                (
                    PlayerResult("Ada", 1, number % 40, True, True, player_id="ada"),
                    PlayerResult("Bo", 2, number % 13, False),
                    PlayerResult("Player 3", 3, number % 7, False),
                ),
                ((1, 2, 3),) if number % 2 else (),
            )
            for number in range(count)
        ]
    )
    store.close()
    return store.path


async def download(store: Path, fmt: str) -> tuple[int, int, bytes]:
    """Download one export through ``stream_export`` as the page serves it, keeping nothing
    but its size, how many pieces came and its last bytes."""
    app = web.Application()
    add_downloads(app)

    async def export(request: web.Request) -> web.StreamResponse:
        return await stream_export(request, store, fmt, "text/plain", "export", location="UTC")

    app.router.add_get("/export", export)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        response = await client.get("/export")
        assert response.status == 200
        size, pieces, tail = 0, 0, b""
        async for piece in response.content.iter_any():
            size, pieces, tail = size + len(piece), pieces + 1, (tail + piece)[-64:]
        return size, pieces, tail
    finally:
        await client.close()


def measured(store: Path, fmt: str) -> tuple[int, int, int, bytes]:
    """(peak traced bytes, size, pieces, tail) of one download."""
    tracemalloc.start()
    try:
        size, pieces, tail = asyncio.run(download(store, fmt))
        return tracemalloc.get_traced_memory()[1], size, pieces, tail
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("fmt", ["json", "bgsplay", "csv", "bgstats-url"])
def test_a_download_ten_times_longer_takes_no_more_memory(tmp_path: Path, fmt: str) -> None:
    small_store, large_store = logged(tmp_path, 300), logged(tmp_path, 3000)
    measured(small_store, fmt)  # not counted: aiohttp's first request sets up what it keeps
    small, small_size, _, _ = measured(small_store, fmt)
    large, large_size, pieces, tail = measured(large_store, fmt)
    assert large_size > 8 * small_size  # the whole log went out
    assert pieces > 1
    if fmt in ("json", "bgsplay"):
        assert tail.rstrip().endswith(b"}")  # to its end
    assert large < small * 2  # ten times the plays, not ten times the memory
