"""The procedures scorer: the rule check of each pass's final state (never a judge).

``Score.value`` holds `grading.SCORE_KEYS`; ``Score.metadata`` holds each pass's check
(missing and forbidden changes), lessons and calls, the isolation counts and the cost
figures.
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState

from inspect_memgym.kit.pass_names import MEMORY_PASS
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.procedures.grading import HEADLINE, ProceduresPass, grade_passes
from inspect_memgym.procedures.state import current_procedures_state
from inspect_memgym.procedures.world_loading import ProceduresSpec, world_and_task
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED


def sample_scorer() -> Scorer:
    """Check the final state of each pass over the sample's test task."""

    async def score(state: TaskState, target: Target) -> Score:
        world, task = world_and_task(ProceduresSpec.of_state(state))
        passes = current_procedures_state().passes
        grade = grade_passes(world, task, ProceduresPass.all_of(passes))
        if grade.value[NOT_REACHED]:
            return Score(value=grade.value, explanation=NOTHING_REACHED)
        memory = grade.checks[MEMORY_PASS]
        verdict = "passed" if memory.passed else "failed"
        problems = [f"missing {item}" for item in memory.missing] + [
            f"forbidden {item}" for item in memory.forbidden
        ]
        return Score(
            value=grade.value,
            answer=f"{task.task_id} {verdict}",
            explanation=(
                f"Test task {task.task_id} {verdict} the rule check "
                f"(pass@1 {grade.value[HEADLINE]:.0f}, no memory "
                f"{grade.value['no_memory']:.3f}, steps {grade.value['steps']:.0f}, "
                f"tool errors {grade.value['tool_errors']:.0f})."
                + ("\n\n" + "\n".join(f"- {problem}" for problem in problems) if problems else "")
            ),
            metadata={
                "checks": {name: check.to_dict() for name, check in grade.checks.items()},
                "passes": passes,
                ISOLATION_METADATA: grade.isolation.metadata(),
                **cost_metadata(),
            },
        )

    return score
