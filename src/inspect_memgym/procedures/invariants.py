"""Statistical invariants of generated procedures worlds (pure; no model, no Inspect).

- **Nothing visible depends on the rules**: a world generated with other rules has the very
  same state, goals and tool descriptions, so no visible field, prompt or tool description
  can tell a rule's parameter.
- **The note format is a blind guess**: over the worlds no format is drawn much more often
  than one in `len(NOTE_FORMATS)`.
- **Every test task needs a lesson**: the memoryless plan (no lesson, approving or escalating
  always or never) passes no test task.
- **Every other rule decides tasks**: knowing every rule but one fails a share of the test
  tasks, so each lesson matters.
- **The switches' hedge and dump stay at the floor**: the cautious plan with a note in every
  house format of the catalogue, and every call with every plausible argument
  (`switch_plans`), pass at most the floor + 0.05 of the test tasks (a blind hit of the note
  format, the order, the fee tier and both cautious steps at once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from inspect_memgym.procedures.switch_plans import dump_plan, hedge_plan
from inspect_memgym.procedures.world.check import check_state
from inspect_memgym.procedures.world.domains import TEMPLATE_NAMES
from inspect_memgym.procedures.world.generate import ProceduresWorld, TestTask, generate_world
from inspect_memgym.procedures.world.plan import Approach, PlannedCall, plan_case
from inspect_memgym.procedures.world.rules import NOTE_FORMATS, RULE_KINDS, Rules
from inspect_memgym.procedures.world.tools import run_tool, tool_specs
from inspect_memgym.validity.runs import ADVERSARY_CEILING
from inspect_memgym.validity.verdicts import Verdict

TIER = "standard"
FORMAT_TOLERANCE = 0.08
"""How far above one in five a note format's share may land over the worlds."""
MIN_DECIDED_SHARE = 0.1
"""The least share of test tasks a rule kind other than the note must decide."""
MEMORYLESS_APPROACHES = (
    Approach(frozenset()),
    Approach(frozenset(), always_approve=True),
    Approach(frozenset(), always_escalate=True),
    Approach(frozenset(), always_approve=True, always_escalate=True),
)


def passes(world: ProceduresWorld, task: TestTask, approach: Approach) -> bool:
    """Whether the plan of an approach passes a test task's rule check.

    Args:
        world: The world.
        task: The test task.
        approach: What the agent knows and does.
    """
    record, customer = world.case(task)
    plan = plan_case(record, customer, world.rules, world.domain, approach)
    return plan_passes(world, task, plan)


def plan_passes(
    world: ProceduresWorld,
    task: TestTask,
    plan: Sequence[PlannedCall],
    stop_at_refusal: bool = True,
) -> bool:
    """Whether a plan's calls pass a test task's rule check.

    Args:
        world: The world.
        task: The test task.
        plan: The calls, in order.
        stop_at_refusal: End at the first refused call (else make every call).
    """
    state = world.state
    for call in plan:
        outcome = run_tool(state, world.rules, world.domain, call.function, call.arguments)
        state = outcome.state
        if outcome.refused and stop_at_refusal:
            break
    return check_state(world.state, state, task.record_id, world.rules).passed


def visible(world: ProceduresWorld) -> tuple[object, ...]:
    """What an agent sees without memory: the state, the goals, the tool descriptions.

    Args:
        world: The world.
    """
    return (world.state, tuple(task.goal for task in world.tests), tool_specs(world.domain))


def rules_free_verdict(worlds: Sequence[ProceduresWorld]) -> Verdict:
    """Whether the visible parts of every world stay the same under other rules.

    Args:
        worlds: The worlds.
    """
    other = Rules(1, True, "ref", 50, "", "")
    same = sum(
        visible(generate_world(world.template, world.tier, world.seed, other)) == visible(world)
        for world in worlds
    )
    return Verdict(
        "nothing visible depends on the rules",
        same == len(worlds),
        f"{same}/{len(worlds)} worlds show the same state, goals and tools under other rules",
    )


def format_verdict(worlds: Sequence[ProceduresWorld]) -> Verdict:
    """Whether no note format is drawn much more often than a blind guess finds it.

    Args:
        worlds: The worlds.
    """
    counts = Counter(world.rules.note_format for world in worlds)
    share = max(counts.values()) / len(worlds)
    limit = 1 / len(NOTE_FORMATS) + FORMAT_TOLERANCE
    return Verdict(
        "the note format is a blind guess",
        share <= limit,
        f"most frequent format {share:.3f} of {len(worlds)} worlds (at most {limit:.3f})",
    )


def lesson_verdicts(worlds: Sequence[ProceduresWorld]) -> list[Verdict]:
    """Every test task needs a lesson; every rule kind but the note decides some tasks.

    Args:
        worlds: The worlds.
    """
    tasks = [(world, task) for world in worlds for task in world.tests]
    memoryless = max(
        sum(passes(world, task, approach) for world, task in tasks) / len(tasks)
        for approach in MEMORYLESS_APPROACHES
    )
    verdicts = [
        Verdict(
            "every test task needs a lesson",
            memoryless == 0.0,
            f"best memoryless plan passes {memoryless:.3f} of {len(tasks)} test tasks",
        )
    ]
    for kind in RULE_KINDS:
        if kind == "note":
            continue
        approach = Approach(frozenset(RULE_KINDS) - {kind})
        failed = sum(not passes(world, task, approach) for world, task in tasks) / len(tasks)
        verdicts.append(
            Verdict(
                f"the {kind} lesson decides test tasks",
                failed >= MIN_DECIDED_SHARE,
                f"without it {failed:.3f} of the test tasks fail (at least {MIN_DECIDED_SHARE})",
            )
        )
    return verdicts


def switch_verdict(worlds: Sequence[ProceduresWorld]) -> Verdict:
    """Whether the switches' hedge and dump pass at most the floor + 0.05 of the test tasks.

    Args:
        worlds: The worlds.
    """
    shares = {}
    for name, make_plan, stop_at_refusal in (
        ("hedge", hedge_plan, True),
        ("dump", dump_plan, False),
    ):
        passed = total = 0
        for world in worlds:
            for task in world.tests:
                plan = make_plan(*world.case(task), world.domain)
                passed += plan_passes(world, task, plan, stop_at_refusal)
                total += 1
        shares[name] = passed / total
    return Verdict(
        "the switches' hedge and dump stay at the floor",
        max(shares.values()) <= ADVERSARY_CEILING,
        ", ".join(f"{name} passes {share:.3f}" for name, share in shares.items())
        + f" of the test tasks (at most {ADVERSARY_CEILING})",
    )


def statistical_verdicts(instances: int) -> list[Verdict]:
    """The verdicts over ``instances`` standard worlds per template (seeds 0 .. n-1).

    Args:
        instances: Worlds per template.
    """
    worlds = [
        generate_world(template, TIER, seed)
        for template in TEMPLATE_NAMES
        for seed in range(instances)
    ]
    return [
        rules_free_verdict(worlds),
        format_verdict(worlds),
        *lesson_verdicts(worlds),
        switch_verdict(worlds),
    ]
