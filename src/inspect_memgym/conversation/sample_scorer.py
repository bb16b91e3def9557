"""The conversation scorer: chance-corrected accuracy, memory score, bounds and diagnostics.

The headline is chance-corrected accuracy; AMemGym's memory score sits beside it.

``Score.value`` holds `conversation_grading.SCORE_KEYS` as floats (means over periods);
``Score.metadata`` holds the per-period grades and one row per (period, question), and
how to read ``memory_delta`` (``score_notes``): on the chance-corrected scale it exceeds 1
when the no-memory answers do worse than chance (``no_memory`` below 0). With
self-evolution (``-T evolve=``) it also holds ``evolve`` (the feedback level) and
``evolution``: each period's headline and accuracy beside the memory brief in force during
it. What the memory holds is scored per operation beside the headline, never in it
(``operation_scores`` and ``memory_holds``, `conversation.memory_holds`).
"""

from __future__ import annotations

from typing import Any

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.conversation.evolve_levels import NO_EVOLUTION
from inspect_memgym.conversation.explanation import conversation_grid, conversation_periods
from inspect_memgym.conversation.grading import (
    HEADLINE,
    OFFICIAL_MEMORY_SCORE,
    UPPER_BOUND_FLAG,
    AskedPasses,
    ConversationAnswer,
    grade_conversation,
    period_rows,
)
from inspect_memgym.conversation.memory_holds import labelled_questions, memory_holds
from inspect_memgym.conversation.normalisation import MEMORY_DELTA_SCALE
from inspect_memgym.conversation.sample_spec import ConversationSpec
from inspect_memgym.conversation.self_evolution import (
    EvolutionState,
    evolution_rows,
    evolution_table,
)
from inspect_memgym.conversation.state import ConversationState
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.scoring.isolation import ISOLATION_METADATA, MEMORY_DELTA, SCORE_NOTES
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_REACHED, reached_sentence

UPPER_BOUND_WARNING = (
    "\n\nWARNING: the upper bound (the questions answered with the current state given) is "
    "below random + 0.1, so AMemGym's memory score is unreliable here; the headline does not "
    "use it."
)
"""Added to the explanation of a sample whose upper bound is flagged."""
EVOLUTION_KEYS = (HEADLINE, "accuracy")
"""Per-period grades shown beside each period's memory brief when the sample evolves."""


def sample_scorer() -> Scorer:
    """Grade every question, probe and upper-bound answer of a conversation sample."""

    async def score(state: TaskState, target: Target) -> Score:
        spec = ConversationSpec.of_state(state)
        scenario = ConversationScenario.from_dict(spec.scenario)
        results = ConversationAnswer.all_of(store_as(ConversationState).results)
        options = spec.conversation_options
        asked = AskedPasses(options.diagnostics, options.upper_bound, options.memory_isolation)
        grading = grade_conversation(scenario, results, asked)
        ledger = store_as(MemoryLedger)
        questions = labelled_questions(scenario, grading.questions, grading.unanswered)
        operations, holds = memory_holds(scenario, questions, current_holdings())
        right = sum(row.correct for row in questions)
        total = len(questions)
        value = grading.value
        evolution: dict[str, Any] = {}
        evolution_text = ""
        if spec.conversation_options.evolve != NO_EVOLUTION:
            evolved = store_as(EvolutionState)
            rows = evolution_rows(
                period_rows(grading), evolved.initial_brief, evolved.rewrites, EVOLUTION_KEYS
            )
            evolution = {"evolve": evolved.level, "evolution": rows}
            evolution_text = evolution_table(evolved.level, rows)
        return Score(
            value=value,
            answer=f"{right}/{total} answers right",
            explanation=(
                reached_sentence(
                    int(value[NOT_REACHED]),
                    len(scenario.questions) * len(scenario.periods),
                    sum(result.kind == "question" for result in results),
                )
                + ("\n\n" if value[NOT_REACHED] else "")
                + f"chance-corrected accuracy {value[HEADLINE]:.3f} (accuracy "
                f"{value['accuracy']:.3f} against random {value['random']:.3f}; with no memory "
                f"{value['no_memory']:.3f}, memory_delta {value['memory_delta']:.3f}); "
                f"AMemGym's memory score {value['memory_score']:.3f} "
                f"(upper bound {value['upper_bound']:.3f}; unclipped, as AMemGym computes it, "
                f"{value[OFFICIAL_MEMORY_SCORE]:.3f}), over {len(grading.periods)} periods."
                + f"\n\nNote: {MEMORY_DELTA_SCALE}."
                + (UPPER_BOUND_WARNING if value[UPPER_BOUND_FLAG] == 1.0 else "")
                + "\n\n"
                + conversation_periods(period_rows(grading))
                + "\n\nAnswers by question and period (✓ right; – not reached, scored as "
                "a decline; W, R, U: write, read or utilization failure; ? unparsed; ✗ "
                "wrong):\n\n" + conversation_grid(questions) + evolution_text
            ),
            metadata={
                SCORE_NOTES: {MEMORY_DELTA: MEMORY_DELTA_SCALE},
                ISOLATION_METADATA: grading.isolation,
                "periods": period_rows(grading),
                "questions": [row.as_metadata() for row in questions],
                "parse_failures": sum(row.parse_failure for row in questions),
                "memory_operations": len(ledger.operations),
                "writes_used": ledger.writes_used,
                **cost_metadata(),
                **evolution,
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score
