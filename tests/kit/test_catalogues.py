"""Catalogue files are read once and checked entry by entry into their dataclasses.

A file that does not match fails with one line naming the file, the entry and the field.
Every ``.toml`` under ``src`` parses.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest

from inspect_memgym.kit.catalogues import (
    CatalogueError,
    load_catalogue,
    load_entries,
    load_value,
    read_catalogue,
)

SOURCE = Path(__file__).resolve().parents[2] / "src" / "inspect_memgym"
FILE = "shelf.toml"
_PACKAGE_NUMBERS = itertools.count()


@dataclass(frozen=True)
class Part:
    key: str
    kind: Literal["int", "float"]
    low: float = 0.0
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shelf:
    name: str
    parts: tuple[Part, ...]
    span: tuple[float, float]
    weights: dict[str, float]
    note: str | None = None


GOOD_SHELF = """
name = "tools"
span = [0.4, 1]
[weights]
heavy = 0.25
light = 0.75
[[parts]]
key = "hammer"
kind = "int"
low = 50
[[parts]]
key = "saw"
kind = "float"
low = 0.5
choices = ["rip", "crosscut"]
"""


@pytest.fixture
def write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], str]:
    """Write ``shelf.toml`` into a package of its own; return the package's (unique) name."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def write_file(text: str) -> str:
        name = f"catalogue_fixture_{next(_PACKAGE_NUMBERS)}"
        package = tmp_path / name
        package.mkdir()
        (package / "__init__.py").write_text('"""Catalogue files of the tests."""\n')
        (package / FILE).write_text(text, encoding="utf-8")
        return name

    return write_file


def test_a_file_loads_into_its_dataclasses_with_the_types_it_gives(
    write: Callable[[str], str],
) -> None:
    package = write(GOOD_SHELF)
    shelf = load_catalogue(Shelf, package, FILE)
    assert shelf == Shelf(
        name="tools",
        parts=(Part("hammer", "int", 50), Part("saw", "float", 0.5, ("rip", "crosscut"))),
        span=(0.4, 1),
        weights={"heavy": 0.25, "light": 0.75},
    )
    assert type(shelf.parts[0].low) is int and type(shelf.span[1]) is int
    assert list(shelf.weights) == ["heavy", "light"]
    assert load_entries(Part, package, FILE, "parts") == shelf.parts
    assert load_value(dict[str, float], package, FILE, "weights") == shelf.weights


def test_a_file_is_read_once_per_process(write: Callable[[str], str]) -> None:
    package = write(GOOD_SHELF)
    assert read_catalogue(package, FILE) is read_catalogue(package, FILE)


BAD_SHELVES = {
    "a wrong type": (
        GOOD_SHELF.replace("low = 0.5", 'low = "half"'),
        "parts[1] (saw).low expects float, got 'half'",
    ),
    "a field the dataclass lacks": (
        GOOD_SHELF.replace('key = "saw"', 'key = "saw"\ncolour = "red"'),
        "parts[1] (saw).colour is not a field of Part",
    ),
    "a missing field": (
        GOOD_SHELF.replace('key = "hammer"\nkind = "int"', 'key = "hammer"'),
        "parts[0] (hammer).kind is missing",
    ),
    "a value outside its choices": (
        GOOD_SHELF.replace('kind = "float"', 'kind = "money"'),
        "parts[1] (saw).kind expects one of 'int', 'float', got 'money'",
    ),
    "a pair of the wrong length": (
        GOOD_SHELF.replace("span = [0.4, 1]", "span = [0.4]"),
        "span expects 2 items, got 1",
    ),
    "a boolean for a number": (
        GOOD_SHELF.replace("heavy = 0.25", "heavy = true"),
        "weights.heavy expects float, got True",
    ),
    "an item of the wrong type": (
        GOOD_SHELF.replace('"crosscut"', "7"),
        "parts[1] (saw).choices[1] expects str, got 7",
    ),
    "invalid TOML": (GOOD_SHELF.replace("[weights]", "[weights"), "Expected ']'"),
}


@pytest.mark.parametrize("case", list(BAD_SHELVES))
def test_a_bad_file_fails_with_one_line_naming_the_file_and_the_entry(
    write: Callable[[str], str], case: str
) -> None:
    text, problem = BAD_SHELVES[case]
    package = write(text)
    with pytest.raises(CatalogueError) as raised:
        load_catalogue(Shelf, package, FILE)
    message = str(raised.value)
    assert message.startswith(f"{FILE}: ")
    assert problem in message
    assert "\n" not in message


def test_a_missing_table_is_named(write: Callable[[str], str]) -> None:
    package = write(GOOD_SHELF)
    with pytest.raises(CatalogueError, match=rf"^{FILE}: bins expects an array of \[\[bins\]\]"):
        load_entries(Part, package, FILE, "bins")
    with pytest.raises(CatalogueError, match=r"^missing_file.toml: .*No such file"):
        read_catalogue(package, "missing_file.toml")


def test_every_catalogue_file_under_src_parses() -> None:
    files = sorted(path.relative_to(SOURCE) for path in SOURCE.rglob("*.toml"))
    assert files, "the package ships its catalogues as TOML files"
    for path in files:
        package = ".".join(("inspect_memgym", *path.parent.parts))
        assert read_catalogue(package, path.name), path
