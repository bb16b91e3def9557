"""MemoryBench's retrieval baselines in a real Inspect sample with a scripted mockllm model:
what they store (messages or dialogues), when they retrieve (a dialogue's first reply, each
answer), k = 5, and the retry with one entry fewer on context overflow."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.solver import TaskState
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.strategies import drivers
from inspect_memgym.strategies.registry import strategy_parameters, strategy_solver
from inspect_memgym.strategies.retrieval import DIALOG_PIECE_TOKENS, _pieces
from inspect_memgym.strategies.strategy import MemoryStrategy

MODEL = "mockllm/model"
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
BASELINES = ("bm25_message", "bm25_dialog", "embed_message", "embed_dialog")
DIALOGUES = [
    (f"user: How do I file the invoice for vendor{number} alpha?", f"assistant: Use form {number}.")
    for number in range(7)
]
QUESTION = "Which form is for vendor3 alpha?"


@dataclass
class Script:
    """Replies "ok"; reports a context overflow while a call shows more than ``fits`` entries."""

    fits: int | None = None
    systems: list[str] = field(default_factory=list)

    def __call__(
        self,
        input: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        system = input[0].text
        self.systems.append(system)
        if self.fits is not None and system.count("\n- ") > self.fits:
            choice = ChatCompletionChoice(
                message=ChatMessageAssistant(content=""), stop_reason="model_length"
            )
            return ModelOutput(model=MODEL, choices=[choice], usage=USAGE)
        result = ModelOutput.from_content(MODEL, "ok")
        result.usage = USAGE
        return result


async def script_driver(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    for request, reply in DIALOGUES:
        await strategy.observe(request)
        await strategy.observe(reply)
        await strategy.end_session()
    await strategy.respond("Where is the vendor5 alpha invoice form?")
    await strategy.respond("And the deadline?")  # same dialogue: no new retrieval
    await strategy.end_session()
    await strategy.flush()
    state.metadata["answer"] = await strategy.answer(QUESTION, QUESTION)
    state.metadata["retrievals"] = sum(
        operation["tool"] == "retrieve" for operation in current_ledger().operations
    )
    state.metadata["description"] = strategy.describe()
    state.metadata["memory_text"] = strategy.memory_text()
    return state


@pytest.fixture(autouse=True)
def script_drivers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(drivers._DRIVERS, "script", script_driver)


def run(agent: str, tmp_path: Path, script: Script, **options: Any) -> EvalSample:
    task = Task(
        dataset=[Sample(input="script", id="script", metadata={"driver": "script"})],
        solver=strategy_solver(agent, options),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": script},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None and log.samples[0].error is None
    return log.samples[0]


@pytest.mark.parametrize("agent", BASELINES)
def test_baselines_store_messages_or_dialogues_and_retrieve_five(
    agent: str, tmp_path: Path
) -> None:
    script = Script()
    sample = run(agent, tmp_path, script)
    description = sample.metadata["description"]
    per_message = agent.endswith("_message")
    assert description["granularity"] == ("message" if per_message else "dialog")
    assert description["backend"] == ("markdown" if agent.startswith("bm25") else "chroma")
    # 7 observed dialogues of 2 messages, and one served dialogue of 2 exchanges
    assert description["entries_stored"] == (7 * 2 + 4 if per_message else 7 + 1)
    assert sample.metadata["retrievals"] == 2  # the served dialogue's first reply, the answer
    answer_system = script.systems[-1]
    assert answer_system.count("\n- ") == 5 and description["top_k"] == 5
    if not per_message:  # a whole dialogue per entry
        assert (
            "user: How do I file the invoice for vendor3 alpha?\nassistant: Use form 3."
            in (sample.metadata["memory_text"])
        )
    # a later reply in the served dialogue saw the same entries and the dialogue so far
    assert script.systems[1] == script.systems[0]


def test_overflow_retries_with_one_entry_fewer(tmp_path: Path) -> None:
    script = Script(fits=2)
    sample = run("bm25_dialog", tmp_path, script)
    assert script.systems[-1].count("\n- ") == 2  # 5, 4, 3 overflowed; 2 fit
    assert sample.metadata["description"]["overflow_retries"] >= 3
    budget = Script()  # nothing fits an estimated budget of 1 token: every entry is dropped
    tight = run("bm25_message", tmp_path, budget, context_budget=1)
    assert budget.systems[-1].count("\n- ") == 0 and "(none)" in budget.systems[-1]
    assert tight.metadata["answer"] == "ok"  # the call is still made, with no entries
    # five entries dropped for each call: the two replies of the served dialogue, the answer
    assert tight.metadata["description"]["overflow_retries"] == 3 * 5


def test_long_dialogues_are_stored_in_pieces_of_whole_messages() -> None:
    messages = [f"user: {'word ' * 100}{number}" for number in range(40)]
    pieces = _pieces(messages)
    assert len(pieces) > 1 and "\n".join(pieces) == "\n".join(messages)
    assert all(len(piece) // 4 <= DIALOG_PIECE_TOKENS for piece in pieces)
    assert _pieces(messages[:2]) == ["\n".join(messages[:2])]


def test_parameters_and_eager_checks() -> None:
    assert strategy_parameters("bm25_dialog") == ("top_k", "context_budget")
    assert strategy_parameters("embed_message")[:3] == ("embedding", "top_k", "context_budget")
    with pytest.raises(ValueError, match="top_k must be at least 1"):
        strategy_solver("bm25_message", {"top_k": 0})
    with pytest.raises(ValueError, match="unknown embedding 'bert'"):
        strategy_solver("embed_dialog", {"embedding": "bert"})
