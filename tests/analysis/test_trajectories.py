"""``inspect-memgym trajectories``: eval logs to OpenAI chat fine-tuning records.

The logs are real scripted runs: entity_stream and conversation from the shared
`analysis_logs`, and research_qa with a bound ``grader`` whose calls must stay out. Every
record is checked against the chat fine-tuning format directly (`assert_chat_example`),
not through the module's own checker.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from analysis_logs import AnalysisLogs, copy_logs, upload
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log
from inspect_ai.model import (
    ChatMessageAssistant,
    ContentReasoning,
    ContentText,
    ModelOutput,
    get_model,
)
from inspect_ai.solver import generate
from inspect_ai.tool import ToolInfo, ToolParam, ToolParams

from inspect_memgym.analysis.trajectories import (
    TrajectoryOptions,
    TrajectoryTally,
    log_trajectories,
    openai_tools,
    trajectory_record,
)
from inspect_memgym.cli import main
from inspect_memgym.kit.answer_meter import PASS_METADATA_KEY
from inspect_memgym.research_qa.task import research_qa

ROLES = {"system", "user", "assistant", "tool"}
METADATA_KEYS = {
    "task",
    "task_version",
    "sample_id",
    "epoch",
    "seed",
    "tier",
    "template",
    "strategy",
    "model",
    "score",
    "score_key",
    "log",
    "pass",
    "call",
}
EVENT_LINE = re.compile(r"^\[Event (\d+) of (\d+) ")


def assert_chat_example(record: dict[str, Any]) -> None:
    """The record is one example of OpenAI's chat fine-tuning format (tools included)."""
    assert set(record) <= {"messages", "tools", "metadata"}
    names = set()
    for tool in record.get("tools", []):
        assert tool["type"] == "function"
        function = tool["function"]
        assert set(function) <= {"name", "description", "parameters"}
        assert isinstance(function["name"], str) and function["name"] not in names
        assert function["parameters"]["type"] == "object"
        names.add(function["name"])
    open_calls: list[str] = []
    call_ids: list[str] = []
    for message in record["messages"]:
        assert message["role"] in ROLES
        if message["role"] == "tool":
            assert set(message) == {"role", "content", "tool_call_id"}
            assert isinstance(message["content"], str)
            assert message["tool_call_id"] == open_calls.pop(0)  # answered in call order
            continue
        assert not open_calls, "a tool call is left unanswered mid-conversation"
        if message["role"] != "assistant":
            assert isinstance(message["content"], str)
            continue
        calls = message.get("tool_calls") or []
        assert calls or message["content"]
        for call in calls:
            assert set(call) == {"id", "type", "function"}
            assert call["type"] == "function"
            assert call["function"]["name"] in names
            assert isinstance(call["function"]["arguments"], str)
            assert isinstance(json.loads(call["function"]["arguments"]), dict)
            open_calls.append(call["id"])
            call_ids.append(call["id"])
    assert len(call_ids) == len(set(call_ids))
    assert record["messages"][-1]["role"] == "assistant"


def records_of(
    locations: list[str], **options: Any
) -> tuple[list[dict[str, Any]], TrajectoryTally]:
    tally = TrajectoryTally()
    records = list(log_trajectories(locations, TrajectoryOptions(**options), tally))
    for record in records:
        assert_chat_example(record)
        assert set(record["metadata"]) == METADATA_KEYS
    return records, tally


@pytest.fixture(scope="module")
def judged_log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    """research_qa played by a judge baiter and judged by a bound ``memgym/judge`` grader."""
    [log] = eval(
        research_qa(seeds=[0], hops="3", context_tokens=1_000, judge=True),
        model="memgym/judge_bait",
        model_roles={"grader": "memgym/judge"},
        log_dir=str(tmp_path_factory.mktemp("judged")),
        display="none",
    )
    assert log.status == "success"
    return log


def test_entity_stream_gives_one_record_per_event_with_seed_and_version(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    log = analysis_logs.grid["perfect"]
    directory = copy_logs(tmp_path / "logs", [log])
    records, tally = records_of([str(directory)])
    assert tally.samples == 2 and not tally.skipped and not tally.malformed
    for sample in log.samples or []:
        mine = [r for r in records if r["metadata"]["sample_id"] == sample.id]
        events = [EVENT_LINE.match(r["messages"][1]["content"]) for r in mine]
        numbers = sorted(int(match.group(1)) for match in events if match)
        total = int(events[0].group(2)) if events[0] else 0
        # each event's context is cleared: one conversation per event, its last call's
        assert numbers == list(range(1, total + 1))
        metadata = mine[0]["metadata"]
        assert metadata["task"] == "inspect_memgym/entity_stream"
        assert metadata["task_version"] == log.eval.task_version
        assert metadata["seed"] == sample.metadata["seed"] == 0
        assert (metadata["tier"], metadata["template"]) == ("lite", sample.metadata["template"])
        assert (metadata["strategy"], metadata["model"]) == ("agentic", "memgym/perfect")
        assert (metadata["score_key"], metadata["score"]) == ("composite", 1.0)
        assert metadata["log"] == (directory / Path(log.location).name).as_posix()
    assert {r["metadata"]["pass"] for r in records} == {None, "memory"}
    last_calls = [r["messages"][-1].get("tool_calls") or [{}] for r in records]
    assert any(calls[-1].get("function", {}).get("name") == "submit_answer" for calls in last_calls)


def test_no_record_is_a_prefix_of_another(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    directory = copy_logs(tmp_path / "logs", [analysis_logs.conversation["perfect"]])
    records, _ = records_of([str(directory)], include_controls=True)
    conversations = [record["messages"] for record in records]
    for index, conversation in enumerate(conversations):
        for other in conversations[index + 1 :]:
            assert other[: len(conversation)] != conversation
            assert conversation[: len(other)] != other


def test_the_no_memory_pass_is_left_out_unless_asked_for(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    log = analysis_logs.grid["perfect"]
    directory = copy_logs(tmp_path / "logs", [log])
    default, _ = records_of([str(directory)])
    included, _ = records_of([str(directory)], include_controls=True)
    passes = Counter(record["metadata"]["pass"] for record in included)
    assert passes["no_memory"] > 0
    assert passes - Counter({"no_memory": passes["no_memory"]}) == Counter(
        record["metadata"]["pass"] for record in default
    )
    # the left-out conversations are the ones asked over an empty memory
    no_memory = [r for r in included if r["metadata"]["pass"] == "no_memory"]
    assert all("Memory: 0 entries stored" in r["messages"][1]["content"] for r in no_memory)


def test_conversation_keeps_replies_and_answers_but_not_its_controls(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    log = analysis_logs.conversation["perfect"]
    directory = copy_logs(tmp_path / "logs", [log])
    default, _ = records_of([str(directory)])
    included, _ = records_of([str(directory)], include_controls=True)
    assert {r["metadata"]["pass"] for r in default} == {None, "memory"}
    assert {r["metadata"]["pass"] for r in included} == {None, "memory", "no_memory", "upper_bound"}
    metadata = default[0]["metadata"]
    assert metadata["task"] == "inspect_memgym/conversation"
    assert (metadata["seed"], metadata["tier"], metadata["strategy"]) == (0, "small", "awe")
    assert metadata["score_key"] == "chance_corrected_accuracy"
    assert metadata["task_version"] == log.eval.task_version


def test_grader_calls_are_left_out(judged_log: EvalLog, tmp_path: Path) -> None:
    log = judged_log
    events = [e for e in (log.samples or [])[0].events if isinstance(e, ModelEvent)]
    graded = [event for event in events if event.role == "grader"]
    assert graded, "the grader was never called: the test would prove nothing"
    judge_prompts = {event.input[0].text for event in graded}
    records, _ = records_of([str(copy_logs(tmp_path / "logs", [log]))])
    assert records
    assert not [r for r in records if r["messages"][0]["content"] in judge_prompts]
    assert all(r["metadata"]["model"] == "memgym/judge_bait" for r in records)


def test_min_score_keeps_only_samples_scoring_at_least_it(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    directory = copy_logs(tmp_path / "logs", list(analysis_logs.grid.values()))
    everything, _ = records_of([str(directory)])
    kept, tally = records_of([str(directory)], min_score=1.0)
    assert {r["metadata"]["model"] for r in everything} == {"memgym/perfect", "memgym/naive"}
    assert {r["metadata"]["model"] for r in kept} == {"memgym/perfect"}
    assert all(r["metadata"]["score"] == 1.0 for r in kept)
    assert (tally.samples, tally.skipped) == (2, Counter({"below --min-score": 2}))
    assert [r for r in everything if r["metadata"]["model"] == "memgym/perfect"] == kept


def test_task_filter(analysis_logs: AnalysisLogs, judged_log: EvalLog, tmp_path: Path) -> None:
    logs = [analysis_logs.grid["perfect"], judged_log]
    directory = copy_logs(tmp_path / "logs", logs)
    for task in ("research_qa", "inspect_memgym/research_qa"):
        records, tally = records_of([str(directory)], tasks=(task,))
        assert {r["metadata"]["task"] for r in records} == {"inspect_memgym/research_qa"}
        assert tally.other_tasks == 1


def test_a_log_read_twice_counts_once(analysis_logs: AnalysisLogs, tmp_path: Path) -> None:
    log = analysis_logs.grid["perfect"]
    first = copy_logs(tmp_path / "first", [log])
    second = copy_logs(tmp_path / "second", [log])
    once, _ = records_of([str(first)])
    twice, tally = records_of([str(first), str(second)])
    assert len(twice) == len(once)
    assert tally.skipped == Counter({"already read from an earlier log": 2})


def test_a_log_that_does_not_mark_passes_is_skipped_unless_controls_are_kept(
    analysis_logs: AnalysisLogs, tmp_path: Path
) -> None:
    log = read_eval_log(analysis_logs.grid["perfect"].location)
    for sample in log.samples or []:
        for event in sample.events:
            if isinstance(event, ModelEvent) and event.metadata:
                event.metadata.pop(PASS_METADATA_KEY, None)
    (tmp_path / "old").mkdir()
    write_eval_log(log, str(tmp_path / "old" / Path(log.location).name))
    records, tally = records_of([str(tmp_path / "old")])
    assert records == []
    assert tally.skipped == Counter({"from a log that does not mark the no-memory pass": 2})
    records, tally = records_of([str(tmp_path / "old")], include_controls=True)
    assert records and not tally.skipped


def test_provider_internals_stay_out_of_the_targets(
    tmp_path: Path, offline_token_counts: None
) -> None:
    reply = ModelOutput.from_message(
        ChatMessageAssistant(
            content=[
                ContentReasoning(reasoning="Recall the note.", signature="opaque-signature"),
                ContentReasoning(reasoning="encrypted", redacted=True),
                ContentText(text="You said x.", internal={"provider_id": "msg_1"}),
            ]
        )
    )
    task = Task(dataset=[Sample(input="What did I say?", id="s1")], solver=generate())
    [log] = eval(
        task,
        model=get_model("mockllm/model", custom_outputs=[reply]),
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert log.status == "success", log.error
    [record], _ = records_of([str(tmp_path / "logs")])
    assert record["messages"][-1] == {
        "role": "assistant",
        "content": "<think>\nRecall the note.\n</think>\n\nYou said x.",
    }


def test_trajectory_record_writes_arguments_as_json_and_refuses_malformed_ones() -> None:
    tools = [{"type": "function", "function": {"name": "recall", "parameters": {"type": "object"}}}]
    call = {"id": "c1", "type": "function", "function": {"name": "recall", "arguments": {"q": "x"}}}
    messages = [
        {"role": "user", "content": "What did I say?"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "You said x."},
        {"role": "assistant", "content": "You said x."},
    ]
    record = trajectory_record(messages, tools, {"seed": 3})
    assert_chat_example(record)
    assert record["messages"][1]["tool_calls"][0]["function"]["arguments"] == '{"q": "x"}'
    assert messages[1]["tool_calls"][0]["function"]["arguments"] == {"q": "x"}  # not changed
    assert "tools" not in trajectory_record(messages[:1] + messages[3:], [], {})
    with pytest.raises(ValueError, match="not among the tools"):
        trajectory_record(messages, [], {})
    with pytest.raises(ValueError, match="last message"):
        trajectory_record(messages[:3], tools, {})
    with pytest.raises(ValueError, match="before tool calls"):
        trajectory_record([messages[0], messages[1], messages[3]], tools, {})


def test_openai_tools_are_function_tools_with_the_json_schema_inspect_sends() -> None:
    recall = ToolInfo(
        name="recall",
        description="Search memory.",
        parameters=ToolParams(
            properties={
                "query": ToolParam(type="string", description="What to look for."),
                "top_k": ToolParam(type="integer", description="Entries.", default=5),
            },
            required=["query"],
        ),
    )
    assert openai_tools([recall]) == [
        {
            "type": "function",
            "function": {
                "name": "recall",
                "description": "Search memory.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "description": "What to look for."},
                        "top_k": {"type": "integer", "description": "Entries.", "default": 5},
                    },
                    "required": ["query"],
                    "additionalProperties": False,
                },
            },
        }
    ]


def test_the_command_writes_jsonl_and_one_summary_line(
    analysis_logs: AnalysisLogs, judged_log: EvalLog, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    logs = [*analysis_logs.grid.values(), judged_log]
    directory = copy_logs(tmp_path / "logs", logs)
    output = tmp_path / "sft.jsonl"
    arguments = ["trajectories", str(directory), "-o", str(output), "--task", "entity_stream"]
    assert main([*arguments, "--min-score", "1"]) == 0
    lines = output.read_text(encoding="utf-8").splitlines()
    expected, _ = records_of([str(directory)], tasks=("entity_stream",), min_score=1.0)
    assert [json.loads(line) for line in lines] == expected
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"{output}: {len(lines)} records ({output.stat().st_size:,} bytes) from 2 samples of "
        "2 logs; 2 samples skipped (2 below --min-score); 1 logs of other tasks\n"
    )
    assert main([*arguments, "--include-no-memory"]) == 0
    with_controls = output.read_text(encoding="utf-8").splitlines()
    assert any(json.loads(line)["metadata"]["pass"] == "no_memory" for line in with_controls)


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["missing"], "no such file or directory: "),
        (["logs", "--task", "locomo"], "no logs of locomo in "),
    ],
    ids=["missing", "other-task"],
)
def test_the_command_refuses_in_one_line(
    analysis_logs: AnalysisLogs,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    expected: str,
) -> None:
    copy_logs(tmp_path / "logs", [analysis_logs.grid["perfect"]])
    located = [str(tmp_path / arguments[0]), *arguments[1:]]
    assert main(["trajectories", *located, "-o", str(tmp_path / "out.jsonl")]) == 1
    stderr = capsys.readouterr().err
    assert "Traceback" not in stderr
    [line] = stderr.strip().splitlines()
    assert line.startswith("inspect-memgym trajectories: error: ") and expected in line


def test_the_command_reads_an_s3_log_dir(
    analysis_logs: AnalysisLogs, s3_endpoint: str, tmp_path: Path
) -> None:
    logs = [analysis_logs.conversation["perfect"]]
    remote = upload("memgym-trajectories", "runs", logs)
    local = copy_logs(tmp_path / "logs", logs)
    from_s3, _ = records_of([remote])
    from_disk, _ = records_of([str(local)])
    assert from_s3 and len(from_s3) == len(from_disk)
    for remote_record, local_record in zip(from_s3, from_disk, strict=True):
        assert remote_record["messages"] == local_record["messages"]
        assert remote_record["metadata"]["log"].startswith(f"{remote}/")


def test_procedures_cases_become_tool_use_records(tmp_path: Path) -> None:
    from inspect_memgym.procedures.task import procedures

    [log] = eval(
        procedures(tier="smoke", templates="shop"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples
    records, _ = records_of([log.location], min_score=1.0)
    case_records = [record for record in records if "tools" in record]
    assert {record["metadata"]["task"] for record in records} == {"inspect_memgym/procedures"}
    # the strategy's own calls (taking notes) carry no pass; the no-memory pass stays out
    assert {record["metadata"]["pass"] for record in records} == {"memory", None}
    # every sample's case is worked with the world's tools and ends by closing the case
    assert len({record["metadata"]["sample_id"] for record in case_records}) == len(log.samples)
    longest: dict[str, list[str]] = {}
    for record in case_records:
        names = {tool["function"]["name"] for tool in record["tools"]}
        assert {"issue_refund", "close_case", "retrieve_learnings"} <= names
        called = [
            call["function"]["name"]
            for message in record["messages"]
            for call in message.get("tool_calls") or []
        ]
        sample_id = record["metadata"]["sample_id"]
        if len(called) > len(longest.get(sample_id, [])):
            longest[sample_id] = called
    assert all(calls[-1] == "close_case" for calls in longest.values()), longest
