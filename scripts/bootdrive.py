"""boot-check's hands inside the VM: inputs to the running service, and what its store holds.

Run by ``scripts/boot-check`` over ssh, as the service's user with the service's venv, from a
folder beside the chaos run's helpers (``tests/chaos_daemon.py``, ``tests/chaos_games.py``),
which the check copies from the installed checkout. It plays through the test input folder
(``MOTHERSHIP_TEST_INPUTS``, ``device/simulator/testinput.py``) as the chaos run does, and
judges a resume by the chaos run's rules: the same game, in the same phase (or one time alone
leads to), with what the table entered intact and the same plays logged.

    bootdrive.py state                      the store now, as JSON (with integrity_check)
    bootdrive.py send EVENT... [--retry S]  each event (JSON) as an input file, handled in turn
    bootdrive.py until PHASE                wait for the game's phase on the service's clock
    bootdrive.py resumed BEFORE.json        after a restart: settled, and the same as BEFORE
                 [--power-cut]              (after a power cut the game may come back older)
    bootdrive.py voice NAME SEAT            the lines naming NAME: Piper's WAVs in the cache?
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from chaos_daemon import Snapshot, integrity, snapshot
from chaos_games import TIMED, inputs_differ, reached

STATE_DIR = Path("/var/lib/mothership")
DB = STATE_DIR / "mothership.db"
INPUTS = STATE_DIR / "check-inputs"
"""The drop-in's ``MOTHERSHIP_TEST_INPUTS``."""


def as_json(shot: Snapshot, db: Path) -> dict[str, Any]:
    """A snapshot as the check keeps it between commands (and prints it in its log)."""
    return {
        "game": shot.game,
        "phase": shot.phase,
        "state": shot.state,
        "saved_at": shot.saved_at,
        "attempts": shot.attempts,
        "plays": list(shot.plays),
        "set_aside": list(shot.set_aside),
        "integrity": integrity(db) if db.exists() else "no store",
    }


def from_json(data: dict[str, Any]) -> Snapshot:
    """The snapshot ``as_json`` wrote."""
    return Snapshot(
        data["game"],
        data["state"],
        data["saved_at"],
        int(data["attempts"]),
        tuple(data["plays"]),
        tuple(data["set_aside"]),
    )


def differences(before: Snapshot, after: Snapshot) -> list[str]:
    """What a restart changed that it must not: the game, its phase (beyond what time alone
    does), the table's entries, the logged plays. Empty when the resume is sound."""
    problems = []
    if after.game != before.game:
        problems.append(f"the game {before.game!r} became {after.game!r}")
    elif before.game is not None:
        allowed = {before.phase} | TIMED.get(before.game, {}).get(str(before.phase), set())
        if after.phase not in allowed:
            problems.append(f"phase {before.phase!r} came back as {after.phase!r}")
        elif before.state is not None and after.state is not None:
            changed = inputs_differ(before.game, before.state, after.state)
            if changed:
                problems.append(f"the entries changed: {', '.join(changed)}")
    if after.plays != before.plays:
        problems.append(f"plays {len(before.plays)} -> {len(after.plays)}: {after.plays}")
    if len(after.set_aside) > len(before.set_aside):
        problems.append(f"the game was set aside: {after.set_aside[-1]}")
    return problems


def wait_for(test: Callable[[], bool], timeout: float, every: float = 0.2) -> bool:
    """Poll ``test`` until it holds or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while True:
        if test():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(every)


def _either(*paths: Path) -> bool:
    return any(path.exists() for path in paths)


def send(
    events: Sequence[dict[str, Any]], inputs: Path, timeout: float, retry: float = 0.0
) -> None:
    """Hand each event to the service as a file, one at a time, each once it is handled. A
    refused event is handed in again every ``RETRY_EVERY`` s for up to ``retry`` s (a control
    that shows only later: "Start night" once the night's lines are rendered)."""
    deadline = time.monotonic() + retry
    for event in events:
        while True:
            try:
                _send_one(event, inputs, timeout)
                break
            except Refused as refused:
                if time.monotonic() >= deadline:
                    raise SystemExit(str(refused)) from None
                time.sleep(RETRY_EVERY)


RETRY_EVERY = 10.0


class Refused(Exception):
    """The service refused an input (its ``.error`` file says why)."""


def _send_one(event: dict[str, Any], inputs: Path, timeout: float) -> None:
    inputs.mkdir(parents=True, exist_ok=True)
    taken = sorted(p.stem for p in inputs.iterdir() if p.suffix in (".done", ".error"))
    number = int(taken[-1]) + 1 if taken and taken[-1].isdigit() else 1
    name = f"{number:06d}"
    scratch = inputs / f"{name}.tmp"
    scratch.write_text(json.dumps(event), encoding="utf-8")
    scratch.rename(inputs / f"{name}.json")  # whole, or not there: never half a file
    done, error = inputs / f"{name}.done", inputs / f"{name}.error"
    if not wait_for(partial(_either, done, error), timeout, 0.05):
        raise SystemExit(f"input {event} not handled within {timeout:.0f} s")
    if error.exists():
        raise Refused(f"input {event} refused: {error.read_text().strip()}")
    print(f"handled {json.dumps(event)}", flush=True)


def voice_proof(name: str, seat: int) -> dict[str, Any]:
    """The lines that say ``name`` (with ``seat``): whether each is in the service's cache as
    Piper rendered it, or as the fallback (espeak-ng) did. The cache names a WAV by the SHA-256
    of its text with the engine's name, voice and settings (``narration.cache.cache_key``), so
    the two engines' WAVs of one line are two different files."""
    from device.config import load_config
    from device.runtime.parts import cache_dir, catalogues, fallback_voice, voice_choice
    from narration.cache import WavCache
    from narration.catalogue import Catalogue

    config = load_config(Path("/etc/mothership/config.toml"))
    choice = voice_choice(config)
    catalogue = Catalogue.load(*catalogues())
    piper = WavCache(cache_dir(config), choice.backend)
    spare = fallback_voice(choice.backend)
    espeak = WavCache(cache_dir(config), spare) if spare is not None else None
    lines = []
    for line_id in ("players.added", "players.linked"):
        params = {"name": name, "seat": seat}
        text = catalogue.text(line_id, {k: params[k] for k in catalogue.placeholders(line_id)})
        lines.append(
            {
                "line": line_id,
                "text": text,
                "piper": piper.cached_path(text).is_file(),
                "piper_wav": str(piper.cached_path(text)),
                "fallback": espeak is not None and espeak.cached_path(text).is_file(),
            }
        )
    return {"voice": choice.reason, "engine": choice.backend.name, "lines": lines}


def main(argv: list[str] | None = None) -> int:
    """Carry out one command; 1 when its check fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", type=Path, default=DB)
    parser.add_argument("--inputs", type=Path, default=INPUTS)
    parser.add_argument("--timeout", type=float, default=300.0)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("state")
    send_command = commands.add_parser("send")
    send_command.add_argument("events", nargs="+")
    send_command.add_argument("--retry", type=float, default=0.0, help="a refused one, for S s")
    until_command = commands.add_parser("until")
    until_command.add_argument("phase")
    resumed_command = commands.add_parser("resumed")
    resumed_command.add_argument("before", type=Path)
    resumed_command.add_argument("--power-cut", action="store_true", help="older game allowed")
    voice_command = commands.add_parser("voice")
    voice_command.add_argument("name")
    voice_command.add_argument("seat", type=int)
    voice_command.add_argument("--wait", type=float, default=0.0, help="for Piper's WAV, seconds")
    args = parser.parse_args(argv)

    if args.command == "state":
        print(json.dumps(as_json(snapshot(args.db), args.db)))
        return 0
    if args.command == "send":
        send([json.loads(event) for event in args.events], args.inputs, args.timeout, args.retry)
        return 0
    if args.command == "until":
        seen: list[str | None] = [None]

        def there() -> bool:
            shot = snapshot(args.db)
            seen[0] = shot.phase
            return reached(str(shot.game), args.phase, shot.phase)

        if not wait_for(there, args.timeout):
            print(f"phase {args.phase!r} did not come (still {seen[0]!r})")
            return 1
        print(f"phase {seen[0]!r}")
        return 0
    if args.command == "resumed":
        before = from_json(json.loads(args.before.read_text(encoding="utf-8")))
        return resumed(before, args.db, args.timeout, power_cut=args.power_cut)
    wait_for(lambda: spoken_by_piper(voice_proof(args.name, args.seat)), args.wait, 5.0)
    proof = voice_proof(args.name, args.seat)
    print(json.dumps(proof, indent=1))
    return 0 if spoken_by_piper(proof) else 1


def spoken_by_piper(proof: dict[str, Any]) -> bool:
    """Whether the line said once a name is linked to a seat ("Zoe is at seat 1.") is in the
    cache as Piper rendered it, and not as the fallback voice did."""
    linked = next(line for line in proof["lines"] if line["line"] == "players.linked")
    return proof["engine"] == "piper" and bool(linked["piper"]) and not linked["fallback"]


def resumed(before: Snapshot, db: Path, timeout: float, *, power_cut: bool = False) -> int:
    """Wait until the restarted service has resumed ``before``'s game and saved it once (a
    whole pass of its loop: the chaos run's test), then compare. After a power cut the game's
    checkpoint may come back older (it is written without waiting for the disk: SQLite's
    synchronous=NORMAL), which is reported, not failed; the game itself, the plays (written
    with synchronous=FULL) and the store's integrity must hold."""

    def settled() -> bool:
        now = snapshot(db)
        if before.game is None:
            return True
        return now.attempts == 0 and now.saved_at != before.saved_at

    if not wait_for(settled, timeout):
        print(f"the service did not resume the game within {timeout:.0f} s")
        return 1
    after = snapshot(db)
    status = integrity(db)
    print(f"before: {before.game} in {before.phase!r}, {len(before.plays)} plays")
    print(f"after:  {after.game} in {after.phase!r}, {len(after.plays)} plays; integrity {status}")
    problems = differences(before, after)
    if power_cut:
        older = [p for p in problems if p.startswith(("phase ", "the entries changed"))]
        for problem in older:
            print(f"ROLLED BACK by the power cut: {problem}")
        problems = [p for p in problems if p not in older]
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems or status != "ok" else 0


if __name__ == "__main__":
    sys.exit(main())
