"""The LongMemEval scorer: the type-specific judge on the answer, and on the no-memory answer.

The rubric is chosen by `judge_prompts.rubric_for`: abstention by the ``_abs`` suffix of
the question id, otherwise by the question type. The judge is the ``grader`` role (or, with
``-T self_judge=true``, the model under test, said up front by the driver and recorded
here as ``self_judged``) at temperature 0. Its reply is read by its first yes or no word
(`scoring.yes_no_verdict`); a reply with neither is unreadable: counted in
``judge_unreadable``, left out of the accuracy (or of ``no_memory``), never read as no.
Both raw replies are kept in the score's metadata, with what the memory held, scored per
operation against the turns flagged ``has_answer`` (``operation_scores`` and
``memory_holds``, `longmemeval.memory_holds`). ``Score.value`` is
`values.longmemeval_values`.
"""

from __future__ import annotations

import math

from inspect_ai.scorer import Score, Scorer, Target
from inspect_ai.solver import TaskState

from inspect_memgym.kit.inspect_internals import bind_rescored_sample
from inspect_memgym.longmemeval import BENCHMARK_NAME
from inspect_memgym.longmemeval.dataset import LongMemEvalSpec, record_for
from inspect_memgym.longmemeval.judge_prompts import (
    JUDGE_PROMPTS,
    JUDGE_TEMPLATES,
    judge_prompt,
    rubric_for,
)
from inspect_memgym.longmemeval.memory_holds import MEMORY_FAILURE, memory_holds
from inspect_memgym.longmemeval.records import LongMemEvalRecord
from inspect_memgym.longmemeval.state import PHASE_JUDGE, current_longmemeval_state
from inspect_memgym.longmemeval.values import isolation as isolation_of
from inspect_memgym.longmemeval.values import longmemeval_values, score_keys
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.scoring.isolation import ISOLATION_METADATA, same_reply
from inspect_memgym.scoring.judge import Judgement, panel_metadata, yes_no_judgement
from inspect_memgym.scoring.judge_audit import DECIDED_BY, JUDGE
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED
from inspect_memgym.scoring.yes_no_verdict import (
    JUDGE_UNREADABLE,
    JUDGE_VERDICTS,
    verdict_is_correct,
)
from inspect_memgym.strategies.call_context import set_phase

SCORER_NAME = "longmemeval_scorer"


def sample_scorer(judge_prompts: str | None = None) -> Scorer:
    """Judge the answer to a LongMemEval question (and its no-memory answer) by its rubric.

    Args:
        judge_prompts: A YAML or JSON file replacing some rubrics' templates
            (`scoring.judge_prompts`).
    """
    settings = judge_settings(JUDGE_TEMPLATES, judge_prompts)

    async def score(state: TaskState, target: Target) -> Score:
        bind_rescored_sample(state)
        spec = LongMemEvalSpec.of_state(state)
        record = record_for(spec)
        options = spec.longmemeval_options
        isolation = options.memory_isolation
        progress = current_longmemeval_state()
        self_judge = options.self_judge
        keys = score_keys(options.question_types)
        if progress.answer is None:
            nothing = {**dict.fromkeys(keys, math.nan), NOT_REACHED: 1.0}
            return Score(value=nothing, explanation=NOTHING_REACHED)
        judged = await _judge(record, progress.answer, self_judge, settings)
        no_memory_judged = None
        answered_without = isolation and progress.no_memory_answer is not None
        if answered_without:
            no_memory_judged = await _judge(
                record, progress.no_memory_answer or "", self_judge, settings
            )
        set_phase("")
        correct = verdict_is_correct(judged.verdict)
        no_memory_correct = (
            verdict_is_correct(no_memory_judged.verdict) if no_memory_judged else None
        )
        same = same_reply(progress.answer, progress.no_memory_answer)
        isolated = isolation_of(record, correct, no_memory_correct, answered_without, same)
        values = longmemeval_values(record, correct, no_memory_correct, isolated, answered_without)
        prompt_version, builtin = JUDGE_PROMPTS[rubric_for(record)]
        operations, holds = memory_holds(record, correct, current_holdings())
        return Score(
            value={key: values[key] for key in keys},
            answer=progress.answer,
            explanation=_explanation(record, judged, no_memory_judged, prompt_version),
            metadata={
                "question_type": record.question_type,
                "abstention": record.is_abstention,
                "rubric": rubric_for(record),
                **settings.metadata(
                    rubric_for(record), builtin, _prompt_name(record), prompt_version
                ),
                DECIDED_BY: JUDGE,
                "verdict": judged.verdict,
                "judge_reply": judged.reply,
                "judge_model": judged.judge_model,
                "self_judged": judged.self_judged,
                "no_memory_answer": progress.no_memory_answer,
                "no_memory_verdict": no_memory_judged.verdict if no_memory_judged else None,
                "no_memory_judge_reply": no_memory_judged.reply if no_memory_judged else None,
                JUDGE_UNREADABLE: int(values[JUDGE_UNREADABLE]),
                JUDGE_VERDICTS: 1 + (no_memory_judged is not None),
                ISOLATION_METADATA: isolated.metadata(),
                **panel_metadata([judged, no_memory_judged]),
                "questions": [
                    {
                        "qtype": record.question_type,
                        "correct": correct,
                        "verdict": judged.verdict,
                        JUDGE_UNREADABLE: correct is None,
                        MEMORY_FAILURE: holds["memory_failure"],
                    }
                ],
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds,
            },
        )

    return score


async def _judge(
    record: LongMemEvalRecord, answer: str, self_judge: bool, settings: JudgeSettings
) -> Judgement:
    set_phase(PHASE_JUDGE, record.question_id)
    prompt, _ = judge_prompt(record, answer, settings)
    return await yes_no_judgement(BENCHMARK_NAME, prompt, self_judge, settings)


def _explanation(
    record: LongMemEvalRecord,
    judged: Judgement,
    no_memory: Judgement | None,
    prompt_version: str,
) -> str:
    judge = f"{judged.judge_model}{' (self-judged)' if judged.self_judged else ''}"
    lines = [
        f"**{record.question_type}**{' · abstention' if record.is_abstention else ''} · "
        f"rubric {rubric_for(record)} ({prompt_version}) · judge {judge}",
        "",
        f"- question: {record.question}",
        f"- gold: {record.answer}",
        f"- verdict on the answer from memory: **{judged.verdict}**",
    ]
    if no_memory is not None:
        lines.append(f"- verdict on the no-memory answer: **{no_memory.verdict}**")
    return "\n".join(lines)


def _prompt_name(record: LongMemEvalRecord) -> str:
    """The judge prompt's name, after its rubric (e.g. ``longmemeval_temporal_reasoning_judge``)."""
    return f"longmemeval_{rubric_for(record).replace('-', '_')}_judge"
