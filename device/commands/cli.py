"""The ``mothership`` command line: one entry point, a subcommand per job.

The grammar is in ``device.commands.parsers``; each command's modules load only when it runs.

Errors print as ``mothership: error: ...`` with exit code 1; ``DEBUG=1`` shows the traceback.
"""

from __future__ import annotations

import argparse
import logging
import os
import sqlite3
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame
from collections.abc import Sequence
from pathlib import Path

from device.commands.parsers import APPLIANCE_ACTIONS, build_parser
from device.config import Config, load_config, resolve_store_path
from device.logsetup import error_line, setup_logging
from device.logtext import printable
from device.outputs import reason
from device.store.opening import StoreDamagedError

__all__ = ["CommandError", "build_parser", "main"]

logger = logging.getLogger("mothership")

LOG_LEVELS = {-2: logging.ERROR, -1: logging.WARNING, 0: logging.INFO, 1: logging.DEBUG}


class CommandError(Exception):
    """A failure to report to the user as one line."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    level = LOG_LEVELS[max(-2, min(1, args.verbose - args.quiet))]
    setup_logging(level)  # journald priorities under systemd; names and uids quoted
    try:
        overrides = {
            "hardware.backend": getattr(args, "hardware", None),
            "narration.backend": getattr(args, "voice", None),
            # simulate takes its --store itself: it is not the device's store.
            "store.path": _store_path(args) if args.command != "simulate" else None,
        }
        config = load_config(args.config, overrides=overrides)
        _log_level(config, args.verbose - args.quiet)
        try:
            return _dispatch(args, config)
        except sqlite3.DatabaseError as error:
            damaged = _damaged_store(args, config, error)
            if damaged is None:
                raise
            raise damaged from None
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # one clear line for the user; the traceback on DEBUG=1
        if os.environ.get("DEBUG"):
            raise
        message = str(error).strip() or type(error).__name__
        if isinstance(error, StoreDamagedError):
            from device.commands.damaged import damaged_message

            message = damaged_message(error)  # with the backup to restore and how
        elif isinstance(error, OSError) and error.errno is not None:  # a sentence, not an errno
            message = f"{error.filename}: {reason(error)}" if error.filename else reason(error)
        # A problem per line (ConfigError); control characters in quoted input are escaped.
        lines = [printable(line) for line in message.split("\n")]
        message = "\n  ".join(["", *lines] if len(lines) > 1 else lines)
        print(error_line(f"mothership: error: {message}"), file=sys.stderr)
        return 1


def _damaged_store(
    args: argparse.Namespace, config: Config, error: sqlite3.DatabaseError
) -> StoreDamagedError | None:
    """The command's store as damaged, when ``error`` was its broken page (then the message
    names the file, its latest backup and the restore); None otherwise."""
    from device.store.opening import damage_found

    if args.command == "simulate":
        store = getattr(args, "store", None)
        return None if store is None else damage_found(Path(store), error)
    return damage_found(resolve_store_path(config), error)


def _log_level(config: Config, steps: int) -> None:
    """Log from the config's ``[log] level``, each ``-v`` one step more and each ``-q`` one less."""
    start = {"error": -2, "warning": -1, "info": 0, "debug": 1}[config.log.level]
    logging.getLogger().setLevel(LOG_LEVELS[max(-2, min(1, start + steps))])


def _store_path(args: argparse.Namespace) -> str | None:
    """``--store`` as an absolute path: relative to here, not to the state directory."""
    store: Path | None = getattr(args, "store", None)
    return None if store is None else str(store.absolute())


def _dispatch(args: argparse.Namespace, config: Config) -> int:
    if args.command == "simulate":
        return _simulate(args, config)
    if args.command == "demo":
        return _demo(args, config)
    if args.command == "say":
        return _say(args, config)
    if args.command == "onenight" and args.tool != "script":
        from device.commands import choices

        return choices.run(args, config)
    if args.command == "backup":
        from device.commands import backup

        return backup.run(args, resolve_store_path(config))
    if args.command == "onenight":
        return _script(args, config)
    if args.command in ("scores", "export", "import"):
        return _scorelog(args, config)
    if args.command == "config":
        from device.config_text import config_text

        sys.stdout.write(config_text(config))
        return 0
    if args.command == "doctor":
        from device.commands.doctor import Doctor

        doctor = Doctor(
            config, config_files=[args.config] if args.config else [], timeout=args.timeout
        )
        return doctor.run(person=not args.check, out=sys.stdout)
    if args.command in APPLIANCE_ACTIONS:
        from device.commands import appliance

        return appliance.run(args)
    if args.command == "tags":
        from device.commands import tagcli

        return tagcli.run(args, config)
    if args.command == "voice":
        from device.commands import voice

        return voice.run(args, config)
    from device.pygame_light import import_pygame

    import_pygame()  # before anything loads it with numpy and pkg_resources
    from device.commands.service import run

    return run(config, windowed=args.windowed)


def _simulate(args: argparse.Namespace, config: Config) -> int:
    from device.commands.progress import ProgressBar
    from device.outputs import check_dir, check_file
    from device.simulator.run import simulate
    from device.simulator.scenario import load_scenario

    scenario = load_scenario(args.scenario)
    for folder, what in ((args.wavs, "spoken lines"), (args.screens, "screens")):
        if folder is not None:  # checked before the run, not after it
            check_dir(folder, what)
    check_file(args.transcript, "transcript")
    result = simulate(
        scenario,
        config,
        transcript_path=args.transcript,
        wav_dir=args.wavs,
        shot_dir=args.screens,
        progress=ProgressBar("Preparing the night"),
        store_path=args.store,
    )
    print(
        f"{len(result.transcript.entries)} transcript lines in {args.transcript}; "
        f"ended in phase {result.phase!r}"
    )
    if args.store is not None:
        if result.phase is not None:
            print(f"The game is kept in {args.store}: 'mothership run --store {args.store}'")
            print(f"  resumes it in phase {result.phase!r}.")
        print(f"Its finished plays: 'mothership scores --store {args.store}'")
    return 0


def _demo(args: argparse.Namespace, config: Config) -> int:
    from device.commands.demo import default_out_dir, run_demo

    out = args.out or default_out_dir()
    result = run_demo(config, out, args.game)
    entries = result.transcript.entries
    said = sum(1 for entry in entries if "say" in entry)
    shots = len(list((out / "screens").glob("*.png")))
    print(f"Demo finished in phase {result.phase!r}: {said} spoken lines, {shots} screens.")
    print(f"Output: {out}")
    print(f"  transcript.jsonl, narration/ ({said} WAV files), screens/ ({shots} PNG files)")
    if (out / "night.wav").exists():
        print("  night.wav: the night's lines over its ambience, as the table hears them")
    return 0


def _say(args: argparse.Namespace, config: Config) -> int:
    import shutil
    import time

    from device.outputs import cannot_write
    from device.runtime.parts import open_narrator

    with open_narrator(config, audio=args.out is None) as narrator:
        spoken = narrator.say_text(args.text)
        if args.out is not None:
            try:
                shutil.copyfile(spoken.path, args.out)
            except OSError as error:
                raise cannot_write("speech", args.out, error) from None
            print(f"{spoken.seconds:.1f} s of speech written to {args.out}")
        else:
            time.sleep(spoken.seconds)  # playback is asynchronous: let it finish
    return 0


def _script(args: argparse.Namespace, config: Config) -> int:
    from device.commands.preview import script_lines
    from device.runtime.parts import catalogues
    from device.runtime.sessions import onenight_setup
    from narration.catalogue import Catalogue
    from narration.wav import estimate_speech_seconds

    setup_block: dict[str, object] = {"game": "onenight", "seed": args.seed}
    if args.preset:
        setup_block["preset"] = args.preset
    else:
        setup_block["roles"] = [name.strip() for name in args.roles.split(",") if name.strip()]
    if args.players is not None:
        setup_block["players"] = args.players
    setup = onenight_setup(setup_block, config)
    catalogue = Catalogue.load(*catalogues())
    rate = config.narration.rate

    def seconds(line: str, params: dict[str, object]) -> float:
        return estimate_speech_seconds(catalogue.text(line, params), rate)

    for line in script_lines(setup, catalogue.text, seconds):
        print(line)
    return 0


def _scorelog(args: argparse.Namespace, config: Config) -> int:
    from device.commands.export import scores_text
    from device.config import resolve_store_path
    from device.outputs import cannot_write, stream_private
    from device.store.database import Store
    from device.store.exports import export_chunks
    from device.store.jsonbackup import import_backup
    from device.store.opening import existing

    if args.command == "import":
        from device.jsontext import JsonTextError, decode

        try:
            text = decode(args.backup.read_bytes())
        except OSError as error:
            raise CommandError(f"cannot read {args.backup}: {error.strerror}") from None
        except JsonTextError as error:
            raise CommandError(f"{args.backup}: {error}") from None
    path = resolve_store_path(config)
    store = Store(path if args.command == "import" else existing(path))  # the others only read
    try:
        if args.command == "scores" and args.plot:
            if args.kind is None or args.out is None:
                raise CommandError("scores plot needs a chart (wins, totals, history) and --out")
            if args.out.suffix.lower() != ".png" and not args.out.is_dir():  # PNG only
                raise CommandError(
                    f"charts are PNG images: give --out a name ending in .png, not {args.out}"
                )
            from device.headless import go_headless

            if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
                go_headless(audio=False)  # charts are drawn off screen: no window, no sound
            from device.ui.charts.plot import plot

            try:
                stats = store.stats()
                print(plot(args.kind, stats, args.out, player=args.player, game=args.game))
            except OSError as error:
                raise cannot_write("chart", args.out, error) from None
        elif args.command == "scores":
            text = scores_text(store.stats(), args.latest, game=args.game)
            print("\n".join(printable(line) for line in text.splitlines()))  # names as text
        elif args.command == "export":
            chunks = export_chunks(
                store.path, args.format, location=config.store.location, db=store.own_reader()
            )
            try:
                if args.out is None:
                    sys.stdout.writelines(chunks)
                else:
                    stream_private(args.out, chunks, f"{args.format} export")
                    print(f"{store.play_count()} plays written to {args.out}", file=sys.stderr)
            except sqlite3.Error as error:  # SQLite's message names no file
                raise CommandError(f"cannot export the store {store.path}: {error}") from None
        else:
            try:
                added, total = import_backup(store, text)
            except ValueError as error:
                raise CommandError(f"{args.backup}: {error}") from None
            print(f"{added} new plays imported ({total - added} already logged)")
    finally:
        store.close()
    return 0
