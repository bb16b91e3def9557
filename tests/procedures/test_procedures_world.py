"""The procedures world: tools, hidden rules, episodes, test tasks and the rule check."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from inspect_memgym.procedures.invariants import passes
from inspect_memgym.procedures.world.check import check_state
from inspect_memgym.procedures.world.domains import DOMAINS, TEMPLATE_NAMES
from inspect_memgym.procedures.world.episodes import RECOVERY, SUCCESS
from inspect_memgym.procedures.world.generate import ProceduresWorld, generate_world
from inspect_memgym.procedures.world.model import CLOSED, ON_HOLD
from inspect_memgym.procedures.world.plan import Approach, everything_known
from inspect_memgym.procedures.world.rules import RULE_KINDS, needs_approval
from inspect_memgym.procedures.world.tools import run_tool

SEEDS = range(12)
WORLDS = [
    generate_world(template, "standard", seed) for template in TEMPLATE_NAMES for seed in SEEDS
]


def play(world: ProceduresWorld, task_id: str, approach: Approach) -> bool:
    """Whether a plan made with ``approach`` passes the check of one test task."""
    return passes(world, world.test(task_id), approach)


def pass_rate(approach: Approach) -> float:
    results = [play(world, task.task_id, approach) for world in WORLDS for task in world.tests]
    return sum(results) / len(results)


def test_knowing_every_rule_passes_every_test_task() -> None:
    assert pass_rate(everything_known(RULE_KINDS)) == 1.0


@pytest.mark.parametrize(
    "approach",
    [
        Approach(frozenset()),
        Approach(frozenset(), always_approve=True),
        Approach(frozenset(), always_escalate=True),
        Approach(frozenset(), always_approve=True, always_escalate=True),
        Approach(frozenset(RULE_KINDS) - {"note"}),
    ],
)
def test_without_the_note_lesson_no_test_task_passes(approach: Approach) -> None:
    assert pass_rate(approach) == 0.0


@pytest.mark.parametrize("kind", [kind for kind in RULE_KINDS if kind != "note"])
def test_each_rule_kind_decides_some_test_tasks(kind: str) -> None:
    rate = pass_rate(everything_known(set(RULE_KINDS) - {kind}))
    assert 0.1 < rate < 0.95, rate


def test_cautious_steps_are_forbidden_changes() -> None:
    approach = Approach(frozenset(RULE_KINDS), always_approve=True)
    outcomes = [
        (
            needs_approval(world.rules, world.state.record(task.record_id)),
            play(world, task.task_id, approach),
        )  # type: ignore[arg-type]
        for world in WORLDS
        for task in world.tests
    ]
    assert {passed for needed, passed in outcomes if not needed} == {False}
    assert {passed for needed, passed in outcomes if needed} == {True}


def test_a_refusal_by_a_hidden_rule_puts_the_case_on_hold() -> None:
    world = next(w for w in WORLDS if not w.rules.note_first)
    record = world.state.records[-1]
    outcome = run_tool(
        world.state,
        world.rules,
        world.domain,
        "add_note",
        {"record_id": record.record_id, "text": "x"},
    )
    assert outcome.refused
    held = outcome.state.record(record.record_id)
    assert held is not None and held.status == ON_HOLD
    retry = run_tool(
        outcome.state,
        world.rules,
        world.domain,
        world.domain.remedy_tool,
        {"record_id": record.record_id, "amount": 1.0},
    )
    assert retry.refused and retry.state == outcome.state


def test_every_lesson_is_shown_by_the_episodes_and_failures_say_why() -> None:
    for world in WORLDS:
        text = "\n".join(episode.text() for episode in world.episodes)
        for lesson in world.lessons().values():
            assert lesson in text
        for episode in world.episodes:
            assert episode.passed == (episode.kind in (SUCCESS, RECOVERY)), episode.text()
            if episode.kind in RULE_KINDS:
                assert episode.text().endswith(world.lessons()[episode.kind])


def test_no_rule_parameter_shows_in_goals_or_tool_results_before_a_change() -> None:
    for world in WORLDS:
        lessons = world.lessons()
        for task in world.tests:
            assert not any(lesson in task.goal for lesson in lessons.values())
            assert "fee" not in task.goal and "approval" not in task.goal
        note_example = world.lessons()["note"].split("format ")[-1].rstrip(".")
        assert note_example not in "".join(task.goal for task in world.tests)


def test_the_check_names_missing_and_forbidden_changes() -> None:
    world = WORLDS[0]
    task = world.tests[0]
    record = world.state.record(task.record_id)
    assert record is not None
    other = world.state.records[0]
    final = world.state.with_record(replace(other, note="stray"))
    verdict = check_state(world.state, final, record.record_id, world.rules)
    assert not verdict.passed
    assert any(item.startswith(f"{record.record_id}.note") for item in verdict.missing)
    assert verdict.forbidden == (f"{other.record_id}.note: '' -> 'stray'",)


GENERATE = (
    "import json, sys\n"
    "from inspect_memgym.procedures.world.generate import generate_world\n"
    "worlds = [generate_world(t, 'standard', 5).to_dict() for t in ('shop', 'travel', 'support')]\n"
    "print(json.dumps(worlds, sort_keys=True))"
)


def test_generation_is_byte_identical_across_processes() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", GENERATE],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for _ in range(2)
    ]
    in_process = json.dumps(
        [generate_world(t, "standard", 5).to_dict() for t in ("shop", "travel", "support")],
        sort_keys=True,
    )
    assert runs[0] == runs[1] == in_process + "\n"


def test_nothing_visible_depends_on_the_rules() -> None:
    """Other rules, the same state, goals and tool descriptions: no visible field, prompt or
    tool description can tell a rule's parameter."""
    from inspect_memgym.procedures.invariants import statistical_verdicts, visible

    for other_seed in range(6):
        for template in TEMPLATE_NAMES:
            world = generate_world(template, "standard", 1)
            other = generate_world(template, "standard", other_seed + 2).rules
            changed = generate_world(template, "standard", 1, other)
            assert changed.rules == other
            assert visible(changed) == visible(world)
    verdicts = statistical_verdicts(40)
    assert [verdict.line() for verdict in verdicts if not verdict.passed] == []
    assert len(verdicts) == 8


@pytest.mark.parametrize("template", TEMPLATE_NAMES)
def test_every_changing_tool_refuses_an_unknown_a_held_and_a_closed_case(template: str) -> None:
    world = generate_world(template, "standard", 0)
    domain = DOMAINS[template]
    record = world.state.records[0]
    held = world.state.with_record(replace(record, status=ON_HOLD))
    closed = world.state.with_record(replace(record, status=CLOSED))
    changing = ("request_approval", "escalate_case", domain.remedy_tool, "add_note", "close_case")
    arguments = {"record_id": record.record_id, "amount": "1.00", "text": "checked"}
    for name in changing:
        unknown = run_tool(world.state, world.rules, domain, name, {"record_id": "X0"})
        assert (unknown.text, unknown.refused) == (f"No such {domain.record}.", True)
        assert unknown.state == world.state
        on_hold = run_tool(held, world.rules, domain, name, arguments)
        assert on_hold.text == "Refused: the case is on hold and accepts no further changes."
        assert on_hold.refused and on_hold.state == held
        after_closing = run_tool(closed, world.rules, domain, name, arguments)
        assert (after_closing.text, after_closing.refused) == ("Refused: the case is closed.", True)
        assert after_closing.state == closed
