"""The longmemeval task end to end, on a test-written file in the exact schema with its traps.

One eval of the perfect policy through the native strategy and one through no memory are
shared by most asserts; the rest build tasks without running them, or run one small eval.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.event import LoggerEvent, ModelEvent
from inspect_ai.log import EvalLog, EvalSample, resolve_sample_attachments
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.paired import paired_deltas
from inspect_memgym.analysis.sample_scores import score_means
from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.longmemeval import data
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.scoring.judge_prompts import (
    PINNED_PROMPT_SHA256,
    SEED_VARIABLE,
    TEMPERATURE_VARIABLE,
    prompt_sha256,
)
from longmemeval_sample import write_longmemeval

SCORER = "longmemeval_scorer"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
IDS = ["a1b2c3d4", "a1b2c3d4_abs", "e5f6_abs", "k9_abs", "p7"]


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_longmemeval(tmp_path_factory.mktemp("longmemeval") / "longmemeval_oracle.json")


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs")


@pytest.fixture(scope="module")
def runs(data_file: Path, log_dir: Path) -> dict[str, EvalLog]:
    logs = eval(
        [longmemeval(dataset=str(data_file)), longmemeval(dataset=str(data_file), agent="none")],
        model="memgym/perfect",
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(log_dir),
    )
    return {str(log.eval.metadata["agent"]): log for log in logs if log.eval.metadata}


def sample_of(log: EvalLog, sample_id: str) -> EvalSample:
    assert log.status == "success", log.error
    assert log.samples is not None
    [sample] = [sample for sample in log.samples if sample.id == sample_id]
    return resolve_sample_attachments(sample)


def values(sample: EvalSample) -> dict[str, float]:
    assert sample.scores is not None
    value = sample.scores[SCORER].value
    assert isinstance(value, dict)
    return {str(key): float(number) for key, number in value.items()}


def metric(log: EvalLog, key: str, name: str = "mean") -> float:
    assert log.results is not None
    [score] = [score for score in log.results.scores if score.name == key]
    return float(score.metrics[name].value)


def test_one_sample_per_question_with_stable_ids_and_text_targets(data_file: Path) -> None:
    task = longmemeval(dataset=str(data_file))
    assert [sample.id for sample in task.dataset] == IDS
    assert task.dataset[0].target == "21"  # an integer answer, as text
    assert task.dataset[1].metadata["abstention"] is True
    assert task.dataset[1].metadata["question_type"] == "temporal-reasoning"
    rebuilt = longmemeval(dataset=str(data_file))
    assert [sample.model_dump_json() for sample in task.dataset] == [
        sample.model_dump_json() for sample in rebuilt.dataset
    ]
    assert "haystack_sessions" not in task.dataset[0].metadata  # the log stays small


def test_perfect_memory_is_judged_right_on_every_question(runs: dict[str, EvalLog]) -> None:
    log = runs["native"]
    answerable = values(sample_of(log, "a1b2c3d4"))
    assert answerable["accuracy"] == 1.0 and answerable["temporal_reasoning"] == 1.0
    assert math.isnan(answerable["abstention"]) and math.isnan(answerable["multi_session"])
    assert answerable["no_memory"] == 0.0 and answerable["memory_delta"] == 1.0
    abstaining = values(sample_of(log, "a1b2c3d4_abs"))
    assert abstaining["abstention"] == 1.0 and abstaining["no_memory_raw"] == 1.0
    # a decline decides an _abs question: it stays out of no_memory and memory_delta
    assert math.isnan(abstaining["no_memory"]) and math.isnan(abstaining["memory_delta"])
    assert metric(log, "accuracy") == 1.0
    assert metric(log, SCORER, "task_averaged") == 1.0
    # the three _abs questions stay out: perfect knows neither answerable one without memory
    assert metric(log, "no_memory") == 0.0


def test_without_memory_the_task_average_weighs_each_type_once(runs: dict[str, EvalLog]) -> None:
    log = runs["none"]
    # temporal 1/2 (the _abs question abstains rightly), multi-session 1, knowledge-update 1,
    # preference 0: overall 3/5, task-averaged (0.5 + 1 + 1 + 0) / 4
    assert metric(log, "accuracy") == pytest.approx(0.6)
    assert metric(log, SCORER, "task_averaged") == pytest.approx(0.625)
    # a type's accuracy is not a metric (the results table stays readable): from the samples
    assert score_means(log, SCORER)["temporal_reasoning"] == pytest.approx(0.5)
    assert not [score for score in log.results.scores if score.name == "temporal_reasoning"]
    assert metric(log, "abstention") == 1.0
    assert metric(log, "memory_delta") == 0.0


def test_leaderboard_rows_show_each_type_and_the_paired_delta(
    runs: dict[str, EvalLog], log_dir: Path
) -> None:
    board = load_leaderboard([str(log_dir)])
    rows = {row.protocol.value("agent"): row for row in board.rows}
    native = rows["native"]
    assert native.headline == "accuracy" and native.samples == 5
    assert native.scores["temporal_reasoning"].mean == 1.0  # the other types' NaN are skipped
    assert math.isnan(native.scores["single_session_user"].mean)  # no such question
    assert rows["none"].scores["temporal_reasoning"].mean == pytest.approx(0.5)
    [delta] = paired_deltas(board, "none")
    # floored pairs (`analysis.paired`): the three _abs questions, which a decline decides,
    # leave the pair; the two answerable ones compare 1.0 with memory against 0 without
    assert delta.strategy == "native" and delta.pairs == 2 and delta.floored
    assert delta.delta.mean == pytest.approx(1.0)


def test_unsorted_oracle_sessions_are_taken_in_date_order(runs: dict[str, EvalLog]) -> None:
    sample = sample_of(runs["native"], "a1b2c3d4")
    [answer, *_] = [event for event in sample.events if isinstance(event, ModelEvent)]
    history = "\n".join(message.text for message in answer.input)
    first, second, third = (
        history.index(f"date: {date}") for date in ("2023/05/01", "2023/05/10", "2023/05/31")
    )
    assert first < second < third
    assert answer.input[-1].text.endswith(
        "Current date: 2023/06/30 (Fri) 09:12\n"
        "Question: How many days passed between my two dentist visits?\nAnswer:"
    )


def test_abstention_rubric_is_routed_by_the_id_suffix_not_the_type(
    runs: dict[str, EvalLog],
) -> None:
    for sample_id in ("a1b2c3d4_abs", "e5f6_abs", "k9_abs"):
        metadata = sample_of(runs["native"], sample_id).scores[SCORER].metadata  # type: ignore[index]
        assert metadata["rubric"] == "abstention"
        assert metadata["judge_prompt_version"] == "longmemeval-abstention-v1"
    temporal = sample_of(runs["native"], "a1b2c3d4").scores[SCORER].metadata  # type: ignore[index]
    assert temporal["judge_prompt_version"] == "longmemeval-temporal-v1"
    assert temporal["judge_prompt"] == "longmemeval_temporal_reasoning_judge"
    assert temporal["decided_by"] == "judge"


def test_a_bound_grader_judges_and_is_recorded(runs: dict[str, EvalLog]) -> None:
    metadata = sample_of(runs["native"], "p7").scores[SCORER].metadata  # type: ignore[index]
    assert metadata["self_judged"] is False and metadata["judge_model"] == "memgym/judge"


def test_self_judging_only_when_asked_then_said_once_up_front_and_recorded(
    data_file: Path, tmp_path: Path
) -> None:
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning", self_judge=True),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.samples is not None
    warnings = [
        event
        for sample in log.samples
        for event in sample.events
        if isinstance(event, LoggerEvent) and "judges its own answers" in event.message.message
    ]
    assert len(warnings) == 1
    metadata = sample_of(log, "a1b2c3d4").scores[SCORER].metadata  # type: ignore[index]
    assert metadata["self_judged"] is True and metadata["judge_model"] == "memgym/perfect"


def test_without_a_grader_an_eval_refuses_the_task_in_one_line(data_file: Path) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        eval(
            "inspect_memgym/longmemeval",
            task_args={"dataset": str(data_file)},
            model="memgym/perfect",
            display="none",
        )
    message = str(raised.value)
    assert "\n" not in message and "--model-role grader=<model>" in message
    assert "-T self_judge=true" in message


def test_a_task_built_before_the_eval_fails_its_samples_before_reading_history(
    data_file: Path, tmp_path: Path
) -> None:
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "error" and log.error is not None
    assert "the judge needs a 'grader' model role" in log.error.message


def test_the_scripted_grader_refuses_to_be_the_model_under_test(
    data_file: Path, tmp_path: Path
) -> None:
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
        model="memgym/judge",
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "error" and log.error is not None
    assert "memgym/judge only grades" in log.error.message


def wordy_judge(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    """Answers with the gold text, and judges with a sentence instead of yes or no."""
    prompt = messages[-1].text
    reply = "Yes, the response is correct." if "Answer yes or no only." in prompt else "21 days"
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


def unreadable_judge(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    """Answers with the gold text, and judges with neither yes nor no."""
    prompt = messages[-1].text
    reply = "The response seems correct." if "Answer yes or no only." in prompt else "21 days"
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


@pytest.mark.usefixtures("offline_token_counts")
def test_a_chatty_grader_is_read_by_its_first_yes_or_no(data_file: Path, tmp_path: Path) -> None:
    grader = get_model("mockllm/model", custom_outputs=wordy_judge)
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
        model="memgym/perfect",
        model_roles={"grader": grader},
        display="none",
        log_dir=str(tmp_path),
    )
    sample = sample_of(log, "a1b2c3d4")
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["verdict"] == "yes" and metadata["self_judged"] is False
    assert metadata["judge_reply"] == "Yes, the response is correct."
    assert values(sample)["official_accuracy"] == 1.0
    assert values(sample)["accuracy"] == 1.0 and values(sample)["judge_unreadable"] == 0.0
    assert not [event for event in sample.events if isinstance(event, LoggerEvent)]
    assert [sample.id for sample in log.samples or []] == ["a1b2c3d4", "a1b2c3d4_abs"]


@pytest.mark.usefixtures("offline_token_counts")
def test_an_unreadable_verdict_is_counted_and_scored_as_a_decline(
    data_file: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    grader = get_model("mockllm/model", custom_outputs=unreadable_judge)
    with caplog.at_level(logging.WARNING, logger="inspect_memgym.scoring.metrics"):
        [log] = eval(
            longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
            model="memgym/perfect",
            model_roles={"grader": grader},
            display="none",
            log_dir=str(tmp_path),
        )
    [warning] = [record.getMessage() for record in caplog.records]  # once per run
    assert warning.startswith("judge: ") and " judge replies so far (100.0%) held no " in warning
    sample = sample_of(log, "a1b2c3d4")
    scores = values(sample)
    # a decline is wrong on an answerable question: 0 in every figure, not left out
    assert scores["accuracy"] == 0.0 and scores["no_memory"] == 0.0
    assert scores["memory_delta"] == 0.0 and scores["temporal_reasoning"] == 0.0
    assert scores["judge_unreadable"] == 2.0  # the answer's and the no-memory answer's
    assert values(sample_of(log, "a1b2c3d4_abs"))["accuracy"] == 1.0  # a decline is right
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["verdict"] == "unreadable"
    assert metadata["judge_reply"] == metadata["no_memory_judge_reply"]
    assert metadata["judge_reply"] == "The response seems correct."
    assert metadata["questions"][0]["judge_unreadable"] is True
    assert metadata["questions"][0]["correct"] is False
    assert metric(log, SCORER, "judge_unreadable") == 4.0  # two questions, two verdicts each
    assert metric(log, "accuracy") == 0.5
    [row] = load_leaderboard([str(tmp_path)]).rows
    assert row.scores["judge_unreadable"].mean == 2.0  # per question, as the metric counts


def recording_judge(calls: list[tuple[str, GenerateConfig]]) -> Any:
    """Answers with the gold text; judges yes, noting each judge prompt and its config."""

    def outputs(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        prompt = messages[-1].text
        judging = "Answer yes or no only." in prompt
        if judging:
            calls.append((prompt, config))
        output = ModelOutput.from_content("mockllm/model", "yes" if judging else "21 days")
        output.usage = USAGE
        return output

    return outputs


@pytest.mark.usefixtures("offline_token_counts")
def test_the_grader_runs_at_temperature_0_with_a_seed_and_the_score_records_the_protocol(
    data_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(TEMPERATURE_VARIABLE, raising=False)
    monkeypatch.delenv(SEED_VARIABLE, raising=False)
    calls: list[tuple[str, GenerateConfig]] = []
    grader = get_model("mockllm/model", custom_outputs=recording_judge(calls))
    [log] = eval(
        longmemeval(dataset=str(data_file), question_types="temporal-reasoning"),
        model="memgym/perfect",
        model_roles={"grader": grader},
        display="none",
        log_dir=str(tmp_path),
    )
    assert len(calls) == 4
    assert {(config.temperature, config.seed) for _, config in calls} == {(0.0, 42)}
    metadata = sample_of(log, "a1b2c3d4").scores[SCORER].metadata  # type: ignore[index]
    assert metadata["judge_prompt_version"] == "longmemeval-temporal-v1"
    assert (
        metadata["judge_prompt_sha256"] == PINNED_PROMPT_SHA256["longmemeval"]["temporal-reasoning"]
    )
    assert metadata["judge_config"] == {"temperature": 0.0, "seed": 42}
    assert metadata["judge_prompts_file"] is None
    assert metadata["judge_verdicts"] == 2
    assert log.eval.metadata is not None  # judged the default way: the protocol logs had before
    assert not {"judge_prompts_file", "judge_config"} & set(log.eval.metadata)


OWN_TEMPORAL_PROMPT = "OWN RUBRIC {question} | {answer} | {response} Answer yes or no only."


@pytest.mark.usefixtures("offline_token_counts")
def test_an_own_prompt_file_judges_and_its_hash_is_recorded(
    data_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SEED_VARIABLE, "7")
    prompts = tmp_path / "prompts.yaml"
    prompts.write_text(json.dumps({"temporal-reasoning": OWN_TEMPORAL_PROMPT}))
    calls: list[tuple[str, GenerateConfig]] = []
    grader = get_model("mockllm/model", custom_outputs=recording_judge(calls))
    [log] = eval(
        longmemeval(
            dataset=str(data_file), question_types="temporal-reasoning", judge_prompts=str(prompts)
        ),
        model="memgym/perfect",
        model_roles={"grader": grader},
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    own = [prompt for prompt, _ in calls if prompt.startswith("OWN RUBRIC ")]
    assert len(own) == 2  # the temporal question's answer and no-memory answer
    assert all("cannot be answered" in prompt for prompt, _ in calls if prompt not in own)
    assert {config.seed for _, config in calls} == {7}
    metadata = sample_of(log, "a1b2c3d4").scores[SCORER].metadata  # type: ignore[index]
    assert metadata["judge_prompt_version"] == "user-file"
    assert metadata["judge_prompt_sha256"] == prompt_sha256(OWN_TEMPORAL_PROMPT)
    assert metadata["judge_config"] == {"temperature": 0.0, "seed": 7}
    assert metadata["judge_prompts_file"] == {
        "path": str(prompts),
        "sha256": hashlib.sha256(prompts.read_bytes()).hexdigest(),
    }
    abstention = sample_of(log, "a1b2c3d4_abs").scores[SCORER].metadata  # type: ignore[index]
    assert abstention["judge_prompt_version"] == "longmemeval-abstention-v1"
    assert log.eval.metadata is not None  # the protocol: runs judged otherwise are not pooled
    assert log.eval.metadata["judge_prompts_file"] == metadata["judge_prompts_file"]
    assert log.eval.metadata["judge_config"] == {"temperature": 0.0, "seed": 7}


def test_a_bad_prompt_file_is_refused_in_one_line(data_file: Path, tmp_path: Path) -> None:
    prompts = tmp_path / "prompts.yaml"
    prompts.write_text(json.dumps({"temporal": "{question}"}))
    with pytest.raises(TaskArgumentError) as error:
        longmemeval(dataset=str(data_file), judge_prompts=str(prompts))
    assert str(error.value) == (
        f"longmemeval: judge_prompts={prompts}: unknown question type 'temporal'; known: "
        "default, temporal-reasoning, knowledge-update, single-session-preference, abstention"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"variant": "xl"}, "unknown LongMemEval variant 'xl'"),
        ({"question_types": "trivia"}, "unknown LongMemEval question type 'trivia'"),
        ({"dataset": "/nonexistent/longmemeval_s.json"}, "LongMemEval dataset file not found"),
    ],
)
def test_bad_arguments_end_in_one_line(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        longmemeval(**arguments)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_first_use_downloads_the_variant_at_the_pinned_revision(
    data_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))
    requests: list[tuple[str, str, str]] = []

    def serve(repository: str, filename: str, revision: str, cache_directory: Path) -> str:
        requests.append((repository, filename, revision))
        return str(data_file)

    monkeypatch.setattr(data, "fetch_file", serve)
    task = longmemeval(variant="oracle")
    assert requests == [
        (data.LONGMEMEVAL_REPOSITORY, "longmemeval_oracle.json", data.LONGMEMEVAL_REVISION)
    ]
    assert len(task.dataset) == 5 and task.metadata is not None
    assert task.metadata["variant"] == "oracle"
    assert task.metadata["data_revision"] == data.LONGMEMEVAL_REVISION


def test_offline_first_use_is_one_line_saying_how_to_pass_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))

    def offline(repository: str, filename: str, revision: str, cache_directory: Path) -> str:
        raise OSError("We couldn't connect to 'https://huggingface.co'")

    monkeypatch.setattr(data, "fetch_file", offline)
    with pytest.raises(TaskArgumentError) as raised:
        longmemeval()
    message = str(raised.value)
    assert "\n" not in message and "-T dataset=/path/to/longmemeval_s_cleaned.json" in message
