"""The feedback scorer: the learning curve, final accuracy, AUC, isolation and learned rules.

``Score.value`` holds `grading.SCORE_KEYS` as floats (the headline ``final`` corrected for
chance, the raw ``final_accuracy`` and its memoryless floor ``chance`` beside it);
``Score.metadata`` holds the curve (``learning_curve``: one row per step with ``step``,
``accuracy`` and ``score``, the shape the ``inspect-memgym plot`` learning-curve figure
reads), the hidden items, every graded test answer and the training dialogues. What the
memory holds is scored per operation beside the headline, never in it (``operation_scores``
and ``memory_holds``, `feedback.memory_holds`).
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState

from inspect_memgym.feedback.episode_loading import FeedbackSpec, episode_of
from inspect_memgym.feedback.explanation import curve_table, items_table
from inspect_memgym.feedback.grading import (
    grade_records,
    grade_world,
    planned_answers,
)
from inspect_memgym.feedback.memory_holds import memory_holds
from inspect_memgym.feedback.records_episode import RecordsEpisode
from inspect_memgym.feedback.state import current_feedback_state
from inspect_memgym.feedback.world_episode import WorldEpisode
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED, reached_sentence

LEARNING_CURVE_KEY = "learning_curve"


def sample_scorer() -> Scorer:
    """Grade every test answer of a feedback sample and draw its learning curve."""

    async def score(state: TaskState, target: Target) -> Score:
        episode = episode_of(FeedbackSpec.of_state(state))
        progress = current_feedback_state()
        results = progress.results
        dialogues = progress.dialogues
        planned = planned_answers(progress.planned_steps, episode.test_ids())
        if isinstance(episode, WorldEpisode):
            grade = grade_world(episode.world, results, dialogues, planned)
        else:
            assert isinstance(episode, RecordsEpisode)
            grade = grade_records(episode.records, results, dialogues, planned)
        value = grade.value
        world = episode.world if isinstance(episode, WorldEpisode) else None
        operations, holds = memory_holds(world, grade.answers, dialogues, current_holdings())
        final_rows = [
            row for row in grade.answers if grade.curve and row.step == grade.curve[-1].step
        ]
        right = sum(row.score == 1.0 for row in final_rows if not row.control)
        asked = sum(1 for row in final_rows if not row.control)
        return Score(
            value=value,
            answer=f"{right}/{asked} test requests right at the last step",
            explanation=NOTHING_REACHED
            if not grade.curve
            else (
                reached_sentence(int(value[NOT_REACHED]), len(planned), len(results))
                + ("\n\n" if value[NOT_REACHED] else "")
                + f"final {value['final']:.3f} (corrected for chance: accuracy "
                f"{value['final_accuracy']:.3f}, chance {value['chance']:.3f}), AUC "
                f"{value['auc']:.3f}, no memory {value['no_memory']:.3f}, learned rules "
                f"{value['learned_rule_rate']:.3f}, controls {value['control_accuracy']:.3f}.\n\n"
                + curve_table(grade.curve, value["no_memory"])
                + "\n\n"
                + items_table(grade.items)
            ),
            metadata={
                LEARNING_CURVE_KEY: [point.as_metadata() for point in grade.curve],
                "items": [item.as_metadata() for item in grade.items],
                "answers": [row.as_metadata() for row in grade.answers],
                "dialogues": [dialogue.as_metadata() for dialogue in dialogues],
                "user_fallbacks": progress.user_fallbacks,
                ISOLATION_METADATA: grade.isolation.metadata(),
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score
