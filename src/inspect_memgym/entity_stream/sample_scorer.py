"""The entity_stream scorer: rules first, the judge only when rules cannot decide.

``Score.value`` holds the composite, every axis and the failure-attribution rates as floats,
and beside them MemoryGym's own composite from the same verdicts (``official_*``,
`entity_stream.official`); ``Score.metadata`` holds each question's gold answer, the agent's
answer, the verdict, how it was reached and its failure attribution
(``entity_stream.attribution``), and what the memory holds with its per-operation scores
(``entity_stream.memory_holds``), averaged per run by the scorer-level `memory_operations`
metric beside the headline, never in it. With the judge asked, the metadata counts its
replies (``judge_verdicts``) and the unreadable ones (``judge_unreadable``); with a panel of
graders, each judged answer's votes (``judge_panel``, `scoring.judge.panel_metadata`).

A question a pass did not answer (a limit cut it) or whose judge reply held no grade is
scored as that pass's decline, the abstainer's refusal graded by the rules, with no model
call (`scoring.reached`): in every axis and on both sides of the memory isolation. Its
detail says so (``scored_as: decline`` with ``not_reached`` or ``judge_unreadable``; for
the no-memory pass ``no_memory_scored_as: decline`` with ``no_memory_not_reached`` or
``no_memory_judge_unreadable``), and ``not_reached`` counts the questions a limit cut in
either pass.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState
from inspect_ai.util import store_as

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.attribution import attribute_questions
from inspect_memgym.entity_stream.axes import (
    QuestionOutcome,
    accuracy_by_type,
    axis_scores,
    fact_events,
    isolation,
)
from inspect_memgym.entity_stream.explanation import entity_stream_questions
from inspect_memgym.entity_stream.graded import GradedQuestion, JudgeGrade, NoMemoryGrade
from inspect_memgym.entity_stream.memory_holds import memory_holds
from inspect_memgym.entity_stream.official import official_axes, storage_coverage
from inspect_memgym.entity_stream.prompts import DECLINE_REPLY
from inspect_memgym.entity_stream.rule_grading import rule_detail
from inspect_memgym.entity_stream.sample_spec import EntityStreamSpec
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.state import AGENTIC, EntityStreamState
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.kit.inspect_internals import bind_rescored_sample
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS, failure_rates
from inspect_memgym.scoring.isolation import ISOLATION_METADATA
from inspect_memgym.scoring.judge import (
    JUDGE_PROMPT,
    JUDGE_PROMPT_NAME,
    JUDGE_PROMPT_VERSION,
    JUDGE_QUESTION_TYPE,
    JUDGE_TEMPLATES,
    AnswerJudgement,
    judge_answer,
    panel_metadata,
)
from inspect_memgym.scoring.judge_audit import (
    DECIDED_BY,
    JUDGE,
    decided_by_counts,
)
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_REACHED, reached_sentence
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE, JUDGE_VERDICTS

DECLINE = DECLINE_REPLY
"""The reply a missing answer is graded as: the abstainer's refusal (`scoring.reached`)."""
DECLINE_GRADE = "decline"
"""A question detail's ``scored_as`` when its grade is the decline's."""
OFFICIAL_STORAGE_COVERAGE = "official_storage_coverage"
"""`Score.metadata` key: the share of entities memory holds by MemoryGym's rule, which gates
``official_maintenance`` (None without a ledger of entries: strategies other than agentic)."""


def _declined(
    question: Question, known_names: list[str], template: Template, reason: str
) -> GradedQuestion:
    """The detail of an answer a pass never gave: the decline's, by the rules.

    No model is called (`scoring.reached`): the refusal is graded by the answer rules (an
    undecided verdict counts as wrong), and the detail says why (``scored_as``, and
    ``not_reached`` or ``judge_unreadable`` true).

    Args:
        question: The question.
        known_names: Every entity name of the world plus the never-seen names asked about.
        template: The scenario's template.
        reason: `NOT_REACHED` (a limit cut the pass) or `JUDGE_UNREADABLE`.
    """
    detail = GradedQuestion.from_rule_detail(rule_detail(question, DECLINE, known_names, template))
    return replace(detail, submitted=False, scored_as=DECLINE_GRADE, declined_for=reason)


def _no_memory_grade(without: GradedQuestion) -> NoMemoryGrade:
    """A question's grade in the no-memory pass, saying why when it is the decline's.

    A decline's row says ``no_memory_scored_as: decline``, with ``no_memory_not_reached``
    (a limit cut the no-memory pass before it) or ``no_memory_judge_unreadable`` (its judge
    reply held no grade), so the viewer shows why the no-memory side scored a decline.

    Args:
        without: The question's detail in the no-memory pass.
    """
    declined_for = None
    if without.scored_as == DECLINE_GRADE:
        unreadable = without.judge is not None and without.judge.unreadable
        declined_for = JUDGE_UNREADABLE if unreadable else NOT_REACHED
    return NoMemoryGrade(without.answer, without.correct, declined_for)


async def _grade(
    question: Question,
    answer: str,
    known_names: list[str],
    template: Template,
    judge: bool,
    self_judge: bool,
    settings: JudgeSettings,
    judgements: list[AnswerJudgement],
) -> GradedQuestion:
    """An answer's grade by the rules, by the judge when they cannot decide and it is asked.

    A judge reply with no grade leaves the answer scored as the decline (the caller's).
    """
    detail = GradedQuestion.from_rule_detail(rule_detail(question, answer, known_names, template))
    if detail.verdict == "undecided" and judge:
        judged = await judge_answer(
            BENCHMARK_NAME, question.text, question.gold.text, answer, self_judge, settings
        )
        judgements.append(judged)
        detail = replace(
            detail,
            correct=bool(judged.correct),
            decided_by=JUDGE,
            judge=JudgeGrade(
                unreadable=judged.correct is None,
                model=judged.judge_model,
                self_judged=judged.self_judged,
                prompt=_prompt_metadata(settings),
            ),
        )
    return detail


def _unreadable_metadata(
    graded: list[GradedQuestion], unreadable: int, judgements: list[AnswerJudgement]
) -> dict[str, Any]:
    """What the metadata records of the judge, when it was asked (else nothing).

    ``judge_unreadable`` (answers scored as the decline), ``judge_verdicts`` (its replies, both
    passes) and a panel's votes (`scoring.judge.panel_metadata`).
    """
    if not any(detail.decided_by == JUDGE for detail in graded):
        return {}
    return {
        JUDGE_UNREADABLE: unreadable,
        JUDGE_VERDICTS: len(judgements),
        **panel_metadata(judgements),
    }


def _prompt_metadata(settings: JudgeSettings, judged: bool = True) -> dict[str, Any]:
    return settings.metadata(
        JUDGE_QUESTION_TYPE, JUDGE_PROMPT, JUDGE_PROMPT_NAME, JUDGE_PROMPT_VERSION, judged
    )


def _add_attribution(
    state: TaskState,
    events: list[dict[str, Any]],
    questions: list[Question],
    ledger: MemoryLedger,
    details: list[GradedQuestion],
) -> list[GradedQuestion]:
    """Each question's detail with its failure label and blamed facts (none if not reached)."""
    attributions = attribute_questions(
        EntityStreamSpec.of_state(state).template,
        events,
        questions,
        ledger.operations,
        {detail.qid: detail.correct for detail in details},
        {detail.qid for detail in details if detail.declined_for != NOT_REACHED},
    )
    return [
        replace(
            detail,
            attribution=attributions[detail.qid].label,
            attribution_facts=tuple(tuple(fact) for fact in attributions[detail.qid].facts),
        )
        for detail in details
    ]


def sample_scorer(
    judge: bool = False, self_judge: bool = False, judge_prompts: str | None = None
) -> Scorer:
    """Score every question of an entity_stream sample and compute the axes.

    What the registered `scorer.entity_stream_scorer` returns; its docstring gives the arguments.
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        spec = EntityStreamSpec.of_state(state)
        content = scenario_content(state.metadata)
        questions = [Question.from_dict(item) for item in content.questions]
        known_names = list(content.known_names)
        template = get_template(spec.template)
        progress = store_as(EntityStreamState)
        ledger = store_as(MemoryLedger)

        given = [progress.answers]
        if spec.memory_isolation:
            given.append(progress.no_memory_answers)
        cut = [question for question in questions if any(question.qid not in g for g in given)]
        judgements: list[AnswerJudgement] = []

        async def grade_all(answers: dict[str, dict[str, Any]]) -> list[GradedQuestion]:
            """Every question's detail in one pass; a missing answer is the decline's."""
            details = []
            for question in questions:
                answer = answers.get(question.qid)
                if answer is None:
                    details.append(_declined(question, known_names, template, NOT_REACHED))
                    continue
                detail = await _grade(
                    question,
                    str(answer.get("answer", "")),
                    known_names,
                    template,
                    judge,
                    self_judge,
                    settings,
                    judgements,
                )
                detail = replace(detail, submitted=bool(answer.get("submitted", False)))
                if detail.judge is not None and detail.judge.unreadable:  # no grade in its reply
                    declined = _declined(question, known_names, template, JUDGE_UNREADABLE)
                    detail = replace(detail, correct=declined.correct, scored_as=DECLINE_GRADE)
                details.append(detail)
            return details

        details = await grade_all(progress.answers)
        graded_without = (
            await grade_all(progress.no_memory_answers) if spec.memory_isolation else None
        )
        isolated = (
            {detail.qid: detail for detail in graded_without}
            if graded_without is not None
            else None
        )
        unreadable = sum(
            detail.judge is not None and detail.judge.unreadable
            for detail in [*details, *(graded_without or [])]
        )
        attributed = EntityStreamSpec.of_state(state).strategy == AGENTIC
        if attributed:
            details = _add_attribution(state, content.events, questions, ledger, details)
        outcomes = [QuestionOutcome(d.qtype, d.axis, d.correct) for d in details]
        stream_facts = fact_events(content.events)
        axes = axis_scores(outcomes, ledger.writes_used, stream_facts)
        outcomes_without_memory = None
        if isolated is not None:  # every question has a no-memory detail (or the decline's)
            details = [
                replace(detail, no_memory=_no_memory_grade(isolated[detail.qid]))
                for detail in details
            ]
            outcomes_without_memory = [
                QuestionOutcome(detail.qtype, detail.axis, without.correct)
                for detail in details
                if (without := detail.no_memory) is not None
            ]
        composite, axis_deltas = isolation(
            outcomes, outcomes_without_memory, ledger.writes_used, stream_facts
        )
        coverage = (
            storage_coverage(template, content.events, ledger.operations)
            if attributed
            else math.nan
        )
        value = {
            **axes,
            **composite.values(),
            **axis_deltas,
            **official_axes(outcomes, ledger.write_budget, coverage),
            **(
                failure_rates((detail.attribution for detail in details), len(details))
                if attributed
                else dict.fromkeys(FAILURE_RATE_KEYS, math.nan)
            ),
            NOT_REACHED: float(len(cut)),
        }
        operations, holds = memory_holds(
            template, content.events, questions, details, current_holdings(), attributed
        )
        correct = sum(outcome.correct for outcome in outcomes)
        graded = [detail.row() for detail in details]
        return Score(
            value=value,
            answer=f"{correct}/{len(outcomes)} questions right",
            explanation=(
                f"{correct} of {len(outcomes)} answers correct; "
                f"{ledger.writes_used} of {ledger.write_budget} writes used. "
                + reached_sentence(len(cut), len(questions), len(progress.answers))
                + "\n\n"
                + entity_stream_questions(graded)
            ),
            metadata={
                "questions": graded,
                "accuracy_by_type": accuracy_by_type(outcomes),
                "writes_used": ledger.writes_used,
                "write_budget": ledger.write_budget,
                "memory_operations": len(ledger.operations),
                OFFICIAL_STORAGE_COVERAGE: None if math.isnan(coverage) else coverage,
                ISOLATION_METADATA: composite.metadata(),
                DECIDED_BY: decided_by_counts(detail.decided_by for detail in details),
                **_unreadable_metadata(details, unreadable, judgements),
                **_prompt_metadata(
                    settings, judged=any(detail.decided_by == JUDGE for detail in details)
                ),
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score
