"""Grade a procedures sample: the rule check of each pass's final state, and isolation.

``pass_at_1`` is 1 when the memory pass's final state passes `world.check.check_state`
(required changes made, forbidden changes absent), else 0; its mean over samples is pass@1,
and over Inspect epochs the leaderboard's pass^k counts the samples whose every epoch
passed. The no-memory pass is graded the same way and paired with it under the shared
definition (`scoring.isolation`): a memoryless agent's floor is 0 (no test task can pass
without the note convention that only the episodes show), and a pass whose calls are the
very calls of the memory pass counts as the same reply. ``steps`` and ``tool_errors`` count
the memory pass's world tool calls and its refused ones.

A pass a limit cut (or never started) is graded as the decline plan (`decline_pass`,
`switch_plans.DECLINER`: no change made, a reply that it cannot resolve the case), by the
rule check and with no model call (`scoring.reached`): the memory pass's in every figure,
the no-memory pass's (with memory isolation on) as the no-memory credit, floored as usual.
`NOT_REACHED` is 1 when a limit cut either pass, and `Grade.declined` names the passes
graded as the decline. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS
from inspect_memgym.procedures.summary_keys import HEADLINE as HEADLINE
from inspect_memgym.procedures.summary_keys import STEPS, SUMMARY_KEYS, TOOL_ERRORS
from inspect_memgym.procedures.world.check import CheckResult, check_state
from inspect_memgym.procedures.world.generate import ProceduresWorld, TestTask
from inspect_memgym.procedures.world.model import WorldState
from inspect_memgym.scoring.isolation import (
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    isolate,
    mean_credit,
)
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.stored_records import STORED_KEY, StoredRecord

SCORE_KEYS = (*SUMMARY_KEYS, *RAW_ISOLATION_KEYS, NOT_REACHED)
"""Every key of `Score.value`."""
MEMORYLESS_FLOOR = 0.0
DECLINE_STOP = "reply"
"""How the decline plan's tool loop ends: a reply without a tool call (`tool_use.loop`)."""


@dataclass(frozen=True)
class Grade:
    """A sample's grade.

    Attributes:
        value: `Score.value` (every key of `SCORE_KEYS`).
        checks: Pass name -> the check of the final state it counts (the decline plan's
            for a pass a limit cut).
        isolation: The memory-isolated figures.
        declined: Pass name -> why it is graded as the decline plan (`NOT_REACHED`), for
            each pass a limit cut.
    """

    value: dict[str, float]
    checks: dict[str, CheckResult]
    isolation: Isolation
    declined: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ProceduresPass(StoredRecord):
    """One pass over the test task, as kept in `ProceduresState.passes`.

    Attributes:
        pass_name: `MEMORY_PASS` or `NO_MEMORY_PASS` (stored as ``pass``).
        lessons: What the strategy said it learned that bears on the task.
        stop: Why the tool loop ended (`NOT_REACHED` when a limit cut the pass).
        calls: Every tool call: function, arguments, result, refused.
        final_state: The world's state at the end (`WorldState.to_dict`).
    """

    pass_name: str = field(metadata={STORED_KEY: "pass"})
    lessons: str
    stop: str
    calls: list[dict[str, Any]]
    final_state: dict[str, Any]


def decline_pass(world: ProceduresWorld, pass_name: str) -> ProceduresPass:
    """The pass the decline plan (`switch_plans.DECLINER`) plays: no call, no change.

    The grade of a pass a limit cut: the world's state left as it was, and the reply
    (`switch_plans.DECLINED`) that it cannot resolve the case.

    Args:
        world: The world.
        pass_name: `MEMORY_PASS` or `NO_MEMORY_PASS`.
    """
    return ProceduresPass(pass_name, "", DECLINE_STOP, [], world.state.to_dict())


def grade_passes(
    world: ProceduresWorld,
    task: TestTask,
    passes: Sequence[ProceduresPass],
    memory_isolation: bool = True,
) -> Grade:
    """Check each recorded pass and pair the two.

    Args:
        world: The world.
        task: The sample's test task.
        passes: The recorded passes.
        memory_isolation: Whether the sample also works the task with no memory (off: the
            no-memory figures are NaN and a no-memory record is ignored).
    """
    by_name = {record.pass_name: record for record in passes}
    names = (MEMORY_PASS, NO_MEMORY_PASS) if memory_isolation else (MEMORY_PASS,)
    counted: dict[str, ProceduresPass] = {}
    declined: dict[str, str] = {}
    for name in names:
        record = _finished(by_name.get(name))
        if record is None:
            record, declined[name] = decline_pass(world, name), NOT_REACHED
        counted[name] = record
    checks = {
        name: check_state(
            world.state,
            WorldState.from_dict(record.final_state),
            task.record_id,
            world.rules,
        )
        for name, record in counted.items()
    }
    memory = counted[MEMORY_PASS]
    credit = float(checks[MEMORY_PASS].passed)
    without = counted.get(NO_MEMORY_PASS)
    pair = PairedAnswer(
        memory=credit,
        no_memory=None if without is None else float(checks[NO_MEMORY_PASS].passed),
        floor=MEMORYLESS_FLOOR,
        same_reply=without is not None and _calls(without) == _calls(memory),
    )
    isolation = isolate([pair], mean_credit)
    value = {
        HEADLINE: credit,
        **isolation.values(),
        STEPS: float(len(memory.calls)),
        TOOL_ERRORS: float(sum(call["refused"] for call in memory.calls)),
        NOT_REACHED: float(bool(declined)),
    }
    return Grade(value, checks, isolation, declined)


def _finished(record: ProceduresPass | None) -> ProceduresPass | None:
    """The pass if it ended (None when a limit cut it, or it never started)."""
    if record is None or record.stop == NOT_REACHED:
        return None
    return record


def _calls(record: ProceduresPass) -> list[tuple[str, str]]:
    return [(call["function"], repr(sorted(call["arguments"].items()))) for call in record.calls]
