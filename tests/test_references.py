"""Comments and docstrings point only at what the repository holds.

The source names no section of a background file kept outside the repository (a
``REFERENCE`` page, a ``§`` number), and every numbered flaw of a peer benchmark that the
source or the tests name is listed, under that number, in ``docs/peer-flaws.md``, which the
naming file points to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
FLAW_LIST = REPOSITORY / "docs" / "peer-flaws.md"
FLAW_LIST_NAME = "docs/peer-flaws.md"
OUTSIDE_SECTION = re.compile(r"§|\bREFERENCE(?:-\d+)?(?:\.md)?\b")
"""A ``§`` section sign, or the name of a background ``REFERENCE`` page (not an identifier
such as ``REFERENCE_POLICIES``)."""
FLAW_NUMBERS = re.compile(r"\bflaws?[ -](\d+)(?:\s+and\s+(\d+))?", re.IGNORECASE)
LISTED_FLAW = re.compile(r"^(\d+)\. \*\*", re.MULTILINE)


def outside_sections(text: str) -> list[str]:
    """Each line of a text that names a section of a file outside the repository."""
    return [line.strip() for line in text.splitlines() if OUTSIDE_SECTION.search(line)]


def flaw_numbers(text: str) -> set[int]:
    """The flaw numbers a text names ("flaw 4", "flaws 1 and 4", "flaw-1")."""
    return {
        int(number) for match in FLAW_NUMBERS.finditer(text) for number in match.groups() if number
    }


def listed_flaws() -> set[int]:
    """The flaw numbers ``docs/peer-flaws.md`` lists."""
    return {int(number) for number in LISTED_FLAW.findall(FLAW_LIST.read_text(encoding="utf-8"))}


def python_files(*trees: str) -> list[Path]:
    return [
        path
        for tree in trees
        for path in sorted((REPOSITORY / tree).rglob("*.py"))
        if path.resolve() != Path(__file__).resolve()
    ]


def test_the_source_names_no_section_of_a_file_outside_the_repository() -> None:
    problems = {
        str(path.relative_to(REPOSITORY)): lines
        for path in python_files("src")
        if (lines := outside_sections(path.read_text(encoding="utf-8")))
    }
    assert problems == {}


def test_every_named_flaw_is_listed_where_the_file_points() -> None:
    listed = listed_flaws()
    assert listed == set(range(1, 8))
    naming = 0
    for path in python_files("src", "tests"):
        text = path.read_text(encoding="utf-8")
        if numbers := flaw_numbers(text):
            naming += 1
            relative = path.relative_to(REPOSITORY)
            assert numbers <= listed, f"{relative} names flaws {sorted(numbers - listed)}"
            assert FLAW_LIST_NAME in text, f"{relative} names flaws without {FLAW_LIST_NAME}"
    assert naming >= 8


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('"""Every tier by name (REFERENCE §1 table)."""', True),
        ("# see REFERENCE-2.md for the numbers", True),
        ("REFERENCE_POLICIES = (perfect, naive)", False),
        ("REFERENCES = (perfect,)", False),
    ],
)
def test_an_outside_section_is_recognised(text: str, found: bool) -> None:
    assert bool(outside_sections(text)) is found


def test_flaw_numbers_are_read_in_every_spelling() -> None:
    text = "MemoryGym flaw 4; flaws 1 and 6; the flaw-2 check; Flaw 7: the budget; no flawless 3"
    assert flaw_numbers(text) == {1, 2, 4, 6, 7}
