"""research_qa end to end through inspect_ai.eval with the scripted memgym policies.

Each eval runs once per module (`runs`) and several tests read it: the validity thresholds
(perfect >= 0.95, forgetful and the none strategy <= 0.05, a guesser right only by
chance, perfect > partial > none), the memory-isolated keys, determinism, eviction,
interactive mode and what a strategy kept.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from statistics import fmean
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.kit.cost_keys import COST_KEY, MEMORY_TOKENS_PER_QUESTION
from inspect_memgym.research_qa.policy_play import guess_answer
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.world import HOP_RANGE, generate_instance

from .memgym_row_sample import memgym_row, write_rows

GRID = {"seeds": [4, 5], "hops": "3-4", "context_tokens": 1_000}
"""Four samples: two seeds at 3 and 4 hops. The partial policy keeps each chain fact with a
fixed chance of one half; here it keeps all the facts the two 3-hop samples need."""
SAMPLES = 4
SCORER = "research_qa_scorer"
RUNS: dict[str, tuple[str, dict[str, Any]]] = {
    "perfect": ("perfect", {}),
    "partial": ("partial", {}),
    "forgetful": ("forgetful", {}),
    "guesser": ("guesser", {}),
    "perfect none": ("perfect", {"agent": "none"}),
    "perfect window": ("perfect", {"eviction": "sliding_window", "window": 4}),
    "perfect interactive": ("perfect", {"mode": "interactive"}),
    "perfect interactive none": ("perfect", {"mode": "interactive", "agent": "none"}),
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    log_dir = tmp_path_factory.mktemp("research_qa_memgym")
    rows = write_rows(log_dir / "3hop.jsonl", [memgym_row("row-a"), memgym_row("row-b")])
    logs = {}
    for name, (policy, arguments) in {**RUNS, "perfect rows": ("perfect", {})}.items():
        task_arguments = {**GRID, **arguments}
        if name == "perfect rows":
            task_arguments = {"dataset": str(rows), "agent": "rag", "memory": "markdown"}
        [log] = eval(
            research_qa(**task_arguments),
            model=f"memgym/{policy}",
            display="none",
            log_dir=str(log_dir),
            max_samples=SAMPLES,
            epochs=2 if name == "perfect" else 1,
        )
        assert log.status == "success", log.error
        assert log.samples and all(sample.error is None for sample in log.samples)
        logs[name] = log
    return logs


def samples(log: EvalLog) -> list[EvalSample]:
    assert log.samples is not None
    return log.samples


def mean(log: EvalLog, key: str) -> float:
    return fmean(float(sample.scores[SCORER].value[key]) for sample in samples(log))  # type: ignore[index]


def test_perfect_memory_answers_everything_and_gains_it_all(runs: dict[str, EvalLog]) -> None:
    perfect = runs["perfect"]
    assert len(samples(perfect)) == 2 * SAMPLES  # two epochs
    assert mean(perfect, "score") >= 0.95
    assert mean(perfect, "exact") == 1.0 and mean(perfect, "hop_recall") == 1.0
    assert mean(perfect, "no_memory") == 0.0
    assert mean(perfect, "memory_delta") == mean(perfect, "score")
    metrics = {
        (score.name, name): metric.value
        for score in perfect.results.scores  # type: ignore[union-attr]
        for name, metric in score.metrics.items()
    }
    assert metrics[("score", "mean")] == 1.0
    assert metrics[("memory_delta", "mean")] == 1.0
    assert metrics[("score", "grouped_3")] == 1.0 and metrics[("score", "grouped_4")] == 1.0


def test_validity_thresholds_and_ordering(runs: dict[str, EvalLog]) -> None:
    perfect, partial = mean(runs["perfect"], "score"), mean(runs["partial"], "score")
    none = mean(runs["perfect none"], "score")
    assert mean(runs["forgetful"], "score") <= 0.05
    assert none <= 0.05
    assert perfect > partial > none
    assert partial == 0.5
    assert mean(runs["partial"], "write_failure") == 1 - partial
    assert mean(runs["guesser"], "memory_delta") == 0.0


def test_the_guesser_scores_exactly_its_lucky_guesses(runs: dict[str, EvalLog]) -> None:
    lucky = [
        sample.id
        for sample in samples(runs["guesser"])
        if guess_answer(resolve_instance(sample.metadata["instance"])) == sample.target
    ]
    assert lucky == []  # none of these four guesses is right by chance
    assert mean(runs["guesser"], "score") == len(lucky) / SAMPLES
    assert mean(runs["guesser"], "no_memory") == len(lucky) / SAMPLES


def test_guessing_scores_at_most_five_percent() -> None:
    instances = [generate_instance(seed, hops, 1_000) for hops in HOP_RANGE for seed in range(60)]
    right = sum(guess_answer(instance) == instance.gold.text for instance in instances)
    assert right / len(instances) <= 0.05


def test_the_none_strategy_sees_only_the_last_turn(runs: dict[str, EvalLog]) -> None:
    for sample in samples(runs["perfect none"]):
        score = sample.scores[SCORER]  # type: ignore[index]
        instance = resolve_instance(sample.metadata["instance"])
        assert score.value["write_failure"] == 1.0  # type: ignore[index]
        last = {doc.doc_id for doc in instance.turns[-1].documents}
        assert set(score.metadata["visible_doc_ids"]) == last  # type: ignore[index]
        assert [row["visible"] for row in score.metadata["hops"]] == [  # type: ignore[index]
            hop.turn_index == len(instance.turns) - 1 for hop in instance.chain
        ]


def test_same_seed_same_scores(runs: dict[str, EvalLog]) -> None:
    def scores(epoch: int) -> list[Any]:
        # everything but the memory operations' wall-clock latency, which no seed fixes
        return [
            (
                sample.id,
                sample.scores[SCORER].value,  # type: ignore[index]
                _without_latency(sample.scores[SCORER].metadata),  # type: ignore[index]
            )
            for sample in sorted(samples(runs["perfect"]), key=lambda sample: str(sample.id))
            if sample.epoch == epoch
        ]

    assert len(scores(1)) == SAMPLES
    assert scores(1) == scores(2)


def _without_latency(metadata: dict[str, Any] | None) -> dict[str, Any]:
    metadata = dict(metadata or {})
    cost = dict(metadata.pop(COST_KEY))
    assert cost[MEMORY_TOKENS_PER_QUESTION] > 0
    return {
        **metadata,
        COST_KEY: {
            key: value for key, value in cost.items() if not key.endswith(("_ms_p50", "_ms_p95"))
        },
    }


def test_a_wide_window_needs_no_memory(runs: dict[str, EvalLog]) -> None:
    window = runs["perfect window"]
    assert mean(window, "score") == 1.0
    assert mean(window, "no_memory") == 1.0 and mean(window, "memory_delta") == 0.0


def test_interactive_search_finds_one_fact_per_hop(runs: dict[str, EvalLog]) -> None:
    interactive = runs["perfect interactive"]
    assert mean(interactive, "score") == 1.0 and mean(interactive, "no_memory") == 0.0
    for sample in samples(interactive):
        searches = sample.scores[SCORER].metadata["searches"]  # type: ignore[index]
        assert len(searches) == sample.metadata["hops"]
        assert all(search["error"] is None and len(search["doc_ids"]) == 5 for search in searches)
        tool_events = [event for event in sample.events if event.event == "tool"]
        assert [event.function for event in tool_events] == ["web_search"] * len(searches)
    forgetting: Callable[[EvalLog, str], float] = mean
    blind = runs["perfect interactive none"]
    assert forgetting(blind, "score") == 0.0
    for sample in samples(blind):
        searches = sample.scores[SCORER].metadata["searches"]  # type: ignore[index]
        assert len(searches) == 10  # the cap: without memory it never gets past hop 1
        assert len({search["query"] for search in searches}) == 1


def test_the_log_holds_the_options_and_no_instance(
    runs: dict[str, EvalLog], tmp_path: Path
) -> None:
    log = runs["perfect interactive"]
    assert log.eval.task_args["mode"] == "interactive"
    assert log.eval.metadata is not None and log.eval.metadata["search_backend"] == "bm25"
    sample = samples(log)[0]
    assert set(sample.metadata["instance"]) == {"source", "seed", "hops", "context_tokens"}


def test_released_rows_play_through_rag_one_document_per_entry(runs: dict[str, EvalLog]) -> None:
    rows = runs["perfect rows"]
    assert [sample.id for sample in samples(rows)] == ["row-a", "row-b"]
    assert mean(rows, "score") == 1.0 and mean(rows, "no_memory") == 0.0
    for sample in samples(rows):
        assert sample.metadata["eviction"] == "sliding_window"  # the rows' own policy
        assert sample.scores[SCORER].metadata["gold"] == "1987"  # type: ignore[index]
        kept = sample.metadata["agent"]
        assert kept["agent"] == "rag" and kept["short_term_window"] == 0
        # three turns of a heading and 2 documents, under a window of two turns: the first
        # turn shows 3 inputs, the next two 6 each (the turn before them again)
        assert kept["entries_stored"] == 3 + 6 + 6
