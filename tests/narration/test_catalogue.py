"""The line catalogue: loading, placeholders and its error messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from narration.catalogue import Catalogue
from narration.errors import (
    CatalogueError,
    MissingPlaceholderError,
    PlaceholderError,
    UnexpectedPlaceholderError,
    UnknownLineError,
)


def test_the_shipped_common_catalogue_loads_with_the_test_line() -> None:
    catalogue = Catalogue.load("common")
    assert catalogue.text("common.test", {}) == "This is Mothership. Can you hear me?"
    assert "common.no_audio" in catalogue
    assert catalogue.ids() == tuple(sorted(catalogue.ids()))


def test_every_shipped_catalogue_loads_together_without_clashes() -> None:
    names = Catalogue.available()
    assert "common" in names
    catalogue = Catalogue.load()
    assert len(catalogue) == sum(len(Catalogue.load(name)) for name in names)


def test_placeholders_are_filled_in_and_listed(catalogue: Catalogue) -> None:
    assert catalogue.text("test.count", {"count": 5}) == "There are 5 players tonight."
    assert catalogue.placeholders("test.pair") == frozenset({"first", "second"})
    assert catalogue.placeholders("test.hello") == frozenset()
    assert catalogue.text("test.hello") == "Hello, table."


def test_an_unknown_line_suggests_the_closest_id(catalogue: Catalogue) -> None:
    with pytest.raises(UnknownLineError) as caught:
        catalogue.text("test.helo", {})
    assert str(caught.value) == "unknown line: 'test.helo' (did you mean 'test.hello'?)"
    assert isinstance(caught.value, KeyError)


def test_an_unknown_line_with_nothing_close_has_no_suggestion(catalogue: Catalogue) -> None:
    with pytest.raises(UnknownLineError) as caught:
        catalogue.placeholders("zzz")
    assert str(caught.value) == "unknown line: 'zzz'"


def test_a_missing_placeholder_names_the_line_and_the_placeholder(catalogue: Catalogue) -> None:
    with pytest.raises(MissingPlaceholderError) as caught:
        catalogue.text("test.count", {})
    assert str(caught.value) == "line 'test.count' needs placeholder 'count'"


def test_several_missing_placeholders_are_all_named(catalogue: Catalogue) -> None:
    with pytest.raises(MissingPlaceholderError) as caught:
        catalogue.text("test.pair", {})
    assert (
        str(caught.value) == "line 'test.pair' needs placeholder 'first' (also missing: 'second')"
    )


def test_an_extra_parameter_is_an_error_with_a_suggestion(catalogue: Catalogue) -> None:
    with pytest.raises(UnexpectedPlaceholderError) as caught:
        catalogue.text("test.count", {"count": 3, "cuont": 4})
    assert (
        str(caught.value) == "line 'test.count' has no placeholder 'cuont' (did you mean 'count'?)"
    )
    assert isinstance(caught.value, PlaceholderError)


def test_a_game_brings_lines_of_its_own_by_path(tmp_path: Path) -> None:
    own = tmp_path / "stars.toml"
    own.write_text('[lines]\n"stars.caught" = "Player {seat} caught a star."\n')
    catalogue = Catalogue.load("common", str(own))
    assert catalogue.text("stars.caught", {"seat": 2}) == "Player 2 caught a star."
    assert "common.test" in catalogue
    with pytest.raises(CatalogueError, match=r"nowhere\.toml: cannot read lines"):
        Catalogue.load(str(tmp_path / "nowhere.toml"))


def test_an_unknown_catalogue_file_suggests_the_closest_name() -> None:
    with pytest.raises(CatalogueError) as caught:
        Catalogue.load("comon")
    assert str(caught.value) == "unknown catalogue: 'comon' (did you mean 'common'?)"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ({"Bad Id": "x"}, "t: line id 'Bad Id' is not snake_case words joined by dots"),
        ({"a.b": "  "}, "t: line 'a.b' must be non-empty text"),
        ({"a.b": "Seat {}"}, "t: line 'a.b' has placeholder ''; use a plain name"),
        ({"a.b": "Seat {0}"}, "t: line 'a.b' has placeholder '0'; use a plain name"),
        ({"a.b": "Seat {x.y}"}, "t: line 'a.b' has placeholder 'x.y'; use a plain name"),
        ({"a.b": "Seat {x"}, "t: line 'a.b' has bad braces: expected '}' before end of string"),
    ],
)
def test_malformed_lines_are_refused_with_the_bad_input(
    lines: dict[str, str], message: str
) -> None:
    with pytest.raises(CatalogueError) as caught:
        Catalogue.from_mapping(lines, source="t")
    assert str(caught.value) == message


def test_toml_with_an_unquoted_dotted_id_explains_the_quoting() -> None:
    with pytest.raises(CatalogueError) as caught:
        Catalogue._read('[lines]\ncommon.test = "hi"\n', "x.toml")
    assert str(caught.value) == (
        'x.toml: line \'common\' is not a string; quote dotted ids like "common.x" = "..."'
    )


def test_toml_without_a_lines_table_is_refused() -> None:
    with pytest.raises(CatalogueError) as caught:
        Catalogue._read('[words]\n"a" = "b"\n', "x.toml")
    assert str(caught.value) == "x.toml: unknown table 'words'; only [lines] is allowed"


def test_literal_braces_survive_formatting() -> None:
    catalogue = Catalogue.from_mapping({"a.b": "Press {{go}} now, {name}."})
    assert catalogue.text("a.b", {"name": "Ann"}) == "Press {go} now, Ann."
