"""No sample ever sees another's memory, with 16 samples at once over several epochs.

Each sample (and epoch) writes one canary naming itself through `memory_write`, then
searches for canaries and reads its whole memory, all through the memory tools, with short
pauses so the samples interleave. A scripted mockllm model decides the calls from the
running sample's id and epoch. Run for the embedded chroma client, a real ChromaDB server
and the markdown backend; afterwards no collection and no markdown file of the run may
remain.

The default run (2 epochs) searches for "canary" (which every canary contains verbatim, so
any leaked entry would rank first), for the sample's own canary and for the canaries of the
next three samples, which run at the same time. The slow run (3 epochs) searches for every
sample's canary.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from chromadb.api import ClientAPI
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

from chroma_server import ChromaServer
from inspect_memgym.entity_stream.driver import MEMORY_STORE_KEY
from inspect_memgym.kit.inspect_internals import current_sample_identity
from inspect_memgym.memory.chroma_connection import chroma_client
from inspect_memgym.memory.factory import create_backend, describe_backend
from inspect_memgym.memory.markdown_backend import DIRECTORY_PREFIX
from inspect_memgym.memory.tools import memory_tools

MODEL = "mockllm/model"
SAMPLE_IDS = [f"s{number:02d}" for number in range(16)]
MAX_SAMPLES = 16
NEIGHBOURS_SEARCHED = 3
"""Other samples whose canaries each sample searches for in the default (fast) run."""
PAUSE_SECONDS = 0.01
"""Each model turn waits this long, so every sample's turns interleave with the others'."""
CANARY = re.compile(r"canary-s\d\d-epoch\d")
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)

CustomOutputs = Callable[
    [list[ChatMessage], list[ToolInfo], ToolChoice, GenerateConfig], Awaitable[ModelOutput]
]


def canary(sample_id: str, epoch: int) -> str:
    return f"canary-{sample_id}-epoch{epoch}"


def search_query(sample_id: str) -> str:
    """Matches (verbatim) the canary of this sample in every epoch."""
    return f"canary-{sample_id}-epoch"


def tool_calls_output(calls: list[tuple[str, dict[str, Any]]]) -> ModelOutput:
    message = ChatMessageAssistant(
        content="",
        tool_calls=[
            ToolCall(id=f"call-{index}", function=function, arguments=arguments)
            for index, (function, arguments) in enumerate(calls)
        ],
        model=MODEL,
    )
    choice = ChatCompletionChoice(message=message, stop_reason="tool_calls")
    return ModelOutput(model=MODEL, choices=[choice], usage=USAGE)


def searched_samples(sample_id: str, search_all: bool) -> list[str]:
    """The samples whose canaries a sample searches for: itself first."""
    if search_all:
        return [sample_id, *(other for other in SAMPLE_IDS if other != sample_id)]
    position = SAMPLE_IDS.index(sample_id)
    return [
        SAMPLE_IDS[(position + step) % len(SAMPLE_IDS)] for step in range(NEIGHBOURS_SEARCHED + 1)
    ]


def canary_model(search_all: bool) -> CustomOutputs:
    """Write my canary; search for "canary" and for canaries by sample; read everything; stop."""

    async def generate(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        identity = current_sample_identity()
        assert identity is not None
        _, running_sample, epoch = identity
        sample_id = str(running_sample)
        await asyncio.sleep(PAUSE_SECONDS)
        replies = sum(isinstance(message, ChatMessageTool) for message in messages)
        if replies == 0:
            return tool_calls_output([("memory_write", {"content": canary(sample_id, epoch)})])
        if replies == 1:
            searches = [("memory_search", {"query": "canary", "top_k": 20})]
            searches += [
                ("memory_search", {"query": search_query(other), "top_k": 20})
                for other in searched_samples(sample_id, search_all)
            ]
            return tool_calls_output(searches)
        last = messages[-1]
        if isinstance(last, ChatMessageTool) and last.function == "memory_search":
            return tool_calls_output([("memory_read", {})])
        output = ModelOutput.from_content(MODEL, "Done.")
        output.usage = USAGE
        return output

    return generate


@solver
def canary_agent(kind: str, chroma_url: str | None) -> Solver:
    """A fresh backend per sample and epoch (as every agent makes one), the tools, a loop."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        backend = create_backend(kind, chroma_url=chroma_url)
        state.metadata[MEMORY_STORE_KEY] = describe_backend(backend)
        state.metadata["opened"] = time.monotonic()
        try:
            state.store.set("MemoryLedger:write_budget", 3)
            state.tools = memory_tools(backend)
            state = await generate(state, tool_calls="loop")
        finally:
            backend.close()
            state.metadata["closed"] = time.monotonic()
        return state

    return solve


def peak_concurrency(samples: list[EvalSample]) -> int:
    changes = sorted(
        [(sample.metadata["opened"], 1) for sample in samples]
        + [(sample.metadata["closed"], -1) for sample in samples]
    )
    running = peak = 0
    for _, change in changes:
        running += change
        peak = max(peak, running)
    return peak


def memgym_collections(client: ClientAPI) -> set[str]:
    return {c.name for c in client.list_collections() if c.name.startswith("memgym-")}


LOCATIONS = ["embedded", "server", "markdown"]


@pytest.mark.parametrize("location", LOCATIONS)
def test_no_sample_sees_another_samples_memory(
    location: str, request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_isolation(location, 2, False, request, tmp_path, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("location", LOCATIONS)
def test_no_sample_finds_any_other_canary_over_three_epochs(
    location: str, request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_isolation(location, 3, True, request, tmp_path, monkeypatch)


def check_isolation(
    location: str,
    epochs: int,
    search_all: bool,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kind = "markdown" if location == "markdown" else "chroma"
    chroma_url = None
    if location == "server":
        server: ChromaServer = request.getfixturevalue("chroma_server")
        chroma_url = server.url
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))  # where markdown files go
    client = chroma_client(chroma_url) if kind == "chroma" else None
    before = memgym_collections(client) if client is not None else set()

    task = Task(
        dataset=[Sample(input="Remember your canary.", id=sample_id) for sample_id in SAMPLE_IDS],
        solver=canary_agent(kind, chroma_url),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": canary_model(search_all)},
        epochs=epochs,
        max_samples=MAX_SAMPLES,
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    assert len(log.samples) == len(SAMPLE_IDS) * epochs
    # the samples really ran at the same time
    assert peak_concurrency(log.samples) >= MAX_SAMPLES // 2

    for sample in log.samples:
        assert sample.error is None
        own = canary(str(sample.id), sample.epoch)
        replies = [m for m in sample.messages if isinstance(m, ChatMessageTool)]
        assert [reply.error for reply in replies] == [None] * len(replies)
        assert replies[0].text.startswith("Stored as entry 1.")
        searches = {
            reply.tool_call_id: reply.text for reply in replies if reply.function == "memory_search"
        }
        searched = searched_samples(str(sample.id), search_all)
        assert len(searches) == 1 + len(searched)
        read = replies[-1]
        assert read.function == "memory_read"
        assert read.text.startswith("Memory lines 1-3 of 3 (1 entries).")
        # every search and the read show this sample's own canary and no other
        for text in [*searches.values(), read.text]:
            assert set(CANARY.findall(text)) <= {own}, text
        assert own in searches["call-1"]  # the search for its own canary
        assert own in searches["call-0"]  # the catch-all "canary" search
        assert sample.store["MemoryLedger:writes_used"] == 1

    stores = [sample.metadata[MEMORY_STORE_KEY] for sample in log.samples]
    assert {store["backend"] for store in stores} == {kind}
    if client is not None:
        expected = chroma_url or "embedded"
        assert {store["location"] for store in stores} == {expected}
        names = {store["collection"] for store in stores}
        assert len(names) == len(stores)  # one collection per sample and epoch
        assert not names & memgym_collections(client)  # all deleted
        assert memgym_collections(client) <= before
    else:
        paths = [Path(store["location"]) for store in stores]
        assert len(set(paths)) == len(paths)
        assert all(path.is_relative_to(temporary) for path in paths)
        assert not any(path.exists() or path.parent.exists() for path in paths)
        assert not list(temporary.glob(f"{DIRECTORY_PREFIX}*"))
