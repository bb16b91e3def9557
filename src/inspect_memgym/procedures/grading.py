"""Grade a procedures sample: the rule check of each pass's final state, and isolation.

``pass_at_1`` is 1 when the memory pass's final state passes `world.check.check_state`
(required changes made, forbidden changes absent), else 0; its mean over samples is pass@1,
and over Inspect epochs the leaderboard's pass^k counts the samples whose every epoch
passed. The no-memory pass is graded the same way and paired with it under the shared
definition (`scoring.isolation`): a memoryless agent's floor is 0 (no test task can pass
without the note convention that only the episodes show), and a pass whose calls are the
very calls of the memory pass counts as the same reply. ``steps`` and ``tool_errors`` count
the memory pass's world tool calls and its refused ones. A pass a limit cut is not
reached: the memory pass's leaves every figure NaN (`NOT_REACHED` 1), the no-memory pass's
leaves Δ. Pure.
"""

from __future__ import annotations

import math
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
    ISOLATION_OFF,
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


@dataclass(frozen=True)
class Grade:
    """A sample's grade.

    Attributes:
        value: `Score.value` (every key of `SCORE_KEYS`).
        checks: Pass name -> the check of its final state.
        isolation: The memory-isolated figures.
    """

    value: dict[str, float]
    checks: dict[str, CheckResult]
    isolation: Isolation


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


def grade_passes(world: ProceduresWorld, task: TestTask, passes: Sequence[ProceduresPass]) -> Grade:
    """Check each recorded pass and pair the two.

    Args:
        world: The world.
        task: The sample's test task.
        passes: The recorded passes.
    """
    by_name = {record.pass_name: record for record in passes}
    checks = {
        name: check_state(
            world.state,
            WorldState.from_dict(record.final_state),
            task.record_id,
            world.rules,
        )
        for name, record in by_name.items()
    }
    memory = _finished(by_name.get(MEMORY_PASS))
    if memory is None:
        nan = {key: math.nan for key in SCORE_KEYS}
        return Grade({**nan, NOT_REACHED: 1.0}, checks, ISOLATION_OFF)
    credit = float(checks[MEMORY_PASS].passed)
    without = _finished(by_name.get(NO_MEMORY_PASS))
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
        NOT_REACHED: 0.0,
    }
    return Grade(value, checks, isolation)


def _finished(record: ProceduresPass | None) -> ProceduresPass | None:
    """The pass if it ended (a limit may cut it: then it is not reached, never a 0)."""
    if record is None or record.stop == NOT_REACHED:
        return None
    return record


def _calls(record: ProceduresPass) -> list[tuple[str, str]]:
    return [(call["function"], repr(sorted(call["arguments"].items()))) for call in record.calls]
