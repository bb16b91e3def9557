"""Lines of a long text packed into consecutive parts of bounded size.

A dated session of a public dataset can be longer than one memory entry holds. Tasks that
feed such sessions to a memory strategy split them into parts of whole lines, each opening
with the session's header, so every part stands on its own (a stored entry still says when
it was said) and no line is cut unless it alone exceeds the bound.
"""

from __future__ import annotations

from collections.abc import Sequence


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
