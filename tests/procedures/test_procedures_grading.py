"""Grading of recorded passes: the rule check decides; a pass a limit cut is the decline's.

A pass a limit cut (or never started) scores exactly what the decline plan scores (no
change made, a reply that it cannot resolve the case): every key of ``Score.value`` but
``not_reached`` equals the grade of the same passes with the cut one replaced by the
decline plan, as the decliner plays it; no figure goes NaN because of the cut.
"""

from __future__ import annotations

import math

import pytest

from inspect_memgym.procedures.grading import Grade, ProceduresPass, decline_pass, grade_passes
from inspect_memgym.procedures.world.generate import generate_world
from inspect_memgym.procedures.world.plan import everything_known, plan_case
from inspect_memgym.procedures.world.rules import RULE_KINDS
from inspect_memgym.procedures.world.tools import run_tool
from inspect_memgym.scoring.reached import NOT_REACHED

WORLD = generate_world("travel", "smoke", 4)
TASK = WORLD.tests[0]


def played(
    pass_name: str, known: set[str], stop: str = "reply", cut_after: int = 99
) -> ProceduresPass:
    """A pass record as the driver keeps it, from a plan that knows ``known``."""
    record = WORLD.state.record(TASK.record_id)
    assert record is not None
    customer = WORLD.state.customer(record.customer_id)
    assert customer is not None
    state, calls = WORLD.state, []
    plan = plan_case(record, customer, WORLD.rules, WORLD.domain, everything_known(known))
    for call in plan[:cut_after]:
        outcome = run_tool(state, WORLD.rules, WORLD.domain, call.function, call.arguments)
        state = outcome.state
        calls.append({**call.__dict__, "result": outcome.text, "refused": outcome.refused})
        if outcome.refused:
            break
    return ProceduresPass(pass_name, "", stop, calls, state.to_dict())


def test_a_correct_memory_pass_and_a_memoryless_one_give_delta_one() -> None:
    grade = grade_passes(
        WORLD, TASK, [played("memory", set(RULE_KINDS)), played("no_memory", set())]
    )
    assert grade.value["pass_at_1"] == 1.0
    assert grade.value["no_memory"] == 0.0 and grade.value["memory_delta"] == 1.0
    assert grade.value["steps"] >= 5 and grade.value["tool_errors"] == 0.0


def test_identical_passes_add_nothing() -> None:
    grade = grade_passes(WORLD, TASK, [played("memory", set()), played("no_memory", set())])
    assert grade.value["pass_at_1"] == 0.0 and grade.value["memory_delta"] == 0.0


def declining(pass_name: str) -> ProceduresPass:
    """The decliner's pass as the driver records it: lessons, a reply, no call, no change."""
    return ProceduresPass(pass_name, "Nothing learned applies.", "reply", [], WORLD.state.to_dict())


def same_figures(left: Grade, right: Grade) -> None:
    """Every key but ``not_reached`` equal (NaN where, and only where, the other is)."""
    keys = set(left.value) - {NOT_REACHED}
    assert keys == set(right.value) - {NOT_REACHED}
    for key in keys:
        assert left.value[key] == pytest.approx(right.value[key], nan_ok=True), key


def test_the_decline_plan_makes_no_change_and_no_call() -> None:
    assert decline_pass(WORLD, "memory") == ProceduresPass(
        "memory", "", "reply", [], WORLD.state.to_dict()
    )


def test_a_memory_pass_cut_part_way_scores_the_decline_plan() -> None:
    cut = played("memory", set(RULE_KINDS), stop=NOT_REACHED, cut_after=3)
    grade = grade_passes(WORLD, TASK, [cut])  # the limit never let the no-memory pass start
    same_figures(grade, grade_passes(WORLD, TASK, [declining("memory"), declining("no_memory")]))
    assert grade.value[NOT_REACHED] == 1.0
    assert grade.value["pass_at_1"] == 0.0 and grade.value["steps"] == 0.0
    assert grade.value["no_memory"] == 0.0 and grade.value["memory_delta"] == 0.0
    assert grade.declined == {"memory": NOT_REACHED, "no_memory": NOT_REACHED}


def test_a_cut_of_a_pass_that_would_have_passed_still_scores_the_decline() -> None:
    whole = played("memory", set(RULE_KINDS))
    cut = ProceduresPass("memory", "", NOT_REACHED, whole.calls, whole.final_state)
    grade = grade_passes(WORLD, TASK, [cut, played("no_memory", set())])
    assert grade_passes(WORLD, TASK, [whole]).value["pass_at_1"] == 1.0
    same_figures(
        grade, grade_passes(WORLD, TASK, [declining("memory"), played("no_memory", set())])
    )
    assert grade.value["pass_at_1"] == 0.0 and grade.checks["memory"].passed is False


def test_a_no_memory_pass_cut_part_way_scores_the_decline_plan() -> None:
    cut = played("no_memory", set(), stop=NOT_REACHED, cut_after=2)
    grade = grade_passes(WORLD, TASK, [played("memory", set(RULE_KINDS)), cut])
    replaced = grade_passes(
        WORLD, TASK, [played("memory", set(RULE_KINDS)), declining("no_memory")]
    )
    same_figures(grade, replaced)
    assert grade.value["pass_at_1"] == 1.0 and grade.value[NOT_REACHED] == 1.0
    assert replaced.value[NOT_REACHED] == 0.0
    assert grade.value["no_memory"] == 0.0 and grade.value["memory_delta"] == 1.0
    assert grade.declined == {"no_memory": NOT_REACHED}


def test_a_sample_that_reached_nothing_scores_the_decline_plan() -> None:
    grade = grade_passes(WORLD, TASK, [])
    same_figures(grade, grade_passes(WORLD, TASK, [declining("memory"), declining("no_memory")]))
    assert grade.value[NOT_REACHED] == 1.0
    assert not any(math.isnan(value) for value in grade.value.values())


def test_without_isolation_the_no_memory_side_stays_nan() -> None:
    cut = played("memory", set(RULE_KINDS), stop=NOT_REACHED, cut_after=3)
    grade = grade_passes(WORLD, TASK, [cut], memory_isolation=False)
    same_figures(grade, grade_passes(WORLD, TASK, [declining("memory")], memory_isolation=False))
    assert grade.value[NOT_REACHED] == 1.0 and grade.value["pass_at_1"] == 0.0
    assert math.isnan(grade.value["no_memory"]) and math.isnan(grade.value["memory_delta"])
    assert grade.declined == {"memory": NOT_REACHED}
