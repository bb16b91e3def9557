"""The code_qa scorer: fact recall per question, by rules, and by the judge where they cannot.

``Score.value`` holds `grading.SCORE_KEYS` as floats: accuracy (the headline: the questions
that need memory, on their memory-only facts), the discoverable questions' accuracy apart,
fact recall (all linked facts, critical, memory-only, discoverable), noise rejection, and
the memory-isolated ``no_memory`` and ``memory_delta`` (metrics on `summary_keys.SUMMARY_KEYS`
only, so the results table reads at 80 columns). ``Score.metadata["questions"]``
holds one row per question: the question, gold answer, answer, each linked fact (held or
not, counted or not, decided by rules or judge), the distractors it states, why it is a
hedge, the linked facts that what memory showed for it holds, and the same grade of the
no-memory answer; `metrics.pooled_accuracy` gives accuracy per category and per difficulty
from those rows, pooled over the questions that need memory. With a judge, the metadata
names the judge model and whether the model under test judged itself (``self_judged``);
with a panel of graders, every judged fact's votes (``judge_panel``,
`scoring.judge.panel_metadata`).
What the memory holds is scored per operation beside the headline, never in it
(``operation_scores`` and ``memory_holds``, `code_qa.memory_holds`; each row gains its
``memory_failure``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.explanation import code_qa_questions
from inspect_memgym.code_qa.grading import (
    HEADLINE,
    QuestionGrade,
    grade_answer,
    graded_text,
    undecided_facts,
)
from inspect_memgym.code_qa.instances import CodeQASpec, sample_instance
from inspect_memgym.code_qa.judge import (
    FACT_JUDGE_PROMPT,
    FACT_JUDGE_PROMPT_NAME,
    FACT_JUDGE_PROMPT_VERSION,
    FACT_QUESTION_TYPE,
    JUDGE_TEMPLATES,
    FactJudgement,
    judge_fact,
)
from inspect_memgym.code_qa.memory_holds import memory_holds
from inspect_memgym.code_qa.metrics import QUESTIONS_KEY
from inspect_memgym.code_qa.question_rows import QuestionRow
from inspect_memgym.code_qa.sample_value import isolation, score_value
from inspect_memgym.code_qa.state import NO_MEMORY, WITH_MEMORY, CodeQAAnswer, CodeQAState
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.kit.inspect_internals import bind_rescored_sample
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.judge import announce_judge, panel_metadata
from inspect_memgym.scoring.judge_audit import DECIDED_BY, decided_by_counts
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOTHING_REACHED, reached_sentence
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE, JUDGE_VERDICTS


async def _grade(
    instance: CodeQAInstance,
    record: CodeQAAnswer,
    judge: bool,
    self_judge: bool,
    judgements: list[FactJudgement],
    settings: JudgeSettings,
) -> QuestionGrade | None:
    """Grade one raw answer, asking the judge about the facts the rules leave undecided.

    Returns:
        The grade; None when a judge reply held no verdict (the answer is left unscored).
    """
    qa_id, answer = record.qa_id, record.answer
    verdicts: dict[str, bool] = {}
    unreadable = False
    if judge:
        question = instance.question(qa_id).question
        for fact_id in undecided_facts(instance, qa_id, answer):
            statement = instance.fact(fact_id).fact.statement
            judgement = await judge_fact(
                qa_id, question, statement, graded_text(answer), self_judge, settings
            )
            if judgement.held is None:
                unreadable = True
            else:
                verdicts[fact_id] = judgement.held
            judgements.append(judgement)
    return None if unreadable else grade_answer(instance, qa_id, answer, verdicts)


def _unreadable_metadata(
    judgements: list[FactJudgement], unscored: dict[str, list[str]]
) -> dict[str, Any]:
    """With a judge: its unreadable replies and the answers they left unscored, per pass."""
    if not judgements:
        return {}
    return {
        JUDGE_UNREADABLE: sum(item.held is None for item in judgements),
        JUDGE_VERDICTS: len(judgements),
        "unscored_questions": unscored,
    }


def _row(
    instance: CodeQAInstance,
    record: CodeQAAnswer,
    grade: QuestionGrade,
    no_memory: QuestionGrade | None,
) -> QuestionRow:
    pair = instance.question(grade.qa_id)
    return QuestionRow(
        grade=grade,
        question=pair.question,
        gold=pair.gold_answer,
        answer=record.answer,
        shown_fact_ids=tuple(record.shown_fact_ids),
        no_memory=no_memory,
    )


def _explanation(
    value: Mapping[str, float], rows: list[QuestionRow], not_reached: int, questions: int
) -> str:
    if not_reached == questions:
        return NOTHING_REACHED
    return (
        f"accuracy on the questions that need memory {value[HEADLINE]:.3f} (no memory "
        f"{value['no_memory']:.3f}); discoverable questions "
        f"{value['discoverable_accuracy']:.3f}; fact recall "
        f"{value['fact_recall']:.3f}, memory-only facts "
        f"{value['memory_only_fact_recall']:.3f}; noise rejection "
        f"{value['noise_rejection']:.3f}. "
        + reached_sentence(not_reached, questions)
        + "\n\n"
        + code_qa_questions(rows)
    )


def sample_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Grade every answer of a code_qa sample, with memory and without.

    Args:
        judge: Consult the ``grader`` model role for linked facts the rules cannot decide
            (otherwise such a fact counts as not held).
        self_judge: Let the model under test judge when no ``grader`` role is bound
            (recorded as ``self_judged``); without it a judge needs a bound grader.
        judge_prompts: A YAML or JSON file replacing the fact judge's template
            (`scoring.judge_prompts`).
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        instance = sample_instance(CodeQASpec.of_state(state))
        records = CodeQAAnswer.all_of(store_as(CodeQAState).answers)
        if judge:
            announce_judge(BENCHMARK_NAME, self_judge)
        judgements: list[FactJudgement] = []
        grades: dict[str, dict[str, QuestionGrade]] = {WITH_MEMORY: {}, NO_MEMORY: {}}
        unscored: dict[str, list[str]] = {WITH_MEMORY: [], NO_MEMORY: []}
        for record in records:
            grade = await _grade(instance, record, judge, self_judge, judgements, settings)
            if grade is None:
                unscored[record.pass_name].append(record.qa_id)
            else:
                grades[record.pass_name][record.qa_id] = grade
        reached = [pair for pair in instance.qa_pairs if pair.qa_id in grades[WITH_MEMORY]]
        with_memory = [grades[WITH_MEMORY][pair.qa_id] for pair in reached]
        isolated = isolation(with_memory, grades[NO_MEMORY])
        not_reached = len(instance.qa_pairs) - len(reached) - len(unscored[WITH_MEMORY])
        value = score_value(with_memory, isolated, not_reached)
        rows = [
            _row(instance, record, grades[WITH_MEMORY][record.qa_id],
                 grades[NO_MEMORY].get(record.qa_id))
            for record in records
            if record.pass_name == WITH_MEMORY and record.qa_id in grades[WITH_MEMORY]
        ]  # fmt: skip
        operations, holds, rows = memory_holds(instance, rows, current_holdings())
        needing = [grade for grade in with_memory if grade.requires_memory]
        right = sum(grade.correct for grade in needing)
        ledger = store_as(MemoryLedger)
        return Score(
            value=value,
            answer=f"{right}/{len(needing)} questions that need memory right",
            explanation=_explanation(value, rows, not_reached, len(instance.qa_pairs)),
            metadata={
                QUESTIONS_KEY: [row.as_metadata() for row in rows],
                "judge_model": sorted({item.judge_model for item in judgements}) or None,
                "self_judged": any(item.self_judged for item in judgements),
                **_unreadable_metadata(judgements, unscored),
                **panel_metadata(judgements),
                **settings.metadata(
                    FACT_QUESTION_TYPE,
                    FACT_JUDGE_PROMPT,
                    FACT_JUDGE_PROMPT_NAME,
                    FACT_JUDGE_PROMPT_VERSION,
                    judged=bool(judgements),
                ),
                DECIDED_BY: decided_by_counts(
                    fact.decided_by for row in rows for fact in row.grade.facts
                ),
                ISOLATION_METADATA: isolated.metadata(),
                "ingest_groups": store_as(CodeQAState).ingest_groups,
                "ingest_chars": store_as(CodeQAState).ingest_chars,
                "memory_operations": len(ledger.operations),
                "writes_used": ledger.writes_used,
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds,
            },
        )

    return score
