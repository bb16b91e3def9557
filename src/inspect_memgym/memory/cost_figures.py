"""One sample's cost and latency figures, for every task's `Score.metadata`.

Every task's scorer adds `cost_metadata()` to its `Score.metadata`: the figures below under
``"cost"`` (a dict small enough for Inspect's sample summaries) and each question's memory
tokens under ``"memory_tokens_by_question"`` (`kit.cost_keys`).

* memory tokens per question: the input tokens of each answer with memory minus those of
  the memory-isolated answer to the same prompt (`kit.answer_meter`), averaged over the
  questions answered both ways. The prompt and the reasoner are the same in both passes, so
  the difference is what memory put in front of the reasoner, whatever the strategy: its
  retrieved entries, notes or history, and the tool turns spent reading memory. Provider
  usage is used when every call of the sample reported it, else the character estimate
  (`tokens_source` says which). With memory isolation off there is nothing to pair: None.
* add and search latency: the 50th and 95th percentiles of the milliseconds the ledger
  times for each successful memory operation of the sample (`memory.ledger`), split by
  `operation_kind`. None where the sample made no such operation (a strategy without a
  store). The memory-isolated pass runs on a scratch ledger and is not counted.

Tokens and cost per model role are Inspect's own (``EvalSample.role_usage``); `analysis`
reads them from the log.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from statistics import fmean
from typing import Any

from inspect_ai.util import store_as

from inspect_memgym.kit.answer_meter import (
    MEMORY_PASS,
    NO_MEMORY_PASS,
    AnswerMeter,
    MeteredAnswer,
)
from inspect_memgym.kit.cost_keys import (
    ADD_MS_P50,
    ADD_MS_P95,
    ADDS,
    ANSWER_TOKENS_PER_QUESTION,
    COST_KEY,
    MEMORY_TOKENS_BY_QUESTION,
    MEMORY_TOKENS_PER_QUESTION,
    QUESTIONS_METERED,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
    SEARCHES,
    TOKENS_SOURCE,
)
from inspect_memgym.memory.ledger import MemoryLedger

ADD = "add"
SEARCH = "search"
CHANGE_MARKERS = ("store", "write", "edit", "delete", "add", "insert", "update", "ingest", "summar")
"""An operation whose name holds one of these stores or changes memory: an add."""
SEARCH_MARKERS = ("search", "retriev", "read", "query", "recall", "list")
"""Otherwise, an operation whose name holds one of these returns memory: a search. Any
other operation counts as an add."""


def cost_metadata() -> dict[str, Any]:
    """The current sample's figures, as `Score.metadata` entries (call it from a scorer)."""
    figures = answer_token_figures(MeteredAnswer.all_of(store_as(AnswerMeter).answers))
    by_question = figures.pop(MEMORY_TOKENS_BY_QUESTION)
    figures.update(latency_figures(store_as(MemoryLedger).operations))
    return {COST_KEY: figures, MEMORY_TOKENS_BY_QUESTION: by_question}


def operation_kind(tool: str) -> str:
    """`ADD` if a memory operation stores or changes memory, `SEARCH` if it returns memory.

    Args:
        tool: The operation's name in the ledger (``memory_search``, ``retrieve``,
            ``rag_store``...).
    """
    name = tool.lower()
    if any(marker in name for marker in CHANGE_MARKERS):
        return ADD
    return SEARCH if any(marker in name for marker in SEARCH_MARKERS) else ADD


def latency_figures(operations: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Add and search latency percentiles of a ledger's successful operations.

    Args:
        operations: Ledger records (``tool``, ``ok``, ``ms``).
    """
    times: dict[str, list[float]] = {ADD: [], SEARCH: []}
    for record in operations:
        milliseconds = record.get("ms")
        if record.get("ok") and isinstance(milliseconds, int | float):
            times[operation_kind(str(record.get("tool", "")))].append(float(milliseconds))
    return {
        ADD_MS_P50: percentile(times[ADD], 50),
        ADD_MS_P95: percentile(times[ADD], 95),
        SEARCH_MS_P50: percentile(times[SEARCH], 50),
        SEARCH_MS_P95: percentile(times[SEARCH], 95),
        ADDS: len(times[ADD]),
        SEARCHES: len(times[SEARCH]),
    }


def answer_token_figures(answers: Sequence[MeteredAnswer]) -> dict[str, Any]:
    """Memory tokens per question, from the metered answers of a sample.

    Each memory-pass answer is paired with the first unpaired no-memory answer of the same
    key (a question asked in several periods pairs in order).

    Args:
        answers: The sample's metered answers, in order.
    """
    memory = [record for record in answers if record.pass_name == MEMORY_PASS]
    without = [record for record in answers if record.pass_name == NO_MEMORY_PASS]
    reported = all(record.reported is not None for record in answers)
    source = "reported" if reported else "estimated"
    unpaired: dict[str, list[int]] = {}
    for record in without:
        unpaired.setdefault(record.key, []).append(_input_tokens(record, reported))
    differences = []
    for record in memory:
        waiting = unpaired.get(record.key)
        if waiting:
            differences.append(_input_tokens(record, reported) - waiting.pop(0))
    return {
        MEMORY_TOKENS_PER_QUESTION: round(fmean(differences), 1) if differences else None,
        ANSWER_TOKENS_PER_QUESTION: (
            round(fmean(_input_tokens(record, reported) for record in memory), 1)
            if memory
            else None
        ),
        QUESTIONS_METERED: len(differences),
        TOKENS_SOURCE: source if answers else None,
        MEMORY_TOKENS_BY_QUESTION: differences,
    }


def _input_tokens(record: MeteredAnswer, reported: bool) -> int:
    """The answer's input tokens: as reported when every answer has them, else estimated."""
    return int(record.reported) if reported and record.reported is not None else record.estimated


def percentile(values: Sequence[float], rank: float) -> float | None:
    """A percentile by linear interpolation between closest ranks (numpy's default).

    Args:
        values: The values (any order).
        rank: The percentile, 0 to 100.

    Returns:
        The percentile rounded to 3 decimals, or None without values.
    """
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * rank / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    value = ordered[low] + (ordered[high] - ordered[low]) * (position - low)
    return round(value, 3)
