"""Shared, expensive fixtures: every memgym policy on the lite grid, run once per session,
and a real ChromaDB server on loopback."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import bytecode_cache  # noqa: F401  (first: compiled modules shared, see there)
import realtime_off  # noqa: F401  (before any module binds inspect_ai.eval, see there)
from checkout_guard import checkout_status, new_in_checkout
from chroma_server import ChromaServer, running_chroma_server
from inspect_memgym.entity_stream.policies.registry import POLICIES
from policy_grid import (
    LITE_GRID_SEEDS,
    LITE_GRID_TEMPLATES,
    LITE_GRID_TIER,
    PolicyGrid,
    run_policy_logs,
)
from quiet_console import quiet_consoles_render_nothing

TEMPORARY_VARIABLE = "TMPDIR"
"""The variable that names the temporary folder to subprocesses (`tempfile.gettempdir`)."""


@pytest.fixture(scope="session", autouse=True)
def temporary_folder_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Everything the tests and their subprocesses put in the temporary folder goes in pytest's.

    Code that makes its own scratch folders (a markdown memory's ``memgym-md-*``, a
    benchmark's data and logs, a validate run's pool) writes under this process's pytest
    base folder, which pytest removes after a few runs, never loose in the machine's
    ``/tmp``. Subprocesses inherit it through ``TMPDIR``.

    Yields:
        The folder.
    """
    folder = tmp_path_factory.mktemp("temporary_folder", numbered=False)
    saved_folder, saved_variable = tempfile.tempdir, os.environ.get(TEMPORARY_VARIABLE)
    tempfile.tempdir = str(folder)
    os.environ[TEMPORARY_VARIABLE] = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = saved_folder
        if saved_variable is None:
            os.environ.pop(TEMPORARY_VARIABLE, None)
        else:
            os.environ[TEMPORARY_VARIABLE] = saved_variable


@pytest.fixture(scope="session", autouse=True)
def distribution_scan_once_per_process() -> Iterator[None]:
    """Inspect's per-eval scan of the installed distributions, done once per test process.

    Every ``inspect_ai.eval`` scans all installed distributions to name a task's package
    (about 0.2 s of CPU per eval, half of a tiny one); the installed set cannot change during
    a session, so the scan is cached for all of it (`distribution_scan_cached`). Nothing a
    test asserts depends on it; evals in subprocesses still scan.
    """
    from inspect_memgym.kit.inspect_internals import distribution_scan_cached

    with distribution_scan_cached():
        yield


@pytest.fixture(scope="session", autouse=True)
def quiet_display_renders_nothing() -> Iterator[None]:
    """In-process evals with ``display="none"`` skip laying out what their console drops.

    About 0.1 s of CPU per eval (`quiet_console`); a console that is not quiet prints as
    before, and subprocesses are untouched.
    """
    with quiet_consoles_render_nothing():
        yield


@pytest.fixture(scope="session")
def lite_grid(tmp_path_factory: pytest.TempPathFactory) -> PolicyGrid:
    """Every memgym policy on tier lite, five templates, seed 0 (through inspect_ai.eval)."""
    log_dir = tmp_path_factory.mktemp("lite_grid")
    logs = run_policy_logs(
        list(POLICIES),
        LITE_GRID_TIER,
        list(LITE_GRID_SEEDS),
        list(LITE_GRID_TEMPLATES),
        str(log_dir),
    )
    return PolicyGrid(log_dir, logs, LITE_GRID_TIER, LITE_GRID_SEEDS, LITE_GRID_TEMPLATES)


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ChromaServer]:
    """A real ChromaDB server (`chroma run`) on a free loopback port, killed at session end."""
    with running_chroma_server(tmp_path_factory.mktemp("chroma_server")) as server:
        yield server


OLD_SPELLING = "old_spelling"
"""The mark of a test that gives an old ``-T`` spelling on purpose (its deprecation test)."""
DEPRECATION_LOGGERS = (
    "inspect_memgym.strategies.task_arguments",
    "inspect_memgym.training.episode_memory",
)
"""The loggers of the one line an old ``-T`` spelling (or a world's old keyword) prints."""


class DeprecationLines(logging.Handler):
    """The deprecation lines old ``-T`` spellings printed since the last test ended."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep a deprecation line."""
        message = record.getMessage()
        if " is deprecated " in message:
            self.lines.append(message)


DEPRECATIONS = DeprecationLines()


def pytest_configure(config: pytest.Config) -> None:
    """Register the old-spelling mark and listen for deprecation lines."""
    config.addinivalue_line(
        "markers", f"{OLD_SPELLING}: gives an old -T spelling on purpose (prints its line)"
    )
    for name in DEPRECATION_LOGGERS:
        logging.getLogger(name).addHandler(DEPRECATIONS)


@pytest.fixture(autouse=True)
def no_old_spellings(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test (or the module fixture it set up) that printed a deprecation line.

    The suite speaks the current spellings (``agent`` and ``memory``); only the tests marked
    `OLD_SPELLING` give an old one.
    """
    yield
    printed, DEPRECATIONS.lines = DEPRECATIONS.lines, []
    if printed and request.node.get_closest_marker(OLD_SPELLING) is None:
        pytest.fail(f"old -T spellings in a test: {'; '.join(sorted(set(printed)))}")


@pytest.fixture
def offline_token_counts() -> Iterator[None]:
    """Count tokens with the suite's offline estimate instead of tiktoken.

    ``mockllm`` counts tokens with tiktoken, which downloads its encoding and fails offline;
    Inspect's summary compaction counts the summarisation input before it generates.
    """
    from inspect_memgym.kit.inspect_internals import counting_text_tokens_with
    from inspect_memgym.kit.tokens import estimate_tokens

    with counting_text_tokens_with(estimate_tokens):
        yield


CHECKOUT = Path(__file__).resolve().parents[1]
"""The checkout under test: a session must leave it as it found it."""

_checkout_at_start: frozenset[str] | None = None


def pytest_sessionstart(session: pytest.Session) -> None:
    """Record the checkout's status (on the controlling process only) for the end's check."""
    global _checkout_at_start
    if not hasattr(session.config, "workerinput"):
        _checkout_at_start = checkout_status(CHECKOUT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if the tests wrote into the checkout (they write only to temporary dirs)."""
    if _checkout_at_start is None or hasattr(session.config, "workerinput"):
        return
    after = checkout_status(CHECKOUT)
    written = [] if after is None else new_in_checkout(_checkout_at_start, after)
    if not written:
        return
    lines = "\n".join(f"  {line}" for line in written)
    message = (
        f"\nThe tests wrote into the checkout {CHECKOUT} (write under tmp_path instead):\n{lines}\n"
    )
    os.write(2, message.encode())
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


SHARED_SESSION_FIXTURES = ("lite_grid", "analysis_logs")
"""Expensive session fixtures: the tests using one run on one test worker, so it runs once."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keep tests that share an expensive fixture on one worker when run in parallel.

    With ``-n``, pytest-xdist's ``loadgroup`` mode sends tests of one ``xdist_group`` to the
    same worker. It reads the marks in its own collection hook, so this one runs first. A
    test using an expensive session fixture joins that fixture's group; a test using a
    module-scoped fixture joins its module's group, so neither runs twice. Everything else
    is shared out test by test.
    """
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        group = next((name for name in SHARED_SESSION_FIXTURES if name in info.names_closure), None)
        if group is None and any(
            definition.scope == "module"
            for definitions in info.name2fixturedefs.values()
            for definition in definitions
        ):
            group = item.nodeid.split("::")[0]
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Stop a parallel run at once if pytest-xdist did not apply the groups.

    pytest-xdist groups a test by renaming it ``<node id>@<group>`` on each worker; a pytest it
    does not support may keep the old name, and every worker then builds every expensive
    fixture again with nothing to say so.
    """
    if not getattr(session.config.option, "loadgroup", False):
        return
    for item in session.items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
            message = (
                f"pytest-xdist did not group {item.nodeid}: check the pytest and "
                "pytest-xdist versions against pyproject.toml"
            )
            os.write(2, f"{message}\n".encode())
            raise pytest.UsageError(message)
