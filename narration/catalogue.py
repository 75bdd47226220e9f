"""The catalogue of narration lines: ids, wording and ``{placeholders}``.

Lines are data. Each game ships a TOML file in ``narration/lines/`` (or in its own folder,
named by path)::

    [lines]
    "common.test" = "This is Mothership. Can you hear me?"
    "onenight.dusk.count" = "There are {count} players tonight."

Ids are snake_case words joined by dots, so they must be quoted TOML keys.
"""

from __future__ import annotations

import difflib
import re
import string
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from narration.errors import (
    CatalogueError,
    MissingPlaceholderError,
    PlaceholderError,
    UnexpectedPlaceholderError,
    UnknownLineError,
)

__all__ = ["Catalogue", "did_you_mean"]

_LINE_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*")
_PACKAGE = "narration"
_FOLDER = "lines"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest choice, or ``""``.

    Args:
        word: What was asked for.
        choices: The valid strings.

    >>> did_you_mean("onenight.seer.wkae", ["onenight.seer.wake", "onenight.seer.sleep"])
    " (did you mean 'onenight.seer.wake'?)"
    >>> did_you_mean("xyz", ["onenight.seer.wake"])
    ''
    """
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _placeholders(line_id: str, text: str, source: str) -> frozenset[str]:
    """Parse the placeholder names of one line, rejecting forms we do not support."""
    names: set[str] = set()
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise CatalogueError(f"{source}: line {line_id!r} has bad braces: {exc}") from exc
    for _literal, field, _spec, _conversion in parsed:
        if field is None:
            continue
        # Only named fields: "{}" or "{0}" or "{a.b}" would tie text to call order or objects.
        if not field.isidentifier():
            raise CatalogueError(
                f"{source}: line {line_id!r} has placeholder {field!r}; use a plain name"
            )
        names.add(field)
    return frozenset(names)


class Catalogue:
    """An immutable set of narration lines keyed by line id."""

    def __init__(self, lines: Mapping[str, str], *, source: str = "<mapping>") -> None:
        """Build a catalogue; prefer :meth:`load` or :meth:`from_mapping`.

        Args:
            lines: Line id to text.
            source: Where the lines came from, named in error messages.

        Raises:
            CatalogueError: If an id or a text is malformed.
        """
        checked: dict[str, str] = {}
        holes: dict[str, frozenset[str]] = {}
        for line_id, text in lines.items():
            if not isinstance(line_id, str) or not _LINE_ID.fullmatch(line_id):
                raise CatalogueError(
                    f"{source}: line id {line_id!r} is not snake_case words joined by dots"
                )
            if not isinstance(text, str) or not text.strip():
                raise CatalogueError(f"{source}: line {line_id!r} must be non-empty text")
            checked[line_id] = text
            holes[line_id] = _placeholders(line_id, text, source)
        self._source = source
        self._lines = MappingProxyType(checked)
        self._holes = MappingProxyType(holes)

    @classmethod
    def available(cls) -> tuple[str, ...]:
        """Return the names of the catalogue files shipped in ``narration/lines``."""
        folder = resources.files(_PACKAGE).joinpath(_FOLDER)
        return tuple(
            sorted(
                entry.name.removesuffix(".toml")
                for entry in folder.iterdir()
                if entry.name.endswith(".toml")
            )
        )

    @classmethod
    def load(cls, *names: str) -> Catalogue:
        """Load and merge shipped catalogue files.

        Args:
            *names: File names without ``.toml`` (``"common"``, ``"onenight"``), or paths of
                TOML files of lines elsewhere (a game's own, in its folder).
                With no names, every shipped file is loaded.

        Raises:
            CatalogueError: If a file is unknown or malformed, or two files share an id.
        """
        available = cls.available()
        merged: dict[str, str] = {}
        origin: dict[str, str] = {}
        for name in names or available:
            if name.endswith(".toml"):
                source, document = name, cls._file(Path(name))
            elif name in available:
                source = f"{name}.toml"
                resource = resources.files(_PACKAGE).joinpath(_FOLDER).joinpath(source)
                document = resource.read_text("utf-8")
            else:
                raise CatalogueError(f"unknown catalogue: {name!r}{did_you_mean(name, available)}")
            for line_id, text in cls._read(document, source).items():
                if line_id in merged:
                    raise CatalogueError(
                        f"{source}: line {line_id!r} is already defined in {origin[line_id]}"
                    )
                merged[line_id] = text
                origin[line_id] = source
        return cls(merged, source="+".join(names or available))

    @classmethod
    def from_mapping(cls, lines: Mapping[str, str], *, source: str = "<mapping>") -> Catalogue:
        """Build a catalogue from a plain mapping (tests, user overrides).

        Args:
            lines: Line id to text.
            source: Named in error messages.

        Raises:
            CatalogueError: If an id or a text is malformed.
        """
        return cls(lines, source=source)

    @staticmethod
    def _file(path: Path) -> str:
        try:
            return path.read_text("utf-8")
        except OSError as exc:
            raise CatalogueError(f"{path}: cannot read lines: {exc.strerror}") from exc

    @staticmethod
    def _read(document: str, source: str) -> dict[str, str]:
        """Parse one TOML document into its ``[lines]`` table."""
        try:
            data = tomllib.loads(document)
        except tomllib.TOMLDecodeError as exc:
            raise CatalogueError(f"{source}: invalid toml: {exc}") from exc
        extra = sorted(set(data) - {"lines"})
        if extra:
            raise CatalogueError(f"{source}: unknown table {extra[0]!r}; only [lines] is allowed")
        table = data.get("lines")
        if not isinstance(table, dict):
            raise CatalogueError(f"{source}: missing [lines] table")
        for line_id, text in table.items():
            if not isinstance(text, str):
                # A dotted key without quotes becomes a nested table: say how to fix it.
                raise CatalogueError(
                    f"{source}: line {line_id!r} is not a string; quote dotted ids like "
                    f'"{line_id}.x" = "..."'
                )
        return table

    def ids(self) -> tuple[str, ...]:
        """Return every line id, sorted."""
        return tuple(sorted(self._lines))

    def raw(self, line_id: str) -> str:
        """Return a line's unformatted text.

        Raises:
            UnknownLineError: If the id is not in the catalogue.
        """
        self._check_id(line_id)
        return self._lines[line_id]

    def placeholders(self, line_id: str) -> frozenset[str]:
        """Return the placeholder names used by a line.

        Raises:
            UnknownLineError: If the id is not in the catalogue.
        """
        self._check_id(line_id)
        return self._holes[line_id]

    def text(self, line_id: str, params: Mapping[str, object] | None = None) -> str:
        """Return a line's text with its placeholders filled in.

        Args:
            line_id: The line id, e.g. ``"common.test"``.
            params: One value per placeholder, no more and no fewer.

        Raises:
            UnknownLineError: If the id is not in the catalogue.
            MissingPlaceholderError: If a placeholder has no value.
            UnexpectedPlaceholderError: If a parameter is not used by the line.
            PlaceholderError: If a value does not fit the line's format spec.
        """
        self._check_id(line_id)
        given = dict(params or {})
        wanted = self._holes[line_id]
        missing = sorted(wanted - given.keys())
        if missing:
            raise MissingPlaceholderError(
                f"line {line_id!r} needs placeholder {missing[0]!r}"
                + (f" (also missing: {', '.join(map(repr, missing[1:]))})" if missing[1:] else "")
            )
        extra = sorted(given.keys() - wanted)
        if extra:
            raise UnexpectedPlaceholderError(
                f"line {line_id!r} has no placeholder {extra[0]!r}" + did_you_mean(extra[0], wanted)
            )
        try:
            return self._lines[line_id].format_map(given)
        except (ValueError, TypeError) as exc:
            raise PlaceholderError(
                f"line {line_id!r} cannot format its parameters {given!r}: {exc}"
            ) from exc

    def _check_id(self, line_id: str) -> None:
        if line_id not in self._lines:
            raise UnknownLineError(f"unknown line: {line_id!r}{did_you_mean(line_id, self._lines)}")

    def __contains__(self, line_id: object) -> bool:
        return line_id in self._lines

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids())

    def __len__(self) -> int:
        return len(self._lines)

    def __repr__(self) -> str:
        return f"<Catalogue {self._source!r}: {len(self._lines)} lines>"
