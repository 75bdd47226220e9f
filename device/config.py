"""Configuration: TOML layers validated by one schema into a frozen `Config`.

Layers, later ones winning key by key within each section:

1. the defaults: `defaults.toml`, shipped in this package, for the device's own sections (every
   key, with comments), and each game's sections from the declaration in its own package
   (`GameSpec.sections`, `games.config`);
2. the system file, `/etc/mothership/config.toml`, if it exists;
3. the file given with `--config`, which must exist;
4. dotted overrides from command-line flags, such as `{"hardware.backend": "mock"}`.

The merged settings are validated once, and every problem is reported together in a
`ConfigError`, one `section.key: message` line each.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args

from device.config_schema import (
    Boolean,
    Check,
    Choice,
    ConfigError,
    Integer,
    Number,
    OptionalPath,
    Pin,
    PinList,
    Text,
    cross_check,
    declared_checks,
    parse_toml,
    validate,
)
from device.jsontext import JsonTextError, decode
from device.statedir import SERVICE_STATE_DIR, resolve_state_dir
from games import catalog
from games.config import ConfigSection

__all__ = [
    "SERVICE_STATE_DIR",
    "SYSTEM_CONFIG_PATH",
    "AudioConfig",
    "Config",
    "ConfigError",
    "DisplayConfig",
    "HardwareConfig",
    "LogConfig",
    "NarrationConfig",
    "PinsConfig",
    "StoreConfig",
    "WebConfig",
    "default_config",
    "game_sections",
    "load_config",
    "resolve_cache_dir",
    "resolve_state_dir",
    "resolve_store_path",
]

logger = logging.getLogger(__name__)

SYSTEM_CONFIG_PATH = Path("/etc/mothership/config.toml")
"""Where the system-wide configuration file lives."""

VOICE_ENV = "MOTHERSHIP_VOICE"
"""An environment variable that overrides narration.backend (the command line still wins)."""

HardwareBackend = Literal["mock", "pi"]
NarrationBackend = Literal["pyttsx3", "espeak", "piper", "silent"]
LogLevel = Literal["debug", "info", "warning", "error"]
Settings = TypeVar("Settings")


def _key(check: Check) -> dict[str, Check]:
    """Field metadata holding the check for a TOML key."""
    return {"check": check}


@dataclass(frozen=True)
class HardwareConfig:
    """`[hardware]`: which hardware to drive and how many seats it has."""

    backend: HardwareBackend = field(metadata=_key(Choice(get_args(HardwareBackend))))
    seats: int = field(metadata=_key(Integer(3, 12)))
    debounce: float = field(metadata=_key(Number(0, 0.5)))


@dataclass(frozen=True)
class PinsConfig:
    """`[pins]`: BCM GPIO numbers. `seat_lamps` may be empty; `buzzer` None means none."""

    seat_buttons: tuple[int, ...] = field(metadata=_key(PinList()))
    seat_lamps: tuple[int, ...] = field(metadata=_key(PinList()))
    yes: int = field(metadata=_key(Pin()))
    no: int = field(metadata=_key(Pin()))
    go: int = field(metadata=_key(Pin()))
    buzzer: int | None = field(metadata=_key(Pin(optional=True)))


@dataclass(frozen=True)
class NarrationConfig:
    """`[narration]`: speech engine and voice. Empty paths in the file become None."""

    backend: NarrationBackend = field(metadata=_key(Choice(get_args(NarrationBackend))))
    voice: str = field(metadata=_key(Text()))
    rate: int = field(metadata=_key(Integer(80, 400)))
    pause: float = field(metadata=_key(Number(0, 10)))
    recorded_dir: Path | None = field(metadata=_key(OptionalPath()))
    piper_model: Path | None = field(metadata=_key(OptionalPath()))
    cache_dir: Path | None = field(metadata=_key(OptionalPath()))
    length_scale: float = field(metadata=_key(Number(0.5, 2)))
    sentence_pause: float = field(metadata=_key(Number(0, 3)))
    late_after: float = field(metadata=_key(Number(0.1, 30)))


@dataclass(frozen=True)
class AudioConfig:
    """`[audio]`: output device and volumes (0 to 1)."""

    enabled: bool = field(metadata=_key(Boolean()))
    device: str = field(metadata=_key(Text()))
    narration_volume: float = field(metadata=_key(Number(0, 1)))
    music_volume: float = field(metadata=_key(Number(0, 1)))
    effects_volume: float = field(metadata=_key(Number(0, 1)))
    ambience: bool = field(metadata=_key(Boolean()))
    music_dir: Path | None = field(metadata=_key(OptionalPath()))


@dataclass(frozen=True)
class DisplayConfig:
    """`[display]`: the touchscreen or window."""

    fullscreen: bool = field(metadata=_key(Boolean()))
    width: int = field(metadata=_key(Integer(320, 4096)))
    height: int = field(metadata=_key(Integer(320, 4096)))


@dataclass(frozen=True)
class StoreConfig:
    """`[store]`: the game database; None means `mothership.db` in the state directory."""

    path: Path | None = field(metadata=_key(OptionalPath()))
    location: str = field(metadata=_key(Text()))
    """Where plays happen, as BG Stats links and files name it ("" leaves it out)."""


@dataclass(frozen=True)
class LogConfig:
    """`[log]`: the least important level to log."""

    level: LogLevel = field(metadata=_key(Choice(get_args(LogLevel))))


@dataclass(frozen=True)
class ReadersConfig:
    """`[readers]`: tag readers on serial ports (empty: none)."""

    rdm6300: str = field(metadata=_key(Text()))
    pn532: str = field(metadata=_key(Text()))
    hold_off: float = field(metadata=_key(Number(0.1, 10)))


@dataclass(frozen=True)
class WebConfig:
    """`[web]`: the companion page on the LAN (docs/web.md)."""

    enabled: bool = field(metadata=_key(Boolean()))
    address: str = field(metadata=_key(Text()))
    """The address it binds: "0.0.0.0" every IPv4 interface, "127.0.0.1" this machine only."""
    port: int = field(metadata=_key(Integer(1024, 65535)))


@dataclass(frozen=True)
class Config:
    """The whole validated configuration, one attribute per TOML section."""

    hardware: HardwareConfig
    pins: PinsConfig
    narration: NarrationConfig
    audio: AudioConfig
    display: DisplayConfig
    store: StoreConfig
    log: LogConfig
    readers: ReadersConfig
    web: WebConfig
    games: Mapping[str, Any] = field(default_factory=dict)
    """Each game's own section by name (``GameSpec.sections``): the settings object its
    declaration builds, such as One Night's ``OneNightConfig``."""

    def section(self, name: str) -> dict[str, Any]:
        """The values of section ``name``, the device's or a game's, key by key."""
        if name in self.games:
            return dataclasses.asdict(self.games[name])
        if name in _SECTIONS:
            return dataclasses.asdict(getattr(self, name))
        raise KeyError(
            f"no config section {name!r}: no registered game declares it, or its game was "
            "registered after the config was loaded"
        )

    def game(self, settings: type[Settings]) -> Settings:
        """A game's section by its declaration's class (``config.game(OneNightConfig)``)."""
        for value in self.games.values():
            if isinstance(value, settings):
                return value
        raise KeyError(f"no config section is declared by {settings.__name__}")

    @property
    def state_dir(self) -> Path:
        """The state directory for the current environment (see `resolve_state_dir`)."""
        return resolve_state_dir(os.environ)


_SECTIONS: dict[str, type[Any]] = {
    "hardware": HardwareConfig,
    "pins": PinsConfig,
    "narration": NarrationConfig,
    "audio": AudioConfig,
    "display": DisplayConfig,
    "store": StoreConfig,
    "log": LogConfig,
    "readers": ReadersConfig,
    "web": WebConfig,
}
"""The device's own sections; each game declares its own (``game_sections``)."""
_SCHEMA: dict[str, dict[str, Check]] = {
    name: {f.name: f.metadata["check"] for f in fields(cls)} for name, cls in _SECTIONS.items()
}


def game_sections() -> tuple[ConfigSection, ...]:
    """The sections the registered games own, read from the catalog when asked (a game
    registered later has its section too).

    Raises:
        TypeError: two games, or a game and the device, declare one section name.
    """
    sections: dict[str, ConfigSection] = {}
    for spec in (*catalog.GAMES, *catalog.TOOLS):
        for section in spec.sections:
            if section.name in _SECTIONS or section.name in sections:
                raise TypeError(f"[{section.name}] of {spec.key} is declared twice")
            sections[section.name] = section
    return tuple(sections.values())


def _read_file(path: Path) -> dict[str, Any]:
    """Read and parse one config file; OSError propagates to the caller."""
    try:
        text = decode(path.read_bytes())
    except JsonTextError as error:  # decoding is the same as for JSON files
        raise ConfigError([f"{path}: {error}"]) from None
    settings = parse_toml(text, str(path))
    logger.debug("Loaded config file %s", path)
    return settings


DEFAULTS_SOURCE = "defaults.toml (built in)"
COMMAND_LINE_SOURCE = "the command line"
_DOTTED = re.compile(r"\b[a-z_]+\.[a-z_]+\b")


def _merge(
    base: dict[str, Any],
    layer: Mapping[str, Any],
    origins: dict[str, str] | None = None,
    source: str = "",
) -> None:
    """Lay `layer` over `base` in place, key by key within each section; `origins` notes
    which source set each section and `section.key`."""
    for name, value in layer.items():
        if origins is not None:
            origins[name] = source
            for key in value if isinstance(value, dict) else ():
                origins[f"{name}.{key}"] = source
        if isinstance(value, dict) and isinstance(base.get(name), dict):
            base[name] = {**base[name], **value}
        else:
            base[name] = dict(value) if isinstance(value, dict) else value


def load_config(
    extra: Path | None = None,
    *,
    system_path: Path | None = SYSTEM_CONFIG_PATH,
    overrides: Mapping[str, object] | None = None,
) -> Config:
    """Load, layer and validate the configuration.

    Args:
        extra: the `--config` file. It must exist when given.
        system_path: the system-wide file. A missing file is skipped quietly; an
            unreadable one is logged as a warning and skipped. None skips this layer.
        overrides: dotted `section.key` settings from the command line, applied last.
            Keys whose value is None are ignored, so unset flags can be passed as is.

    Returns:
        The validated, frozen configuration.

    Raises:
        ConfigError: a file is missing, unreadable or not valid TOML, or any setting
            is wrong; its message lists every problem, one per line.
    """
    defaults = resources.files("device").joinpath("defaults.toml").read_text("utf-8")
    merged: dict[str, Any] = {}
    origins: dict[str, str] = {}
    _merge(merged, parse_toml(defaults, "defaults.toml"), origins, DEFAULTS_SOURCE)
    games = game_sections()
    declared = {section.name: section.defaults() for section in games}
    _merge(merged, declared, origins, DEFAULTS_SOURCE)
    try:
        if system_path is not None:
            _merge(merged, _read_file(system_path), origins, str(system_path))
    except FileNotFoundError:
        logger.debug("No system config file at %s", system_path)
    except OSError as error:
        logger.warning("Skipping unreadable config file %s: %s", system_path, error.strerror)
    if extra is not None:
        try:
            _merge(merged, _read_file(extra), origins, str(extra))
        except FileNotFoundError:
            raise ConfigError([f"{extra}: config file not found"]) from None
        except OSError as error:
            raise ConfigError([f"{extra}: cannot read config file: {error.strerror}"]) from None
    problems: list[str] = []
    voice = os.environ.get(VOICE_ENV)
    if voice:  # a whole run (the test suite, a quick try) speaks with another engine
        _merge(merged, {"narration": {"backend": voice}}, origins, f"${VOICE_ENV}")
    for dotted, value in (overrides or {}).items():
        section, dot, key = dotted.partition(".")
        if not dot or not key:
            problems.append(f"{dotted}: override must be written as 'section.key'")
        elif value is not None:
            _merge(merged, {section: {key: value}}, origins, COMMAND_LINE_SOURCE)
    schema = {**_SCHEMA, **{section.name: declared_checks(section) for section in games}}
    values, schema_problems = validate(merged, schema)
    problems += schema_problems + cross_check(values)
    if problems:
        raise ConfigError(_named_source(problem, origins) for problem in problems)
    built = {name: cls(**values[name]) for name, cls in _SECTIONS.items()}
    own = {section.name: section.build(values[section.name]) for section in games}
    return Config(**built, games=own)


def _named_source(problem: str, origins: Mapping[str, str]) -> str:
    """The problem line after the file (or command line) that set its keys: the files a person
    edited before the built-in defaults, which only count when nothing else set those keys."""
    head = problem.split(":", 1)[0]
    sources: list[str] = []
    for key in [head, *_DOTTED.findall(problem)]:
        source = origins.get(key) or origins.get(key.split(".")[0]) or COMMAND_LINE_SOURCE
        if source not in sources:
            sources.append(source)
    edited = [source for source in sources if source != DEFAULTS_SOURCE]
    return f"{', '.join(edited or sources)}: {problem}"


def default_config() -> Config:
    """The shipped defaults alone, without reading any system or user file."""
    return load_config(system_path=None)


def resolve_store_path(config: Config, env: Mapping[str, str] | None = None) -> Path:
    """The database file: `store.path` (relative means inside the state directory),
    else `mothership.db` in the state directory."""
    state = resolve_state_dir(env)
    return state / config.store.path if config.store.path else state / "mothership.db"


def resolve_cache_dir(config: Config, env: Mapping[str, str] | None = None) -> Path:
    """The speech cache: `narration.cache_dir` (relative means inside the state
    directory), else `wav-cache` in the state directory."""
    state = resolve_state_dir(env)
    cache = config.narration.cache_dir
    return state / cache if cache else state / "wav-cache"
