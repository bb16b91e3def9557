"""The section each line of a memory item sits in, and the one subject that section names.

A memory that keeps a document, or a note organised by entity, names the subject once and
lists its values under it: ``Category: Port City`` under a document's title line, a field
under a Markdown heading or an ``Entity: ...`` line. A clause that names no subject itself
is about the subject of its section (`scoring.point_matching.read_clauses`). Sections come
from the text's structure only, read line by line:

* a **Markdown heading** (``#`` to ``######``) opens a section that lasts until the next
  heading of the same or a higher level; blank lines do not end it. A heading naming no
  subject keeps the subject of the heading it sits under;
* a **name line** opens a section that lasts until the next blank line or name line: a
  title naming a subject (a short line, no number, not ending as a sentence does:
  ``**Argon Labs**:``, ``Census digest — Argon Labs``, ``Argon Labs (fintech)``), or a
  label line ``Entity:``, ``Name:`` or ``Subject:`` followed by the name (stored entries lose
  their blank lines, so a store keeping several documents in one entry still opens one
  section per title);
* the **first line of a block** (lines between blank lines) that names a subject makes the
  block its section (a document's title line ``Census digest — Argon Labs`` over its
  ``Category:`` line); a name line inside the block opens a new section from there.

A section is about a subject only when its opening line names exactly one: a heading, a
label line or a block's first line naming two or more subjects opens a section about none,
so a heading listing every entity, or a block led by a list of names, gives no clause below
it an owner (nor do the headings under it that name none). A block's own subject, when its
first line or a name line sets one, comes before the heading's. Pure: no Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from inspect_memgym.scoring.clauses import normalise_answer, shows_token

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*)$")
_LABEL = re.compile(r"^(?:entity|name|subject)\s*:\s*")
_MARKUP = re.compile(r"[*_`>]+")
_BULLET = re.compile(r"^\s*(?:[-+*]|\d+[.)])\s+")
_DIGIT = re.compile(r"\d")
_SENTENCE_END = re.compile(r"[.!?]$")
TITLE_WORDS = 12
"""Longest title line, in words (a name line may carry a label or a short description)."""


@dataclass(frozen=True)
class SectionedLine:
    """One non-blank line of a memory item, with the subject its section names.

    Attributes:
        text: The line as written.
        subject: The one subject its section names (None when the section names none or
            several).
    """

    text: str
    subject: str | None


@dataclass
class _Heading:
    level: int
    subject: str | None


def sectioned_lines(item: str, names: Sequence[str]) -> Iterator[SectionedLine]:
    """The non-blank lines of a memory item, each with its section's subject.

    Args:
        item: One memory item.
        names: Every subject name of the sample.
    """
    if not names:
        yield from (SectionedLine(line, None) for line in item.split("\n") if line.strip())
        return
    headings: list[_Heading] = []
    block_start = True
    block: tuple[bool, str | None] = (False, None)
    for line in item.split("\n"):
        if not line.strip():
            block_start, block = True, (False, None)
            continue
        named = _named(line, names)
        level = _heading_level(line)
        if level:
            while headings and headings[-1].level >= level:
                headings.pop()
            inherited = headings[-1].subject if headings else None
            headings.append(_Heading(level, _single(named) if named else inherited))
            block = (False, None)
        elif _is_name_line(line, named):
            block = (True, _single(named))
        elif block_start:
            block = (bool(named), _single(named))
        block_start = False
        yield SectionedLine(line, _line_subject(block, headings))


def _line_subject(block: tuple[bool, str | None], headings: Sequence[_Heading]) -> str | None:
    """The block's subject when its first line or a name line set one, else the heading's."""
    has_subject, subject = block
    if has_subject:
        return subject
    return headings[-1].subject if headings else None


def _named(line: str, names: Sequence[str]) -> list[str]:
    normalised = normalise_answer(line)
    return [name for name in names if shows_token(normalised, name)]


def _single(named: Sequence[str]) -> str | None:
    """The subject a line names, when it names exactly one (a longer name holds no shorter)."""
    distinct = [name for name in named if not any(_inside(name, other) for other in named)]
    return distinct[0] if len(distinct) == 1 else None


def _inside(name: str, other: str) -> bool:
    """Whether a name is part of another, longer name (``Argon`` in ``Argon Labs``)."""
    return name != other and shows_token(normalise_answer(other), name)


def _heading_level(line: str) -> int:
    found = _HEADING.match(line)
    return len(found.group(1)) if found else 0


def _is_name_line(line: str, named: Sequence[str]) -> bool:
    """Whether a line is a label line (``Entity: ...``) or a title naming a subject.

    A title is short, states no number and is no sentence: ``**Argon Labs**:``,
    ``Census digest — Argon Labs``, ``Argon Labs (fintech)``.
    """
    bare = normalise_answer(_MARKUP.sub("", _BULLET.sub("", line)))
    if _LABEL.match(bare):
        return True
    return (
        bool(named)
        and len(bare.split()) <= TITLE_WORDS
        and not _DIGIT.search(bare)
        and not _SENTENCE_END.search(bare)
    )
