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

A question a pass did not answer is scored as that pass's decline (`scoring.reached`): a
limit cut it, or every judge verdict on its answer was unreadable. Its grade is the
decline's by the rules (`grading.decline_grade`, no model call), in every figure and, with
memory isolation on, on the no-memory side too. Its row says why (``declined``,
``no_memory_declined``) and ``declined_questions`` lists them per pass; ``not_reached``
counts the questions a limit cut in either pass, and a sample whose memory pass reached no
question says so (`scoring.reached.NOTHING_REACHED`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.explanation import code_qa_questions
from inspect_memgym.code_qa.grading import (
    HEADLINE,
    QuestionGrade,
    decline_grade,
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
from inspect_memgym.code_qa.question_rows import (
    DECLINED_NOT_REACHED,
    DECLINED_UNREADABLE,
    QuestionRow,
)
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
from inspect_memgym.scoring.operation_scores import (
    MEMORY_HOLDS_KEY,
    OPERATION_SCORES_KEY,
)
from inspect_memgym.scoring.reached import NOTHING_REACHED
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
        The grade; None when a judge reply held no verdict (the question is then graded
        as the decline, `_counted_grades`).
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


def _counted_grades(
    instance: CodeQAInstance, graded: Mapping[str, QuestionGrade], unreadable: Sequence[str]
) -> tuple[dict[str, QuestionGrade], dict[str, str]]:
    """Every question's grade in one pass: its answer's, else the decline's (and why).

    A question the pass did not answer (a limit cut it) or whose every verdict was
    unreadable is graded as the decline by the rules (`grading.decline_grade`): no model
    is called for it (`scoring.reached`).

    Args:
        instance: The instance.
        graded: The grades of the pass's gradable answers, by question id.
        unreadable: The questions whose answer drew an unreadable verdict.

    Returns:
        The grades of every question, in the instance's order, and the declined ones'
        reasons (`DECLINED_NOT_REACHED`, `DECLINED_UNREADABLE`), by question id.
    """
    counted: dict[str, QuestionGrade] = {}
    declined: dict[str, str] = {}
    for pair in instance.qa_pairs:
        if pair.qa_id in graded:
            counted[pair.qa_id] = graded[pair.qa_id]
            continue
        counted[pair.qa_id] = decline_grade(instance, pair.qa_id)
        unread = pair.qa_id in unreadable
        declined[pair.qa_id] = DECLINED_UNREADABLE if unread else DECLINED_NOT_REACHED
    return counted, declined


def _unreadable_metadata(judgements: list[FactJudgement]) -> dict[str, Any]:
    """With a judge: its unreadable replies and all its replies."""
    if not judgements:
        return {}
    return {
        JUDGE_UNREADABLE: sum(item.held is None for item in judgements),
        JUDGE_VERDICTS: len(judgements),
    }


def _rows(
    instance: CodeQAInstance,
    given: Mapping[str, CodeQAAnswer],
    counted: Mapping[str, Mapping[str, QuestionGrade]],
    declined: Mapping[str, Mapping[str, str]],
) -> list[QuestionRow]:
    """One row per question, in the instance's order, with its grades and their sources."""
    rows = []
    for pair in instance.qa_pairs:
        record = given.get(pair.qa_id)
        rows.append(
            QuestionRow(
                grade=counted[WITH_MEMORY][pair.qa_id],
                question=pair.question,
                gold=pair.gold_answer,
                answer=None if record is None else record.answer,
                shown_fact_ids=() if record is None else tuple(record.shown_fact_ids),
                no_memory=counted.get(NO_MEMORY, {}).get(pair.qa_id),
                declined=declined[WITH_MEMORY].get(pair.qa_id),
                no_memory_declined=declined.get(NO_MEMORY, {}).get(pair.qa_id),
            )
        )
    return rows


def _reached_note(not_reached: int, cut_with_memory: int, questions: int) -> str:
    """What a limit cut, in either pass ("" when nothing)."""
    if not not_reached:
        return ""
    return (
        f"A limit cut the sample: {not_reached} of {questions} questions were not reached "
        f"({cut_with_memory} with memory, {not_reached - cut_with_memory} with no memory "
        "only) and are scored as declines (`not_reached`)."
    )


def _explanation(
    value: Mapping[str, float], rows: list[QuestionRow], not_reached: int, questions: int
) -> str:
    cut_with_memory = sum(row.declined == DECLINED_NOT_REACHED for row in rows)
    if cut_with_memory == questions:
        return NOTHING_REACHED
    return (
        f"accuracy on the questions that need memory {value[HEADLINE]:.3f} (no memory "
        f"{value['no_memory']:.3f}); discoverable questions "
        f"{value['discoverable_accuracy']:.3f}; fact recall "
        f"{value['fact_recall']:.3f}, memory-only facts "
        f"{value['memory_only_fact_recall']:.3f}; noise rejection "
        f"{value['noise_rejection']:.3f}. "
        + _reached_note(not_reached, cut_with_memory, questions)
        + "\n\n"
        + code_qa_questions(rows)
    )


def sample_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Grade every answer of a code_qa sample, with memory and without.

    What the registered `scorer.code_qa_scorer` returns; its docstring gives the arguments.
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        spec = CodeQASpec.of_state(state)
        instance = sample_instance(spec)
        records = CodeQAAnswer.all_of(store_as(CodeQAState).answers)
        if judge:
            announce_judge(BENCHMARK_NAME, self_judge)
        judgements: list[FactJudgement] = []
        graded: dict[str, dict[str, QuestionGrade]] = {WITH_MEMORY: {}, NO_MEMORY: {}}
        unreadable: dict[str, list[str]] = {WITH_MEMORY: [], NO_MEMORY: []}
        given = {record.qa_id: record for record in records if record.pass_name == WITH_MEMORY}
        for record in records:
            grade = await _grade(instance, record, judge, self_judge, judgements, settings)
            if grade is None:
                unreadable[record.pass_name].append(record.qa_id)
            else:
                graded[record.pass_name][record.qa_id] = grade
        isolated_passes = spec.code_qa_options.memory_isolation
        passes = (WITH_MEMORY, NO_MEMORY) if isolated_passes else (WITH_MEMORY,)
        counted: dict[str, dict[str, QuestionGrade]] = {}
        declined: dict[str, dict[str, str]] = {}
        for name in passes:
            counted[name], declined[name] = _counted_grades(
                instance, graded[name], unreadable[name]
            )
        with_memory = list(counted[WITH_MEMORY].values())
        isolated = isolation(with_memory, counted.get(NO_MEMORY, {}))
        not_reached = len(
            {
                qa_id
                for reasons in declined.values()
                for qa_id, reason in reasons.items()
                if reason == DECLINED_NOT_REACHED
            }
        )
        value = score_value(with_memory, isolated, not_reached)
        # every question, a cut one too: memory_holds leaves it unlabelled, counted
        rows = _rows(instance, given, counted, declined)
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
                "declined_questions": declined,
                **_unreadable_metadata(judgements),
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
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score
