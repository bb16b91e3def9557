"""What makes two evals comparable: the protocol they were run under.

A protocol is the task (its benchmark name, so ``tasks/official.py`` and
``inspect_memgym/entity_stream`` with the same grid agree), the task version, and every
setting that changes scores: from the task's metadata the tier, seeds, templates or dataset,
agent, backend, embedding, write budget, judge and generator version (this suite's tasks
record all of them there); from Inspect, a replaced solver, the model roles (grader, simulated
user), epochs and limits. Settings that only say *where* things ran (a ChromaDB URL, whether
memory was kept) are not part of it. Seeds and templates are compared as sets.

For tasks that do not record a ``benchmark`` in their metadata, their task arguments stand in
for it.

A label says what ran, not what was asked for: given the `SamplesRan` of a row (the seeds
among its scored samples, and how many of the dataset's samples it scored), ``seeds`` shows
the seeds that ran and a run cut short (``--limit 5``) reads ``5 of 20 samples``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

NOT_SCORING = frozenset(
    {"benchmark", "memory_location", "keep_memory", "chroma_url", "chroma_token", "seed"}
)
"""Metadata keys and task arguments that do not change scores."""
UNORDERED = frozenset({"seeds", "templates"})
"""Lists compared as sets (sorted)."""
INSPECT_SETTINGS = (
    "solver",
    "model_roles",
    "epochs",
    "message_limit",
    "token_limit",
    "turn_limit",
    "time_limit",
    "working_limit",
)
"""evals_df columns that change scores when set."""
LABEL_FIELDS = ("version", "tier", "seeds", "templates", "dataset", "agent")
"""Fields always shown in a protocol's label (when the task has them)."""
UNRECORDED_DEFAULTS = {"evolve": "none"}
"""Fields a task records only when they are not at their default, with that default (a
conversation without self-evolution records no ``evolve``, so its protocol is the one its
logs had before the option): labels show the default where such a field differs."""


@dataclass(frozen=True)
class SamplesRan:
    """What a row's logs scored, as opposed to what their task arguments asked for.

    Attributes:
        seeds: The distinct seeds among the scored samples, sorted (None when a sample does
            not record one: the public datasets).
        samples: Distinct sample ids scored.
        dataset_samples: Samples in the task's dataset (None when the logs do not say).
    """

    seeds: tuple[int, ...] | None
    samples: int
    dataset_samples: int | None

    def describe(self) -> str:
        """``5 of 20 samples`` when fewer samples were scored than the dataset has, else ""."""
        if self.dataset_samples is None or self.samples >= self.dataset_samples:
            return ""
        return f"{self.samples} of {self.dataset_samples} samples"


@dataclass(frozen=True)
class Protocol:
    """The task and every setting that changes its scores.

    Attributes:
        task: Benchmark name (``entity_stream``, ``conversation``, or the task name).
        fields: (name, value as canonical JSON) pairs, sorted by name.
    """

    task: str
    fields: tuple[tuple[str, str], ...]

    def with_field(self, name: str, value: Any) -> Protocol:
        """The same protocol with one field set (added, or replacing its value).

        Args:
            name: Field name.
            value: Its value (JSON-encodable; None removes the field).
        """
        fields = {key: encoded for key, encoded in self.fields if key != name}
        if value is not None:
            fields[name] = json.dumps(value, sort_keys=True)
        return Protocol(task=self.task, fields=tuple(sorted(fields.items())))

    def as_dict(self) -> dict[str, Any]:
        """The fields with their values decoded."""
        return {name: json.loads(value) for name, value in self.fields}

    def value(self, name: str) -> Any:
        """One field's value (None if the protocol has no such field).

        Args:
            name: Field name.
        """
        encoded = self.encoded(name)
        return None if encoded is None else json.loads(encoded)

    def encoded(self, name: str) -> str | None:
        """One field's value as canonical JSON (None if the protocol has no such field).

        Args:
            name: Field name.
        """
        return dict(self.fields).get(name)

    def label(
        self, extra: Sequence[str] = (), omit: Sequence[str] = (), ran: SamplesRan | None = None
    ) -> str:
        """A short description: version, tier, seeds, templates or dataset, agent, then extras.

        Args:
            extra: Further fields to show (e.g. the ones that differ between rows); one
                this protocol leaves unset is left out (``system=null`` says nothing).
            omit: Fields not to show.
            ran: What was scored: its seeds replace the ``seeds`` asked for, and a run that
                scored only part of the dataset says how much (``5 of 20 samples``).
        """
        names = [name for name in LABEL_FIELDS if self.value(name) not in (None, [], "")]
        names += [name for name in extra if name not in names and self.shown(name) is not None]
        names = [name for name in names if name not in omit]
        parts = []
        for name in names:
            value = self.shown(name)
            if name == "seeds" and ran is not None and ran.seeds:
                value = list(ran.seeds)
            parts.append(describe_field(name, value))
        if ran is not None and ran.describe():
            parts.append(ran.describe())
        return " · ".join(parts)

    def shown(self, name: str) -> Any:
        """One field's value for labels: its value, else its unrecorded default, else None.

        Args:
            name: Field name.
        """
        value = self.value(name)
        return UNRECORDED_DEFAULTS.get(name) if value is None else value


def protocol_of(row: Mapping[str, Any]) -> Protocol:
    """The protocol of one eval, from its `inspect_ai.analysis.evals_df` row.

    Args:
        row: One row of ``evals_df`` (as a mapping of column name to value).
    """
    metadata = _decode(row.get("metadata")) or {}
    if not isinstance(metadata, dict):
        metadata = {}
    task = str(metadata.get("benchmark") or row.get("task_name"))
    fields: dict[str, Any] = {"version": _decode(row.get("task_version"))}
    if "benchmark" in metadata:
        settings = metadata
    else:
        settings = {
            str(column).removeprefix("task_arg_"): _decode(value)
            for column, value in row.items()
            if str(column).startswith("task_arg_")
        }
    for name, value in settings.items():
        if name not in NOT_SCORING:
            fields[name] = sorted(value, key=str) if name in UNORDERED and value else value
    for name in INSPECT_SETTINGS:
        value = _inspect_setting(name, row.get(name))
        if value is not None:
            fields[name] = value
    encoded = tuple(
        sorted((name, json.dumps(value, sort_keys=True)) for name, value in fields.items())
    )
    return Protocol(task=task, fields=encoded)


def differing_fields(protocols: Iterable[Protocol]) -> list[str]:
    """Names of the fields whose values are not the same in every protocol given.

    Args:
        protocols: Protocols (of one task).
    """
    chosen = list(protocols)
    names = sorted({name for protocol in chosen for name, _ in protocol.fields})
    return [name for name in names if len({protocol.encoded(name) for protocol in chosen}) > 1]


def describe_field(name: str, value: Any) -> str:
    """One protocol field for people: ``v1``, ``seeds 0–9``, ``10 templates``...

    Args:
        name: Field name.
        value: Its value.
    """
    if name == "version":
        return f"v{value}"
    if name == "tier":
        return str(value)
    if name == "seeds" and isinstance(value, list):
        return f"seed{'s' if len(value) != 1 else ''} {_ranges(value)}"
    if name == "templates" and isinstance(value, list):
        return f"{len(value)} templates" if len(value) > 3 else ", ".join(map(str, value))
    if name == "agent":
        return f"agent {value}"
    shown = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return f"{name}={shown}"


def _ranges(values: Sequence[Any]) -> str:
    """``[0, 1, 2, 5]`` as ``0–2, 5``; non-integers as they are."""
    if not all(isinstance(value, int) for value in values):
        return ", ".join(map(str, values))
    numbers = sorted(values)
    parts, start = [], numbers[0]
    for previous, current in zip(numbers, [*numbers[1:], None], strict=True):
        if current is None or current != previous + 1:
            parts.append(str(start) if start == previous else f"{start}–{previous}")
            start = current if current is not None else start
    return ", ".join(parts)


def _inspect_setting(name: str, value: Any) -> Any:
    value = _decode(value)
    if name == "model_roles" and isinstance(value, dict):
        return {
            role: spec.get("model") if isinstance(spec, dict) else spec
            for role, spec in sorted(value.items())
        } or None
    if name == "epochs" and value == 1:
        return None  # one epoch is the default; logs state it either way
    return value


def _decode(value: Any) -> Any:
    """A column value, with JSON text (lists and dicts stored as strings) decoded."""
    if isinstance(value, str) and value[:1] in "{[":
        try:
            return _plain(json.loads(value))
        except ValueError:
            return value
    return _plain(value)


def _plain(value: Any) -> Any:
    """A JSON-able Python value: pandas' missing values as None, numpy scalars as Python."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return None if math.isnan(value) else value
    if hasattr(value, "item"):
        return _plain(value.item())  # a numpy scalar
    if value is None or _is_missing(value):
        return None
    return str(value)


def _is_missing(value: Any) -> bool:
    try:
        import pandas as pd

        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False
