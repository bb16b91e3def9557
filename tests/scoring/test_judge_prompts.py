"""The judge protocol: pinned prompt hashes, grader settings, users' own prompt files."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

import pytest
from inspect_ai.scorer import SampleScore, Score

from inspect_memgym.code_qa.judge import JUDGE_TEMPLATES as CODE_QA_TEMPLATES
from inspect_memgym.locomo.judge_prompts import JUDGE_TEMPLATES as LOCOMO_TEMPLATES
from inspect_memgym.longmemeval.judge_prompts import JUDGE_TEMPLATES as LONGMEMEVAL_TEMPLATES
from inspect_memgym.research_qa.judge import JUDGE_TEMPLATES as RESEARCH_QA_TEMPLATES
from inspect_memgym.scoring.judge import JUDGE_TEMPLATES as ENTITY_STREAM_TEMPLATES
from inspect_memgym.scoring.judge import grader_config
from inspect_memgym.scoring.judge_prompts import (
    JUDGE_SEED,
    PINNED_PROMPT_SHA256,
    SEED_VARIABLE,
    TEMPERATURE_VARIABLE,
    JudgeSettings,
    judge_settings,
    load_prompt_file,
    prompt_sha256,
)
from inspect_memgym.scoring.metrics import judged_scorer_metrics, score_metrics, unreadable_verdicts
from inspect_memgym.scoring.yes_no_verdict import unreadable_share_warning

TEMPLATES_BY_TASK = {
    "entity_stream": ENTITY_STREAM_TEMPLATES,
    "code_qa": CODE_QA_TEMPLATES,
    "research_qa": RESEARCH_QA_TEMPLATES,
    "locomo": LOCOMO_TEMPLATES,
    "longmemeval": LONGMEMEVAL_TEMPLATES,
}
OWN_LOCOMO_PROMPT = "Q: {question}\nGold: {gold}\nAnswer: {answer}\nSame fact? yes or no."


def test_every_judge_prompt_is_pinned_by_its_sha256() -> None:
    assert set(PINNED_PROMPT_SHA256) == set(TEMPLATES_BY_TASK)
    for task, templates in TEMPLATES_BY_TASK.items():
        assert set(PINNED_PROMPT_SHA256[task]) == set(templates), (
            f"{task}: list every judge prompt (question type) in PINNED_PROMPT_SHA256"
        )
        for question_type, template in templates.items():
            assert prompt_sha256(template) == PINNED_PROMPT_SHA256[task][question_type], (
                f"the {task} judge prompt {question_type!r} changed: update its SHA-256 in "
                "scoring/judge_prompts.py PINNED_PROMPT_SHA256 and bump the task version too"
            )


def test_the_hash_is_of_the_template_text() -> None:
    assert prompt_sha256("abc") == hashlib.sha256(b"abc").hexdigest()
    assert prompt_sha256(OWN_LOCOMO_PROMPT) != prompt_sha256(OWN_LOCOMO_PROMPT + " ")


def test_the_grader_is_called_at_temperature_0_with_a_fixed_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(TEMPERATURE_VARIABLE, raising=False)
    monkeypatch.delenv(SEED_VARIABLE, raising=False)
    config = grader_config(judge_settings(LOCOMO_TEMPLATES))
    assert (config.temperature, config.seed) == (0.0, JUDGE_SEED) == (0.0, 42)


def test_the_environment_changes_the_grader_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TEMPERATURE_VARIABLE, "0.7")
    monkeypatch.setenv(SEED_VARIABLE, "7")
    settings = judge_settings(LOCOMO_TEMPLATES)
    assert (settings.temperature, settings.seed) == (0.7, 7)
    monkeypatch.setenv(SEED_VARIABLE, "none")
    assert grader_config(judge_settings(LOCOMO_TEMPLATES)).seed is None


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        (TEMPERATURE_VARIABLE, "hot", "MEMGYM_JUDGE_TEMPERATURE='hot': give a number 0-2"),
        (TEMPERATURE_VARIABLE, "3", "MEMGYM_JUDGE_TEMPERATURE='3': give a number 0-2"),
        (SEED_VARIABLE, "1.5", "MEMGYM_JUDGE_SEED='1.5': give an integer or none"),
    ],
)
def test_a_bad_environment_value_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str, message: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValueError) as error:
        judge_settings(LOCOMO_TEMPLATES)
    assert str(error.value) == message


def test_a_judged_score_records_prompt_hash_and_grader_settings() -> None:
    settings = JudgeSettings()
    template = LOCOMO_TEMPLATES["answer"]
    metadata = settings.metadata("answer", template, "locomo_answer_judge", "locomo-answer-v1")
    assert metadata == {
        "judge_prompt": "locomo_answer_judge",
        "judge_prompt_version": "locomo-answer-v1",
        "judge_prompt_sha256": PINNED_PROMPT_SHA256["locomo"]["answer"],
        "judge_config": {"temperature": 0.0, "seed": 42},
        "judge_prompts_file": None,
    }
    unjudged = settings.metadata("answer", template, "n", "v", judged=False)
    assert unjudged == {"judge_prompt": None, "judge_prompt_version": None}


@pytest.mark.parametrize("suffix", ["yaml", "json"])
def test_an_own_prompt_file_replaces_the_template_and_is_recorded(
    tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"prompts.{suffix}"
    if suffix == "json":
        path.write_text(json.dumps({"answer": OWN_LOCOMO_PROMPT}))
    else:
        path.write_text(
            "answer: |-\n" + "".join(f"  {line}\n" for line in OWN_LOCOMO_PROMPT.split("\n"))
        )
    settings = judge_settings(LOCOMO_TEMPLATES, str(path))
    builtin = LOCOMO_TEMPLATES["answer"]
    assert settings.template("answer", builtin) == OWN_LOCOMO_PROMPT
    metadata = settings.metadata("answer", builtin, "locomo_answer_judge", "locomo-answer-v1")
    assert metadata["judge_prompt_version"] == "user-file"
    assert metadata["judge_prompt_sha256"] == prompt_sha256(OWN_LOCOMO_PROMPT)
    assert metadata["judge_prompts_file"] == {
        "path": str(path),
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }


def test_a_file_may_replace_some_rubrics_only(tmp_path: Path) -> None:
    path = tmp_path / "prompts.yaml"
    path.write_text(json.dumps({"abstention": "{question} {answer} {response} yes or no?"}))
    settings = judge_settings(LONGMEMEVAL_TEMPLATES, str(path))
    default = LONGMEMEVAL_TEMPLATES["default"]
    assert settings.template("default", default) == default
    assert settings.metadata("default", default, "n", "v1")["judge_prompt_version"] == "v1"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("- a\n- b\n", "expected a mapping of question type to template (answer)"),
        ("answer: [", "not a YAML or JSON file"),
        ('{"summary": "{question}"}', "unknown question type 'summary'; known: answer"),
        ('{"answer": 3}', "the template of 'answer' is not text"),
        (
            '{"answer": "{question} {answer}"}',
            "the template of 'answer' must use exactly {answer}, {gold}, {question} "
            "(literal braces doubled)",
        ),
        (
            '{"answer": "{question} {gold} {answer} {score}"}',
            "the template of 'answer' must use exactly {answer}, {gold}, {question} "
            "(literal braces doubled)",
        ),
        (
            '{"answer": "{question} {gold} {answer} {"}',
            "the template of 'answer' must use exactly {answer}, {gold}, {question} "
            "(literal braces doubled)",
        ),
    ],
)
def test_a_bad_prompt_file_is_refused_in_one_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "prompts.yaml"
    path.write_text(content)
    with pytest.raises(ValueError) as error:
        load_prompt_file(str(path), LOCOMO_TEMPLATES)
    assert str(error.value) == f"judge_prompts={path}: {message}"


def test_a_missing_prompt_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "absent.yaml"
    with pytest.raises(ValueError) as error:
        load_prompt_file(str(path), LOCOMO_TEMPLATES)
    assert (
        str(error.value)
        == f"judge_prompts={path}: cannot read the file (No such file or directory)"
    )


def test_the_unreadable_share_warns_only_past_5_percent() -> None:
    assert unreadable_share_warning(5, 100) is None
    assert unreadable_share_warning(0, 0) is None
    assert unreadable_share_warning(6, 100) == (
        "judge: 6 of 100 judge replies so far (6.0%) held no yes/no word; each is scored as a "
        "decline (over 5%: check the grader model or prompt)"
    )


def _sample_score(unreadable: int, verdicts: int) -> SampleScore:
    score = Score(
        value={"judge_unreadable": float(unreadable)}, metadata={"judge_verdicts": verdicts}
    )
    return SampleScore(score=score, sample_id="s")


def test_the_metric_counts_unreadable_replies_and_all_replies() -> None:
    compute = unreadable_verdicts()
    figures = compute([_sample_score(0, 10), _sample_score(2, 10), _sample_score(1, 1)])
    assert figures == {"judge_unreadable": 3.0, "judge_verdicts": 21.0}


def test_judged_scorer_metrics_add_the_unreadable_count_only_with_the_judge() -> None:
    per_key = score_metrics(["score"], headline="score")
    plain = judged_scorer_metrics(per_key, judge=False)
    judged = judged_scorer_metrics(per_key, judge=True)
    for metrics, count in ((plain, 3), (judged, 4)):
        assert len(metrics) == count
        assert isinstance(metrics[-1], dict) and metrics[-1].keys() == per_key.keys()


def test_a_run_past_the_threshold_warns_once(caplog: pytest.LogCaptureFixture) -> None:
    compute = unreadable_verdicts()
    with caplog.at_level(logging.WARNING, logger="inspect_memgym.scoring.metrics"):
        compute([_sample_score(0, 10), _sample_score(1, 10)])
        assert not caplog.records  # 1 of 20 is 5%, not past it
        compute([_sample_score(0, 10), _sample_score(1, 10), _sample_score(2, 10)])
        compute([_sample_score(0, 10), _sample_score(1, 10), _sample_score(3, 10)])
    assert [record.getMessage() for record in caplog.records] == [
        "judge: 3 of 30 judge replies so far (10.0%) held no yes/no word; each is scored as a "
        "decline (over 5%: check the grader model or prompt)"
    ]


def test_the_task_records_only_settings_that_differ_from_the_default(tmp_path: Path) -> None:
    assert JudgeSettings().task_metadata() == {}
    path = tmp_path / "prompts.json"
    path.write_text(json.dumps({"answer": OWN_LOCOMO_PROMPT}))
    own = JudgeSettings(0.5, None, str(path), "abc", {"answer": OWN_LOCOMO_PROMPT})
    assert own.task_metadata() == {
        "judge_prompts_file": {"path": str(path), "sha256": "abc"},
        "judge_config": {"temperature": 0.5, "seed": None},
    }
