"""Output files that appear only when complete: written under a temporary name, then moved.

A command that fails half-way (no logs in the folder, a file that is not a log) leaves no
empty or partial output behind, and an existing file of that name stays as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

_ORDINARY_FILE_MODE = 0o666
"""What `open` asks for; the umask takes its share (a temporary file starts at 0o600)."""


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def complete_output_file(path: str | Path) -> Iterator[TextIO]:
    """A text file to write that takes the name ``path`` only if the block ends normally.

    Args:
        path: The output's final name.

    Yields:
        The open temporary file, in the same folder (so the final move is atomic).

    Raises:
        ValueError: If the folder cannot be written (one line naming the path).
    """
    target = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".part"
        )
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as output:
            yield output
        os.chmod(temporary, _ORDINARY_FILE_MODE & ~_current_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
