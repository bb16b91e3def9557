"""What an answer prompt shows of the repository and, for the upper bound, of the history.

MemGym caps each section of an answer prompt: the skeleton at 8,000 characters, the
source files at 8,000 characters per file and 60,000 in all, and the full history at
500,000. The same caps apply here, and so that a cut never drops the code the task is about,
the modules the facts are about (``referenced_files``) come first, then the rest in path
order. Every cut is at an entry boundary and says so. Pure functions, no Inspect.
"""

from __future__ import annotations

from collections.abc import Iterable

from inspect_memgym.code_qa.world.model import CodeQAInstance

SKELETON_CHARS = 8_000
FILE_CHARS = 8_000
FILES_CHARS = 60_000
HISTORY_CHARS = 500_000
FILE_BLOCK = "### {path}\n```python\n{source}\n```"
FILE_CUT = "\n# ... [cut: {dropped} more characters]"
MORE_ENTRIES = "... [{count} more {kind} not shown]"
HISTORY_FILE = "=== {name} ===\n{text}"


def _skeleton_entries(skeleton: str) -> list[tuple[str, str]]:
    """(path, entry) of each module in a skeleton: a path line and its indented lines."""
    entries: list[tuple[str, str]] = []
    for line in skeleton.splitlines():
        if line and not line[0].isspace():
            entries.append((line.strip(), line))
        elif entries:
            path, text = entries[-1]
            entries[-1] = (path, f"{text}\n{line}")
    return entries


def _referenced_first(instance: CodeQAInstance, paths: Iterable[str]) -> list[str]:
    listed = list(paths)
    first = [path for path in instance.referenced_files if path in listed]
    return first + [path for path in listed if path not in first]


def _within(blocks: list[str], limit: int, kind: str) -> str:
    """Blocks joined by blank lines up to ``limit`` characters, then a note of what is left."""
    shown: list[str] = []
    used = 0
    for block in blocks:
        if used + len(block) + 2 > limit and shown:
            shown.append(MORE_ENTRIES.format(count=len(blocks) - len(shown), kind=kind))
            break
        shown.append(block)
        used += len(block) + 2
    return "\n\n".join(shown)


def skeleton_view(instance: CodeQAInstance, limit: int = SKELETON_CHARS) -> str:
    """The repository skeleton for a prompt: referenced modules first, cut at ``limit``.

    Args:
        instance: The instance.
        limit: Most characters (one more entry's note may follow).
    """
    entries = dict(_skeleton_entries(instance.repo_context))
    return _within(
        [entries[path] for path in _referenced_first(instance, entries)], limit, "modules"
    )


def files_view(
    instance: CodeQAInstance, per_file: int = FILE_CHARS, limit: int = FILES_CHARS
) -> str:
    """The source files for a prompt: referenced files first, each cut at ``per_file``.

    Args:
        instance: The instance.
        per_file: Most characters of one file's source.
        limit: Most characters of all files together.
    """
    blocks = []
    for path in _referenced_first(instance, instance.repo_files):
        source = instance.repo_files[path]
        if len(source) > per_file:
            source = source[:per_file] + FILE_CUT.format(dropped=len(source) - per_file)
        blocks.append(FILE_BLOCK.format(path=path, source=source))
    return _within(blocks, limit, "files")


def history_view(instance: CodeQAInstance, limit: int = HISTORY_CHARS) -> str:
    """Every memory file, in order, under its name (the upper bound's prompt), cut at ``limit``.

    Args:
        instance: The instance.
        limit: Most characters.
    """
    files = [
        HISTORY_FILE.format(name=name, text=text) for name, text in instance.memory_files.items()
    ]
    return _within(files, limit, "memory files")
