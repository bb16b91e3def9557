"""The locomo task end to end, on a test-written file in the exact schema with its traps.

One eval of the perfect and guesser policies (with the optional judge) is shared by most
asserts; the others build tasks without running them, or run one small eval each.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.event import LoggerEvent, ModelEvent
from inspect_ai.log import EvalLog, EvalSample, resolve_sample_attachments
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.locomo import data
from inspect_memgym.locomo.task import locomo
from inspect_memgym.scoring.judge_prompts import PINNED_PROMPT_SHA256
from locomo_sample import locomo_raw, write_locomo

SCORER = "locomo_scorer"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


@pytest.fixture(scope="module")
def locomo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_locomo(tmp_path_factory.mktemp("locomo") / "locomo10.json")


@pytest.fixture(scope="module")
def policy_logs(locomo_file: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    logs = eval(
        locomo(dataset=str(locomo_file), judge=True, self_judge=True),
        model=["memgym/perfect", "memgym/guesser"],
        display="none",
        log_dir=str(tmp_path_factory.mktemp("logs")),
    )
    return {str(log.eval.model): log for log in logs}


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


def test_one_sample_per_conversation_with_stable_ids_and_identical_rebuilds(
    locomo_file: Path,
) -> None:
    first = locomo(dataset=str(locomo_file))
    second = locomo(dataset=str(locomo_file))
    assert [sample.id for sample in first.dataset] == ["conv-901", "conv-902"]
    dumped = [sample.model_dump_json() for sample in first.dataset]
    assert dumped == [sample.model_dump_json() for sample in second.dataset]
    assert "conversation" not in first.dataset[0].metadata  # the log stays small
    assert first.dataset[0].metadata["questions"] == 6


def test_perfect_memory_scores_every_category_and_gains_it_all_over_no_memory(
    policy_logs: dict[str, EvalLog],
) -> None:
    scores = values(sample_of(policy_logs["memgym/perfect"], "conv-901"))
    assert scores == {
        "f1": 1.0,
        "single_hop": 1.0,
        "multi_hop": 1.0,
        "temporal": 1.0,
        "open_domain": 1.0,
        "adversarial": 1.0,
        "no_memory": 0.0,
        "memory_delta": 1.0,
        "no_memory_raw": 0.0,
        "memory_delta_raw": 1.0,
        "no_memory_adversarial": 1.0,
        "official_f1": 1.0,
        "official_single_hop": 1.0,
        "official_multi_hop": 1.0,
        "official_temporal": 1.0,
        "official_open_domain": 1.0,
        "official_adversarial": 1.0,
        "not_reached": 0.0,
        "judge_accuracy": 1.0,
        "judge_unreadable": 0.0,
    }
    other = values(sample_of(policy_logs["memgym/perfect"], "conv-902"))
    assert other["single_hop"] == 1.0 and math.isnan(other["multi_hop"])


def test_an_adversarial_item_without_a_distinct_wrong_answer_is_left_out_and_listed(
    locomo_file: Path, policy_logs: dict[str, EvalLog]
) -> None:
    # conv-902's third item offers "Not mentioned" as the wrong answer: both options would
    # match every reply, so it used to score 0 for every model (perfect 1 of 2 here)
    [sample] = [s for s in locomo(dataset=str(locomo_file)).dataset if s.id == "conv-902"]
    assert sample.metadata is not None and sample.metadata["questions"] == 2
    assert sample.metadata["adversarial_without_wrong_option"] == ["conv-902/q2"]
    scored = sample_of(policy_logs["memgym/perfect"], "conv-902")
    assert values(scored)["adversarial"] == 1.0
    metadata = scored.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["adversarial_without_wrong_option"] == ["conv-902/q2"]
    assert metadata["question_counts"]["adversarial"] == 1
    assert [row["question_id"] for row in metadata["questions"]] == ["conv-902/q0", "conv-902/q1"]
    assert "outside the headline and outside memory_delta" in metadata["adversarial_note"]
    assert "adversarial (abstention, outside the headline" in scored.scores[SCORER].explanation  # type: ignore[index,operator]


def test_guesser_remembers_nothing_and_gains_nothing(policy_logs: dict[str, EvalLog]) -> None:
    scores = values(sample_of(policy_logs["memgym/guesser"], "conv-901"))
    assert scores["f1"] == 0.0 and scores["adversarial"] == 0.0
    assert scores["memory_delta"] == 0.0 and scores["judge_accuracy"] == 0.0


def test_question_weighted_metric_pools_questions_across_conversations(
    policy_logs: dict[str, EvalLog],
) -> None:
    log = policy_logs["memgym/perfect"]
    assert log.results is not None
    metrics = {score.name: score.metrics for score in log.results.scores}
    assert metrics["f1"]["mean"].value == 1.0
    assert metrics[SCORER]["pooled_f1"].value == 1.0
    assert metrics[SCORER]["pooled_f1"].group == "question_weighted"
    counts = sample_of(log, "conv-901").scores[SCORER].metadata["question_counts"]  # type: ignore[index]
    assert counts == {
        "f1": 4,
        "single_hop": 1,
        "multi_hop": 1,
        "temporal": 1,
        "open_domain": 1,
        "adversarial": 2,
        "no_memory_adversarial": 2,
        "official_f1": 4,
        "official_single_hop": 1,
        "official_multi_hop": 1,
        "official_temporal": 1,
        "official_open_domain": 1,
        "official_adversarial": 2,
        "judge_accuracy": 4,
    }


def test_sessions_with_a_date_but_no_turns_are_skipped_and_sorted_numerically(
    policy_logs: dict[str, EvalLog],
) -> None:
    sample = sample_of(policy_logs["memgym/perfect"], "conv-901")
    assert sample.metadata["agent"]["messages"] == 3  # sessions 1, 2 and 10 only
    answers = [event for event in sample.events if isinstance(event, ModelEvent)]
    history = "\n".join(message.text for message in answers[0].input)
    assert history.index("Session 1 (") < history.index("Session 2 (") < history.index("Session 10")
    assert "Session 3 " not in history and "Session 11" not in history
    assert "[Current time: 7:30 pm on 1 August, 2023]" in history
    assert "a photo of a red bicycle" in history


def test_the_no_memory_pass_asks_the_same_question_with_no_history(
    policy_logs: dict[str, EvalLog],
) -> None:
    sample = sample_of(policy_logs["memgym/perfect"], "conv-901")
    calls = [event for event in sample.events if isinstance(event, ModelEvent)]
    bare = [call for call in calls if len(call.input) == 2]
    assert len(bare) == 6  # one per question, system prompt and question only
    assert all("Lisbon" not in call.input[0].text for call in bare)
    with_memory = [call for call in calls if len(call.input) > 2]
    assert {call.input[-1].text for call in bare} <= {call.input[-1].text for call in with_memory}


def test_rows_name_categories_and_integer_gold_is_compared_as_text(
    policy_logs: dict[str, EvalLog],
) -> None:
    sample = sample_of(policy_logs["memgym/perfect"], "conv-901")
    rows = sample.scores[SCORER].metadata["questions"]  # type: ignore[index]
    assert [row["qtype"] for row in rows] == [
        "multi-hop",
        "temporal",
        "open-domain",
        "single-hop",
        "adversarial",
        "adversarial",
    ]
    assert rows[1]["gold"] == "2019" and rows[1]["answer"] == "2019"
    assert rows[2]["gold"] == "ceramics"  # open-domain: the part before ';'
    assert {row["pick"] for row in rows[4:]} == {"not_mentioned"}
    explanation = sample.scores[SCORER].explanation  # type: ignore[index]
    assert explanation is not None and "| 4 single-hop | 1 | 1.000 | 0.000 |" in explanation


def test_self_judging_when_asked_is_said_once_up_front_and_recorded(
    policy_logs: dict[str, EvalLog],
) -> None:
    log = policy_logs["memgym/perfect"]
    assert log.samples is not None
    warnings = [
        event
        for sample in log.samples
        for event in sample.events
        if isinstance(event, LoggerEvent) and "judges its own answers" in event.message.message
    ]
    assert len(warnings) == 1
    metadata = sample_of(log, "conv-901").scores[SCORER].metadata  # type: ignore[index]
    assert metadata["self_judged"] is True and metadata["judge_model"] == "memgym/perfect"
    assert metadata["judge_prompt_version"] == "locomo-answer-v1"
    assert metadata["judge_prompt"] == "locomo_answer_judge"
    assert metadata["decided_by"] == {"rules": 6}  # the F1; the judge is a view beside it


def test_a_bound_grader_judges_and_nothing_is_said(tmp_path: Path) -> None:
    raw = locomo_raw()[1:]
    path = write_locomo(tmp_path / "one.json", raw)
    [log] = eval(
        locomo(dataset=str(path), judge=True, categories="single-hop"),
        model="memgym/guesser",
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir=str(tmp_path),
    )
    sample = sample_of(log, "conv-902")
    assert set(values(sample)) == {
        "f1",
        "single_hop",
        "no_memory",
        "memory_delta",
        "no_memory_raw",
        "memory_delta_raw",
        "official_f1",
        "official_single_hop",
        "not_reached",
        "judge_accuracy",
        "judge_unreadable",
    }
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["self_judged"] is False and metadata["judge_model"] == "memgym/judge"
    assert metadata["judge_prompt_sha256"] == PINNED_PROMPT_SHA256["locomo"]["answer"]
    assert metadata["judge_config"] == {"temperature": 0.0, "seed": 42}
    assert metadata["judge_prompts_file"] is None and metadata["judge_verdicts"] == 1
    [grader_call] = [
        event for event in sample.events if isinstance(event, ModelEvent) and event.role == "grader"
    ]
    assert (grader_call.config.temperature, grader_call.config.seed) == (0.0, 42)
    assert not [event for event in sample.events if isinstance(event, LoggerEvent)]


def test_a_judge_without_a_grader_or_self_judge_is_refused_in_one_line(
    locomo_file: Path,
) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        eval(
            "inspect_memgym/locomo",
            task_args={"dataset": str(locomo_file), "judge": True},
            model="memgym/perfect",
            display="none",
        )
    assert "\n" not in str(raised.value) and "-T self_judge=true" in str(raised.value)


def malformed_replies(
    messages: list[ChatMessage],
    tools: list[ToolInfo],
    tool_choice: ToolChoice,
    config: GenerateConfig,
) -> ModelOutput:
    """Answers that name both options, echo the prompt or say nothing; a judge that says
    neither yes nor no."""
    prompt = messages[-1].text
    if prompt.startswith("You are checking one answer"):
        reply = "Mostly, I suppose."
    elif "Options:" in prompt:
        reply = "(a) or (b), hard to say"
    else:
        reply = "" if "Tobias" in prompt else prompt
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


@pytest.mark.usefixtures("offline_token_counts")
def test_malformed_answers_and_judge_replies_score_zero_without_crashing(
    locomo_file: Path, tmp_path: Path
) -> None:
    model = get_model("mockllm/model", custom_outputs=malformed_replies)
    [log] = eval(
        locomo(dataset=str(locomo_file), judge=True, self_judge=True, agent="none"),
        model=model,
        display="none",
        log_dir=str(tmp_path),
    )
    sample = sample_of(log, "conv-901")
    scores = values(sample)
    assert scores["adversarial"] == 0.0 and scores["single_hop"] == 0.0  # an empty answer
    # no verdict could be read: each counted, and scored as the decline's rejection
    assert scores["judge_accuracy"] == 0.0 and scores["judge_unreadable"] == 4.0
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["judge_unreadable"] == 4 and metadata["question_counts"]["judge_accuracy"] == 4
    assert metadata["questions"][0]["judge_reply"] == "Mostly, I suppose."
    assert metadata["questions"][0]["judge_unreadable"] is True
    assert {row["pick"] for row in metadata["questions"][4:]} == {"unclear"}


def test_categories_select_questions_and_keys(locomo_file: Path) -> None:
    task = locomo(dataset=str(locomo_file), categories="4,adversarial")
    assert task.dataset[0].metadata["questions"] == 3
    assert isinstance(task.metrics, list)
    # memory_cost, the pooled figures and the per-operation memory scores under the scorer's
    # own name, then the summary keys
    [cost_metric, pooled, operations, per_key] = task.metrics
    assert not any(isinstance(metric, dict) for metric in (cost_metric, pooled, operations))
    assert isinstance(per_key, dict) and list(per_key) == [
        "f1",
        "no_memory",
        "memory_delta",
        "adversarial",
    ]


def test_the_mem0_category_map_reports_the_same_answers_under_the_other_camps_names(
    locomo_file: Path, policy_logs: dict[str, EvalLog], tmp_path: Path
) -> None:
    """conv-902 asks category 4 (official single-hop, Mem0 open-domain) and no category 1."""
    [log] = eval(
        locomo(dataset=str(locomo_file), category_map="mem0"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    official = values(sample_of(policy_logs["memgym/perfect"], "conv-902"))
    mem0 = values(sample_of(log, "conv-902"))
    assert official["single_hop"] == mem0["open_domain"] == 1.0
    assert math.isnan(official["multi_hop"]) and math.isnan(mem0["single_hop"])
    assert official["f1"] == mem0["f1"]  # the headline does not depend on the names
    sample = sample_of(log, "conv-901")
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["category_map"] == "mem0"
    assert metadata["category_names"]["1"] == "single-hop"
    assert "mem0" in metadata["category_map_source"]
    assert [row["qtype"] for row in metadata["questions"][:4]] == [
        "single-hop",
        "temporal",
        "multi-hop",
        "open-domain",
    ]
    assert log.eval.metadata is not None and log.eval.metadata["category_map"] == "mem0"
    recorded = sample_of(policy_logs["memgym/perfect"], "conv-901").scores[SCORER].metadata  # type: ignore[index]
    assert recorded["category_map"] == "official"
    # names in -T categories are read under the chosen mapping
    assert (
        locomo(dataset=str(locomo_file), categories="single-hop", category_map="mem0")
        .dataset[0]
        .metadata["questions"]
        == 1
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"categories": "7"}, "unknown LoCoMo category '7'"),
        ({"category_map": "zep"}, "category_map must be one of official, mem0; got 'zep'"),
        ({"categories": "adversarial"}, "categories selects only adversarial questions"),
        ({"agent": "telepathy"}, "telepathy"),
        ({"dataset": "/nonexistent/locomo10.json"}, "LoCoMo dataset file not found"),
    ],
)
def test_bad_arguments_end_in_one_line(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        locomo(**arguments)
    assert message in str(raised.value) and "\n" not in str(raised.value)
    assert str(raised.value).startswith("locomo: ")


def test_first_use_downloads_the_pinned_file_through_the_fetch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))
    payload = json.dumps(locomo_raw()).encode()
    monkeypatch.setattr(data, "LOCOMO_SHA256", hashlib.sha256(payload).hexdigest())
    fetched: list[str] = []

    def serve(url: str, destination: Path) -> None:
        fetched.append(url)
        destination.write_bytes(payload)

    monkeypatch.setattr(data, "fetch_file", serve)
    task = locomo()
    assert fetched == [data.LOCOMO_URL]
    assert task.dataset[0].metadata["source"] == str(data.cached_locomo_path())
    assert task.metadata is not None and task.metadata["data_revision"] == data.LOCOMO_COMMIT
    locomo()
    assert len(fetched) == 1  # cached


def test_offline_first_use_is_one_line_saying_how_to_pass_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(tmp_path / "cache"))

    def offline(url: str, destination: Path) -> None:
        raise OSError("[Errno -3] Temporary failure in name resolution")

    monkeypatch.setattr(data, "fetch_file", offline)
    with pytest.raises(TaskArgumentError) as raised:
        locomo()
    assert "\n" not in str(raised.value) and "-T dataset=/path/to/locomo10.json" in str(
        raised.value
    )


def test_a_policy_that_keeps_half_the_facts_scores_what_its_hash_fixes(
    locomo_file: Path, tmp_path: Path
) -> None:
    [log] = eval(
        locomo(dataset=str(locomo_file), agent="notes"),
        model="memgym/partial",
        display="none",
        log_dir=str(tmp_path),
    )
    scores = values(sample_of(log, "conv-901"))
    # the facts kept are fixed by a SHA-256 hash, so these hold in any process
    assert scores["f1"] == 0.25 and scores["multi_hop"] == 1.0 and scores["single_hop"] == 0.0
    assert scores["temporal"] == 0.0 and scores["memory_delta"] == 0.25
