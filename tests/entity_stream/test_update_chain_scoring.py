"""The update_chain question answered by scripted policies: right, stale (``outdated``) or wrong.

Fast checks drive each policy's question turn directly on every template's lite scenarios
(seeds 0-2), with a memory read returning what it stores. The end-to-end checks (slow) play
 the company smoke scenario (one batch, a correction, a contradiction and
one update_chain question) through ``inspect_ai.eval``: ``perfect`` applies every change and
answers the gold total; ``stale_keeper`` stores everything and applies no change, so it
answers exactly the stale chain's total, which is wrong and labelled ``outdated``; the
memoryless ``smart_guesser`` (two midpoints) stays wrong and is not taken for the stale one.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.dataset import scenario_metadata
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import change_line, encode_entity
from inspect_memgym.entity_stream.policies.registry import get_policy
from inspect_memgym.entity_stream.rule_grading import STALE_CHAIN, rule_detail
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.simulation.transcript import ToolExchange

SCORER = "entity_stream_scorer"
MEMORYLESS = ("guesser", "abstainer", "smart_guesser")
"""Policies that answer without memory: never right on an update_chain, never stale (the
cheaters that store something play in the lite grid)."""
CASES = [(template, seed) for template in TEMPLATE_NAMES for seed in range(3)]


@functools.cache
def lite(template: str, seed: int) -> Scenario:
    return generate_scenario(template, "lite", seed)


def chain_views(chosen: Scenario, applies_changes: bool) -> list[tuple[Question, EventView]]:
    """Each update_chain question, with a memory read returning every entity's line (the
    changes applied or not)."""
    template = get_template(chosen.template)
    lines: dict[str, str] = {}
    for event in chosen.events:
        if event.kind == "ingest":
            for record in event.payload["entities"]:
                lines[record["name"]] = encode_entity(template, record)
        elif event.kind in ("correction", "contradiction") and applies_changes:
            entity = event.payload["entity"]
            changed = change_line(
                template,
                lines[entity],
                event.payload["attribute"],
                event.payload["new"],
                event.kind,
            )
            assert changed is not None
            lines[entity] = changed
    count = len(lines) + 2
    read = "\n".join(
        [f"Memory lines 1-{count} of {count} (1 entries).", "## entry 1", *lines.values(), ""]
    )
    exchange = ToolExchange("memory_read", {"start_line": 1}, read, None)
    public = {"template": chosen.template, "tier": chosen.tier, "seed": chosen.seed}
    events = {event.payload.get("qid"): event for event in chosen.events}
    return [
        (
            question,
            EventView(
                "question",
                {**public, **events[question.qid].payload},
                events[question.qid].text,
                [exchange],
            ),
        )
        for question in chosen.questions
        if question.qtype == "update_chain"
    ]


def answered(policy: str, view: EventView, chosen: Scenario) -> str:
    [request] = get_policy(policy).act(view, get_template(chosen.template)).calls
    assert request.function == "submit_answer"
    return str(request.arguments["answer"])


def graded(question: Question, answer: str, chosen: Scenario) -> dict[str, Any]:
    names = list(scenario_metadata(chosen)["known_names"])
    return rule_detail(question, answer, names, get_template(chosen.template))


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]}-lite-{case[1]}")
def test_perfect_is_right_and_the_stale_keeper_gives_the_stale_chain(
    case: tuple[str, int],
) -> None:
    chosen = lite(*case)
    current = chain_views(chosen, applies_changes=True)
    stale = chain_views(chosen, applies_changes=False)
    assert len(current) == len(stale) == 1
    for (question, view), (_, stale_view) in zip(current, stale, strict=True):
        assert question.stale is not None
        perfect = graded(question, answered("perfect", view, chosen), chosen)
        assert (perfect["answer"], perfect["correct"]) == (question.gold.text, True)
        kept = graded(question, answered("stale_keeper", stale_view, chosen), chosen)
        assert (kept["answer"], kept["correct"], kept[STALE_CHAIN]) == (
            question.stale.text,
            False,
            True,
        )


def test_memoryless_policies_stay_at_their_floor() -> None:
    """Never stale; the guesses are wrong but for the smart guesser's two midpoints, which
    land within the tolerance of a total near the middle of the range once in 30."""
    right: dict[str, int] = dict.fromkeys(MEMORYLESS, 0)
    for case in CASES:
        chosen = lite(*case)
        for question, view in chain_views(chosen, applies_changes=True):
            for policy in MEMORYLESS:
                guess = graded(question, answered(policy, view, chosen), chosen)
                assert not guess[STALE_CHAIN], (policy, case, guess["answer"])
                right[policy] += guess["correct"]
    assert right == {"guesser": 0, "abstainer": 0, "smart_guesser": 1}


@functools.cache
def played(policy: str, log_dir: Path) -> EvalLog:
    log: EvalLog = eval(
        entity_stream(tier="smoke", seed=0, templates="company"),
        model=f"memgym/{policy}",
        log_dir=str(log_dir),
        display="none",
    )[0]
    assert log.status == "success" and log.samples
    return log


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("update_chain")


def chain_detail(log: EvalLog) -> tuple[Question, dict[str, Any]]:
    assert log.samples is not None
    [sample] = log.samples
    questions = [Question.from_dict(item) for item in scenario_content(sample.metadata).questions]
    [question] = [item for item in questions if item.qtype == "update_chain"]
    assert sample.scores is not None
    metadata = sample.scores[SCORER].metadata
    assert metadata is not None
    [detail] = [item for item in metadata["questions"] if item["qid"] == question.qid]
    return question, detail


def run_metrics(log: EvalLog) -> dict[str, float]:
    assert log.results is not None
    return {
        name: metric.value
        for score in log.results.scores
        if score.name == SCORER
        for name, metric in score.metrics.items()
    }


@pytest.mark.slow
def test_perfect_answers_the_gold_total(log_dir: Path) -> None:
    log = played("perfect", log_dir)
    question, detail = chain_detail(log)
    assert (detail["answer"], detail["correct"]) == (question.gold.text, True)
    assert (detail["stale_chain"], detail["memory_failure"]) == (False, None)
    metrics = run_metrics(log)
    assert (metrics["update_chain_accuracy"], metrics["stale_chain_rate"]) == (1.0, 0.0)


@pytest.mark.slow
def test_the_stale_keeper_answers_the_stale_chain_labelled_outdated(log_dir: Path) -> None:
    log = played("stale_keeper", log_dir)
    question, detail = chain_detail(log)
    assert question.stale is not None
    assert (detail["answer"], detail["correct"]) == (question.stale.text, False)
    assert (detail["stale_chain"], detail["memory_failure"]) == (True, "outdated")
    metrics = run_metrics(log)
    assert (metrics["update_chain_accuracy"], metrics["stale_chain_rate"]) == (0.0, 1.0)
    assert metrics["outdated_rate"] > 0.0


@pytest.mark.slow
def test_a_memoryless_guess_is_wrong_and_not_stale(log_dir: Path) -> None:
    log = played("smart_guesser", log_dir)
    _, detail = chain_detail(log)
    assert (detail["correct"], detail["stale_chain"]) == (False, False)
    assert detail["memory_failure"] != "outdated"
    metrics = run_metrics(log)
    assert (metrics["update_chain_accuracy"], metrics["stale_chain_rate"]) == (0.0, 0.0)
