"""MemoryBench's released files as they ship: Arrow per split (as ``datasets`` saves a
``DatasetDict``, IPC stream format), the IPC file format, and the hub's Parquet; one file,
a train and a test file, or a folder. The files are written here with pyarrow."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from inspect_ai import eval

from inspect_memgym.feedback.memorybench_files import load_memorybench_records, split_of
from inspect_memgym.feedback.task import feedback


def locomo(test_idx: int, question: str, gold: str, **columns: Any) -> dict[str, Any]:
    return {
        "test_idx": test_idx,
        "input_prompt": f"Question: {question} Answer with a short phrase.",
        "dataset_name": "Locomo-0",
        "lang": "en",
        "info": str({"golden_answer": gold, "category": 2, "evidence": []}),
        **columns,
    }


DIALOG = [
    {"role": "user", "content": "When did Mira start pottery?"},
    {"role": "assistant", "content": "In June."},
    {"role": "user", "content": "Not quite."},
    {"role": "assistant", "content": "7 May 2023"},
]
TRAIN = [
    locomo(
        1,
        "When did Mira start pottery?",
        "7 May 2023",
        dialog_wo_memory=DIALOG,  # a list of structs in Arrow, not a string
        implicit_feedback_wo_memory=[
            {"round": 1, "implicit_action": "dislike", "terminated": False},
            {"round": 2, "implicit_action": "like", "terminated": True},
        ],
    ),
    locomo(2, "Which pet does Leo have? (It is a grey cat.)", "a grey cat"),
]
TEST = [
    locomo(3, "When did Mira begin her pottery class?", "7 May 2023"),
    locomo(4, "Where does Ana work?", "the bakery"),
]


def table(rows: list[dict[str, Any]]) -> pa.Table:
    """Rows as one table: columns a row lacks are null, as in the released split files."""
    columns = sorted({key for row in rows for key in row})
    return pa.Table.from_pylist([{key: row.get(key) for key in columns} for row in rows])


def write_stream(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = table(rows)
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_stream(sink, data.schema) as writer:
        writer.write_table(data)
    return path


def write_ipc_file(path: Path, rows: list[dict[str, Any]]) -> Path:
    data = table(rows)
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, data.schema) as writer:
        writer.write_table(data)
    return path


def write_parquet(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table(rows), str(path))
    return path


def saved_dataset_dict(folder: Path) -> Path:
    """A folder as ``DatasetDict.save_to_disk`` writes it (metadata JSON beside the data)."""
    folder.mkdir(parents=True)
    (folder / "dataset_dict.json").write_text(json.dumps({"splits": ["train", "test"]}))
    for split, rows in (("train", TRAIN), ("test", TEST)):
        write_stream(folder / split / "data-00000-of-00001.arrow", rows)
        (folder / split / "dataset_info.json").write_text(json.dumps({"features": {}}))
        (folder / split / "state.json").write_text(json.dumps({"_split": split}))
    return folder


def splits(location: Any) -> list[tuple[int, str | None]]:
    return [(record.test_idx, record.split) for record in load_memorybench_records(location)]


def test_a_saved_dataset_dict_folder_reads_both_splits(tmp_path: Path) -> None:
    folder = saved_dataset_dict(tmp_path / "Locomo-0")
    assert splits(str(folder)) == [(3, "test"), (4, "test"), (1, "train"), (2, "train")]
    record = next(r for r in load_memorybench_records(folder) if r.test_idx == 1)
    assert record.gold == "7 May 2023" and set(record.dialogs) == {"wo_memory"}
    assert [event.actions for event in record.implicit_feedback["wo_memory"]] == [
        ("dislike",),
        ("like",),
    ]


def test_two_paths_are_train_then_test_unless_their_names_say(tmp_path: Path) -> None:
    first = write_stream(tmp_path / "a" / "data-00000-of-00001.arrow", TRAIN)
    second = write_ipc_file(tmp_path / "b.arrow", TEST)  # the IPC file format
    assert splits([str(first), str(second)]) == [
        (1, "train"),
        (2, "train"),
        (3, "test"),
        (4, "test"),
    ]
    test = write_parquet(tmp_path / "test.parquet", TEST)
    train = write_parquet(tmp_path / "train.parquet", TRAIN)
    assert splits([str(test), str(train)]) == [(3, "test"), (4, "test"), (1, "train"), (2, "train")]


def test_a_hub_parquet_folder_and_a_split_column(tmp_path: Path) -> None:
    write_parquet(tmp_path / "hub" / "data" / "train-00000-of-00001.parquet", TRAIN)
    write_parquet(tmp_path / "hub" / "data" / "test-00000-of-00001.parquet", TEST)
    assert splits(tmp_path / "hub") == [(3, "test"), (4, "test"), (1, "train"), (2, "train")]
    rows = [{**row, "split": "train"} for row in TRAIN] + [{**row, "split": "test"} for row in TEST]
    one = write_parquet(tmp_path / "all.parquet", rows)
    assert splits(one) == [(1, "train"), (2, "train"), (3, "test"), (4, "test")]
    assert split_of("/Locomo-0/train/data-00000-of-00001.arrow") == "train"
    assert split_of("trainer/notes.arrow") is None


def test_the_task_runs_on_a_saved_folder(tmp_path: Path) -> None:
    folder = saved_dataset_dict(tmp_path / "saved")
    task = feedback(dataset=str(folder), agent="native", protocol="off_policy", feedback="verbal")
    assert [sample.id for sample in task.dataset] == ["memorybench-Locomo-0-verbal"]
    [log] = eval(task, model="memgym/perfect", display="none", log_dir=str(tmp_path / "logs"))
    assert log.status == "success", log.error
    [sample] = log.samples or []
    value = sample.scores["feedback_scorer"].value  # type: ignore[index]
    assert isinstance(value, dict) and value["final"] == 0.5 and value["no_memory"] == 0.0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p / "missing.arrow", "MemoryBench records file not found"),
        (lambda p: (p / "empty").mkdir() or p / "empty", "no MemoryBench records in folder"),
        (lambda p: _bytes(p / "bad.arrow", b"not arrow"), "bad.arrow: not an Arrow file"),
        (lambda p: _bytes(p / "bad.parquet", b"PAR1 short"), "bad.parquet: not a Parquet file"),
        (lambda p: _truncated(p / "cut.arrow"), "cut.arrow: not an Arrow file"),
        (lambda p: _bytes(p / "empty.arrow", b""), "empty.arrow: not an Arrow file"),
    ],
)
def test_bad_files_are_one_line(tmp_path: Path, make: Any, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        load_memorybench_records(str(make(tmp_path)))
    assert message in str(raised.value) and "\n" not in str(raised.value)


def _bytes(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _truncated(path: Path) -> Path:
    whole = write_stream(path, TRAIN).read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    return path
