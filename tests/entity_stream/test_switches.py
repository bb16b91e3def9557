"""The switch adversaries of entity_stream: their memoryless behaviours, and what they earn.

A switch plays one memoryless policy with memory shown and another with memory empty
(`kit.pass_switch`). The hedge and the dump are tried on their own here (their exact
replies, that they store nothing, that the rules never credit them); one switch is played
through ``inspect_ai.eval`` on a tiny grid, and the suite's switch runs are checked for
their shape and bounds.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.dataset import scenario_metadata
from inspect_memgym.entity_stream.policies.base import REFUSAL
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.memoryless_cheats import (
    RANGE_HEDGER,
    VIEW_DUMPER,
    range_hedge,
    view_dump,
)
from inspect_memgym.entity_stream.policies.registry import (
    PLAYABLE,
    POLICIES,
    SWITCH_BEHAVIOURS,
)
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.validity_suite import (
    SUITE,
    SWITCH_RUNS,
    SWITCH_SEEDS,
    SWITCH_TIER,
    chosen_runs,
)
from inspect_memgym.entity_stream.value_pools import attribute_value_pool
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.kit.pass_switch import SWITCH_POLICIES
from inspect_memgym.scoring.answer_rules import check_answer, is_refusal
from inspect_memgym.simulation.policy_registry import benchmark_policies
from inspect_memgym.validity.runs import RunResult
from inspect_memgym.validity.suite import ValidateOptions

COMPANY = get_template("company")
SCORER = "entity_stream_scorer"


@functools.cache
def scenario(template: str) -> Scenario:
    return generate_scenario(template, "lite", 0)


def test_range_hedge_offers_several_names_and_the_whole_range() -> None:
    revenue = {"entity": "Argon Labs", "attribute": "revenue"}
    assert range_hedge(revenue, COMPANY) == (
        "Argon Labs or Argon Systems or Argon Dynamics; "
        "between $50.0M and $250,000.0M, maybe $125,025.0M or $250,000.0M"
    )
    relation = {"entity": "Cobalt Forge", "relation": "supplies_to"}
    assert range_hedge(relation, COMPANY) == "Cobalt Forge or Argon Labs or Argon Systems"
    founded = {"entity": "Argon Labs", "attribute": "founded"}
    assert range_hedge(founded, COMPANY).endswith("; between 1975 and 2021")
    ownership = {"entity": "Argon Labs", "attribute": "ownership"}
    assert range_hedge(ownership, COMPANY).endswith(
        "; publicly listed or privately held or employee owned or state backed"
    )


def test_view_dump_holds_every_name_and_number_in_view_then_the_catalogue() -> None:
    dump = view_dump("Argon Labs reported $1,200M in 2021. Basalt Works did not.", COMPANY)
    parts = dump.split("; ")
    assert parts[:5] == ["Argon Labs", "Basalt Works", "1,200", "2021", "Fintech"]
    assert {*COMPANY.categories, *COMPANY.name_prefixes, "privately held"} <= set(parts)
    assert len(parts) == len(set(parts))


@pytest.mark.parametrize("policy", [RANGE_HEDGER, VIEW_DUMPER], ids=lambda p: p.name)
def test_the_cheats_store_nothing(policy: object) -> None:
    chosen = scenario("company")
    for event in chosen.events:
        if event.kind == "question":
            continue
        view = EventView(event.kind, dict(event.payload), event.text)
        assert PLAYABLE[policy.name].act(view, COMPANY).calls == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["range_hedger", "view_dumper"])
def test_the_rules_never_credit_a_hedge_or_a_dump(name: str) -> None:
    graded = 0
    for template in TEMPLATE_NAMES:
        chosen = scenario(template)
        known = scenario_metadata(chosen)["known_names"]
        shown = "\n".join(event.text for event in chosen.events)  # the whole stream in view
        for question in chosen.questions:
            if question.axis == "abstention":
                continue  # a decline decides these: out of the composite and of Δ
            payload = {"template": template, "tier": "lite", "seed": 0, "qid": question.qid}
            payload.update(qtype=question.qtype, params=question.params)
            view = EventView("question", payload, question.text, shown=shown)
            [request] = PLAYABLE[name].act(view, get_template(template)).calls
            answer = str(request.arguments["answer"])
            assert not is_refusal(answer)
            verdict = check_answer(
                answer,
                question.gold,
                known_names=known,
                question=question.text,
                choices=attribute_value_pool(question, get_template(template)),
            ).verdict
            assert verdict != "correct", (template, question.qid, answer)
            graded += 1
    assert graded >= 80


def test_every_behaviour_plays_a_memoryless_policy_and_every_switch_is_registered() -> None:
    assert SWITCH_BEHAVIOURS == {
        "decline": "abstainer",
        "hedge": "range_hedger",
        "dump": "view_dumper",
        "guess": "guesser",
    }
    assert set(SWITCH_BEHAVIOURS.values()) <= set(PLAYABLE)
    registered = set(benchmark_policies("entity_stream").names)
    assert set(SWITCH_POLICIES) | set(PLAYABLE) <= registered
    assert not {"range_hedger", "view_dumper"} & set(POLICIES)  # the grid's list is unchanged


def play_switch(policy: str, tmp_path: Path) -> EvalLog:
    [log] = eval(
        entity_stream(tier="lite", seed=0, templates="company", memory="markdown"),
        model=f"memgym/{policy}",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    return log


def test_a_switch_that_hedges_with_memory_and_declines_without_gains_nothing(
    tmp_path: Path,
) -> None:
    log = play_switch("switch_hedge_decline", tmp_path)
    [sample] = log.samples or []
    assert sample.error is None and sample.scores is not None
    score = sample.scores[SCORER]
    details = score.metadata["questions"]  # type: ignore[index]
    # it switched: hedges with memory shown, declines with memory empty
    assert all(" or " in detail["answer"] for detail in details)
    assert all(detail["no_memory_answer"] == REFUSAL for detail in details)
    value = score.value
    assert isinstance(value, dict)
    assert value["composite"] <= 0.05
    assert value["memory_delta"] <= 0.05
    assert score.metadata["memory_isolation"]["questions_in_delta"] > 0  # type: ignore[index]


def test_the_suite_plays_twelve_switches_under_agentic_and_six_under_each_other_family() -> None:
    families = {name.split("/", 1)[1] for name in SWITCH_RUNS}
    assert families == {"agentic", "notes", "rag", "native", "awe", "system"}
    assert sum(name.endswith("/agentic") for name in SWITCH_RUNS) == 12
    assert len(SWITCH_RUNS) == 12 + 6 * 5
    for run in SWITCH_RUNS.values():
        assert {(b.key, b.at_most) for b in run.bounds} == {
            ("composite", 0.05),
            ("memory_delta", 0.05),
        }
    run = SWITCH_RUNS["switch_decline_hedge/system"]
    assert run.policy == "switch_decline_hedge"
    assert dict(run.task_args) == {
        "tier": SWITCH_TIER,
        "seeds": SWITCH_SEEDS,
        "templates": ",".join(TEMPLATE_NAMES),
        "agent": {"name": "system", "system": "mem0"},
    }
    # the run keeps its own small grid whatever grid the options choose
    task = SUITE.task_for(run, ValidateOptions("logs", seeds=(5,), tier="hard", templates="city"))
    assert len(task.dataset) == len(TEMPLATE_NAMES) * len(SWITCH_SEEDS)


def test_switch_runs_play_with_the_official_grid_or_by_name() -> None:
    switches = list(SWITCH_RUNS)
    assert chosen_runs(ValidateOptions("logs")) == [*POLICIES, *switches]
    assert chosen_runs(ValidateOptions("logs", seeds=(0,))) == list(POLICIES)
    assert chosen_runs(ValidateOptions("logs", policies="perfect")) == ["perfect"]
    named = ("switch_guess_decline/notes",)
    assert chosen_runs(ValidateOptions("logs", runs=named, tier="lite")) == list(named)
    with pytest.raises(ValueError, match="unknown memgym policy 'oracle'"):
        chosen_runs(ValidateOptions("logs", policies="perfect,oracle"))


def test_a_switch_run_over_its_bounds_fails() -> None:
    def result(composite: float, delta: float) -> RunResult:
        means = {"composite": composite, "memory_delta": delta, "no_memory": composite - delta}
        return RunResult(means, 1, 0, {"a#1": means})

    results = {
        "switch_decline_guess/agentic": result(0.0, 0.0),
        "switch_guess_decline/agentic": result(0.04, 0.08),
    }
    verdicts = [
        bound.check(name, results) for name in results for bound in SWITCH_RUNS[name].bounds
    ]
    failed = [verdict.name for verdict in verdicts if not verdict.passed]
    assert failed == ["switch_guess_decline/agentic: memory_delta ≤ 0.05"]
