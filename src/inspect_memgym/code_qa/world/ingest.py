"""Pack memory files into ingest groups: the evicted protocol's phase one, without a model.

MemGym's evicted protocol shows a memory strategy its memory files in at most 3 groups of
at most 15,000 characters, one ingest call per group. Files go in order; each starts with
a ``=== <name> ===`` line. A file that does not fit what is left of a group is split at
paragraph boundaries, its later part starting the next group under a
``=== <name> (continued) ===`` line, so groups are filled and nothing is reordered. A
paragraph too long for any group is split at line breaks, and a line too long at the limit.
`fitting_chars_per_group` finds the group size at which a larger history still fits the
number of groups allowed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from inspect_memgym.kit.text_chunks import lines_within

DEFAULT_CHARS_PER_GROUP = 15_000
"""MemGym's ``--ingest-chars-per-call``."""
MEMGYM_MAX_GROUPS = 3
"""MemGym's ``--ingest-max-calls``."""
HEADER = "=== {name} ===\n"
CONTINUED_HEADER = "=== {name} (continued) ===\n"
PARAGRAPH_BREAK = "\n\n"
SMALLEST_CONTENT = 40
"""A group must leave at least this many characters of text after the longest header."""
GROWTH_STEP = 1.01
"""Each try at a group size that fits the files is this much larger than the one before."""


def _paragraphs(text: str, limit: int) -> Iterator[str]:
    """The paragraphs of a text, each at most ``limit`` characters."""
    for paragraph in text.split(PARAGRAPH_BREAK):
        if len(paragraph) <= limit:
            yield paragraph
        else:
            yield from lines_within(paragraph, limit)


def group_memory_files(
    files: Mapping[str, str],
    chars_per_group: int = DEFAULT_CHARS_PER_GROUP,
    max_groups: int | None = None,
) -> list[str]:
    """Pack memory files, in order, into groups of at most ``chars_per_group`` characters.

    Args:
        files: File name -> text, in reading order.
        chars_per_group: Largest group, in characters (headers included).
        max_groups: Most groups allowed (MemGym uses 3); None for no limit.

    Returns:
        The groups' texts (an empty list for no files).

    Raises:
        ValueError: If ``chars_per_group`` cannot hold a header and some text, if
            ``max_groups`` is below 1, or if the files need more than ``max_groups`` groups.
    """
    longest_header = max((len(CONTINUED_HEADER.format(name=name)) for name in files), default=0)
    if chars_per_group < longest_header + SMALLEST_CONTENT:
        raise ValueError(
            f"chars_per_group={chars_per_group} cannot hold a file header "
            f"({longest_header} characters) and at least {SMALLEST_CONTENT} characters of text"
        )
    if max_groups is not None and max_groups < 1:
        raise ValueError(f"max_groups must be at least 1, got {max_groups}")
    groups: list[str] = []
    current = ""
    for name, text in files.items():
        continued = CONTINUED_HEADER.format(name=name)
        piece, has_text = HEADER.format(name=name), False
        for paragraph in _paragraphs(text, chars_per_group - len(continued)):
            extended = piece + (PARAGRAPH_BREAK if has_text else "") + paragraph
            joiner = PARAGRAPH_BREAK if current else ""
            if len(current) + len(joiner) + len(extended) <= chars_per_group:
                piece, has_text = extended, True
                continue
            if has_text:
                current += joiner + piece
                piece = continued + paragraph
            else:
                piece += paragraph
            if current:
                groups.append(current)
            current, has_text = "", True
        joiner = PARAGRAPH_BREAK if current else ""
        if len(current) + len(joiner) + len(piece) > chars_per_group:
            groups.append(current)
            current, joiner = "", ""
        current += joiner + piece
    if current:
        groups.append(current)
    if max_groups is not None and len(groups) > max_groups:
        raise ValueError(
            f"the memory files need {len(groups)} groups of at most {chars_per_group} "
            f"characters, more than max_groups={max_groups}; raise chars_per_group or "
            "max_groups"
        )
    return groups


def fitting_chars_per_group(
    files: Mapping[str, str], max_groups: int, smallest: int = DEFAULT_CHARS_PER_GROUP
) -> int:
    """The group size for at most ``max_groups`` groups: ``smallest``, or as little more as fits.

    A larger history than ``max_groups`` groups of ``smallest`` hold gets the smallest size,
    found to within one percent, at which it fits.

    Args:
        files: File name -> text, in reading order.
        max_groups: Most groups allowed (at least 1).
        smallest: The preferred group size (MemGym's 15,000 characters).

    Raises:
        ValueError: If ``max_groups`` is below 1 or ``smallest`` cannot hold a header.
    """
    if max_groups < 1:
        raise ValueError(f"max_groups must be at least 1, got {max_groups}")
    total = sum(len(HEADER.format(name=name)) + len(text) for name, text in files.items())
    size = max(smallest, -(-total // max_groups))
    while len(group_memory_files(files, size)) > max_groups:
        size = int(size * GROWTH_STEP) + 1
    return size
