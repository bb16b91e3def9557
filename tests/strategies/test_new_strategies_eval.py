"""none, notes, summary, masking and agentic, each run in a real Inspect sample with mockllm.

A script driver observes documents, replies to a message and asks a question; a scripted
model answers by phase (explicit usage: no tokenizer download). Each strategy must keep
what its definition says, show it to the reasoner, and leave memory unchanged by answers and
by the no-memory pass that runs beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalSample, resolve_sample_attachments
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo
from inspect_ai.util import store_as

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.strategies import drivers
from inspect_memgym.strategies.call_context import (
    PHASE_MEMORY_UPDATE,
    ModelCallContext,
    set_phase,
)
from inspect_memgym.strategies.none import NoMemoryStrategy
from inspect_memgym.strategies.registry import STRATEGY_NAMES, strategy_solver
from inspect_memgym.strategies.strategy import MemoryStrategy

MODEL = "mockllm/model"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
DOCUMENTS = (
    "Report A: the Orrin bridge opened in 1931.",
    "Report B: the Vell tower is 212 metres tall.",
    "Report C: the Sarn canal was dug in 1874.",
    "Report D: the Tamsin library holds 40,000 books.",
)
MESSAGE = "Which of these should I visit first?"
QUESTION = "When did the Orrin bridge open?"
SYSTEM_OPTIONS = {"system": {"system": "mem0"}}
"""Options a strategy needs to run at all: the system strategy plays Mem0 OSS here."""
NOTES = "Orrin bridge: opened 1931. Vell tower: 212 m."


@dataclass
class Call:
    phase: str
    input: list[ChatMessage]
    tools: list[str]


@dataclass
class Script:
    """Replies by phase; memory updates write ``NOTES`` (or a tool call, when tools are on)."""

    calls: list[Call] = field(default_factory=list)
    long_notes: bool = False

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        phase = store_as(ModelCallContext).phase
        names = [tool.name for tool in tools]
        self.calls.append(Call(phase, list(input), names))
        if "memory_write" in names and not isinstance(input[-1], ChatMessageTool):
            return tool_call("memory_write", {"content": f"note {len(self.calls)}"})
        if phase == PHASE_MEMORY_UPDATE:
            return text(NOTES * 40 if self.long_notes else NOTES)
        return text("1931")


def text(content: str) -> ModelOutput:
    output = ModelOutput.from_content(MODEL, content)
    output.usage = USAGE
    return output


def tool_call(function: str, arguments: dict[str, Any]) -> ModelOutput:
    call = ToolCall(id=f"call-{function}", function=function, arguments=arguments)
    output = ModelOutput.from_message(ChatMessageAssistant(content="", tool_calls=[call]))
    output.usage = USAGE
    return output


def snapshot(strategy: MemoryStrategy) -> Any:
    """What the strategy holds: its size, and its entries or its text where it has them."""
    held: list[Any] = [strategy.kept()]
    store = getattr(strategy, "memory", None)
    if hasattr(store, "entries"):
        held.append([(entry.entry_id, entry.content) for entry in store.entries()])
    for name in ("notes", "history", "recent_messages", "pending_messages"):
        held.append(repr(getattr(strategy, name, None)))
    return held


async def script_driver(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    for document in DOCUMENTS:
        await strategy.observe(document)
    state.metadata["reply"] = await strategy.respond(MESSAGE)
    await strategy.flush()
    before = snapshot(strategy)
    set_phase("question", "q1")
    state.metadata["answer"] = await strategy.answer(QUESTION, QUESTION)
    after_answer = snapshot(strategy)
    state.metadata["no_memory"] = await NoMemoryStrategy(record=False).answer(QUESTION, QUESTION)
    operations = len(current_ledger().operations)
    state.metadata["memory_text"] = await strategy.recall()
    state.metadata["memory_text_for_question"] = await strategy.recall(QUESTION)
    state.metadata["looking_logged_nothing"] = len(current_ledger().operations) == operations
    state.metadata["unchanged"] = before == after_answer == snapshot(strategy)
    state.metadata["description"] = strategy.describe()
    return state


@pytest.fixture(autouse=True)
def script_drivers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drivers._DRIVERS, "script", script_driver)


def run(agent: str, tmp_path: Path, script: Script, **options: Any) -> EvalSample:
    task = Task(
        dataset=[Sample(input="script", id="script", metadata={"driver": "script"})],
        solver=strategy_solver(agent, {**SYSTEM_OPTIONS.get(agent, {}), **options}),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": script},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    sample = resolve_sample_attachments(log.samples[0])
    assert sample.error is None
    return sample


def answer_input(sample: EvalSample) -> list[ChatMessage]:
    """The input of the strategy's answer (the last call before the no-memory pass)."""
    calls = [event.input for event in sample.events if isinstance(event, ModelEvent)]
    return calls[-2]


def joined(messages: list[ChatMessage]) -> str:
    return "\n".join(message.text for message in messages)


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize("agent", STRATEGY_NAMES)
def test_answers_and_the_no_memory_pass_leave_memory_unchanged(agent: str, tmp_path: Path) -> None:
    sample = run(agent, tmp_path, Script())
    assert sample.metadata["unchanged"] is True
    assert sample.metadata["answer"] == "1931"
    # the no-memory pass saw the question alone
    no_memory = [event.input for event in sample.events if isinstance(event, ModelEvent)][-1]
    assert [message.role for message in no_memory] == ["system", "user"]
    assert no_memory[-1].text == QUESTION
    assert "kept_tokens" in sample.metadata["description"]


def test_none_keeps_nothing_and_answers_the_question_alone(tmp_path: Path) -> None:
    script = Script()
    sample = run("none", tmp_path, script)
    assert [message.role for message in answer_input(sample)] == ["system", "user"]
    assert sample.metadata["description"]["kept_tokens"] == 0
    assert all(call.phase != PHASE_MEMORY_UPDATE for call in script.calls)


def test_notes_are_rewritten_after_each_input_and_cut_to_the_budget(tmp_path: Path) -> None:
    script = Script(long_notes=True)
    sample = run("notes", tmp_path, script, notes_budget=50)
    updates = [call for call in script.calls if call.phase == PHASE_MEMORY_UPDATE]
    assert len(updates) == len(DOCUMENTS) + 1  # each document, then the message with its reply
    assert "at most 50 tokens" in updates[0].input[0].text
    description = sample.metadata["description"]
    assert description["truncations"] == len(updates)
    assert description["kept_tokens"] == 50
    assert (NOTES * 40)[: 50 * 4] in answer_input(sample)[0].text


@pytest.mark.usefixtures("offline_token_counts")
def test_summary_replaces_the_history_once_it_outgrows_the_budget(tmp_path: Path) -> None:
    script = Script()
    budget = estimate_tokens(DOCUMENTS[0]) * 2
    sample = run("summary", tmp_path, script, context_budget=budget)
    assert sample.metadata["description"]["summaries"] >= 1
    summaries = [call for call in script.calls if call.phase == PHASE_MEMORY_UPDATE]
    assert "Your context is full" in summaries[0].input[-1].text
    shown = joined(answer_input(sample))
    assert NOTES in shown and "CONTEXT COMPACTION SUMMARY" in shown
    assert DOCUMENTS[0] not in shown  # folded into the summary


def test_summary_keeps_everything_within_the_budget(tmp_path: Path) -> None:
    script = Script()
    sample = run("summary", tmp_path, script)
    assert sample.metadata["description"]["summaries"] == 0
    shown = joined(answer_input(sample))
    assert all(document in shown for document in DOCUMENTS)


def test_masking_keeps_the_newest_observations_and_masks_the_rest(tmp_path: Path) -> None:
    sample = run("masking", tmp_path, Script(), observation_window=2)
    shown = joined(answer_input(sample))
    assert DOCUMENTS[0] not in shown and DOCUMENTS[1] not in shown
    assert DOCUMENTS[2] in shown and DOCUMENTS[3] in shown
    assert MESSAGE in shown  # conversation turns are not observations
    assert sample.metadata["description"]["observations"] == len(DOCUMENTS)


def test_agentic_stores_with_tools_and_answers_with_lookups_only(tmp_path: Path) -> None:
    script = Script()
    sample = run("agentic", tmp_path, script)
    observing = [call for call in script.calls if call.phase == PHASE_MEMORY_UPDATE]
    assert len(observing) == 2 * len(DOCUMENTS)  # a write, then the closing reply
    assert "memory_write" in observing[0].tools
    answer_tools = next(call.tools for call in reversed(script.calls) if call.tools)
    assert sorted(answer_tools) == ["memory_read", "memory_search"]
    operations = sample.store["MemoryLedger:operations"]
    writes = [op for op in operations if op["tool"] == "memory_write" and op["ok"]]
    assert len(writes) == len(DOCUMENTS) + 1  # every observation, and the reply's loop
    assert sample.metadata["description"]["kept_entries"] == len(writes)


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize("agent", STRATEGY_NAMES)
def test_memory_text_shows_what_is_kept_without_side_effects(agent: str, tmp_path: Path) -> None:
    sample = run(agent, tmp_path, Script())
    everything, shown = sample.metadata["memory_text"], sample.metadata["memory_text_for_question"]
    assert sample.metadata["looking_logged_nothing"] is True
    assert isinstance(everything, str) and isinstance(shown, str)
    if agent == "none":
        assert everything == shown == ""
    elif agent in (
        "native",
        "summary",
        "bm25_message",
        "bm25_dialog",
        "embed_message",
        "embed_dialog",
        "system",
    ):
        assert all(document in everything for document in DOCUMENTS)  # kept verbatim
    elif agent == "notes":
        assert NOTES in everything
    elif agent in ("awi", "rag", "masking"):  # awi: the script writes no JSON; the window
        assert DOCUMENTS[-1] in everything
    else:  # awe and agentic store the scripted notes
        assert "note" in everything
