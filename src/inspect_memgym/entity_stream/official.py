"""MemoryGym's own composite, computed beside ours from the same verdicts and writes.

MemoryGym (AffineFoundation/MemoryGym, ``memorygym/protocol.py``: ``compute_axis_scores``)
scores a run as:

* breadth: accuracy on retrieval questions;
* maintenance: accuracy on update and contradiction questions, times
  ``min(storage coverage / 0.5, 1)``, where storage coverage is the share of the world's
  entities stored at the end of the stream: an entity counts as stored when one memory
  entry names it and holds one of its attribute values;
* reasoning: accuracy pooled over every computed type;
* efficiency: ``min(correct answers to non-abstention questions / write budget, 1)``: the
  whole budget, whatever was used;
* an axis with no question scores 0 and keeps its weight;
* composite = 0.30 breadth + 0.25 maintenance + 0.25 reasoning + 0.20 efficiency;
  abstention is a diagnostic outside it, as here.

The verdicts are ours (`QuestionOutcome`), so only the arithmetic differs. Storage
coverage is read from the memory ledger's final entries with our fact checks
(`attribution.fact_check`): a value must stand whole in the entry (``42.87``, not the
``4`` inside it), where MemoryGym looks for any substring of a few renderings. Without a
ledger of entries (a memory strategy other than the agentic loop: MemoryGym has no such
path) coverage is unknown, and the gated maintenance and the composite are NaN.
MemoryGym rounds each axis to four places; these figures are not rounded.

Pure functions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any

from inspect_memgym.entity_stream.attribution import (
    CATEGORY_SLOT,
    RELATION_PREFIX,
    MemoryRecord,
    TruthTable,
    apply_event,
    entity_names,
    fact_check,
)
from inspect_memgym.entity_stream.axes import AXIS_WEIGHTS, OFFICIAL_KEYS, QuestionOutcome
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.strategies.tool_attribution import memory_by_event

OFFICIAL_COMPOSITE, OFFICIAL_MAINTENANCE, OFFICIAL_EFFICIENCY = OFFICIAL_KEYS
"""The MemoryGym figures in ``Score.value``; its breadth and reasoning are ours but for an
axis with no question, which MemoryGym scores 0."""
FULL_COVERAGE_AT = 0.5
"""Storage coverage at and above which MemoryGym's maintenance is not scaled down."""


def _rate(outcomes: Sequence[QuestionOutcome]) -> float:
    """Accuracy, 0 when there is no question (MemoryGym's ``_rate``)."""
    return sum(outcome.correct for outcome in outcomes) / len(outcomes) if outcomes else 0.0


def official_axes(
    outcomes: Sequence[QuestionOutcome], write_budget: int, storage_coverage: float
) -> dict[str, float]:
    """MemoryGym's composite, gated maintenance and efficiency from our verdicts.

    Args:
        outcomes: Every question's verdict.
        write_budget: The sample's write budget.
        storage_coverage: Share of the world's entities stored (`storage_coverage`); NaN
            when unknown.

    Returns:
        The `OFFICIAL_KEYS`; maintenance and the composite are NaN when coverage is.
    """
    by_axis = {
        axis: [outcome for outcome in outcomes if outcome.axis == axis]
        for axis in ("breadth", "maintenance", "reasoning")
    }
    correct_answers = sum(outcome.correct for outcome in outcomes if outcome.axis != "abstention")
    efficiency = min(correct_answers / write_budget, 1.0) if write_budget > 0 else 0.0
    gate = min(storage_coverage / FULL_COVERAGE_AT, 1.0)
    axes = {
        "breadth": _rate(by_axis["breadth"]),
        "maintenance": _rate(by_axis["maintenance"]) * gate,
        "reasoning": _rate(by_axis["reasoning"]),
        "efficiency": efficiency,
    }
    composite = sum(AXIS_WEIGHTS[axis] * value for axis, value in axes.items())
    return {
        OFFICIAL_COMPOSITE: composite,
        OFFICIAL_MAINTENANCE: axes["maintenance"],
        OFFICIAL_EFFICIENCY: efficiency,
    }


def storage_coverage(
    template: Template,
    events: Sequence[Mapping[str, Any]],
    operations: Sequence[Mapping[str, Any]],
) -> float:
    """Share of the stream's entities that memory holds at its end, by MemoryGym's rule.

    An entity is stored when one final memory entry names it and holds the current value
    of one of its attributes (`attribution.fact_check`, the entry read as a whole).

    Args:
        template: The sample's template.
        events: The sample's events (metadata form: ``index``, ``kind``, ``payload``).
        operations: ``MemoryLedger.operations``.

    Returns:
        Stored entities over entities; NaN for a stream without entities.
    """
    names = entity_names(events)
    if not names:
        return math.nan
    truth: TruthTable = {}
    for event in events:
        apply_event(truth, event)
    end = len(events)
    entries = _Entries(memory_by_event(operations, [end])[end].stored)
    attributes = _attributes_by_entity(truth)
    stored = sum(_is_stored(template, name, attributes.get(name, []), entries) for name in names)
    return stored / len(names)


class _Entries:
    """The final memory entries, each lower-cased once to rule out quickly what names nothing.

    A name pattern (`attribution.fact_check`: its words, case-insensitive, not inside a longer
    word) can only match an entry holding each of its words. For an ASCII name in an ASCII
    entry, case-insensitive matching is plain lower-casing, so an entry lacking one of the
    lower-cased words is ruled out without a regex search; any other entry is searched.

    Args:
        entries: The entry texts, in order.
    """

    def __init__(self, entries: Sequence[str]) -> None:
        self.texts = list(entries)
        self._lowered = [entry.lower() if entry.isascii() else None for entry in self.texts]

    def may_name(self, name: str) -> list[str]:
        """The entries that may name an entity (a superset of those its pattern matches).

        Args:
            name: The entity's name.
        """
        if not name.isascii():
            return self.texts
        words = name.lower().split()
        return [
            entry
            for entry, lowered in zip(self.texts, self._lowered, strict=True)
            if lowered is None or all(word in lowered for word in words)
        ]


def _attributes_by_entity(truth: TruthTable) -> dict[str, list[tuple[str, Any]]]:
    """Per entity, its attributes' current values (not its category or relations)."""
    attributes: dict[str, list[tuple[str, Any]]] = {}
    for (entity, slot), value in truth.items():
        if slot != CATEGORY_SLOT and not slot.startswith(RELATION_PREFIX):
            attributes.setdefault(entity, []).append((slot, value))
    return attributes


def _is_stored(
    template: Template, name: str, attributes: Sequence[tuple[str, Any]], entries: _Entries
) -> bool:
    """Whether one entry names the entity and holds one of its attribute values.

    Checks are built one attribute at a time and stop at the first stored one; none is
    built when no entry can name the entity.
    """
    candidates = entries.may_name(name)
    if not candidates:
        return False
    checks = (fact_check(template, (name, slot), value) for slot, value in attributes)
    first = next(checks, None)
    if first is None:
        return False
    naming = [MemoryRecord(None, entry) for entry in candidates if first.name.search(entry)]
    return bool(naming) and any(check.stored_in_any(naming) for check in chain([first], checks))
