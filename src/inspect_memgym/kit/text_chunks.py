"""Long texts as consecutive parts of bounded size, broken at lines.

`pack_lines`: a dated session of a public dataset can be longer than one memory entry
holds. Tasks that feed such sessions to a memory strategy split them into parts of whole
lines, each opening with the session's header, so every part stands on its own (a stored
entry still says when it was said) and no line is cut unless it alone exceeds the bound.

`lines_within`: a paragraph longer than a memory entry or an ingest group, as chunks of
whole lines (raw-input passages and a task's ingest groups are split with it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def pack_lines(header: str, lines: Sequence[str], max_chars: int) -> list[str]:
    """Consecutive lines grouped into texts of at most ``max_chars``, each opening with a header.

    Args:
        header: The first line of every part (e.g. a session's date line).
        lines: The lines, in order; none is split.
        max_chars: The largest part (header, lines and the newlines between them); a line
            that does not fit even alone with the header becomes a part of its own, longer
            than the bound.

    Returns:
        The parts, in order (none for no lines).

    Raises:
        ValueError: If ``max_chars`` is not positive.
    """
    if max_chars < 1:
        raise ValueError(f"max_chars must be at least 1, got {max_chars}")
    parts: list[str] = []
    current: list[str] = []
    size = len(header)
    for line in lines:
        added = len(line) + 1
        if current and size + added > max_chars:
            parts.append("\n".join([header, *current]))
            current, size = [], len(header)
        current.append(line)
        size += added
    if current:
        parts.append("\n".join([header, *current]))
    return parts


def lines_within(paragraph: str, limit: int) -> Iterator[str]:
    """An over-long paragraph as consecutive chunks of whole lines, over-long lines cut.

    Lines are packed greedily into chunks of at most ``limit`` characters (joined by the
    line breaks they were split at); a line longer than ``limit`` is cut into pieces of
    ``limit`` characters, each a chunk of its own.

    Args:
        paragraph: The text to split (lines end at line breaks).
        limit: The largest chunk, in characters (at least 1).
    """
    chunk = ""
    for line in paragraph.split("\n"):
        while len(line) > limit:
            if chunk:
                yield chunk
                chunk = ""
            yield line[:limit]
            line = line[limit:]
        candidate = f"{chunk}\n{line}" if chunk else line
        if len(candidate) > limit:
            yield chunk
            candidate = line
        chunk = candidate
    if chunk:
        yield chunk
