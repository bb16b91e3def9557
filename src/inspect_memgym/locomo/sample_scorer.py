"""The LoCoMo scorer: the official per-category rules over every answer, optionally a judge.

Answers from memory and from the no-memory pass are graded by `grading.grade_reply` (token
F1, multi-answer F1, or the adversarial option choice). With ``judge`` on, every category
1-4 answer from memory is also shown to the judge (the ``grader`` role, the versioned
`judge_prompts.ANSWER_JUDGE_PROMPT`) and ``judge_accuracy`` is reported beside the F1. The
judge's reply is read by its first yes or no word (`scoring.yes_no_verdict`); a reply with
neither is counted in ``judge_unreadable`` and counts as the decline's rejection; each
question's row keeps the raw reply. A question a limit cut in either pass is graded as
the decline, "Not mentioned in the conversation" (`scoring.reached`), and counted in
``not_reached``; its row says so (``not_reached``).
``Score.value`` is `values.locomo_values`; ``Score.metadata`` has one row per question, with
our score and, beside it, the official code's score of the same reply (``official_score``)
and its memory failure label, and what the memory held, scored per operation against the
turns the questions cite as evidence (``operation_scores`` and ``memory_holds``,
`locomo.memory_holds`).
"""

from __future__ import annotations

from typing import Any

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState

from inspect_memgym.kit.inspect_internals import bind_rescored_sample
from inspect_memgym.locomo import BENCHMARK_NAME
from inspect_memgym.locomo.category_maps import category_names, describe_category_map
from inspect_memgym.locomo.dataset import (
    LOCOMO_FILES,
    NOT_ASKED_KEY,
    LocomoSpec,
    asked_questions,
    conversation_for,
    not_asked,
)
from inspect_memgym.locomo.explanation import locomo_explanation
from inspect_memgym.locomo.grading import (
    NOT_MENTIONED_OPTION,
    QuestionGrade,
    QuestionRow,
    adversarial_options,
    grade_reply,
)
from inspect_memgym.locomo.judge_prompts import (
    ANSWER_JUDGE_PROMPT,
    ANSWER_JUDGE_PROMPT_NAME,
    ANSWER_JUDGE_PROMPT_VERSION,
    ANSWER_QUESTION_TYPE,
    JUDGE_TEMPLATES,
    judge_prompt,
)
from inspect_memgym.locomo.memory_holds import memory_holds
from inspect_memgym.locomo.metrics import QUESTION_COUNTS
from inspect_memgym.locomo.question_floor import question_floors
from inspect_memgym.locomo.records import QuestionItem
from inspect_memgym.locomo.state import (
    MEMORY_ANSWER,
    NO_MEMORY_ANSWER,
    PHASE_JUDGE,
    current_locomo_state,
)
from inspect_memgym.locomo.values import (
    ADVERSARIAL_KEY,
    ADVERSARIAL_NOTE,
    isolation,
    locomo_values,
    question_counts,
    score_keys,
)
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.scoring.isolation import ISOLATION_METADATA, same_reply
from inspect_memgym.scoring.judge import Judgement, panel_metadata, yes_no_judgement
from inspect_memgym.scoring.judge_audit import (
    DECIDED_BY,
    RULES,
    decided_by_counts,
)
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_REACHED, reached_sentence
from inspect_memgym.scoring.stored_records import AnswerRecord, replies_by_kind
from inspect_memgym.scoring.yes_no_verdict import (
    JUDGE_UNREADABLE,
    JUDGE_VERDICTS,
    verdict_is_correct,
)
from inspect_memgym.strategies.call_context import set_phase

SCORER_NAME = "locomo_scorer"
DECLINE = NOT_MENTIONED_OPTION
"""The reply a question a pass never answered is graded as (`scoring.reached`)."""


def sample_scorer(judge_prompts: str | None = None) -> Scorer:
    """Grade every answer of a LoCoMo conversation by its category's official rule.

    Args:
        judge_prompts: A YAML or JSON file replacing the answer judge's template
            (`scoring.judge_prompts`; used with ``-T judge=true``).
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        spec = LocomoSpec.of_state(state)
        conversation = conversation_for(spec)
        options = spec.locomo_options
        seed = options.seed
        include_adversarial = options.include_adversarial
        category_map = options.category_map
        answers = replies_by_kind(AnswerRecord.all_of(current_locomo_state().results))
        asked = asked_questions(conversation, options.categories)
        isolating = options.memory_isolation
        kinds = (MEMORY_ANSWER, NO_MEMORY_ANSWER) if isolating else (MEMORY_ANSWER,)
        replies = {kind: _counted_replies(asked, answers[kind]) for kind in kinds}
        cut = {
            item.question_id
            for item in asked
            if any(item.question_id not in answers[kind] for kind in kinds)
        }
        not_reached = len(cut)
        speakers = (conversation.speaker_a, conversation.speaker_b)
        grades = [
            _grade(item, replies[MEMORY_ANSWER][item.question_id], seed, speakers) for item in asked
        ]
        no_memory: list[QuestionGrade | None] | None = None
        floors: dict[str, float] = {}
        if isolating:
            floors = question_floors(LOCOMO_FILES.items_at(spec.source), spec.conversation_id)
            no_memory = [
                _grade(item, replies[NO_MEMORY_ANSWER][item.question_id], seed, speakers)
                for item in asked
            ]
        judge = options.judge
        answered = [item for item in asked if item.question_id in answers[MEMORY_ANSWER]]
        judgements = (
            await _judge(answered, answers[MEMORY_ANSWER], options.self_judge, settings)
            if judge
            else {}
        )
        decisions = _decisions(asked, judgements)
        unreadable = sum(j.verdict == "unreadable" for j in judgements.values())
        same = [
            isolating
            and same_reply(
                replies[MEMORY_ANSWER][item.question_id],
                replies[NO_MEMORY_ANSWER][item.question_id],
            )
            for item in asked
        ]
        isolated = isolation(grades, no_memory, same, include_adversarial, floors)
        value = locomo_values(
            grades,
            no_memory,
            isolated,
            include_adversarial,
            decisions if judge else None,
            category_map,
            not_reached,
            unreadable,
        )
        labels, operations, holds = memory_holds(
            conversation,
            asked,
            [grade.score == 1.0 for grade in grades],
            current_holdings(),
            [item.question_id in answers[MEMORY_ANSWER] for item in asked],
        )
        rows = _rows(
            asked,
            grades,
            replies,
            cut,
            no_memory,
            judgements,
            category_names(category_map),
            labels,
            floors,
        )
        keys = score_keys(judge, options.categories, category_map)
        shown = {key: value[key] for key in keys}
        categories = options.categories
        adversarial_metadata = (
            {
                "adversarial_note": ADVERSARIAL_NOTE,
                NOT_ASKED_KEY: not_asked(conversation, categories),
            }
            if ADVERSARIAL_KEY in shown
            else {}
        )
        return Score(
            value=shown,
            answer=f"{len(answered)} questions answered",
            explanation=(
                reached_sentence(not_reached, len(asked), len(answered))
                + ("\n\n" if not_reached else "")
                + locomo_explanation(shown, rows)
            ),
            metadata={
                "questions": [row.as_metadata() for row in rows],
                QUESTION_COUNTS: question_counts(
                    grades, include_adversarial, decisions if judge else None, category_map
                ),
                NOT_REACHED: sorted(cut),
                "include_adversarial": include_adversarial,
                ISOLATION_METADATA: isolated.metadata(),
                **adversarial_metadata,
                **describe_category_map(category_map),
                DECIDED_BY: decided_by_counts(row.decided_by for row in rows),
                **_judge_metadata(judgements, settings),
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score


def _counted_replies(asked: list[QuestionItem], given: dict[str, str]) -> dict[str, str]:
    """Each question's reply in one pass: the one given, else the decline (`scoring.reached`)."""
    return {item.question_id: given.get(item.question_id, DECLINE) for item in asked}


def _decisions(asked: list[QuestionItem], judgements: dict[str, Judgement]) -> list[bool]:
    """The counted judge decision per category 1-4 question, in order.

    An answer never given (not judged) or whose verdict held no yes/no word counts as the
    decline's: a rejection (no judge call).
    """
    decisions = []
    for item in asked:
        if item.is_adversarial:
            continue
        judged = judgements.get(item.question_id)
        decisions.append(judged is not None and verdict_is_correct(judged.verdict) is True)
    return decisions


def _grade(item: QuestionItem, reply: str, seed: int, speakers: tuple[str, str]) -> QuestionGrade:
    options = adversarial_options(item, seed) if item.is_adversarial else None
    return grade_reply(item, reply, options, speakers)


async def _judge(
    questions: list[QuestionItem],
    replies: dict[str, str],
    self_judge: bool,
    settings: JudgeSettings,
) -> dict[str, Judgement]:
    judgements = {}
    for item in questions:
        if item.is_adversarial:
            continue
        set_phase(PHASE_JUDGE, item.question_id)
        prompt, _ = judge_prompt(item, replies[item.question_id], settings)
        judgements[item.question_id] = await yes_no_judgement(
            BENCHMARK_NAME, prompt, self_judge, settings
        )
    set_phase("")
    return judgements


def _judge_metadata(judgements: dict[str, Judgement], settings: JudgeSettings) -> dict[str, Any]:
    if not judgements:
        return {}
    first = next(iter(judgements.values()))
    return {
        "judge_model": first.judge_model,
        "self_judged": first.self_judged,
        **settings.metadata(
            ANSWER_QUESTION_TYPE,
            ANSWER_JUDGE_PROMPT,
            ANSWER_JUDGE_PROMPT_NAME,
            ANSWER_JUDGE_PROMPT_VERSION,
        ),
        JUDGE_UNREADABLE: sum(j.verdict == "unreadable" for j in judgements.values()),
        JUDGE_VERDICTS: len(judgements),
        **panel_metadata(judgements.values()),
    }


def _rows(
    asked: list[QuestionItem],
    grades: list[QuestionGrade],
    replies: dict[str, dict[str, str]],
    cut: set[str],
    no_memory: list[QuestionGrade | None] | None,
    judgements: dict[str, Judgement],
    names: dict[int, str],
    labels: list[str | None],
    floors: dict[str, float],
) -> list[QuestionRow]:
    rows = []
    for position, (item, grade) in enumerate(zip(asked, grades, strict=True)):
        without = None if no_memory is None else no_memory[position]
        judged = judgements.get(item.question_id)
        rows.append(
            QuestionRow(
                question_id=item.question_id,
                qtype=names[item.category],
                category=item.category,
                question=item.question,
                gold=grade.gold,
                answer=replies[MEMORY_ANSWER][item.question_id],
                score=grade.score,
                official_score=grade.official_score,
                rule=grade.rule,
                decided_by=RULES,
                correct=grade.score == 1.0,
                pick=grade.adversarial_pick,
                no_memory_answer=None
                if without is None
                else replies[NO_MEMORY_ANSWER][item.question_id],
                no_memory_score=None if without is None else without.score,
                no_memory_floor=None if without is None else floors.get(item.question_id),
                judge_verdict=None if judged is None else judged.verdict,
                judge_reply=None if judged is None else judged.reply,
                judge_unreadable=None if judged is None else judged.verdict == "unreadable",
                memory_failure=labels[position],
                not_reached=item.question_id in cut,
            )
        )
    return rows
