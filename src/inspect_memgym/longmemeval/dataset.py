"""LongMemEval samples: one per question, with the question id as a stable sample id.

A sample's input is the question and its target the gold answer (a rubric for preference
questions, the reason for abstention ones). Its metadata names the question's type,
whether it is an abstention question (``_abs`` id), and where the data was read from
(``source``), never the history itself: the driver, scorer and scripted policies read the
record back through `record_for`, which parses each source once per process (a history is
~115k tokens in the ``s`` variant, far too much to copy into every sample of the log).
"""

from __future__ import annotations

from collections.abc import Sequence

from inspect_ai.dataset import MemoryDataset, Sample
from pydantic import BaseModel, ConfigDict

from inspect_memgym.kit.dataset_files import ParsedFiles
from inspect_memgym.kit.sample_spec import SampleSpec
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

CACHED_SOURCES = 2
"""Parsed LongMemEval files kept: a run reads one (the ``m`` variant's is about 2.7 GB of
JSON, so few are kept); a second lets a suite switch without reparsing."""
LONGMEMEVAL_FILES = ParsedFiles(
    LONGMEMEVAL_LABEL, "question", parse_longmemeval, lambda item: item.question_id, CACHED_SOURCES
)
"""The records of each LongMemEval file by question id."""


class LongMemEvalOptions(BaseModel):
    """The run options the driver and scorer read (``longmemeval_options``).

    Attributes:
        memory_isolation: Also answer the question with no memory.
        question_types: The question types asked.
        self_judge: The judge is the model under test (no bound grader).
    """

    model_config = ConfigDict(frozen=True)

    memory_isolation: bool = True
    question_types: tuple[str, ...] = QUESTION_TYPES
    self_judge: bool = False


class LongMemEvalSpec(SampleSpec):
    """What a LongMemEval sample's metadata says (field names are its metadata keys).

    Attributes:
        source: The path or URL the record is read from.
        question_id: The question's id.
        longmemeval_options: The run options.
    """

    source: str
    question_id: str
    longmemeval_options: LongMemEvalOptions = LongMemEvalOptions()


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


def record_for(spec: LongMemEvalSpec) -> LongMemEvalRecord:
    """The record a sample names.

    Args:
        spec: The sample's spec.

    Raises:
        RuntimeError: If the spec's source no longer holds its question.
    """
    return LONGMEMEVAL_FILES.item(spec.source, spec.question_id)


def question_sample(record: LongMemEvalRecord, source: str, options: LongMemEvalOptions) -> Sample:
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
            OPTIONS_KEY: options.model_dump(mode="json"),
        },
    )


def longmemeval_dataset(
    variant: str,
    dataset: str | None,
    options: LongMemEvalOptions,
) -> MemoryDataset:
    """One sample per question of the chosen types, in file order.

    Args:
        variant: ``s``, ``m`` or ``oracle`` (the pinned file used when ``dataset`` is None).
        dataset: A local path or fsspec URL of a LongMemEval-shaped file.
        options: Run options for the driver and scorer (with the types asked).

    Raises:
        ValueError: One line when the data cannot be fetched or read, is malformed, or has
            no question of the chosen types.
    """
    source = longmemeval_source(variant, dataset)
    records = [
        record
        for record in LONGMEMEVAL_FILES.items_at(source).values()
        if record.question_type in options.question_types
    ]
    if not records:
        raise ValueError(f"LongMemEval data at {source} has no question of the chosen types")
    samples = [question_sample(record, source, options) for record in records]
    name = "longmemeval" if dataset else f"longmemeval-{variant}"
    return MemoryDataset(samples, name=name, location=source)
