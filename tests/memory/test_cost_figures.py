"""Cost figures of one sample: latency percentiles by operation kind, memory tokens paired
per question (`memory.cost_figures`)."""

from __future__ import annotations

import json

import pytest

from inspect_memgym.kit.answer_meter import MEMORY_PASS, NO_MEMORY_PASS, MeteredAnswer
from inspect_memgym.kit.cost_keys import (
    ADD_MS_P50,
    ADD_MS_P95,
    ADDS,
    ANSWER_TOKENS_PER_QUESTION,
    MEMORY_TOKENS_BY_QUESTION,
    MEMORY_TOKENS_PER_QUESTION,
    QUESTIONS_METERED,
    SEARCH_MS_P50,
    SEARCH_MS_P95,
    SEARCHES,
    TOKENS_SOURCE,
)
from inspect_memgym.memory.cost_figures import (
    ADD,
    SEARCH,
    answer_token_figures,
    latency_figures,
    operation_kind,
    percentile,
)


@pytest.mark.parametrize(
    ("tool", "kind"),
    [
        ("memory_search", SEARCH),
        ("memory_read", SEARCH),
        ("retrieve", SEARCH),
        ("system_search", SEARCH),
        ("memory_write", ADD),
        ("memory_edit", ADD),
        ("memory_delete", ADD),
        ("rag_store", ADD),
        ("retrieval_store", ADD),  # a store, though its name says retrieval
        ("memory_rewrite", ADD),
        ("notes_rewrite", ADD),
        ("summary", ADD),
        ("system_add", ADD),
        ("something_new", ADD),
    ],
)
def test_operations_are_adds_unless_they_only_return_memory(tool: str, kind: str) -> None:
    assert operation_kind(tool) == kind


def test_percentiles_interpolate_between_ranks_as_numpy_does() -> None:
    values = [5.0, 1.0, 2.0, 3.0, 4.0]
    assert percentile(values, 50) == 3.0
    assert percentile(values, 95) == pytest.approx(4.8)
    assert percentile([7.0], 95) == 7.0
    assert percentile([], 50) is None


def test_latency_counts_successful_operations_by_kind() -> None:
    operations = [
        {"tool": "memory_write", "ok": True, "ms": 10.0},
        {"tool": "memory_write", "ok": True, "ms": 20.0},
        {"tool": "memory_write", "ok": False, "ms": 0.1},  # refused: not a timing of a write
        {"tool": "memory_search", "ok": True, "ms": 1.0},
        {"tool": "retrieve", "ok": True, "ms": 3.0},
    ]
    figures = latency_figures(operations)
    assert figures[ADD_MS_P50] == 15.0 and figures[ADD_MS_P95] == 19.5
    assert figures[SEARCH_MS_P50] == 2.0 and figures[SEARCH_MS_P95] == 2.9
    assert (figures[ADDS], figures[SEARCHES]) == (2, 2)


def test_a_strategy_without_a_store_has_no_latency() -> None:
    figures = latency_figures([])
    assert figures[SEARCH_MS_P50] is None and figures[ADD_MS_P95] is None
    assert figures[SEARCHES] == 0


def answer(pass_name: str, key: str, reported: int | None, estimated: int) -> MeteredAnswer:
    return MeteredAnswer(pass_name, key, calls=1, reported=reported, estimated=estimated, ms=1.0)


def test_a_metered_answer_is_stored_under_its_keys_in_order() -> None:
    stored = answer(NO_MEMORY_PASS, "a", None, 110).as_metadata()
    assert json.dumps(stored) == (
        '{"pass": "no_memory", "key": "a", "calls": 1, "reported": null, "estimated": 110, '
        '"ms": 1.0}'
    )
    assert MeteredAnswer.of(stored) == answer(NO_MEMORY_PASS, "a", None, 110)


def test_memory_tokens_pair_each_answer_with_the_same_prompt_without_memory() -> None:
    answers = [
        answer(MEMORY_PASS, "a", 300, 310),
        answer(MEMORY_PASS, "b", 500, 520),
        answer(MEMORY_PASS, "probe", 900, 900),  # asked only with memory: not paired
        answer(NO_MEMORY_PASS, "b", 100, 110),
        answer(NO_MEMORY_PASS, "a", 100, 110),
        answer(MEMORY_PASS, "a", 700, 700),  # the same question again, a period later
        answer(NO_MEMORY_PASS, "a", 100, 110),
    ]
    figures = answer_token_figures(answers)
    assert figures[MEMORY_TOKENS_BY_QUESTION] == [200, 400, 600]
    assert figures[MEMORY_TOKENS_PER_QUESTION] == 400.0
    assert figures[QUESTIONS_METERED] == 3
    assert figures[ANSWER_TOKENS_PER_QUESTION] == 600.0
    assert figures[TOKENS_SOURCE] == "reported"


def test_one_call_without_reported_usage_makes_every_figure_estimated() -> None:
    answers = [answer(MEMORY_PASS, "a", None, 310), answer(NO_MEMORY_PASS, "a", 100, 110)]
    figures = answer_token_figures(answers)
    assert figures[TOKENS_SOURCE] == "estimated"
    assert figures[MEMORY_TOKENS_PER_QUESTION] == 200.0


def test_without_the_memory_isolated_pass_there_is_nothing_to_pair() -> None:
    figures = answer_token_figures([answer(MEMORY_PASS, "a", 300, 300)])
    assert figures[MEMORY_TOKENS_PER_QUESTION] is None
    assert figures[ANSWER_TOKENS_PER_QUESTION] == 300.0
    assert answer_token_figures([])[TOKENS_SOURCE] is None
