"""A ChromaDB server that goes away: retried, reported in one line, cleaned up after.

Each test runs its own real server (`chroma run` on loopback, see `chroma_server`) so it can
kill it mid-operation and start it again on the same port and data directory. No test
asserts on time: the retry waits are shortened, and what is checked is what the user sees
(the log's warnings, the error's one line, the collections left on the server).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from chromadb.api import ClientAPI
from inspect_ai import eval, eval_retry
from inspect_ai.log import EvalSample

from chroma_server import ChromaServer, free_port, running_chroma_server
from inspect_memgym.cli import main as cli_main
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.memory import chroma_backend, chroma_retry
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.chroma_clean import clean_collections
from inspect_memgym.memory.chroma_connection import (
    CHROMA_TOKEN_ENV,
    CHROMA_URL_ENV,
    ChromaServerError,
    chroma_client,
)
from inspect_memgym.memory.chroma_retry import ChromaServerLostError
from inspect_memgym.memory.factory import create_backend
from inspect_memgym.memory.settings import MemorySettings

SCORER = "entity_stream_scorer"
RUN_TEMPLATES = "company,city,hospital"
NOTES = [
    "Tundra Foundry gross margin: 31%.",
    "Argon Labs headquarters: Oslo.",
    "Bolt Corp employees: 340.",
]


@pytest.fixture(autouse=True)
def no_chroma_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(CHROMA_URL_ENV, raising=False)
    monkeypatch.delenv(CHROMA_TOKEN_ENV, raising=False)
    yield


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ChromaServer]:
    with running_chroma_server(tmp_path) as server:
        yield server


def stop(server: ChromaServer) -> None:
    server.process.kill()
    server.process.wait(timeout=30)


def suite_collections(client: ClientAPI) -> set[str]:
    return {c.name for c in client.list_collections() if c.name.startswith("memgym-")}


def warnings_about(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [record.getMessage() for record in caplog.records if text in record.getMessage()]


def test_a_server_restarted_mid_search_is_retried_and_logged_once(
    own_server: ChromaServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chroma_retry, "RETRY_DELAYS_SECONDS", (0.25,) * 240)
    backend = create_backend("chroma", chroma_url=own_server.url)
    for note in NOTES:
        backend.add(note)
    before = backend.search("Tundra Foundry gross margin", 2)
    port = int(own_server.url.rsplit(":", 1)[1])
    stop(own_server)
    restarted: list[ChromaServer] = []
    done = threading.Event()

    def restart() -> None:  # starts the same server again while the search is retrying
        with running_chroma_server(own_server.path, port) as server:
            restarted.append(server)
            done.wait(timeout=120)

    thread = threading.Thread(target=restart, daemon=True)
    with caplog.at_level(logging.WARNING):
        thread.start()
        try:
            after = backend.search("Tundra Foundry gross margin", 2)
            assert backend.add("Cirrus Inc rating: A+.") == 4
            assert backend.count() == 4
            backend.close()
            assert suite_collections(chroma_client(own_server.url)) == set()
        finally:
            done.set()
            thread.join(timeout=60)
    assert restarted, "the server did not start again"
    assert after == before
    assert after[0].content == NOTES[0]
    outage = warnings_about(caplog, "retrying for up to")
    assert len(outage) == 1  # once per outage, not once per retry
    assert own_server.url in outage[0]
    assert len(warnings_about(caplog, "answers again")) == 1


def test_a_lost_server_is_one_line_and_cleanup_never_masks_it(
    own_server: ChromaServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chroma_retry, "RETRY_DELAYS_SECONDS", (0.01, 0.01, 0.01))
    monkeypatch.setattr(chroma_backend, "CLEANUP_RETRY_DELAYS_SECONDS", (0.01,))
    backend = create_backend("chroma", chroma_url=own_server.url)
    assert isinstance(backend, ChromaBackend)
    backend.add(NOTES[0])
    stop(own_server)
    with caplog.at_level(logging.WARNING):
        with pytest.raises(ChromaServerLostError) as lost:
            backend.search("Tundra Foundry")
        with pytest.raises(ChromaServerLostError):
            backend.add(NOTES[1])
        backend.close()  # does not raise: the search's error stays the one reported
    message = str(lost.value)
    assert "\n" not in message
    assert message.startswith(f"Lost the ChromaDB server at {own_server.url} (search in ")
    assert "4 tries" in message and "`inspect eval-retry <log file>`" in message
    assert isinstance(lost.value, ChromaServerError)
    assert lost.value.__cause__ is None and lost.value.__suppress_context__
    assert len(warnings_about(caplog, "retrying for up to")) == 1
    [cleanup] = warnings_about(caplog, "Could not delete the ChromaDB collection")
    assert backend.collection_name in cleanup and "inspect-memgym chroma-clean" in cleanup
    assert backend.closed


def test_errors_other_than_the_transport_are_not_retried() -> None:
    calls: list[int] = []

    def refuse() -> None:
        calls.append(1)
        raise ValueError("Collection memgym-x does not exist")

    with pytest.raises(ValueError, match="does not exist"):
        chroma_retry.call_with_retry(refuse, server="http://127.0.0.1:1", action="read")
    assert calls == [1]


def test_an_unreachable_server_stops_the_task_before_any_sample() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(
        ChromaServerError, match=re.escape(f"Cannot reach a ChromaDB server at {url}")
    ):
        MemorySettings(chroma_url=url)
    MemorySettings(backend="markdown", chroma_url=url)  # markdown never connects


def test_chroma_clean_removes_only_this_suites_collections(
    own_server: ChromaServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    client = chroma_client(own_server.url)
    orphans = []
    for _ in range(3):  # a crashed run: backends never closed
        orphan = create_backend("chroma", chroma_url=own_server.url)
        orphan.add(NOTES[0])
        orphans.append(orphan.collection_name)
    kept = create_backend("chroma", chroma_url=own_server.url, keep_memory=True)
    kept.close()
    for name in ("memgym-notes", "team-memory", "memgym-123-e1-nothex00"):
        client.create_collection(name)
    assert cli_main(["chroma-clean", "--url", own_server.url, "--dry-run"]) == 0
    dry = capsys.readouterr()
    assert sorted(dry.out.split("\n")[:3]) == [f"would remove {name}" for name in sorted(orphans)]
    assert f"kept {kept.collection_name}" in dry.out
    assert "would remove 3 inspect_memgym collection(s), kept 1, left 3 other" in dry.err
    assert len(suite_collections(client)) == 6  # the dry run removed nothing
    monkeypatch.setenv(CHROMA_URL_ENV, own_server.url)
    assert cli_main(["chroma-clean"]) == 0
    wet = capsys.readouterr()
    assert [line for line in wet.out.splitlines() if line.startswith("removed")] == [
        f"removed {name}" for name in sorted(orphans)
    ]
    names = {c.name for c in client.list_collections()}
    assert names == {kept.collection_name, "memgym-notes", "team-memory", "memgym-123-e1-nothex00"}
    report = clean_collections(client, include_kept=True)
    assert report.removed == [kept.collection_name] and report.others == 3


def test_chroma_clean_of_named_evals_leaves_every_other_eval_alone(
    own_server: ChromaServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A killed worker's collections go while other evals' stay (names begin with the eval id)."""
    client = chroma_client(own_server.url)
    killed = ["memgym-iM4jpCbaZtiWyfXB9KC7TW-company-lite-1-e1-1f081145"]
    killed.append("memgym-iM4jpCbaZtiWyfXB9KC7TW-city-lite-0-e2-00ff00ff")
    running = "memgym-iM4jpCbaZtiWyfXB9KC7TWx-company-lite-1-e1-1f081145"  # a longer id
    other = "memgym-mht6S8hjQAk9vh7UvrEX4X-company-lite-2-e1-abcdef01"
    for name in [*killed, running, other, "team-memory"]:
        client.create_collection(name)
    arguments = ["chroma-clean", "--url", own_server.url, "--eval-id", "iM4jpCbaZtiWyfXB9KC7TW"]
    assert cli_main(arguments) == 0
    output = capsys.readouterr()
    assert output.out.splitlines() == [f"removed {name}" for name in sorted(killed)]
    assert "removed 2 inspect_memgym collection(s), kept 0, left 3 other" in output.err
    assert {c.name for c in client.list_collections()} == {running, other, "team-memory"}
    longer = ["--eval-id", "nothing", "--eval-id", "iM4jpCbaZtiWyfXB9KC7TWx"]
    assert cli_main([*arguments[:3], *longer]) == 0
    assert capsys.readouterr().out.splitlines() == [f"removed {running}"]


def test_chroma_clean_on_a_dead_server_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert cli_main(["chroma-clean", "--url", url]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert err.startswith("inspect-memgym chroma-clean: error: Cannot reach a ChromaDB server at")


def sample_scores(samples: list[EvalSample]) -> dict[str, object]:
    return {
        str(sample.id): sample.scores[SCORER].value
        for sample in samples
        if sample.scores and SCORER in sample.scores
    }


def kill_once_a_sample_has_stored(server: ChromaServer, killed: threading.Event) -> None:
    """Stop the server as soon as some sample's collection holds an entry."""
    client = chroma_client(server.url)
    while server.process.poll() is None:
        try:
            filled = [c for c in client.list_collections() if c.name.startswith("memgym-")]
            if any(collection.count() > 0 for collection in filled):
                stop(server)
                killed.set()
                return
        except Exception:  # the server is going away under the listing
            return
        threading.Event().wait(0.02)


@pytest.mark.extended
def test_a_run_that_loses_its_server_resumes_with_eval_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chroma_retry, "RETRY_DELAYS_SECONDS", (0.05, 0.05))
    monkeypatch.setattr(chroma_backend, "CLEANUP_RETRY_DELAYS_SECONDS", (0.05,))
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    task_args = {"tier": "lite", "templates": RUN_TEMPLATES, "seeds": 1}
    [clean] = eval(
        entity_stream(**task_args),
        model="memgym/perfect",
        log_dir=str(tmp_path / "clean"),
        display="none",
    )
    assert clean.samples is not None and len(clean.samples) == 3
    with running_chroma_server(data) as server:
        port = int(server.url.rsplit(":", 1)[1])
        killed = threading.Event()
        killer = threading.Thread(
            target=kill_once_a_sample_has_stored, args=(server, killed), daemon=True
        )
        killer.start()
        monkeypatch.setenv(CHROMA_URL_ENV, server.url)
        [crashed] = eval(
            entity_stream(**task_args),
            model="memgym/perfect",
            max_samples=1,
            log_dir=str(logs),
            display="none",
        )
        killer.join(timeout=60)
    assert killed.is_set()
    assert crashed.status == "error" and crashed.error is not None
    message = crashed.error.message
    assert f"Lost the ChromaDB server at {server.url}" in message
    assert "inspect eval-retry" in message and "httpx" not in message
    scored_before = sample_scores(crashed.samples or [])
    assert len(scored_before) < 3
    with running_chroma_server(data, port) as again:
        client = chroma_client(again.url)
        orphans = suite_collections(client)
        assert orphans  # the crashed sample could not delete its collection
        [retried] = eval_retry(crashed, log_dir=str(logs), display="none")
        assert retried.status == "success"
        assert sample_scores(retried.samples or []) == sample_scores(clean.samples)
        assert suite_collections(client) == orphans  # the retry's own were all deleted
        assert clean_collections(client).removed == sorted(orphans)
        assert suite_collections(client) == set()
