"""Context excerpts: source the agent read while working, which brings a history to size.

Excerpts come from generated modules the facts are not about, framed the way MemGym frames
them (``# --- context excerpt: <path> --- ... # --- end excerpt ---``), a few to a file.
The last excerpt is cut at a line boundary so the history lands on its token target. The
needle fact, if any, and the distractor that mimics it are written once each, one after
the other in their drawn order, between two excerpts in the middle file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from inspect_memgym.kit.tokens import CHARACTERS_PER_TOKEN

EXCERPT_TEMPLATE = "# --- context excerpt: {path} ---\n{body}\n# --- end excerpt ---"
EXCERPT_OVERHEAD = len(EXCERPT_TEMPLATE.format(path="", body=""))
FILLER_LEAD = "Source files read while tracing the problem, kept here for context."
NEEDLE_PARAGRAPH = "Noted while reading the code above: {statement}"
PARAGRAPH_BREAK = "\n\n"
FILE_CHARACTERS = 12_000
"""Largest context-excerpt file (a file always fits one 15,000-character ingest group)."""
SMALLEST_EXCERPT_BODY = 200
"""A cut excerpt shorter than this is left out rather than written."""


def frame_excerpt(path: str, body: str) -> str:
    """One framed excerpt.

    Args:
        path: The file it is taken from.
        body: The excerpt's text (whole lines of the file).
    """
    return EXCERPT_TEMPLATE.format(path=path, body=body)


def _cut_at_line(text: str, characters: int) -> str:
    """The longest prefix of whole lines that fits in ``characters``."""
    if len(text) <= characters:
        return text
    end = text.rfind("\n", 0, characters + 1)
    return text[:end] if end > 0 else ""


def _excerpts(
    sources: Iterator[tuple[str, str]], budget: int, file_characters: int
) -> Iterator[tuple[int, str]]:
    """(file index, framed excerpt) pairs that fill ``budget`` characters of filler files.

    A module is excerpted whole when it fits the current file, else it starts the next
    file; it is cut (at a line boundary) only when it is larger than a file or than what is
    left of the budget.
    """
    file_index, used_in_file, spent = 0, len(FILLER_LEAD), len(FILLER_LEAD)
    for path, source in sources:
        body = source.rstrip("\n")
        overhead = len(PARAGRAPH_BREAK) + EXCERPT_OVERHEAD + len(path)
        if used_in_file > len(FILLER_LEAD) and used_in_file + overhead + len(body) > (
            file_characters
        ):
            file_index += 1
            used_in_file = len(FILLER_LEAD)
            spent += len(FILLER_LEAD)
        left = budget - spent - overhead
        if left < SMALLEST_EXCERPT_BODY:
            return
        body = _cut_at_line(body, min(left, file_characters - used_in_file - overhead))
        if len(body) < SMALLEST_EXCERPT_BODY:
            continue
        excerpt = frame_excerpt(path, body)
        used_in_file += len(PARAGRAPH_BREAK) + len(excerpt)
        spent += len(PARAGRAPH_BREAK) + len(excerpt)
        yield file_index, excerpt


def filler_files(
    sources: Iterator[tuple[str, str]],
    tokens: int,
    needle_statements: Sequence[str],
    file_characters: int = FILE_CHARACTERS,
) -> list[str]:
    """Context-excerpt files totalling about ``tokens`` estimated tokens.

    Args:
        sources: (path, source) of the modules to excerpt, in the order to use them.
        tokens: The token target for all files together.
        needle_statements: Statements to write once each, in order, in the middle file.
        file_characters: Largest file.

    Returns:
        The files' texts (none if ``tokens`` leaves no room for an excerpt).
    """
    needles = [NEEDLE_PARAGRAPH.format(statement=statement) for statement in needle_statements]
    budget = tokens * CHARACTERS_PER_TOKEN - sum(
        len(needle) + len(PARAGRAPH_BREAK) for needle in needles
    )
    files: list[list[str]] = []
    for file_index, excerpt in _excerpts(sources, budget, file_characters):
        if file_index >= len(files):
            files.append([FILLER_LEAD])
        files[-1].append(excerpt)
    if needles:
        if not files:
            files.append([FILLER_LEAD])
        middle = files[len(files) // 2]
        at = max(1, len(middle) // 2 + 1)
        middle[at:at] = needles
    return [PARAGRAPH_BREAK.join(parts) for parts in files]
