"""The conversation scorer: memory score, accuracy, bounds and failure diagnostics.

``Score.value`` holds `conversation_grading.SCORE_KEYS` as floats (means over periods);
``Score.metadata`` holds the per-period grades and one row per (period, question).
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.conversation.driver import SCENARIO_KEY
from inspect_memgym.conversation.explanation import conversation_grid, conversation_periods
from inspect_memgym.conversation.grading import (
    SCORE_KEYS,
    grade_conversation,
    period_rows,
)
from inspect_memgym.conversation.state import ConversationState
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.scoring.metrics import score_metrics


@scorer(metrics=score_metrics(SCORE_KEYS, headline="memory_score", group_by="tier"))
def conversation_scorer() -> Scorer:
    """Grade every question, probe and upper-bound answer of a conversation sample."""

    async def score(state: TaskState, target: Target) -> Score:
        scenario = ConversationScenario.from_dict(state.metadata[SCENARIO_KEY])
        results = store_as(ConversationState).results
        grading = grade_conversation(scenario, results)
        ledger = store_as(MemoryLedger)
        right = sum(row["correct"] for row in grading.questions)
        total = len(grading.questions)
        value = grading.value
        return Score(
            value=value,
            answer=f"{right}/{total} answers right",
            explanation=(
                f"memory score {value['memory_score']:.3f}; accuracy {value['accuracy']:.3f} "
                f"against random {value['random']:.3f} and upper bound "
                f"{value['upper_bound']:.3f}, over {len(grading.periods)} periods.\n\n"
                + conversation_periods(period_rows(grading))
                + "\n\nAnswers by question and period (✓ right; W, R, U: write, read or "
                "utilization failure; ? unparsed; ✗ wrong):\n\n"
                + conversation_grid(grading.questions)
            ),
            metadata={
                "periods": period_rows(grading),
                "questions": grading.questions,
                "parse_failures": sum(row["parse_failure"] for row in grading.questions),
                "memory_operations": len(ledger.operations),
                "writes_used": ledger.writes_used,
            },
        )

    return score
