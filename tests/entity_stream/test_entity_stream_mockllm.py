"""entity_stream end to end with a scripted mockllm model that misbehaves on purpose.

One lite sample (company, seed 0) with a write budget of 2 and 3 turns per event. The
script makes real tool calls: valid writes, malformed arguments, an unknown tool, an
over-length write, writes past the budget, an edit of missing text, submit_answer outside a
question, a question left without submit_answer, a question that runs out of turns, and
correct submissions whose gold comes from the sample metadata. Every refusal must reach the
model as a tool error and the sample must still finish and be scored.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo
from inspect_ai.util import Store

from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.memory.ledger import MemoryLedger

MODEL = "mockllm/model"
NO_MEMORY_ANSWER = "I don't know."
WRITE_BUDGET = 2
MAX_TURNS = 3
EVENT_HEADER = re.compile(r"^\[Event (\d+) of (\d+) \|")
FIRST_NOTE = "Scripted note one: Nimbus Metrics and friends."
SECOND_NOTE = "Scripted note two: a second batch."
TEXT_REPLY = "I think the answer is probably 7, but I did not check."
BROKEN_JSON = "Expecting ',' delimiter: line 1 column 12 (char 11)"

Call = tuple[str, dict[str, Any]]
Turn = str | list[Call]


def _output(turn: Turn, event_index: int, turn_index: int) -> ModelOutput:
    """A scripted reply: plain text, or tool calls (all with explicit usage)."""
    if isinstance(turn, str):
        message = ChatMessageAssistant(content=turn, model=MODEL)
    else:
        calls = [
            ToolCall(
                id=f"call-{event_index}-{turn_index}-{number}",
                function=function,
                arguments=arguments,
                parse_error=BROKEN_JSON
                if function == "memory_write" and "_broken" in arguments
                else None,
            )
            for number, (function, arguments) in enumerate(turn)
        ]
        message = ChatMessageAssistant(content="", tool_calls=calls, model=MODEL)
    return ModelOutput(
        model=MODEL,
        choices=[
            ChatCompletionChoice(
                message=message, stop_reason="tool_calls" if message.tool_calls else "stop"
            )
        ],
        # explicit usage: mockllm would otherwise count tokens with tiktoken (offline here)
        usage=ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15),
    )


@dataclass
class Plan:
    """Which event gets which turns, and the roles picked from the sample's questions."""

    metadata: dict[str, Any]
    turns: dict[int, list[Turn]] = field(default_factory=dict)
    correct_qid: str = ""
    double_qid: str = ""
    text_qid: str = ""
    capped_qid: str = ""
    abstain_qid: str = ""
    capped_event: int = -1
    seen: list[tuple[int, int]] = field(default_factory=list)
    asked_without_memory: list[tuple[int, list[str]]] = field(default_factory=list)
    first_prompts: dict[int, list[str]] = field(default_factory=dict)
    """Each event's first call: system prompt and user message (the memory pass)."""
    no_memory_prompts: dict[int, list[str]] = field(default_factory=dict)
    """Each question's no-memory pass: its system prompt and user message."""

    def question(self, qid: str) -> dict[str, Any]:
        return next(q for q in self.metadata["questions"] if q["qid"] == qid)

    def gold(self, qid: str) -> str:
        return str(self.question(qid)["gold"]["text"])

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        user = next(m for m in input if isinstance(m, ChatMessageUser))
        match = EVENT_HEADER.match(user.text)
        assert match is not None, user.text[:200]
        event_index = int(match.group(1)) - 1
        turn_index = sum(isinstance(m, ChatMessageAssistant) for m in input)
        opening = [message.text for message in input[:2]]
        if turn_index == 0 and event_index in self.first_prompts:
            # the same question's second conversation: the pass with an empty memory, which
            # the prompt does not tell apart
            self.asked_without_memory.append((event_index, [tool.name for tool in tools]))
            self.no_memory_prompts[event_index] = opening
            return _output([("submit_answer", {"answer": NO_MEMORY_ANSWER})], event_index, 0)
        if turn_index == 0:
            self.first_prompts[event_index] = opening
        self.seen.append((event_index, turn_index))
        script = self.turns.get(event_index, ["DONE"])
        turn = script[turn_index] if turn_index < len(script) else "DONE"
        return _output(turn, event_index, turn_index)


def build_plan(metadata: dict[str, Any]) -> Plan:
    plan = Plan(metadata=metadata)
    events = metadata["events"]
    ingests = [e["index"] for e in events if e["kind"] == "ingest"]
    corrections = [e["index"] for e in events if e["kind"] == "correction"]
    question_events = {e["payload"]["qid"]: e["index"] for e in events if e["kind"] == "question"}
    answerable = [q["qid"] for q in metadata["questions"] if q["axis"] != "abstention"]
    abstaining = [q["qid"] for q in metadata["questions"] if q["axis"] == "abstention"]
    assert len(ingests) >= 3 and len(answerable) >= 4 and abstaining
    correction = next(index for index in corrections if index > ingests[0])
    plan.correct_qid, plan.double_qid, plan.text_qid, plan.capped_qid = answerable[:4]
    plan.abstain_qid = abstaining[0]
    plan.capped_event = question_events[plan.capped_qid]

    plan.turns[ingests[0]] = [
        [
            ("memory_write", {"content": FIRST_NOTE}),
            ("memory_write", {"content": 123}),
            ("memory_write", {}),
        ],
        [
            ("memory_nuke", {"everything": True}),
            ("memory_write", {"content": "x" * 2_500}),
            ("memory_search", {"query": "Nimbus", "top_k": "lots"}),
            ("memory_write", {"_broken": True}),
        ],
        "DONE",
    ]
    plan.turns[ingests[1]] = [
        [("memory_write", {"content": SECOND_NOTE})],
        [
            ("memory_write", {"content": "Scripted note three: over budget."}),
            ("memory_edit", {"old_text": "text that was never stored", "new_text": "new"}),
        ],
        [("submit_answer", {"answer": "42"})],
    ]
    plan.turns[ingests[2]] = [[("memory_write", {"content": "Scripted note four."})], "DONE"]
    plan.turns[correction] = [
        [("memory_edit", {"old_text": "and friends", "new_text": "and partners"})],
        "DONE",
    ]
    plan.turns[question_events[plan.correct_qid]] = [
        [("memory_search", {"query": "Nimbus Metrics", "top_k": 3})],
        [("submit_answer", {"answer": plan.gold(plan.correct_qid)})],
    ]
    plan.turns[question_events[plan.double_qid]] = [
        [
            ("submit_answer", {"answer": plan.gold(plan.double_qid)}),
            ("submit_answer", {"answer": "a different answer"}),
        ],
    ]
    plan.turns[question_events[plan.text_qid]] = [TEXT_REPLY]
    # a different search each turn: the same call to the same result twice ends the loop
    plan.turns[plan.capped_event] = [
        [("memory_search", {"query": f"lookup {turn}"})] for turn in range(MAX_TURNS + 2)
    ]
    for index in question_events.values():
        plan.turns.setdefault(index, [[("submit_answer", {"answer": "I don't know."})]])
    return plan


@dataclass
class Run:
    plan: Plan
    log: EvalLog
    sample: EvalSample


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    task = entity_stream(
        tier="lite",
        seed=0,
        templates="company",
        agent={"name": "agentic", "write_budget": WRITE_BUDGET, "max_turns": MAX_TURNS},
    )
    [sample] = list(task.dataset)
    assert sample.metadata is not None
    content = scenario_content(sample.metadata)  # the sample names its scenario
    plan = build_plan({**sample.metadata, "events": content.events, "questions": content.questions})
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": plan},
        log_dir=str(tmp_path_factory.mktemp("mockllm_logs")),
        display="none",
    )
    assert log.samples is not None
    return Run(plan=plan, log=log, sample=log.samples[0])


def _tool_errors(sample: EvalSample) -> list[tuple[str, str, str]]:
    return [
        (message.function or "", message.error.type, message.error.message)
        for message in sample.messages
        if isinstance(message, ChatMessageTool) and message.error is not None
    ]


def _question_detail(run: Run, qid: str) -> dict[str, Any]:
    assert run.sample.scores is not None
    details = run.sample.scores["entity_stream_scorer"].metadata["questions"]  # type: ignore[index]
    return next(detail for detail in details if detail["qid"] == qid)


def test_sample_finishes_and_is_scored(run: Run) -> None:
    assert run.log.status == "success"
    assert run.sample.error is None
    assert run.sample.limit is None
    assert run.sample.id == "company-lite-0"
    assert run.sample.scores is not None
    score = run.sample.scores["entity_stream_scorer"]
    assert isinstance(score.value, dict)
    assert set(score.value) == {
        "composite",
        "breadth",
        "maintenance",
        "reasoning",
        "efficiency",
        "abstention",
        "no_memory",
        "memory_delta",
        "no_memory_raw",
        "memory_delta_raw",
        "memory_delta_breadth",
        "memory_delta_maintenance",
        "memory_delta_reasoning",
        "memory_delta_efficiency",
        "official_composite",
        "official_maintenance",
        "official_efficiency",
        "write_failure",
        "read_failure",
        "utilization_failure",
        "not_reached",
    }
    assert len(score.metadata["questions"]) == len(run.plan.metadata["questions"])  # type: ignore[index]


def test_every_event_was_shown_to_the_model(run: Run) -> None:
    events = run.plan.metadata["events"]
    assert sorted({event for event, _ in run.plan.seen}) == list(range(len(events)))
    assert max(turn for _, turn in run.plan.seen) == MAX_TURNS - 1


def test_malformed_calls_come_back_as_tool_errors(run: Run) -> None:
    errors = _tool_errors(run.sample)
    parsing = [(function, message) for function, kind, message in errors if kind == "parsing"]
    assert (
        "memory_write",
        "Found 1 validation errors parsing tool input arguments:\n- 123 is not of type 'string'",
    ) in parsing
    assert any(
        function == "memory_write" and "'content' is a required property" in message
        for function, message in parsing
    )
    assert any(
        function == "memory_search" and "'lots' is not of type 'integer'" in message
        for function, message in parsing
    )
    assert ("memory_nuke", "Tool memory_nuke not found") in parsing
    assert ("memory_write", BROKEN_JSON) in parsing


def test_tool_refusals_come_back_as_tool_errors(run: Run) -> None:
    messages = [(function, message) for function, _, message in _tool_errors(run.sample)]
    assert (
        "memory_write",
        "Content is 2,500 characters; the limit is 2,000 per entry. Nothing stored. "
        "1 of 2 writes left.",
    ) in messages
    over_budget = [
        message
        for function, message in messages
        if function == "memory_write" and message.startswith("Write budget exhausted")
    ]
    assert over_budget == ["Write budget exhausted; nothing stored. 0 of 2 writes left."] * 2
    assert any(
        function == "memory_edit" and message.startswith("old_text was not found in any entry")
        for function, message in messages
    )
    assert (
        "submit_answer",
        "No question is open: submit_answer is only for questions.",
    ) in messages
    assert (
        "submit_answer",
        f"An answer to {run.plan.double_qid} was already submitted; it is final.",
    ) in messages


def test_successful_calls_reply_normally(run: Run) -> None:
    replies = [
        message
        for message in run.sample.messages
        if isinstance(message, ChatMessageTool) and message.error is None
    ]
    texts = [(reply.function, reply.text) for reply in replies]
    assert ("memory_write", "Stored as entry 1. 1 of 2 writes left.") in texts
    assert ("memory_write", "Stored as entry 2. 0 of 2 writes left.") in texts
    assert any(
        function == "memory_edit"
        and text.startswith("Edited entry 1 (free: correction in progress)")
        for function, text in texts
    )
    search = next(text for function, text in texts if function == "memory_search")
    assert re.match(r'^\d results for "Nimbus Metrics":\n## entry 1 \(score ', search)
    assert "Scripted note one: Nimbus Metrics and partners." in search


def test_budget_is_never_exceeded(run: Run) -> None:
    store = run.sample.store
    ledger = MemoryLedger(store=Store(store))
    assert ledger.write_budget == WRITE_BUDGET
    assert ledger.writes_used == WRITE_BUDGET
    spent = 0
    for record in ledger.operations:
        spent += record["cost"]
        assert spent <= WRITE_BUDGET
        assert record["writes_left"] == WRITE_BUDGET - spent
    assert spent == ledger.writes_used


def test_refusals_are_logged_in_the_ledger(run: Run) -> None:
    operations = run.sample.store["MemoryLedger:operations"]
    refused = [(record["tool"], record["error"]) for record in operations if not record["ok"]]
    assert [tool for tool, _ in refused] == [
        "memory_write",  # over-length
        "memory_write",  # over budget
        "memory_edit",  # text not found
        "memory_write",  # over budget again
    ]
    assert refused[0][1].startswith("Content is 2,500 characters")
    assert refused[1][1].startswith("Write budget exhausted")
    assert refused[2][1].startswith("old_text was not found")
    assert refused[3][1].startswith("Write budget exhausted")
    assert all(record["cost"] == 0 for record in operations if not record["ok"])
    succeeded = [(record["tool"], record["cost"]) for record in operations if record["ok"]]
    assert ("memory_edit", 0) in succeeded
    assert [cost for tool, cost in succeeded if tool == "memory_write"] == [1, 1]
    # arguments Inspect rejects never reach the tool, so they are not memory operations
    assert not any(record["content"] == 123 for record in operations)


def test_unsubmitted_question_records_last_text(run: Run) -> None:
    answers = run.sample.store["EntityStreamState:answers"]
    assert answers[run.plan.text_qid]["answer"] == TEXT_REPLY
    assert answers[run.plan.text_qid]["submitted"] is False
    detail = _question_detail(run, run.plan.text_qid)
    assert detail["submitted"] is False
    assert detail["answer"] == TEXT_REPLY
    assert detail["correct"] is False


def test_question_that_runs_out_of_turns(run: Run) -> None:
    turns = [turn for event, turn in run.plan.seen if event == run.plan.capped_event]
    assert turns == list(range(MAX_TURNS))
    answer = run.sample.store["EntityStreamState:answers"][run.plan.capped_qid]
    assert answer["submitted"] is False
    assert answer["answer"] == ""
    assert answer["turns"] == MAX_TURNS
    assert _question_detail(run, run.plan.capped_qid)["correct"] is False


def test_correct_submissions_are_scored_correct(run: Run) -> None:
    for qid in (run.plan.correct_qid, run.plan.double_qid):
        detail = _question_detail(run, qid)
        assert detail["submitted"] is True
        assert detail["answer"] == run.plan.gold(qid)
        assert detail["verdict"] == "correct"
        assert detail["correct"] is True
    abstain = _question_detail(run, run.plan.abstain_qid)
    assert abstain["answer"] == "I don't know."
    assert abstain["correct"] is True


def test_score_numbers(run: Run) -> None:
    assert run.sample.scores is not None
    score = run.sample.scores["entity_stream_scorer"]
    details = score.metadata["questions"]  # type: ignore[index]
    correct = sorted(detail["qid"] for detail in details if detail["correct"])
    assert correct == sorted([run.plan.correct_qid, run.plan.double_qid, run.plan.abstain_qid])
    assert score.answer == f"3/{len(details)} questions right"
    answerable = sum(1 for detail in details if detail["axis"] != "abstention")
    value = score.value
    assert isinstance(value, dict)
    assert value["abstention"] == 1.0
    assert value["efficiency"] == pytest.approx(2 / max(WRITE_BUDGET, answerable))
    assert 0.0 < value["composite"] < 0.5


def test_every_question_is_asked_again_without_memory(run: Run) -> None:
    questions = [e["index"] for e in run.plan.metadata["events"] if e["kind"] == "question"]
    assert [event for event, _ in run.plan.asked_without_memory] == questions
    memory_tools = ["memory_write", "memory_edit", "memory_read", "memory_search"]
    assert all(
        tools == [*memory_tools, "submit_answer"] for _, tools in run.plan.asked_without_memory
    )
    recorded = run.sample.store["EntityStreamState:no_memory_answers"]
    assert {answer["answer"] for answer in recorded.values()} == {NO_MEMORY_ANSWER}
    assert run.sample.scores is not None
    score = run.sample.scores["entity_stream_scorer"]
    details = score.metadata["questions"]  # type: ignore[index]
    # declining is right only on abstention questions, which are not in the composite
    assert all(d["no_memory_correct"] == (d["axis"] == "abstention") for d in details)
    assert score.value["no_memory"] == 0.0  # type: ignore[index]
    assert score.value["memory_delta"] == score.value["composite"]  # type: ignore[index]


def test_the_pass_without_memory_shows_the_memory_pass_prompt_with_an_empty_memory(
    run: Run,
) -> None:
    assert len(run.plan.no_memory_prompts) == len(run.plan.asked_without_memory) > 0
    for event, (system, user) in run.plan.no_memory_prompts.items():
        memory_system, memory_user = run.plan.first_prompts[event]
        assert system == memory_system
        status, _, rest = user.partition("\n")
        memory_status, _, memory_rest = memory_user.partition("\n")
        assert rest == memory_rest  # the question and its instruction, word for word
        assert status == re.sub(
            r"Memory: .*\]", "Memory: 0 entries stored, 2 of 2 writes left.]", memory_status
        )
