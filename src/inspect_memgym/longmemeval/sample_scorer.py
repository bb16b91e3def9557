"""The LongMemEval scorer: the type-specific judge on the answer, and on the no-memory answer.

The rubric is chosen by `judge_prompts.rubric_for`: abstention by the ``_abs`` suffix of
the question id, otherwise by the question type. The judge is the ``grader`` role (or, with
``-T self_judge=true``, the model under test, said up front by the driver and recorded
here as ``self_judged``) at temperature 0. Its reply is read by its first yes or no word
(`scoring.yes_no_verdict`); a reply with neither is unreadable: counted in
``judge_unreadable`` and scored as a decline, as is an answer a limit kept the pass from
giving (`scoring.reached`: right on an ``_abs`` question, wrong otherwise; no judge call).
Both raw replies are kept in the score's metadata, with what the memory held, scored per
operation against the turns flagged ``has_answer`` (``operation_scores`` and
``memory_holds``, `longmemeval.memory_holds`). ``Score.value`` is
`values.longmemeval_values`.
"""

from __future__ import annotations

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
from inspect_memgym.longmemeval.question_floor import question_floor
from inspect_memgym.longmemeval.records import LongMemEvalRecord
from inspect_memgym.longmemeval.state import PHASE_JUDGE, current_longmemeval_state
from inspect_memgym.longmemeval.values import (
    counted,
    longmemeval_values,
    official_reading,
    score_keys,
)
from inspect_memgym.longmemeval.values import isolation as isolation_of
from inspect_memgym.memory.cost_figures import cost_metadata
from inspect_memgym.memory.holdings import current_holdings
from inspect_memgym.scoring.isolation import ISOLATION_METADATA, same_reply
from inspect_memgym.scoring.judge import Judgement, panel_metadata, yes_no_judgement
from inspect_memgym.scoring.judge_audit import DECIDED_BY, JUDGE
from inspect_memgym.scoring.judge_prompts import JudgeSettings, judge_settings
from inspect_memgym.scoring.operation_scores import MEMORY_HOLDS_KEY, OPERATION_SCORES_KEY
from inspect_memgym.scoring.reached import NOT_ANSWERED, NOT_REACHED, NOTHING_REACHED
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
        judged = await _judge_if_answered(record, progress.answer, self_judge, settings)
        no_memory_judged = None
        if isolation:
            no_memory_judged = await _judge_if_answered(
                record, progress.no_memory_answer, self_judge, settings
            )
        set_phase("")
        correct = counted(record, _decision(judged))
        no_memory_correct = counted(record, _decision(no_memory_judged)) if isolation else None
        same = same_reply(progress.answer or "", progress.no_memory_answer)
        floor = question_floor(spec, record)
        isolated = isolation_of(record, correct, no_memory_correct, same, floor)
        cut = progress.answer is None or (isolation and progress.no_memory_answer is None)
        unreadable = sum(
            judgement is not None and _decision(judgement) is None
            for judgement in (judged, no_memory_judged)
        )
        values = longmemeval_values(
            record, correct, isolated, unreadable, cut, _official(record, judged, correct)
        )
        prompt_version, builtin = JUDGE_PROMPTS[rubric_for(record)]
        operations, holds = memory_holds(
            record, _decision(judged), current_holdings(), reached=progress.answer is not None
        )
        return Score(
            value={key: values[key] for key in keys},
            answer=progress.answer,
            explanation=(
                (NOTHING_REACHED + "\n\n" if progress.answer is None else "")
                + _explanation(record, judged, no_memory_judged, prompt_version, isolation)
            ),
            metadata={
                "question_type": record.question_type,
                "abstention": record.is_abstention,
                "rubric": rubric_for(record),
                **settings.metadata(
                    rubric_for(record), builtin, _prompt_name(record), prompt_version
                ),
                DECIDED_BY: JUDGE,
                "verdict": _verdict(judged, True),
                "judge_reply": judged.reply if judged else None,
                "judge_model": judged.judge_model if judged else None,
                "self_judged": judged.self_judged if judged else options.self_judge,
                "no_memory_answer": progress.no_memory_answer,
                "no_memory_verdict": _verdict(no_memory_judged, isolation),
                "no_memory_judge_reply": no_memory_judged.reply if no_memory_judged else None,
                JUDGE_UNREADABLE: int(values[JUDGE_UNREADABLE]),
                JUDGE_VERDICTS: (judged is not None) + (no_memory_judged is not None),
                ISOLATION_METADATA: isolated.metadata(),
                "no_memory_floor": floor,
                **panel_metadata([judged, no_memory_judged]),
                "questions": [
                    {
                        "qtype": record.question_type,
                        "correct": correct,
                        "verdict": _verdict(judged, True),
                        JUDGE_UNREADABLE: _decision(judged) is None and judged is not None,
                        NOT_REACHED: cut,
                        MEMORY_FAILURE: holds.memory_failure,
                    }
                ],
                **cost_metadata(),
                OPERATION_SCORES_KEY: operations,
                MEMORY_HOLDS_KEY: holds.as_metadata(),
            },
        )

    return score


async def _judge_if_answered(
    record: LongMemEvalRecord, answer: str | None, self_judge: bool, settings: JudgeSettings
) -> Judgement | None:
    """The judge's verdict on an answer; None (no model call) for an answer never given."""
    if answer is None:
        return None
    set_phase(PHASE_JUDGE, record.question_id)
    prompt, _ = judge_prompt(record, answer, settings)
    return await yes_no_judgement(BENCHMARK_NAME, prompt, self_judge, settings)


def _official(record: LongMemEvalRecord, judged: Judgement | None, counted: bool) -> bool | None:
    """The official reading of the verdict on the answer (None with a panel of graders)."""
    if judged is None:
        return counted
    if judged.graders:
        return None
    return official_reading(judged.reply)


def _decision(judged: Judgement | None) -> bool | None:
    """The judge's yes or no; None for no verdict or an unreadable one (scored a decline)."""
    return None if judged is None else verdict_is_correct(judged.verdict)


def _verdict(judged: Judgement | None, asked: bool) -> str | None:
    """The verdict recorded: the judge's, `NOT_ANSWERED`, or None when the pass was not run."""
    if judged is not None:
        return judged.verdict
    return NOT_ANSWERED if asked else None


def _explanation(
    record: LongMemEvalRecord,
    judged: Judgement | None,
    no_memory: Judgement | None,
    prompt_version: str,
    isolation: bool,
) -> str:
    judge = ""
    if judged is not None:
        judge = f" · judge {judged.judge_model}{' (self-judged)' if judged.self_judged else ''}"
    lines = [
        f"**{record.question_type}**{' · abstention' if record.is_abstention else ''} · "
        f"rubric {rubric_for(record)} ({prompt_version}){judge}",
        "",
        f"- question: {record.question}",
        f"- gold: {record.answer}",
        f"- verdict on the answer from memory: **{_verdict(judged, True)}**",
    ]
    if isolation:
        lines.append(f"- verdict on the no-memory answer: **{_verdict(no_memory, True)}**")
    return "\n".join(lines)


def _prompt_name(record: LongMemEvalRecord) -> str:
    """The judge prompt's name, after its rubric (e.g. ``longmemeval_temporal_reasoning_judge``)."""
    return f"longmemeval_{rubric_for(record).replace('-', '_')}_judge"
