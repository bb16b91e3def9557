"""The procedures scorer: the rule check of each pass's final state (never a judge).

``Score.value`` holds `grading.SCORE_KEYS`; ``Score.metadata`` holds each pass's check
(missing and forbidden changes), lessons and calls, the passes graded as the decline plan
(``declined``: a limit cut them, `scoring.reached`), the isolation counts and the cost
figures. A sample whose memory pass a limit cut scores the decline plan's grade and says
nothing was reached (`scoring.reached.NOTHING_REACHED`).
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState

from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.procedures.grading import HEADLINE, Grade, ProceduresPass, grade_passes
from inspect_memgym.procedures.state import current_procedures_state
from inspect_memgym.procedures.world_loading import ProceduresSpec, world_and_task
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.reached import NOTHING_REACHED

NO_MEMORY_CUT = " A limit cut the no-memory pass: it is scored as the decline plan (`not_reached`)."
"""What the explanation adds when only the no-memory pass was cut."""


def _explanation(grade: Grade, task_id: str, verdict: str) -> str:
    """The checks in words; `NOTHING_REACHED` when a limit cut the memory pass."""
    if MEMORY_PASS in grade.declined:
        return NOTHING_REACHED
    memory = grade.checks[MEMORY_PASS]
    problems = [f"missing {item}" for item in memory.missing] + [
        f"forbidden {item}" for item in memory.forbidden
    ]
    return (
        f"Test task {task_id} {verdict} the rule check "
        f"(pass@1 {grade.value[HEADLINE]:.0f}, no memory "
        f"{grade.value['no_memory']:.3f}, steps {grade.value['steps']:.0f}, "
        f"tool errors {grade.value['tool_errors']:.0f})."
        + (NO_MEMORY_CUT if NO_MEMORY_PASS in grade.declined else "")
        + ("\n\n" + "\n".join(f"- {problem}" for problem in problems) if problems else "")
    )


def sample_scorer() -> Scorer:
    """Check the final state of each pass over the sample's test task."""

    async def score(state: TaskState, target: Target) -> Score:
        spec = ProceduresSpec.of_state(state)
        world, task = world_and_task(spec)
        passes = current_procedures_state().passes
        grade = grade_passes(world, task, ProceduresPass.all_of(passes), spec.memory_isolation)
        verdict = "passed" if grade.checks[MEMORY_PASS].passed else "failed"
        return Score(
            value=grade.value,
            answer=f"{task.task_id} {verdict}",
            explanation=_explanation(grade, task.task_id, verdict),
            metadata={
                "checks": {name: check.to_dict() for name, check in grade.checks.items()},
                "passes": passes,
                "declined": grade.declined,
                ISOLATION_METADATA: grade.isolation.metadata(),
                **cost_metadata(),
            },
        )

    return score
