"""The LLM judge is consulted only for answers the rules cannot decide, via the grader role."""

from pathlib import Path
from typing import Any

from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.scoring.judge_prompts import PINNED_PROMPT_SHA256

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
WORDS_ANSWER = "about fifty, give or take"
"""No digits and no refusal: a number gold cannot be decided by the rules."""


def _reply(text: str) -> Any:
    def outputs(*_: Any) -> ModelOutput:
        output = ModelOutput.from_content("mockllm/model", text)
        output.usage = USAGE
        return output

    return outputs


def _run(tmp_path: Path, judge: bool, grade: str) -> EvalLog:
    grader = get_model("mockllm/model", custom_outputs=_reply(grade), memoize=False)
    [log] = eval(
        entity_stream(
            tier="lite",
            seed=0,
            templates="company",
            judge=judge,
            agent={"name": "agentic", "max_turns": 1},
        ),
        model=get_model("mockllm/model", custom_outputs=_reply(WORDS_ANSWER), memoize=False),
        model_roles={"grader": grader},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    return log


def _questions(log: EvalLog) -> list[dict[str, Any]]:
    assert log.samples is not None
    [score] = log.samples[0].scores.values()  # type: ignore[union-attr]
    assert score.metadata is not None
    return list(score.metadata["questions"])


def test_undecided_answers_go_to_the_grader_when_judge_is_on(tmp_path: Path) -> None:
    log = _run(tmp_path, judge=True, grade="GRADE: C")
    questions = _questions(log)
    judged = [q for q in questions if q["decided_by"] == "judge"]
    assert judged, "number questions answered in words should reach the judge"
    assert all(q["verdict"] == "undecided" and q["correct"] for q in judged)
    assert all(q["judge_prompt_version"] == "1" and q["judge_model"] for q in judged)
    assert all(q["judge_prompt"] == "answer_judge" for q in judged)
    sha256 = PINNED_PROMPT_SHA256["entity_stream"]["answer"]
    assert all(q["judge_prompt_sha256"] == sha256 for q in judged)
    [score] = log.samples[0].scores.values()  # type: ignore[index,union-attr]
    assert score.metadata is not None and score.metadata["judge_prompt_sha256"] == sha256
    assert score.metadata["judge_config"] == {"temperature": 0.0, "seed": 42}
    ruled = [q for q in questions if q["decided_by"] == "rules"]
    assert all(q["verdict"] != "undecided" for q in ruled)


def test_grader_saying_incorrect_is_respected(tmp_path: Path) -> None:
    questions = _questions(_run(tmp_path, judge=True, grade="GRADE: I"))
    judged = [q for q in questions if q["decided_by"] == "judge"]
    assert judged and not any(q["correct"] for q in judged)


def test_an_unparseable_grade_scores_its_question_as_the_decline(tmp_path: Path) -> None:
    log = _run(tmp_path, judge=True, grade="I think it is probably right")
    questions = _questions(log)
    judged = [q for q in questions if q["decided_by"] == "judge"]
    assert judged and all(q["judge_unreadable"] and q["scored_as"] == "decline" for q in judged)
    # the decline is graded by the rules: wrong on these answerable questions, not left out
    assert all(q["correct"] is False for q in judged)
    [score] = log.samples[0].scores.values()  # type: ignore[index,union-attr]
    # the same answer, asked again with no memory, is judged (and unreadable) again
    assert score.metadata is not None and score.metadata["judge_unreadable"] == 2 * len(judged)
    right = sum(bool(q["correct"]) for q in questions)
    assert score.answer == f"{right}/{len(questions)} questions right"
    assert "decline: judge reply unreadable" in (score.explanation or "")


def test_without_judge_undecided_answers_are_wrong(tmp_path: Path) -> None:
    questions = _questions(_run(tmp_path, judge=False, grade="GRADE: C"))
    assert all(q["decided_by"] == "rules" for q in questions)
    undecided = [q for q in questions if q["verdict"] == "undecided"]
    assert undecided and not any(q["correct"] for q in undecided)
