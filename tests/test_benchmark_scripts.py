"""Every script in benchmarks/ still runs: each in a tiny smoke mode, its output checked.

A benchmark that nothing runs rots (``search_latency.py`` once imported a class from where
it no longer lived, and nobody noticed). Here every script runs with arguments that make it
small (`SMOKE`, about 50 s of CPU in all: CI runs them with ``-m extended``, those in
`SLOW_SMOKES` with ``-m slow``), or is listed in `EXCLUDED` with the reason. To pay
Python's and Inspect's import once rather than once per script, one subprocess runs them
all in turn, each as ``__main__`` with its own ``sys.argv`` and its output captured to a
file; each test then checks one script's exit status and the shape of its output. Nothing
here is timed, so the driver, like the suite (``tests/conftest.py``), scans the installed
distributions for Inspect once rather than once per eval.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[1]
BENCHMARKS = REPOSITORY / "benchmarks"
TEMPORARY = "{tmp}"
"""Replaced in arguments by a fresh directory of the run."""

SMOKE: dict[str, tuple[list[str], list[str]]] = {
    "break_invariants.py": (
        ["--smoke"],
        [
            r"- broke 'memory_write no longer checks the budget' -> FAIL \(as it must\)",
            r"every invariant failed when broken",
            r"^all \d+ breaks find what they patch$",
        ],
    ),
    "code_qa_generation.py": (
        ["--runs", "1", "--sizes", "10000"],
        [r"\| context tokens \| ms median", r"\| 10,000 \| [\d.]+ \| [\d.]+ \|"],
    ),
    "code_qa_table.py": (
        [
            *("--seeds", "1", "--policies", "perfect", "--agents", "none", "--ingest-groups", "1"),
            *("--log-dir", f"{TEMPORARY}/code_qa_table"),
        ],
        [r"\| perfect \| none \|"],
    ),
    "question_prior_floor.py": (
        ["--synthetic", "2"],
        [r"^2 conversations, \d+ category 1-4 questions", r"\| prior switch \| floor 0 \|"],
    ),
    "longmemeval_prior_floor.py": (
        ["--synthetic", "3"],
        [r"^15 answerable questions; floor 1 on \d+", r"\| fitted prior \| floor 0 \|"],
    ),
    "conversation_generation.py": (
        ["--users", "2"],
        [r"\| small \| [\d.]+ \| [\d.]+ \| \d+ \|", r"\| base \|", r"\| extra \|"],
    ),
    "conversation_table.py": (
        [
            *("--tier", "small", "--seeds", "1", "--runs", "perfect:native"),
            *("--log-dir", f"{TEMPORARY}/conversation", "--max-samples", "1"),
        ],
        [r"\| perfect \| native \|"],
    ),
    "epoch_reducers.py": (
        ["--users", "2", "--epochs", "2", "--reducers", "mean,max"],
        [r"^\| mean \| [+-]\d\.\d{3} \|", r"^\| max \| [+-]\d\.\d{3} \|"],
    ),
    "first_hour.py": (
        ["--dry-run"],
        [r"^clone: git clone", r"sweep: none, rag, notes x 7 tasks: .*inspect-memgym sweep"],
    ),
    "entry_point_import.py": (
        ["--runs", "1"],
        [r"entry point import over 1 runs: min [\d.]+ s.*heavy libraries loaded: none"],
    ),
    "env_step_cost.py": (
        ["--quick"],
        [
            r"\| lite \| ours \| markdown \| 47 \| [\d.]+ \| [\d,.]+ \| 1\.00 \| [\d,.]+ \|",
            r"\| lite \| ours \| chroma \| \d+ \|",
            r"^MemoryGym: (skipped \(.*\); timing ours alone|\d+ configurations from )",
            r"lite seed 0 ours markdown: 6 write, 15 search, 4 edit, 4 read, 11 submit, 7 advance",
        ],
    ),
    "feedback_table.py": (
        [
            *("--tier", "small", "--seeds", "1", "--policies", "perfect", "--protocols"),
            *("off_policy", "--feedback", "verbal", "--log-dir", f"{TEMPORARY}/feedback"),
        ],
        [r"perfect", r"off_policy"],
    ),
    "generation_speed.py": (
        ["--tier", "lite", "--seeds", "1", "--repeats", "1"],
        [r"tier lite: 10 scenarios", r"CPU ms per scenario: median [\d.]+"],
    ),
    "harness_overhead.py": (
        [
            "--runs",
            "1",
            "--cases",
            "",
            "--case",
            "tiny=entity_stream:perfect:tier=smoke,seed=0,templates=company",
        ],
        [r"harness overhead: 1 runs per case", r"tiny", r"load average now [\d.]+"],
    ),
    "isolation_table.py": (
        ["--smoke", "--log-dir", f"{TEMPORARY}/isolation"],
        [r"conversation, small tier, 1 users", r"\| none \| perfect \| [+-]\d\.\d{3} ± "],
    ),
    "memory_holds_overhead.py": (
        ["--runs", "1", "--tier", "smoke", "--templates", "company"],
        [
            r"memory holds overhead: smoke, 1 templates, memgym/perfect, 1 runs each",
            r"\| B \(snapshot and scores\) \| [\d.]+ \([\d.]+–[\d.]+\) \| [\d.]+ ",
            r"CPU overhead: [+-][\d.]+%",
        ],
    ),
    "memory_growth.py": (
        ["--smoke"],
        [
            r"\| chroma \| \d+ MB \| \d+ MB \| [+-][\d.]+ MB \| [\d,]+ -> [\d,]+ \|",
            r"\| markdown \| \d+ MB \|",
            r"- one entry added and queried: [+-][\d.]+ MB per collection",
        ],
    ),
    "memory_operations_table.py": (
        ["--smoke", "--log-dir", f"{TEMPORARY}/operations"],
        [
            r"\| locomo \| native \(default\) \| 1\.00 \| 1\.00 \| – \| – \| – \| – \| – "
            r"\| 0\.00 / – / – / – \|",
            r"\| locomo \| langgraph \| 1\.00 \| 1\.00 \| (– \| ){5}0\.00 / – / – / – \|",
        ],
    ),
    "memory_systems_table.py": (
        ["--smoke", "--log-dir", f"{TEMPORARY}/systems"],
        [r"\| locomo \| example \| [\d.]+ \| [+-][\d.]+ \| – \| \d+ \|"],
    ),
    "official_scorer_table.py": (
        ["--log-dir", "logs/reference"],
        [r"^\| perfect \| 1\.000 \| 0\.\d{3} \|", r"^\| guesser \| "],
    ),
    "policy_table.py": (
        [
            *("--tiers", "lite", "--seeds", "1", "--policies", "perfect", "--templates", "company"),
            *("--log-dir", f"{TEMPORARY}/policy", "--max-samples", "4"),
        ],
        [r"\| lite \| perfect \| 1 \| 1\.000 \|"],
    ),
    "real_model_table.py": (
        [f"{TEMPORARY}/reference"],  # one committed reference log, copied there
        [r"\| reference \| conversation\w* \| \d+ \|"],
    ),
    "research_qa_example.py": ([], [r"research_qa-h3-s0003", r"Gold answer: ", r"\| hop \|"]),
    "research_qa_generation.py": (
        ["--runs", "1", "--hops", "3", "--sizes", "10000"],
        [r"research_qa generation, hops=3", r"^\s+[\d,]+\s+[\d.]+\s+[\d.]+\s+\d+\s+[\d.]+$"],
    ),
    "research_qa_policy_table.py": (
        [
            *("--seeds", "1", "--hops", "3", "--strategies", "none", "--policies", "perfect"),
            *("--log-dir", f"{TEMPORARY}/research_qa_table"),
        ],
        [r"\| perfect \| none \|"],
    ),
    "research_qa_search.py": (
        ["--seeds", "1", "--hops", "3", "--sizes", "10000"],
        [r"\| bm25 \| 10,000 \| \d+ \|", r"\| chroma \| 10,000 \| \d+ \|.* \| \d/3 \|"],
    ),
    "self_evolution.py": (
        [
            *("--quick", "--levels", "none,complete", "--log-dir", f"{TEMPORARY}/evolution"),
            *("--plot", f"{TEMPORARY}/evolution_png"),
        ],
        [
            r"\| learner \| none \| (-?[\d.]+ \| ){11}-?[\d.]+ ± [\d.]+ \| – \|",
            r"\| learner \| complete \| (-?[\d.]+ \| ){11}-?[\d.]+ ± [\d.]+ \| \+0\.\d{3} \|",
            r"conversation_periods\.png: chance-corrected accuracy per period",
        ],
    ),
    "sharded_validate.py": (
        # two shard processes at once, then the merge; N = 1 (`--shard 1/1`, two more
        # processes) is the same pipeline with one shard
        ["--smoke", "--processes", "2", "--log-dir", f"{TEMPORARY}/sharded_validate"],
        [
            r"^\| 2 \| [\d.]+ s \| [\d.]+ s \| [\d.]+ s \| \d+ s \| \d+ s \| 1\.00× \|",
            r"^every merge passed and printed the same report$",
        ],
    ),
    "search_latency.py": (
        ["--smoke"],
        [
            r"\| embedded \| 300 \| floor \| [\d.]+ \| [\d.]+ \|",
            r"\| embedded \| 300 \| after \| [\d.]+ \| [\d.]+ \|",
            r"after / floor: p50 [\d.]+, p95 [\d.]+",
            r"\| markdown \| 300 \| after \|",
        ],
    ),
    "update_chain_lengths.py": (
        ["--smoke"],
        [
            r"^small users 0-149$",
            r"^  - PASS chance: option length: the option with the most \(stale\): named ",
            r"^  gold longer than stale: mean sign [+-][\d.]+, z [+-][\d.]+ \(\d+ rows\)$",
        ],
    ),
}
"""Script -> (arguments, patterns its standard output must match)."""

EXCLUDED: dict[str, str] = {
    "generation_instructions.py": (
        "runs generation under valgrind (a minute for our side, more for MemoryGym's); the "
        "generator it counts is tested in tests/entity_stream/world, and the same loops are "
        "timed by generation_speed.py's smoke run"
    ),
    "harness_floor.py": "a module, not a script: harness_overhead.py imports it and runs it",
    "official_protocol.py": (
        "times `inspect eval` of the 100-sample official protocol in fresh processes; its "
        "pieces (the task, the CLI) are tested in tests/tasks"
    ),
    "public_datasets_table.py": (
        "writes LoCoMo and LongMemEval files at their real sizes (600 turns, 110k tokens) "
        "on purpose; the tasks are tested on small files in tests/locomo and tests/longmemeval"
    ),
    "reference_logs.py": (
        "reruns the reference grid (about 20 minutes); tests/analysis/test_reference_logs.py "
        "checks the committed logs it writes"
    ),
    "validity_table.py": (
        "runs every task's whole validity suite (many minutes); `inspect-memgym validate` is "
        "tested per task in tests/test_cli_validate.py"
    ),
}
"""Script -> why it has no smoke run here."""

SLOW_SMOKES: dict[str, str] = {
    "memory_growth.py": (
        "four fresh interpreters, two of them running evals (about 35 s of CPU); the "
        "release of a finished sample's memory is tested in "
        "tests/strategies/test_released_memory.py"
    ),
    "sharded_validate.py": (
        "starts five `inspect-memgym validate` processes (about 25 s of CPU); the shards and "
        "their merge are tested in tests/validity/test_sharded_validate.py"
    ),
}
"""Script -> why its smoke run waits for ``-m slow``."""

REFERENCE_LOG = REPOSITORY / "logs" / "reference" / "conversation_native_perfect.eval"
"""The smallest committed reference log, for `real_model_table.py`."""

DRIVER = """
import contextlib, json, runpy, sys, time, traceback
from pathlib import Path
from inspect_memgym.kit.inspect_internals import distribution_scan_cached
plan = json.loads(sys.argv[1])
scan_once = contextlib.ExitStack()
scan_once.enter_context(distribution_scan_cached())  # as the suite does (tests/conftest.py)
for entry in plan:
    output, errors = Path(entry["stdout"]), Path(entry["stderr"])
    status = 0
    started = time.perf_counter()  # reported for people, never asserted
    with output.open("w") as out, errors.open("w") as err:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            sys.argv = [entry["script"], *entry["arguments"]]
            sys.path.insert(0, str(Path(entry["script"]).parent))  # as for `python script.py`
            try:
                runpy.run_path(entry["script"], run_name="__main__")
            except SystemExit as exit:
                code = exit.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
            except BaseException:
                traceback.print_exc(file=err)
                status = 1
    Path(entry["status"]).write_text(str(status))
    print(f"{Path(entry['script']).name}: {time.perf_counter() - started:.1f} s", flush=True)
"""


def test_every_script_is_smoked_or_excluded_with_a_reason() -> None:
    scripts = sorted(path.name for path in BENCHMARKS.glob("*.py"))
    assert sorted([*SMOKE, *EXCLUDED]) == scripts
    assert not set(SMOKE) & set(EXCLUDED)
    assert set(SLOW_SMOKES) <= set(SMOKE)


def _selected_scripts(session: pytest.Session) -> list[str]:
    """The scripts whose smoke test this session runs (all of them unless ``-k`` says less)."""
    selected = {
        item.callspec.params["script"]
        for item in session.items
        if isinstance(item, pytest.Function)
        and item.originalname == "test_the_script_runs_in_smoke_mode"
    }
    return [script for script in SMOKE if script in selected]


@pytest.fixture(scope="module")
def smoke_runs(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Path:
    """Run the selected smokes in one subprocess; returns the directory of their outputs."""
    directory = tmp_path_factory.mktemp("benchmark_smoke")
    (directory / "reference").mkdir()
    shutil.copy(REFERENCE_LOG, directory / "reference" / REFERENCE_LOG.name)
    plan = []
    for script in _selected_scripts(request.session):
        arguments = SMOKE[script][0]
        stem = script.removesuffix(".py")
        plan.append(
            {
                "script": str(BENCHMARKS / script),
                "arguments": [
                    argument.replace(TEMPORARY, str(directory)) for argument in arguments
                ],
                "stdout": str(directory / f"{stem}.out"),
                "stderr": str(directory / f"{stem}.err"),
                "status": str(directory / f"{stem}.status"),
            }
        )
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPOSITORY / "src"), os.environ.get("PYTHONPATH", "")]),
    }
    subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(plan)],
        cwd=REPOSITORY,
        env=environment,
        timeout=1200,
        check=False,
    )
    return directory


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(
            script, marks=pytest.mark.slow if script in SLOW_SMOKES else pytest.mark.extended
        )
        for script in sorted(SMOKE)
    ],
)
def test_the_script_runs_in_smoke_mode(script: str, smoke_runs: Path) -> None:
    stem = script.removesuffix(".py")
    status_file = smoke_runs / f"{stem}.status"
    errors = (
        (smoke_runs / f"{stem}.err").read_text() if (smoke_runs / f"{stem}.err").exists() else ""
    )
    assert status_file.exists(), f"{script} never finished:\n{errors[-3000:]}"
    output = (smoke_runs / f"{stem}.out").read_text()
    assert status_file.read_text() == "0", f"{script} failed:\n{errors[-3000:]}"
    for pattern in SMOKE[script][1]:
        assert re.search(pattern, output, re.MULTILINE), (
            f"{script}: no line matches {pattern!r}:\n{output[-2000:]}"
        )
