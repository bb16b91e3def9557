"""The chroma backend against a real ChromaDB server on loopback (`chroma run`, see conftest).

Covers the tools through an Inspect eval, collection naming and clean-up, `keep_memory`,
the `MEMGYM_CHROMA_*` variables, URL and token validation, token authentication (through a
token-checking proxy, because the open-source `chroma run` server has no token auth) and
that entity_stream scores the same on the server as embedded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromadb.api import ClientAPI
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.log import EvalSample
from inspect_ai.model import ChatMessageTool, ModelOutput, ModelUsage
from inspect_ai.solver import Generate, Solver, TaskState, solver

from chroma_server import ChromaServer, free_port, token_proxy
from inspect_memgym.entity_stream.driver import MEMORY_STORE_KEY
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.kit.inspect_internals import PrerequisiteError
from inspect_memgym.memory import chroma_backend
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.chroma_connection import (
    CHROMA_TOKEN_ENV,
    CHROMA_URL_ENV,
    ChromaServerError,
    chroma_client,
    parse_chroma_url,
    token_headers,
)
from inspect_memgym.memory.collection_names import (
    check_collection_name,
    sample_collection_name,
    sanitize_name_part,
)
from inspect_memgym.memory.factory import create_backend, describe_backend
from inspect_memgym.memory.tools import memory_tools

MODEL = "mockllm/model"
SCORER = "entity_stream_scorer"
TOKEN = "s3cret-Token_42"


@pytest.fixture
def server_client(chroma_server: ChromaServer) -> ClientAPI:
    return chroma_client(chroma_server.url)


@pytest.fixture(autouse=True)
def no_chroma_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(CHROMA_URL_ENV, raising=False)
    monkeypatch.delenv(CHROMA_TOKEN_ENV, raising=False)
    yield


def collection_names(client: ClientAPI) -> set[str]:
    return {collection.name for collection in client.list_collections()}


def scripted(output: ModelOutput) -> ModelOutput:
    # explicit usage: mockllm would otherwise count tokens with tiktoken (offline here)
    output.usage = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
    return output


@solver
def server_memory_agent(chroma_url: str, keep_memory: bool = False) -> Solver:
    """One server-backed memory per sample: the four tools in a tool loop, then close."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        backend = create_backend("chroma", chroma_url=chroma_url, keep_memory=keep_memory)
        state.metadata[MEMORY_STORE_KEY] = describe_backend(backend)
        try:
            state.store.set("MemoryLedger:write_budget", 5)
            state.tools = memory_tools(backend)
            state = await generate(state, tool_calls="loop")
            state.metadata["stored"] = [entry.content for entry in backend.entries()]
            state.metadata["live_collections"] = sorted(collection_names(chroma_client(chroma_url)))
        finally:
            backend.close()
        return state

    return solve


def run_entity_stream(
    log_dir: Path, templates: str, epochs: int = 1, **task_args: Any
) -> list[EvalSample]:
    [log] = eval(
        entity_stream(tier="lite", templates=templates, seeds=1, **task_args),
        model="memgym/perfect",
        epochs=epochs,
        max_samples=4,
        log_dir=str(log_dir),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    return log.samples


def test_tools_work_against_the_server_and_the_collection_is_removed(
    chroma_server: ChromaServer, server_client: ClientAPI, tmp_path: Path
) -> None:
    outputs = [
        scripted(ModelOutput.for_tool_call(MODEL, "memory_write", {"content": "Argon Labs: 10M"})),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_write", {"content": "Boron Ltd: 7M"})),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_search", {"query": "Boron Ltd"})),
        scripted(
            ModelOutput.for_tool_call(
                MODEL, "memory_edit", {"old_text": "Argon Labs: 10M", "new_text": "Argon Labs: 12M"}
            )
        ),
        scripted(ModelOutput.for_tool_call(MODEL, "memory_read", {})),
        scripted(ModelOutput.from_content(MODEL, "Done.")),
    ]
    before = collection_names(server_client)
    task = Task(
        dataset=[Sample(input="Remember.", id="tools")],
        solver=server_memory_agent(chroma_server.url),
    )
    [log] = eval(
        task,
        model=MODEL,
        model_args={"custom_outputs": outputs},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    sample = log.samples[0]
    assert sample.error is None
    replies = [message.text for message in sample.messages if isinstance(message, ChatMessageTool)]
    assert replies[0] == "Stored as entry 1. 4 of 5 writes left."
    assert replies[1] == "Stored as entry 2. 3 of 5 writes left."
    assert replies[2].startswith('2 results for "Boron Ltd":\n## entry 2 (score 2.')
    assert replies[3] == "Edited entry 1 (cost 1 write). 2 of 5 writes left."
    assert replies[4] == (
        "Memory lines 1-6 of 6 (2 entries).\n## entry 1\nArgon Labs: 12M\n\n"
        "## entry 2\nBoron Ltd: 7M\n"
    )
    assert sample.metadata["stored"] == ["Argon Labs: 12M", "Boron Ltd: 7M"]
    store = sample.metadata[MEMORY_STORE_KEY]
    assert store["location"] == chroma_server.url
    assert store["keep_memory"] is False
    # the collection lived on the server during the sample, and is gone after it
    assert store["collection"] in sample.metadata["live_collections"]
    assert store["collection"].startswith(f"memgym-{log.eval.eval_id}-tools-e1-")
    assert collection_names(server_client) == before


def test_entity_stream_on_the_server_scores_like_embedded_with_unique_collections(
    chroma_server: ChromaServer,
    server_client: ClientAPI,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = collection_names(server_client)
    embedded = run_entity_stream(tmp_path / "embedded", templates="company")
    monkeypatch.setenv(CHROMA_URL_ENV, chroma_server.url)
    served = run_entity_stream(tmp_path / "server", templates="company", epochs=2)

    def by_key(samples: list[EvalSample]) -> dict[tuple[str, int], EvalSample]:
        return {(str(sample.id), sample.epoch): sample for sample in samples}

    embedded_samples, served_samples = by_key(embedded), by_key(served)
    assert len(served_samples) == 2
    for (sample_id, epoch), sample in served_samples.items():
        reference = embedded_samples[(sample_id, 1)]
        assert sample.scores is not None and reference.scores is not None
        assert sample.scores[SCORER].value == reference.scores[SCORER].value
        assert sample.scores[SCORER].value["composite"] == 1.0  # type: ignore[index]
        assert answers(sample) == answers(reference)
        assert (
            sample.store["MemoryLedger:writes_used"] == reference.store["MemoryLedger:writes_used"]
        )
        assert reference.metadata[MEMORY_STORE_KEY]["location"] == "embedded"
        store = sample.metadata[MEMORY_STORE_KEY]
        assert store["location"] == chroma_server.url
        assert re.fullmatch(rf"memgym-\w+-{sample_id}-e{epoch}-[0-9a-f]{{8}}", store["collection"])
    names = {sample.metadata[MEMORY_STORE_KEY]["collection"] for sample in served}
    assert len(names) == 2  # each epoch had its own collection (samples: see test_isolation)
    assert collection_names(server_client) == before  # and every one was deleted


def answers(sample: EvalSample) -> dict[str, str]:
    return {
        qid: record["answer"] for qid, record in sample.store["EntityStreamState:answers"].items()
    }


def test_keep_memory_leaves_the_collection_on_the_server(
    chroma_server: ChromaServer,
    server_client: ClientAPI,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(CHROMA_URL_ENV, chroma_server.url)
    [sample] = run_entity_stream(tmp_path, templates="company", memory={"keep": True})
    store = sample.metadata[MEMORY_STORE_KEY]
    assert store["keep_memory"] is True
    assert store["collection"] in collection_names(server_client)
    # the kept collection holds what the sample wrote and edited, and can be reopened
    operations = sample.store["MemoryLedger:operations"]
    writes = [record for record in operations if record["tool"] == "memory_write" and record["ok"]]
    reopened = create_backend(
        "chroma", chroma_url=chroma_server.url, collection_name=store["collection"]
    )
    try:
        assert reopened.count() == len(writes) > 0
        final: dict[int, str] = {}
        for record in operations:
            if record["ok"] and record["tool"] in ("memory_write", "memory_edit"):
                final[record["entry_id"]] = record["content"]
        assert {entry.entry_id: entry.content for entry in reopened.entries()} == final
    finally:
        reopened.close()  # keep_memory=False: this deletes it
    assert store["collection"] not in collection_names(server_client)


def test_environment_variables_choose_the_server(
    chroma_server: ChromaServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    with create_backend("chroma") as embedded:
        assert describe_backend(embedded)["location"] == "embedded"
    monkeypatch.setenv(CHROMA_URL_ENV, chroma_server.url + "/")
    with create_backend("chroma") as served:
        assert isinstance(served, ChromaBackend)
        assert served.location == chroma_server.url
        served.add("Argon Labs: 10M")
        assert [hit.content for hit in served.search("Argon Labs")] == ["Argon Labs: 10M"]
    # an explicit parameter wins over the variable
    with create_backend("chroma", chroma_url=chroma_server.url) as explicit:
        assert isinstance(explicit, ChromaBackend)
        assert explicit.location == chroma_server.url


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("localhost:8000", "scheme must be http or https"),
        ("ftp://localhost:8000", "scheme must be http or https"),
        ("http://", "names no host"),
        ("http://localhost:port", "Port could not be cast"),
        ("http://localhost:99999", "Port out of range"),
        ("http://user:pw@localhost:8000", "must not contain credentials"),
        ("http://localhost:8000/api/v2", "no path, query or fragment"),
    ],
)
def test_malformed_urls_are_refused_up_front(
    url: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ValueError, match="chroma_url") as error:
        parse_chroma_url(url)
    assert message in str(error.value)
    monkeypatch.setenv(CHROMA_URL_ENV, url)
    with pytest.raises(ValueError, match="chroma_url"):
        entity_stream(tier="lite", templates="company", seeds=1)


def test_url_defaults_and_canonical_form() -> None:
    assert parse_chroma_url("http://localhost").url == "http://localhost:8000"
    assert parse_chroma_url("https://chroma.example.org/").url == "https://chroma.example.org:443"
    assert parse_chroma_url(" http://[::1]:9000 ").url == "http://[::1]:9000"
    assert parse_chroma_url("https://h:1").ssl is True


def test_an_unreachable_server_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(
        ChromaServerError, match=re.escape(f"Cannot reach a ChromaDB server at {url}")
    ):
        create_backend("chroma", chroma_url=url)
    monkeypatch.setenv(CHROMA_URL_ENV, url)
    with pytest.raises(ChromaServerError) as refused:  # the task is refused as it is built
        entity_stream(tier="lite", templates="company", seeds=1)
    assert isinstance(refused.value, PrerequisiteError)  # Inspect prints it as one line
    assert "\n" not in str(refused.value)
    assert f"Cannot reach a ChromaDB server at {url}" in str(refused.value)


def test_token_headers_are_built_client_side(monkeypatch: pytest.MonkeyPatch) -> None:
    assert token_headers(None) == {}
    assert token_headers(TOKEN) == {"Authorization": f"Bearer {TOKEN}", "X-Chroma-Token": TOKEN}
    for bad in ("", "has space", "tab\there", "naïve"):
        with pytest.raises(ValueError, match="chroma_token") as error:
            token_headers(bad)
        assert bad not in str(error.value) or not bad
    monkeypatch.setenv(CHROMA_URL_ENV, "http://h:1")
    monkeypatch.setenv(CHROMA_TOKEN_ENV, "a b")
    with pytest.raises(ValueError, match="chroma_token"):
        entity_stream(tier="lite", templates="company", seeds=1)


@pytest.mark.parametrize("header", ["Authorization", "X-Chroma-Token"])
def test_token_is_accepted_and_refused(
    chroma_server: ChromaServer, server_client: ClientAPI, header: str
) -> None:
    with token_proxy(chroma_server.url, TOKEN, header=header) as proxy:
        with create_backend("chroma", chroma_url=proxy.url, chroma_token=TOKEN) as memory:
            memory.add("Argon Labs: 10M")
            assert [hit.content for hit in memory.search("Argon Labs")] == ["Argon Labs: 10M"]
            assert isinstance(memory, ChromaBackend)
            assert memory.collection_name in collection_names(server_client)
            record = describe_backend(memory)
            assert TOKEN not in repr(record)
        assert proxy.refused == 0
        assert proxy.seen_headers[-1]["Authorization"] == f"Bearer {TOKEN}"
        assert proxy.seen_headers[-1]["X-Chroma-Token"] == TOKEN

        with pytest.raises(ChromaServerError, match="requires a token") as missing:
            create_backend("chroma", chroma_url=proxy.url)
        with pytest.raises(ChromaServerError, match="refused the token") as wrong:
            create_backend("chroma", chroma_url=proxy.url, chroma_token="wrong-token")
        assert proxy.refused == 2
        for error in (missing, wrong):
            assert proxy.url in str(error.value)
            assert TOKEN not in str(error.value) and "wrong-token" not in str(error.value)


def test_token_from_the_environment(
    chroma_server: ChromaServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    with token_proxy(chroma_server.url, TOKEN) as proxy:
        monkeypatch.setenv(CHROMA_URL_ENV, proxy.url)
        monkeypatch.setenv(CHROMA_TOKEN_ENV, TOKEN)
        with create_backend("chroma") as memory:
            assert memory.add("Boron Ltd: 7M") == 1
        assert proxy.refused == 0


def test_collection_names_follow_chroma_rules() -> None:
    outside = sample_collection_name()
    assert re.fullmatch(r"memgym-[0-9a-f]{32}", outside)
    assert outside != sample_collection_name()
    assert sanitize_name_part("company/lite 0..x!") == "company-lite-0.x"
    assert sanitize_name_part("__--..") == ""
    assert check_collection_name("memgym-a.b_c-1") == "memgym-a.b_c-1"
    for bad in ("ab", "-abc", "abc-", "a..b", "a b c", "192.168.0.1", "x" * 513):
        with pytest.raises(ValueError, match="collection_name"):
            check_collection_name(bad)
    with pytest.raises(ValueError, match="collection_name"):
        create_backend("chroma", collection_name="no spaces allowed")


def test_a_kept_collection_is_reopened_page_by_page(
    chroma_server: ChromaServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chroma_backend, "GET_PAGE_SIZE", 3)  # 7 entries: pages of 3, 3, 1
    with create_backend("chroma", chroma_url=chroma_server.url, keep_memory=True) as first:
        assert isinstance(first, ChromaBackend)
        for number in range(1, 8):
            first.add(f"Entry number {number}")
        name = first.collection_name
    with create_backend("chroma", chroma_url=chroma_server.url, collection_name=name) as again:
        assert [entry.entry_id for entry in again.entries()] == list(range(1, 8))
        assert again.add("Entry number 8") == 8
