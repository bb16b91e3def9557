"""Grading of recorded passes: the rule check decides, a pass a limit cut is never a 0."""

from __future__ import annotations

import math

from inspect_memgym.procedures.grading import ProceduresPass, grade_passes
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


def test_a_memory_pass_cut_part_way_is_not_reached_never_a_zero() -> None:
    cut = played("memory", set(RULE_KINDS), stop=NOT_REACHED, cut_after=3)
    grade = grade_passes(WORLD, TASK, [cut])
    assert grade.value[NOT_REACHED] == 1.0
    assert math.isnan(grade.value["pass_at_1"]) and math.isnan(grade.value["memory_delta"])


def test_a_no_memory_pass_cut_part_way_leaves_delta() -> None:
    cut = played("no_memory", set(), stop=NOT_REACHED, cut_after=2)
    grade = grade_passes(WORLD, TASK, [played("memory", set(RULE_KINDS)), cut])
    assert grade.value["pass_at_1"] == 1.0 and grade.value[NOT_REACHED] == 0.0
    assert math.isnan(grade.value["no_memory"]) and math.isnan(grade.value["memory_delta"])
