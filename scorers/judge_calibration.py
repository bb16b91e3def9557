"""The judge calibration meta-evaluation: how far a judge agrees with hand-checked verdicts.

Each case of this folder's JSON Lines files is one sample: the judge gets exactly the
prompt a task would give it for that case (the case's prompt version, filled in), and its
reply is read by its first yes or no word, as the tasks read it. Scores per case:
``agreement`` (the judge gave the human verdict), ``false_accept`` (a human-wrong answer
the judge accepted; NaN on human-correct cases), ``false_reject`` (a human-correct answer
it did not accept; NaN on human-wrong ones) and ``undecided`` (no yes/no word: an
unreadable verdict, which counts as disagreement here). Over the run: their means (so
``false_accept``'s mean is the false-accept rate), Cohen's kappa beside the agreement, and
the agreement per prompt version.

The judge is the ``grader`` role when one is bound, else the model under test::

    inspect eval scorers/judge_calibration.py@longmemeval_judge_calibration --model openai/gpt-4o
    inspect eval scorers/judge_calibration.py@locomo_judge_calibration --model memgym/perfect

``memgym/<policy>`` plays the rule judge (`inspect_memgym.scoring.rule_judge`), so the
meta-evaluation runs offline; its figures are those of that simple rule, not of an LLM.
"""

from __future__ import annotations

import math
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import (
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    grouped,
    mean,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.locomo import policy_play as locomo_policies  # noqa: F401
from inspect_memgym.locomo.judge_prompts import ANSWER_JUDGE_PROMPT_VERSION, answer_judge_prompt
from inspect_memgym.longmemeval import policy_play as longmemeval_policies  # noqa: F401
from inspect_memgym.longmemeval.judge_prompts import judge_prompt_for_version
from inspect_memgym.scoring.calibration import (
    CalibrationCase,
    HumanVerdict,
    JudgedVerdict,
    load_calibration_cases,
    verdict_agreement,
)
from inspect_memgym.scoring.judge import yes_no_judgement
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.call_context import set_phase

CASES_DIRECTORY = Path(__file__).resolve().parent
JUDGE_PHASE = "judge"
"""The phase a judge call is announced with (scripted memgym judges answer it)."""
LOCOMO_FILES = ("locomo_answer.jsonl",)
LONGMEMEVAL_FILES = (
    "longmemeval_default.jsonl",
    "longmemeval_temporal.jsonl",
    "longmemeval_knowledge_update.jsonl",
    "longmemeval_preference.jsonl",
    "longmemeval_abstention.jsonl",
)
SCORE_KEYS = ("agreement", "false_accept", "false_reject", "undecided")
VERSION = 1


def case_prompt(case: CalibrationCase) -> str:
    """The judge prompt a task would send for this case (its prompt version, filled in).

    Args:
        case: A calibration case.
    """
    if case.prompt_version == ANSWER_JUDGE_PROMPT_VERSION:
        prompt, _ = answer_judge_prompt(case.question, case.gold, case.answer)
        return prompt
    return judge_prompt_for_version(case.prompt_version, case.question, case.gold, case.answer)


def calibration_dataset(benchmark: str, files: tuple[str, ...], directory: Path) -> MemoryDataset:
    """One sample per case of the given files, in file order.

    Args:
        benchmark: The benchmark whose judge prompts the cases exercise.
        files: Case file names.
        directory: Where the files are.
    """
    samples = [
        Sample(
            id=case.case_id,
            input=case_prompt(case),
            target=case.verdict,
            metadata={
                BENCHMARK_KEY: benchmark,
                "prompt_version": case.prompt_version,
                "question_type": case.question_type,
                "human_verdict": case.verdict,
                "why": case.why,
            },
        )
        for name in files
        for case in load_calibration_cases(directory / name)
    ]
    return MemoryDataset(samples, name=f"{benchmark}-judge-calibration")


@solver
def judge_case() -> Solver:
    """Send the case's judge prompt to the judge at temperature 0, read its yes or no."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        set_phase(JUDGE_PHASE, str(state.sample_id))
        # the model under test is the judge being calibrated: judging is its task here
        judgement = await yes_no_judgement("judge_calibration", state.input_text, self_judge=True)
        set_phase("")
        state.metadata["judge_verdict"] = judgement.verdict
        state.metadata["judge_reply"] = judgement.reply
        state.metadata["judge_model"] = judgement.judge_model
        return state

    return solve


def judged_verdict(verdict: str) -> JudgedVerdict:
    """A judge's yes/no verdict as a calibration verdict.

    Args:
        verdict: ``yes``, ``no`` or ``unreadable`` (``undecided`` here).
    """
    if verdict == "yes":
        return "correct"
    if verdict == "no":
        return "wrong"
    return "undecided"


def human_verdict(value: object) -> HumanVerdict:
    """A case's human verdict, as recorded in a score's metadata.

    Args:
        value: ``correct`` or ``wrong``.

    Raises:
        ValueError: For anything else.
    """
    if value == "correct" or value == "wrong":
        return value
    raise ValueError(f"not a human verdict: {value!r}")


@metric
def cohen_kappa() -> Metric:
    """Cohen's kappa between the judge's and the human verdicts (NaN when undefined)."""

    def compute(scores: list[SampleScore]) -> float:
        pairs: list[tuple[HumanVerdict, JudgedVerdict]] = []
        for sample_score in scores:
            metadata = sample_score.score.metadata or {}
            human = human_verdict(metadata.get("human_verdict"))
            pairs.append((human, judged_verdict(str(metadata.get("judge_verdict")))))
        if not pairs:
            return math.nan
        kappa = verdict_agreement(pairs).cohen_kappa
        return math.nan if kappa is None else kappa

    return compute


@scorer(
    metrics={
        "agreement": [mean(), stderr(), cohen_kappa(), grouped(mean(), "prompt_version")],
        "false_accept": [mean(), stderr()],
        "false_reject": [mean(), stderr()],
        "undecided": [mean()],
    }
)
def calibration_scorer() -> Scorer:
    """Compare the judge's verdict with the human one."""

    async def score(state: TaskState, target: Target) -> Score:
        human = target.text
        verdict = str(state.metadata.get("judge_verdict", "undecided"))
        judged = judged_verdict(verdict)
        accepted = 1.0 if judged == "correct" else 0.0
        return Score(
            value={
                "agreement": 1.0 if judged == human else 0.0,
                "false_accept": accepted if human == "wrong" else math.nan,
                "false_reject": 1.0 - accepted if human == "correct" else math.nan,
                "undecided": 1.0 if judged == "undecided" else 0.0,
            },
            answer=verdict,
            explanation=f"human: {human}; judge: {verdict}. {state.metadata.get('why', '')}",
            metadata={
                "human_verdict": human,
                "judge_verdict": verdict,
                "judge_model": state.metadata.get("judge_model"),
            },
        )

    return score


def _calibration_task(benchmark: str, files: tuple[str, ...], directory: str | None) -> Task:
    return Task(
        dataset=calibration_dataset(
            benchmark, files, Path(directory) if directory else CASES_DIRECTORY
        ),
        solver=judge_case(),
        scorer=calibration_scorer(),
        version=VERSION,
        metadata={"benchmark": f"{benchmark}_judge_calibration", "case_files": list(files)},
    )


@task
def locomo_judge_calibration(directory: str | None = None) -> Task:
    """A judge's agreement with the hand-checked cases of LoCoMo's answer-judge prompt.

    Args:
        directory: Folder holding the case files (default: this file's folder).
    """
    return _calibration_task("locomo", LOCOMO_FILES, directory)


@task
def longmemeval_judge_calibration(directory: str | None = None) -> Task:
    """A judge's agreement with the hand-checked cases of LongMemEval's five rubrics.

    Args:
        directory: Folder holding the case files (default: this file's folder).
    """
    return _calibration_task("longmemeval", LONGMEMEVAL_FILES, directory)
