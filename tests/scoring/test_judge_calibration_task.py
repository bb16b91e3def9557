"""The judge calibration meta-evaluation (scorers/judge_calibration.py), run offline.

Three scripted judges over the committed cases: the memgym rule judge as the scripted grader
``memgym/judge`` (its measured figures are pinned here, and its verdict on each kind of hard
case: contradictions, verbose answers, hedges, correct answers in other words), a judge
that accepts everything (every wrong answer is a false accept, kappa 0), and one that knows
the human verdicts (full agreement, kappa 1).
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.scoring.calibration import load_calibration_cases

SCORERS = Path(__file__).resolve().parents[2] / "scorers"
USAGE = ModelUsage(input_tokens=10, output_tokens=1, total_tokens=11)


def calibration_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "judge_calibration", SCORERS / "judge_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CALIBRATION = calibration_module()


def metrics(log: EvalLog) -> dict[str, float]:
    assert log.status == "success", log.error
    assert log.results is not None
    return {
        f"{score.name}/{name}": float(value.value)
        for score in log.results.scores
        for name, value in score.metrics.items()
    }


@pytest.fixture(scope="module")
def rule_judge_logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    logs = eval(
        [CALIBRATION.locomo_judge_calibration(), CALIBRATION.longmemeval_judge_calibration()],
        model="memgym/judge",
        display="none",
        log_dir=str(tmp_path_factory.mktemp("calibration")),
    )
    return {log.eval.task: log for log in logs}


def test_every_case_is_a_sample_with_the_prompt_a_task_would_send() -> None:
    task = CALIBRATION.longmemeval_judge_calibration()
    cases = [
        case
        for name in CALIBRATION.LONGMEMEVAL_FILES
        for case in load_calibration_cases(SCORERS / name)
    ]
    assert [sample.id for sample in task.dataset] == [case.case_id for case in cases]
    first = task.dataset[0]
    assert first.input == CALIBRATION.case_prompt(cases[0]) and first.target == cases[0].verdict
    assert first.metadata is not None and first.metadata["benchmark"] == "longmemeval"


def test_the_rule_judge_figures(rule_judge_logs: dict[str, EvalLog]) -> None:
    locomo = metrics(rule_judge_logs["locomo_judge_calibration"])
    assert locomo["agreement/mean"] == pytest.approx(11 / 22)
    assert locomo["agreement/cohen_kappa"] == pytest.approx(-0.0522, abs=1e-4)
    assert locomo["false_accept/mean"] == pytest.approx(5 / 13)
    assert locomo["false_reject/mean"] == pytest.approx(6 / 9)
    longmemeval = metrics(rule_judge_logs["longmemeval_judge_calibration"])
    # the hedge rule (scoring.hedging) rejects the two hedges the rules once accepted
    assert longmemeval["agreement/mean"] == pytest.approx(57 / 79)
    assert longmemeval["agreement/cohen_kappa"] == pytest.approx(0.4260, abs=1e-4)
    assert longmemeval["false_accept/mean"] == pytest.approx(3 / 42)
    assert longmemeval["agreement/grouped_longmemeval-default-v1"] == pytest.approx(17 / 23)
    assert longmemeval["agreement/grouped_longmemeval-preference-v1"] == pytest.approx(0.5)
    assert longmemeval["undecided/mean"] == 0.0


HARD_CASES = {
    "contradiction": {
        "locomo-answer-15": "yes",
        "locomo-answer-16": "yes",
        "lme-default-16": "yes",
        "lme-default-17": "yes",
    },
    "verbose": {
        "locomo-answer-17": "yes",
        "locomo-answer-18": "yes",
        "lme-default-18": "yes",
        "lme-default-19": "yes",
    },
    "hedge": {
        "locomo-answer-19": "yes",
        "locomo-answer-20": "no",
        "lme-default-20": "no",
        "lme-default-21": "no",
    },
    "other words": {
        "locomo-answer-21": "no",
        "locomo-answer-22": "no",
        "lme-default-22": "no",
        "lme-default-23": "no",
    },
}
"""The rule judge's verdict on each hard case: it accepts every contradiction (the gold's
words are there) and the verbose wrong answers, lets one hedge of four through, and rejects
every correct answer in other words."""


def test_the_rule_judge_on_each_kind_of_hard_case(rule_judge_logs: dict[str, EvalLog]) -> None:
    verdicts = {
        str(sample.id): (sample.scores or {})["calibration_scorer"].answer
        for log in rule_judge_logs.values()
        for sample in log.samples or []
    }
    humans = {
        str(sample.id): sample.target
        for log in rule_judge_logs.values()
        for sample in log.samples or []
    }
    for kind, expected in HARD_CASES.items():
        assert {case: verdicts[case] for case in expected} == expected, kind
    wrong_accepted = {
        kind: sum(verdicts[case] == "yes" and humans[case] == "wrong" for case in cases)
        for kind, cases in HARD_CASES.items()
    }
    assert wrong_accepted == {"contradiction": 4, "verbose": 2, "hedge": 1, "other words": 0}


def accept_everything(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", "Yes")
    output.usage = USAGE
    return output


def knows_the_verdicts(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    verdicts = {
        CALIBRATION.case_prompt(case): case.verdict
        for case in load_calibration_cases(SCORERS / "locomo_answer.jsonl")
    }
    reply = "yes" if verdicts[messages[-1].text] == "correct" else "no."
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


def test_a_judge_that_accepts_everything_accepts_every_wrong_answer(tmp_path: Path) -> None:
    model = get_model("mockllm/model", custom_outputs=accept_everything)
    [log] = eval(
        CALIBRATION.locomo_judge_calibration(), model=model, display="none", log_dir=str(tmp_path)
    )
    figures = metrics(log)
    assert figures["false_accept/mean"] == 1.0 and figures["false_reject/mean"] == 0.0
    assert figures["agreement/cohen_kappa"] == 0.0
    assert figures["agreement/mean"] == pytest.approx(9 / 22)


def test_a_judge_that_knows_the_verdicts_agrees_fully(tmp_path: Path) -> None:
    model = get_model("mockllm/model", custom_outputs=knows_the_verdicts)
    [log] = eval(
        CALIBRATION.locomo_judge_calibration(),
        model=model,
        model_roles={"grader": model},
        display="none",
        log_dir=str(tmp_path),
    )
    figures = metrics(log)
    assert figures["agreement/mean"] == 1.0 and figures["agreement/cohen_kappa"] == 1.0
    assert figures["false_accept/mean"] == 0.0
    assert log.samples is not None and log.samples[0].scores is not None
    judge = log.samples[0].scores["calibration_scorer"].metadata  # type: ignore[index]
    assert judge is not None and judge["judge_model"] == "mockllm/model"
    assert not math.isnan(figures["false_reject/mean"])
