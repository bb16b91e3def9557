"""Split a long input into passages that each fit one memory entry.

A strategy that stores raw inputs (``rag``) keeps an input longer than one entry as several
consecutive passages instead of cutting it. Passages follow the text in order and break
at paragraph boundaries (blank lines) where they can: paragraphs are packed greedily, a
paragraph longer than a passage is split at line breaks, and a line longer than a passage
is cut at the limit. Joining the passages with blank lines (or, for split paragraphs, with
the line breaks they were split at) gives the text back.
"""

from __future__ import annotations

from inspect_memgym.kit.text_chunks import lines_within

PARAGRAPH_BREAK = "\n\n"


def split_passages(text: str, limit: int) -> list[str]:
    """The text as passages of at most ``limit`` characters, in order.

    Args:
        text: The input.
        limit: Largest passage, in characters (at least 1).

    Returns:
        ``[text]`` when it fits; else its passages (blank paragraphs are dropped).

    Raises:
        ValueError: If ``limit`` is below 1.
    """
    if limit < 1:
        raise ValueError(f"a passage must hold at least 1 character, got limit={limit}")
    if len(text) <= limit:
        return [text]
    passages: list[str] = []
    current = ""
    for paragraph in text.split(PARAGRAPH_BREAK):
        if not paragraph.strip():
            continue
        pieces = [paragraph] if len(paragraph) <= limit else lines_within(paragraph, limit)
        for piece in pieces:
            joined = f"{current}{PARAGRAPH_BREAK}{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
                continue
            passages.append(current)
            current = piece
    if current:
        passages.append(current)
    return passages
