"""The memory tools inside a real Inspect evaluation (mockllm, scripted tool calls)."""

from pathlib import Path

from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.model import ChatMessageTool, ModelOutput, ModelUsage
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import Store

from inspect_memgym.memory.factory import create_backend
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.memory.tools import memory_tools

MODEL = "mockllm/model"


@solver
def memory_agent(kind: str) -> Solver:
    """One backend per sample, the four tools, a tool loop, then close."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        backend = create_backend(kind)
        try:
            state.store.set("MemoryLedger:write_budget", 3)
            state.tools = memory_tools(backend)
            state = await generate(state, tool_calls="loop")
            state.metadata["stored"] = [entry.content for entry in backend.entries()]
        finally:
            backend.close()
        return state

    return solve


def scripted(output: ModelOutput) -> ModelOutput:
    # explicit usage: mockllm would otherwise count tokens with tiktoken (offline here)
    output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return output


def test_tools_in_an_eval_sample(tmp_path: Path) -> None:
    outputs = [
        scripted(ModelOutput.for_tool_call(MODEL, "memory_write", {"content": "Argon Labs: 10M"})),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_write", {"content": "x" * 2500})),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_search", {"query": "Argon Labs"})),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_read", {"start_line": 9})),
        scripted(ModelOutput.from_content(MODEL, "Done.")),
    ]
    task = Task(
        dataset=[Sample(input="Remember Argon Labs.", id="one")], solver=memory_agent("chroma")
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": outputs},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success"
    assert log.samples is not None
    sample = log.samples[0]
    assert sample.error is None
    assert sample.metadata["stored"] == ["Argon Labs: 10M"]
    replies = [message for message in sample.messages if isinstance(message, ChatMessageTool)]
    assert [reply.function for reply in replies] == [
        "memory_write",
        "memory_write",
        "memory_search",
        "memory_read",
    ]
    assert replies[0].text == "Stored as entry 1. 2 of 3 writes left."
    assert replies[1].error is not None
    assert replies[1].error.message == (
        "Content is 2,500 characters; the limit is 2,000 per entry. Nothing stored. "
        "2 of 3 writes left."
    )
    assert replies[2].text.startswith('1 results for "Argon Labs":\n## entry 1 (score 2.')
    assert replies[3].error is not None
    assert replies[3].error.message == "start_line must be between 1 and 3, got 9."
    operations = sample.store["MemoryLedger:operations"]
    assert [(record["tool"], record["ok"]) for record in operations] == [
        ("memory_write", True),
        ("memory_write", False),
        ("memory_search", True),
        ("memory_read", False),
    ]
    ledger = MemoryLedger(store=Store(sample.store))
    assert (ledger.write_budget, ledger.writes_used, ledger.writes_left) == (3, 1, 2)
