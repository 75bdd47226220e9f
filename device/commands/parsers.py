"""The ``mothership`` command line's grammar: every subcommand and its options.

Kept apart from the code that carries the commands out, and importing nothing but argparse,
so parsing a command loads only what that command needs (``mothership run`` reaches READY
without the voice tools', the backups' or the tag tools' modules).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from device.commands.arguments import seconds_argument

__all__ = ["APPLIANCE_ACTIONS", "ENGINES", "build_parser"]

ENGINES = ["pyttsx3", "espeak", "piper", "silent"]
"""The voices ``--voice`` picks from (``narration.backend``)."""
APPLIANCE_ACTIONS = {
    "install": "install the system service (run with sudo; safe to run again)",
    "update": "pull the checkout, reinstall and restart; keeps the config and the store",
    "uninstall": "stop and remove the service; keeps the config and the store",
}
"""The Pi appliance's life cycle (``device.commands.appliance``)."""

Commands = argparse._SubParsersAction


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="mothership",
        description="Mothership: narrator, timer, buzzer and score keeper for the game table.",
    )
    parser.add_argument("--version", action=_Version, help="print the version")
    parser.add_argument("--config", type=Path, metavar="FILE", help="a config file layered last")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output")
    parser.add_argument("-q", "--quiet", action="count", default=0, help="less log output")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    _add_play(commands)
    _add_onenight(commands)
    _add_scorelog(commands)
    doctor = commands.add_parser("doctor", help="check every configured part, with a report")
    doctor.add_argument("--check", action="store_true", help="only the checks that need nobody")
    doctor.add_argument(
        "--timeout",
        type=seconds_argument,
        default=20.0,
        metavar="SECONDS",
        help="per step (default: 20)",
    )
    commands.add_parser(
        "config",
        help="print the configuration in effect: every section (the games' too), every key "
        "with what it does",
    )
    _add_tags(commands)
    _add_voice(commands)
    for verb, text in APPLIANCE_ACTIONS.items():  # install, update, uninstall
        command = commands.add_parser(verb, help=text)
        command.add_argument(
            "--dry-run", action="store_true", help="print every step it would take, change nothing"
        )
        if verb == "uninstall":
            command.add_argument(
                "--purge",
                action="store_true",
                help="also remove the config, the store, the voice cache, the backups, and the "
                "user and groups the installer created",
            )
        else:
            command.add_argument(
                "--voice-later",
                action="store_true",
                help="do not render the voice now: the service renders missing lines in the "
                "background (the same as MOTHERSHIP_PREPARE_VOICE=0)",
            )
    _add_backup(commands)
    return parser


class _Version(argparse.Action):
    """``--version``: the installed package's version and the commit it was built from, looked
    up only when asked (reading the package metadata costs every other command a twentieth of a
    second)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from device.version import version_line

        print(version_line())  # on stdout, as argparse's own version action
        parser.exit()


def _store_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--store", type=Path, metavar="FILE", help="use this store (overrides store.path)"
    )


def _voice_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--voice", choices=ENGINES, help="override narration.backend")


def _add_play(commands: Commands[argparse.ArgumentParser]) -> None:
    """``run``, ``simulate``, ``demo`` and ``say``."""
    run = commands.add_parser("run", help="run the device (the systemd service runs this)")
    run.add_argument("--hardware", choices=["mock", "pi"], help="override hardware.backend")
    run.add_argument("--windowed", action="store_true", help="a window instead of fullscreen")
    _store_option(run)

    sim = commands.add_parser("simulate", help="play a scenario file with mock hardware")
    sim.add_argument(
        "scenario", type=Path, metavar="SCENARIO.json", help="the scenario (docs/scenarios.md)"
    )
    sim.add_argument(
        "--transcript",
        type=Path,
        metavar="OUT.jsonl",
        required=True,
        help="write everything said, shown and lit here",
    )
    sim.add_argument("--wavs", type=Path, metavar="DIR", help="copy every spoken line's WAV here")
    sim.add_argument("--screens", type=Path, metavar="DIR", help="save every screen as PNG here")
    sim.add_argument(
        "--store",
        type=Path,
        metavar="FILE",
        help="play into this store and keep it: resume with 'run --store', see 'scores --store'",
    )
    _voice_option(sim)

    demo = commands.add_parser("demo", help="play a built-in sample game in the simulator")
    demo.add_argument(
        "--out", type=Path, metavar="DIR", help="output folder (default: ./mothership-demo-<time>)"
    )
    demo.add_argument(
        "--game",
        default="onenight",
        metavar="GAME",
        help="onenight (default), daybreak (One Night's Total Chaos), replicas, alienation or "
        "encounters",
    )
    _voice_option(demo)

    say = commands.add_parser("say", help="speak a line of text (or write it to a WAV)")
    say.add_argument("text", help="the words to speak")
    say.add_argument("--out", type=Path, metavar="FILE.wav", help="write the WAV here, no sound")
    _voice_option(say)


def _add_onenight(commands: Commands[argparse.ArgumentParser]) -> None:
    """``onenight roles|presets|script``."""
    onenight = commands.add_parser("onenight", help="One Night tools")
    tools = onenight.add_subparsers(dest="tool", metavar="TOOL", required=True)
    roles = tools.add_parser("roles", help="list every role by box, with its team and wake steps")
    roles.add_argument(
        "name", nargs="?", help="show one role (scenario or card name, e.g. synthetic_alien)"
    )
    presets = tools.add_parser("presets", help="list the presets and the player counts they fit")
    presets.add_argument("key", nargs="?", help="show one preset's cards (e.g. alien_first_game)")
    presets.add_argument(
        "--players", type=int, metavar="N", help="the preset's cards for N players"
    )
    script = tools.add_parser(
        "script", help="print a game's whole script with timings, without playing it"
    )
    script.add_argument("--players", type=int, help="number of players (default: cards - 3)")
    chosen = script.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--roles", help="comma-separated role names, e.g. alien,alien,cow,...")
    chosen.add_argument("--preset", help="an official preset, e.g. alien_first_game")
    script.add_argument("--seed", type=int, default=0, help="the game's random seed")


def _add_scorelog(commands: Commands[argparse.ArgumentParser]) -> None:
    """``scores``, ``export`` and ``import``."""
    scores = commands.add_parser("scores", help="print the score log: latest plays, wins")
    scores.add_argument("--latest", type=int, default=10, metavar="N", help="plays to list")
    scores.add_argument(
        "plot", nargs="?", choices=["plot"], help="draw a chart instead of listing the log"
    )
    scores.add_argument(
        "kind", nargs="?", choices=["wins", "totals", "history"], help="which chart to draw"
    )
    scores.add_argument("--out", type=Path, metavar="FILE.png", help="where to write the chart")
    scores.add_argument("--player", help="whose score history (default: who played most)")
    scores.add_argument(
        "--game",
        help="one game's plays (a name or key, e.g. alienation); a score history is always of "
        "one game (default: the one the player has most scores in)",
    )
    _store_option(scores)
    export = commands.add_parser("export", help="export the score log")
    export.add_argument(
        "--format",
        choices=["csv", "bgstats-url", "bgsplay", "json"],
        required=True,
        help="csv; bgstats-url: one BG Stats push link per play, one per line; bgsplay: the "
        "whole history as one BG Stats file; json: a backup that 'mothership import' reads",
    )
    export.add_argument("--out", type=Path, metavar="FILE", help="write here (default: stdout)")
    _store_option(export)
    restore = commands.add_parser("import", help="restore a JSON backup (no duplicate plays)")
    restore.add_argument(
        "backup", type=Path, metavar="BACKUP.json", help="a backup from 'export --format json'"
    )
    _store_option(restore)


def _add_tags(commands: Commands[argparse.ArgumentParser]) -> None:
    """``tags learn|list|forget``."""
    tags = commands.add_parser("tags", help="learn, list and forget tags")
    tools = tags.add_subparsers(dest="tool", metavar="TOOL", required=True)
    learn = tools.add_parser("learn", help="tap a tag (or give --uid) and say what it stands for")
    what = learn.add_mutually_exclusive_group(required=True)
    what.add_argument("--seat", type=int, help="a seat's number token")
    what.add_argument("--player", help="a player's personal card")
    what.add_argument("--role", help="a role tile, e.g. synthetic_alien")
    learn.add_argument(
        "--uid",
        help="the tag's id as a reader gives it, instead of tapping it on the pad: "
        "10 hex digits (RDM6300) or 8, 14 or 20 (PN532)",
    )
    learn.add_argument(
        "--wait", type=seconds_argument, default=30.0, help="seconds to wait for a tap"
    )
    tools.add_parser("list", help="every learned tag")
    forget = tools.add_parser("forget", help="forget a tag")
    forget.add_argument("uid", help="the tag's uid, as 'tags list' shows it")


def _add_voice(commands: Commands[argparse.ArgumentParser]) -> None:
    """``voice prepare|list|test|export|import``."""
    voice = commands.add_parser("voice", help="prepare, list and test the narrator's voice")
    actions = voice.add_subparsers(dest="action", metavar="ACTION", required=True)
    prepare = actions.add_parser(
        "prepare", help="render every line the games can say into the cache (the installer runs it)"
    )
    _voice_option(prepare)
    prepare.add_argument(
        "--first",
        action="store_true",
        help="only what the first game of the default preset needs (the rest renders behind "
        "the game once the service runs); says how many lines and how long at a Pi 4's pace",
    )
    actions.add_parser("list", help="the voices here, which one speaks and why")
    test = actions.add_parser("test", help='say a sentence: voice test "Everyone, wake up."')
    test.add_argument("text", help="the sentence to say")
    _voice_option(test)
    test.add_argument("--out", type=Path, metavar="FILE.wav", help="write the WAV here, no sound")
    export = actions.add_parser(
        "export", help="render the whole catalogue (on any machine) and write a voice pack"
    )
    export.add_argument("file", type=Path, metavar="FILE", help="the pack to write")
    load = actions.add_parser(
        "import", help="take a voice pack's lines into the cache (those this voice would render)"
    )
    load.add_argument("file", type=Path, metavar="FILE", help="the pack to read")


def _add_backup(commands: Commands[argparse.ArgumentParser]) -> None:
    """``backup list|now|restore``."""
    backup = commands.add_parser("backup", help="list, make or restore the automatic backups")
    actions = backup.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("list", help="list the backups, newest last, with their plays")
    actions.add_parser("now", help="write a backup now (the device makes one after every play)")
    restore = actions.add_parser("restore", help="import a backup into the store (no duplicates)")
    restore.add_argument(
        "name", nargs="?", help="a backup's name from 'backup list' or a path (default: the newest)"
    )
    for action in actions.choices.values():
        _store_option(action)
