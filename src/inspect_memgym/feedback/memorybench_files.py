"""Find and read MemoryBench's released files: Arrow, Parquet, JSON or JSONL, one or many.

MemoryBench's data is released as one Arrow file per split, as ``datasets`` saves a
``DatasetDict`` (``<folder>/train/data-00000-of-00001.arrow``, Arrow's IPC stream format;
the IPC file format is read too), and the hub serves it as Parquet. A location is:

* one file (``.arrow``, ``.parquet``, ``.json``, ``.jsonl``), local or at any fsspec URL;
* two files, the train split and the test split (``-T dataset=train.arrow,test.arrow``);
* a folder: every data file under it (Arrow and Parquet if there are any, else JSON and
  JSONL; ``datasets``' own ``dataset_info.json``, ``state.json`` and
  ``dataset_dict.json`` are skipped).

A file's split is the first ``train`` or ``test`` its path names below the location (a
folder ``train/``, or a name such as ``test-00000-of-00001.parquet``); of two files that
name none, the first is train and the second test; otherwise a row's own ``split`` column
(or a JSON file's ``{"train": ..., "test": ...}`` keys) decides. Every error is one line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import fsspec

from inspect_memgym.feedback.memorybench_records import (
    MemoryBenchRecord,
    parse_memorybench_rows,
    text_rows,
)
from inspect_memgym.kit.dataset_files import read_failure

if TYPE_CHECKING:
    import pyarrow as pa

TABLE_SUFFIXES = (".arrow", ".parquet")
TEXT_SUFFIXES = (".json", ".jsonl")
DATASETS_METADATA = frozenset({"dataset_info.json", "state.json", "dataset_dict.json"})
"""Files ``datasets.save_to_disk`` writes beside the data: never records."""
FOLDER_DEPTH = 3
"""How deep a folder is searched (``<split>/<file>``, ``data/<file>``, ``<config>/data/...``)."""
LABEL = "MemoryBench records"
_SPLIT_NAME = re.compile(r"^(train|test)(?:$|[-_.])")


def load_memorybench_records(
    location: str | Path | Sequence[str | Path],
) -> list[MemoryBenchRecord]:
    """Load rule-scored MemoryBench rows from files, a folder, or a train and a test file.

    Args:
        location: A path or URL of one file or folder, or a list of them (two files: train
            and test).

    Raises:
        ValueError: One line on a missing, unreachable or unreadable location, a folder
            without data files, malformed rows, a repeated ``test_idx``, or a dataset whose
            metric is not computable by rules.
    """
    roots = [str(location)] if isinstance(location, (str, Path)) else [str(p) for p in location]
    if not roots:
        raise ValueError(f"no {LABEL} location given")
    files = [found for root in roots for found in _data_files(root)]
    if len(roots) == 2 and len(files) == 2 and all(split is None for _, split in files):
        files = [(files[0][0], "train"), (files[1][0], "test")]
    records: list[MemoryBenchRecord] = []
    seen: dict[int, str] = {}
    for path, split in files:
        rows = [(row, split or file_split) for row, file_split in _read_rows(path)]
        name = PurePosixPath(path.split("?")[0]).name
        for record in parse_memorybench_rows(rows, path if len(files) > 1 else name):
            if record.test_idx in seen:
                raise ValueError(
                    f"test_idx {record.test_idx} appears twice ({seen[record.test_idx]} and {path})"
                )
            seen[record.test_idx] = path
            records.append(record)
    return records


def split_of(path: str) -> str | None:
    """The split a data file's path names (``train/...``, ``test-0000.parquet``), if any.

    Args:
        path: The file's path below the location given (or its name).
    """
    for part in PurePosixPath(path).parts:
        match = _SPLIT_NAME.match(part.lower())
        if match:
            return match.group(1)
    return None


def _data_files(root: str) -> list[tuple[str, str | None]]:
    filesystem, path = _filesystem(root)
    try:
        is_folder = filesystem.isdir(path)
        if not is_folder and not filesystem.isfile(path):
            raise FileNotFoundError(root)
        found = filesystem.find(path, maxdepth=FOLDER_DEPTH) if is_folder else [path]
    except (OSError, ValueError) as error:
        raise ValueError(read_failure(LABEL, root, error)) from None
    if not is_folder:
        return [(root, split_of(PurePosixPath(path).name))]
    tables = [f for f in found if f.endswith(TABLE_SUFFIXES)]
    texts = [
        f
        for f in found
        if f.endswith(TEXT_SUFFIXES) and PurePosixPath(f).name not in DATASETS_METADATA
    ]
    chosen = sorted(tables or texts)
    if not chosen:
        raise ValueError(
            f"no {LABEL} in folder {root} (looked for .arrow, .parquet, .json and .jsonl files)"
        )
    base = path.rstrip("/")
    return [
        (filesystem.unstrip_protocol(f) if "://" in root else f, split_of(f[len(base) :]))
        for f in chosen
    ]


def _filesystem(root: str) -> tuple[fsspec.AbstractFileSystem, str]:
    target = root if "://" in root else str(Path(root).expanduser())
    filesystem, path = fsspec.core.url_to_fs(target)
    return filesystem, str(path)


def _read_rows(location: str) -> list[tuple[object, str | None]]:
    try:
        with fsspec.open(location, "rb") as handle:
            data = handle.read()
    except (OSError, ValueError) as error:
        raise ValueError(read_failure(LABEL, location, error)) from None
    name = PurePosixPath(location.split("?")[0]).name
    if name.endswith(TABLE_SUFFIXES):
        table = _parquet(data, name) if name.endswith(".parquet") else _arrow(data, name)
        return [(row, None) for row in table.to_pylist()]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name}: not MemoryBench JSON/JSONL (not UTF-8 text)") from None
    return text_rows(text, name)


def _arrow(data: bytes, name: str) -> pa.Table:
    import pyarrow as pa  # loaded only for Arrow data: the task's import stays light

    buffer = pa.py_buffer(data)
    try:
        return pa.ipc.open_stream(buffer).read_all()
    except (pa.ArrowInvalid, OSError):
        pass
    try:
        return pa.ipc.open_file(buffer).read_all()
    except (pa.ArrowInvalid, OSError) as error:
        reason = str(error).splitlines()[0]
        raise ValueError(f"{name}: not an Arrow file (stream or file format): {reason}") from None


def _parquet(data: bytes, name: str) -> pa.Table:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_table(io.BytesIO(data))
    except (pa.ArrowInvalid, OSError) as error:
        reason = str(error).splitlines()[0]
        raise ValueError(f"{name}: not a Parquet file: {reason}") from None
