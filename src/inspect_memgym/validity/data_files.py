"""The data file a validity grid plays, written once into the suite's log dir.

Suites of tasks over released data write invented data in the released schema; several
worker processes may build the same grid at once, so a file is written to a temporary
name and moved into place (readers never see half a file).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path


def grid_data_file(
    log_dir: str, name: str, seeds: Sequence[int], write: Callable[[Path, list[int]], Path]
) -> Path:
    """The grid's data file under ``<log_dir>/data/``, written if missing.

    Args:
        log_dir: The suite's log dir.
        name: The file name's stem (e.g. ``locomo-synthetic``).
        seeds: The grid's seeds (they name the file).
        write: Writes the data of some seeds to a path.
    """
    digest = hashlib.sha256(",".join(map(str, seeds)).encode()).hexdigest()[:12]
    folder = Path(log_dir) / "data"
    path = folder / f"{name}-{len(seeds)}-{digest}.json"
    if path.exists():
        return path
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
    os.close(handle)
    write(Path(temporary), list(seeds))
    os.replace(temporary, path)
    return path
