"""entity_stream's no-memory pass: one empty memory per sample, and it stays empty.

One lite sample (company, seed 0) with a scripted mockllm model. The memory pass answers
every question at once; the no-memory pass reads memory first, and for the first question
only, also stores a note. The sample's empty memory is opened once and opened again only
after that write; every later no-memory pass finds memory empty, and its write would be
entry 1 again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.memory import empty_memory
from inspect_memgym.memory.markdown_backend import MarkdownBackend

MODEL = "mockllm/model"
EVENT_HEADER = re.compile(r"^\[Event (\d+) of (\d+) \|")
LEAKED_NOTE = "Written in a no-memory pass: Nimbus Metrics has 12 staff."


@dataclass
class Script:
    """Memory pass: answer at once. No-memory pass: read (and once write), then answer."""

    questions: set[int]
    """Indices of the sample's question events."""
    questions_seen: set[int] = field(default_factory=set)
    no_memory_results: list[list[tuple[str, str]]] = field(default_factory=list)

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        user = next(m for m in input if isinstance(m, ChatMessageUser))
        match = EVENT_HEADER.match(user.text)
        assert match is not None
        event = int(match.group(1)) - 1
        turn = sum(isinstance(m, ChatMessageAssistant) for m in input)
        if event not in self.questions:
            return _output("DONE")
        if turn == 0 and event not in self.questions_seen:
            self.questions_seen.add(event)
            return _output([("submit_answer", {"answer": "I don't know."})])
        if turn == 0:  # the same question again: the no-memory pass
            calls: list[tuple[str, dict[str, Any]]] = [("memory_read", {})]
            if not self.no_memory_results:
                calls.append(("memory_write", {"content": LEAKED_NOTE}))
            return _output(calls)
        results = [(m.function or "", m.text) for m in input if isinstance(m, ChatMessageTool)]
        self.no_memory_results.append(results)
        return _output([("submit_answer", {"answer": "I don't know."})])


def _output(script: str | list[tuple[str, dict[str, Any]]]) -> ModelOutput:
    if isinstance(script, str):
        output = ModelOutput.from_content(MODEL, script)
    else:
        calls = [
            ToolCall(id=f"call-{number}", function=function, arguments=arguments)
            for number, (function, arguments) in enumerate(script)
        ]
        output = ModelOutput.from_message(
            ChatMessageAssistant(content="", tool_calls=calls, model=MODEL)
        )
    # explicit usage: mockllm would otherwise count tokens with tiktoken (offline here)
    output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return output


@dataclass
class Run:
    script: Script
    empty_memories_opened: int


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    opened: list[Path] = []

    class CountedMarkdownBackend(MarkdownBackend):
        def __init__(self) -> None:
            super().__init__()
            opened.append(self.directory)

    task = entity_stream(
        tier="lite", seed=0, templates="company", agent={"name": "agentic", "write_budget": 4}
    )
    [sample] = list(task.dataset)
    assert sample.metadata is not None
    events = scenario_content(sample.metadata).events
    script = Script({event["index"] for event in events if event["kind"] == "question"})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(empty_memory, "MarkdownBackend", CountedMarkdownBackend)
        [log] = eval(
            task,
            model=MODEL,
            model_args={"custom_outputs": script},
            log_dir=str(tmp_path_factory.mktemp("no_memory_logs")),
            display="none",
        )
    assert log.status == "success"
    assert all(not directory.exists() for directory in opened)  # every one removed
    return Run(script, len(opened))


def test_every_question_had_its_no_memory_pass(run: Run) -> None:
    assert len(run.script.questions) >= 5
    assert run.script.questions_seen == run.script.questions
    assert len(run.script.no_memory_results) == len(run.script.questions)


def test_one_empty_memory_per_sample_and_one_more_after_a_write(run: Run) -> None:
    # the first no-memory pass wrote into the memory, so it was replaced once
    assert run.empty_memories_opened == 2


def test_a_write_in_one_no_memory_pass_is_not_seen_by_the_next(run: Run) -> None:
    first, *later = run.script.no_memory_results
    assert first == [
        ("memory_read", "Memory is empty."),
        ("memory_write", "Stored as entry 1. 3 of 4 writes left."),
    ]
    assert later and all(results == [("memory_read", "Memory is empty.")] for results in later)
