"""LongMemEval samples: one per question, with the question id as a stable sample id.

A sample's input is the question and its target the gold answer (a rubric for preference
questions, the reason for abstention ones). Its metadata names the question's type,
whether it is an abstention question (``_abs`` id), and where the data was read from
(``source``), never the history itself: the driver, scorer and scripted policies read the
record back through `record_for`, which parses each source once per process (a history is
~115k tokens in the ``s`` variant, far too much to copy into every sample of the log).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from inspect_memgym.kit.dataset_files import read_json_source
from inspect_memgym.longmemeval import BENCHMARK_NAME
from inspect_memgym.longmemeval.data import LONGMEMEVAL_LABEL, longmemeval_source
from inspect_memgym.longmemeval.records import (
    QUESTION_TYPES,
    LongMemEvalRecord,
    parse_longmemeval,
)
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SOURCE_KEY = "source"
"""Sample metadata key: the path or URL the record is read from."""
QUESTION_KEY = "question_id"
"""Sample metadata key: the question's id."""
TYPE_KEY = "question_type"
"""Sample metadata key: the question's type (grouping key of the per-type metrics)."""
OPTIONS_KEY = "longmemeval_options"
"""Sample metadata key: the run options the driver and scorer read."""

_by_source: dict[str, dict[str, LongMemEvalRecord]] = {}


def parse_question_types(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """The question types a ``-T question_types=`` value selects, in the official order.

    Args:
        value: None for all six; type names, alone, comma-separated or as a list
            (underscores are read as hyphens).

    Raises:
        ValueError: For an unknown type (the message lists the valid ones).
    """
    if value is None:
        return QUESTION_TYPES
    parts = value.split(",") if isinstance(value, str) else list(value)
    chosen: set[str] = set()
    for part in parts:
        name = str(part).strip().lower().replace("_", "-")
        if name not in QUESTION_TYPES:
            raise ValueError(
                f"unknown LongMemEval question type {part!r}; choose from "
                f"{', '.join(QUESTION_TYPES)}"
            )
        chosen.add(name)
    if not chosen:
        raise ValueError("question_types selects no LongMemEval question type")
    return tuple(name for name in QUESTION_TYPES if name in chosen)


def records_at(source: str) -> dict[str, LongMemEvalRecord]:
    """The records of a LongMemEval file by question id (parsed once per process).

    Args:
        source: A local path or fsspec URL.

    Raises:
        ValueError: One line when the file cannot be read or is malformed.
    """
    records = _by_source.get(source)
    if records is None:
        parsed = parse_longmemeval(read_json_source(source, LONGMEMEVAL_LABEL))
        records = {record.question_id: record for record in parsed}
        _by_source[source] = records
    return records


def record_for(metadata: Mapping[str, Any]) -> LongMemEvalRecord:
    """The record a sample names.

    Args:
        metadata: The sample's metadata.

    Raises:
        RuntimeError: If the metadata names no LongMemEval question, or its source no longer
            holds it.
    """
    source, question_id = metadata.get(SOURCE_KEY), metadata.get(QUESTION_KEY)
    if not isinstance(source, str) or not isinstance(question_id, str):
        raise RuntimeError("this sample names no LongMemEval question (source, question_id)")
    record = records_at(source).get(question_id)
    if record is None:
        raise RuntimeError(f"LongMemEval data at {source} has no question {question_id!r}")
    return record


def question_sample(record: LongMemEvalRecord, source: str, options: dict[str, Any]) -> Sample:
    """One Inspect sample for one question.

    Args:
        record: The question with its history.
        source: Where it was read from.
        options: Run options for the driver and scorer.
    """
    return Sample(
        id=record.question_id,
        input=record.question,
        target=record.answer,
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            SOURCE_KEY: source,
            QUESTION_KEY: record.question_id,
            TYPE_KEY: record.question_type,
            "abstention": record.is_abstention,
            "question_date": record.question_date,
            "sessions": len(record.sessions),
            OPTIONS_KEY: dict(options),
        },
    )


def longmemeval_dataset(
    variant: str,
    dataset: str | None,
    question_types: tuple[str, ...],
    options: dict[str, Any],
) -> MemoryDataset:
    """One sample per question of the chosen types, in file order.

    Args:
        variant: ``s``, ``m`` or ``oracle`` (the pinned file used when ``dataset`` is None).
        dataset: A local path or fsspec URL of a LongMemEval-shaped file.
        question_types: The types asked.
        options: Run options for the driver and scorer.

    Raises:
        ValueError: One line when the data cannot be fetched or read, is malformed, or has
            no question of the chosen types.
    """
    source = longmemeval_source(variant, dataset)
    records = [
        record for record in records_at(source).values() if record.question_type in question_types
    ]
    if not records:
        raise ValueError(f"LongMemEval data at {source} has no question of the chosen types")
    samples = [question_sample(record, source, options) for record in records]
    name = "longmemeval" if dataset else f"longmemeval-{variant}"
    return MemoryDataset(samples, name=name, location=source)
