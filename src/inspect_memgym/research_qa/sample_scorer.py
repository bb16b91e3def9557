"""The research_qa scorer: rules first, the partial-credit judge only when they cannot decide.

``Score.value`` holds `grading.SCORE_KEYS` as floats (``score`` is the headline, grouped by
hop count); ``Score.metadata`` the gold, both graded answers, one row per hop (where its
fact was when answering), the interactive searches, and with the judge on, whether the
model under test judged its own answers (``self_judged``), how many judge replies the
sample asked for (``judge_verdicts``) and how many were unreadable (``judge_unreadable``),
and with a panel of graders each judged answer's scores (``judge_panel``,
`scoring.judge.panel_metadata`); the explanation shows them as Markdown tables. What the
memory holds is scored per operation beside the headline, never in it (``operation_scores``
and ``memory_holds``, `research_qa.memory_holds`).
"""

from __future__ import annotations

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.kit.inspect_internals import bind_rescored_sample
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.research_qa import BENCHMARK_NAME
from inspect_memgym.research_qa.driver import ResearchSpec, sample_instance
from inspect_memgym.research_qa.explanation import research_explanation
from inspect_memgym.research_qa.grading import (
    AnswerGrade,
    decline_grade,
    failure_label,
    grade_reply,
    hop_rows,
    isolation,
    score_values,
)
from inspect_memgym.research_qa.judge import (
    ANSWER_QUESTION_TYPE,
    JUDGE_PROMPT,
    JUDGE_PROMPT_NAME,
    JUDGE_PROMPT_VERSION,
    JUDGE_TEMPLATES,
    JudgeScore,
    judge_score,
)
from inspect_memgym.research_qa.memory_holds import memory_holds
from inspect_memgym.research_qa.state import ResearchState, SearchRecord
from inspect_memgym.research_qa.world import ResearchInstance
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.judge import announce_judge, grader_is_bound, panel_metadata
from inspect_memgym.scoring.judge_audit import DECIDED_BY
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOTHING_REACHED
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE, JUDGE_VERDICTS


def sample_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Grade the answer with memory and the no-memory answer of a research_qa sample.

    What the registered `scorer.research_qa_scorer` returns; its docstring gives the arguments.
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        instance, options = sample_instance(ResearchSpec.of_state(state))
        progress = store_as(ResearchState)
        if judge:
            announce_judge(BENCHMARK_NAME, self_judge)
        grade, judged = await _grade(instance, progress.answer, judge, self_judge, settings)
        unreadable = _unreadable(judged)
        no_memory, no_memory_judged = None, None
        if options.memory_isolation:
            no_memory, no_memory_judged = await _grade(
                instance, progress.no_memory_answer, judge, self_judge, settings
            )
        no_memory_unreadable = _unreadable(no_memory_judged)
        cut = progress.answer is None or (no_memory is not None and no_memory.raw is None)
        stored = progress.stored_fact_ids
        recalled = progress.recalled_fact_ids
        visible = progress.visible_fact_ids
        isolated = isolation(grade, no_memory)
        answered = progress.answer is not None
        value = score_values(instance, grade, isolated, stored, recalled, visible, cut, answered)
        hops = hop_rows(instance, stored, recalled, visible)
        correct = grade.score >= 1.0
        operations, holds = memory_holds(
            instance,
            grade.answer,
            correct,
            failure_label(instance, correct, stored, recalled, visible, answered),
            current_holdings(),
            answered,
        )
        return Score(
            value=value,
            answer=grade.answer,
            explanation=(
                (NOTHING_REACHED + "\n\n" if progress.answer is None else "")
                + research_explanation(instance, grade, no_memory, value, hops)
            ),
            metadata={
                "gold": instance.gold.text,
                "gold_kind": instance.gold.kind,
                "answer": grade.to_dict(),
                "no_memory_answer": None if no_memory is None else no_memory.to_dict(),
                ISOLATION_METADATA: isolated.metadata(),
                "hops": [row.as_metadata() for row in hops],
                "searches": [
                    search.as_metadata() for search in SearchRecord.all_of(progress.searches)
                ],
                "visible_doc_ids": progress.visible_doc_ids,
                "kept": progress.kept.as_metadata(),
                **settings.metadata(
                    ANSWER_QUESTION_TYPE,
                    JUDGE_PROMPT,
                    JUDGE_PROMPT_NAME,
                    JUDGE_PROMPT_VERSION,
                    judged=judge,
                ),
                DECIDED_BY: grade.decided_by,
                **(
                    {
                        JUDGE_UNREADABLE: int(unreadable) + int(no_memory_unreadable),
                        JUDGE_VERDICTS: (judged is not None) + (no_memory_judged is not None),
                    }
                    if judge
                    else {}
                ),
                **panel_metadata([judged, no_memory_judged]),
                "self_judged": (not grader_is_bound()) if judge else None,
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score


async def _grade(
    instance: ResearchInstance,
    raw: str | None,
    judge: bool,
    self_judge: bool,
    settings: JudgeSettings,
) -> tuple[AnswerGrade, JudgeScore | None]:
    """Rules first; an undecided answer goes to the judge when it is on.

    Returns:
        The grade, and the judge's score when it was asked (None when the rules decided).
        An answer never given (a limit cut the pass) is graded as the decline, by the
        rules; an unreadable judge score leaves the grade the rules' undecided one, which
        scores 0, as the decline does (`scoring.reached`).
    """
    if raw is None:
        return decline_grade(instance), None
    grade = grade_reply(instance, raw)
    if grade.verdict != "undecided" or not judge:
        return grade, None
    judged = await judge_score(
        instance.question, instance.gold.text, grade.answer, self_judge, settings
    )
    if judged.score is not None:
        grade = grade.judged(judged.score, judged.judge_model, judged.self_judged)
    return grade, judged


def _unreadable(judged: JudgeScore | None) -> bool:
    """Whether the judge was asked and its reply (or every panel reply) held no score."""
    return judged is not None and judged.score is None
