"""A MemoryBench records folder as ``DatasetDict.save_to_disk`` writes it, for the tests."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa


def write_records_folder(folder: Path, splits: Mapping[str, Sequence[dict[str, Any]]]) -> Path:
    """Write rows by split: ``dataset_dict.json`` and one Arrow stream per split.

    Args:
        folder: The folder to create.
        splits: Split name -> its rows.
    """
    folder.mkdir(parents=True)
    (folder / "dataset_dict.json").write_text(json.dumps({"splits": list(splits)}))
    for split, rows in splits.items():
        (folder / split).mkdir()
        data = pa.Table.from_pylist(list(rows))
        path = str(folder / split / "data-00000-of-00001.arrow")
        with pa.OSFile(path, "wb") as sink, pa.ipc.new_stream(sink, data.schema) as writer:
            writer.write_table(data)
    return folder
