"""The ``inspect-memgym generate`` command: JSONL samples, determinism and clean usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from inspect_memgym.cli import main
from inspect_memgym.entity_stream.dataset import entity_stream_dataset
from inspect_memgym.entity_stream.scenario_content import CONTENT_KEYS, scenario_content

CONSOLE_SCRIPT = Path(sys.executable).with_name("inspect-memgym")
ARGS = ["generate", "--tier", "lite", "--templates", "company,city", "--seeds", "2"]
EXPECTED_IDS = ["company-lite-0", "city-lite-0", "company-lite-1", "city-lite-1"]


def read_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def generate(path: Path, *extra: str) -> int:
    return main([*ARGS, *extra, "-o", str(path)])


def assert_usage_error(stderr: str, expected: str) -> None:
    """argparse's usage lines, then exactly one error line, and no traceback."""
    assert "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    errors = [line for line in lines if "error:" in line]
    assert len(errors) == 1, stderr
    assert errors[0] == lines[-1]
    assert errors[0].startswith("inspect-memgym")
    assert expected in errors[0]


def test_generate_writes_one_sample_per_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "samples.jsonl"
    assert generate(output) == 0
    assert output.read_text(encoding="utf-8").count("\n") == 4
    records = read_records(output)
    assert [record["id"] for record in records] == EXPECTED_IDS
    for record in records:
        assert set(record) == {"id", "input", "target", "metadata"}
        metadata = record["metadata"]
        template, tier, seed = record["id"].rsplit("-", 2)
        assert (metadata["template"], metadata["tier"], metadata["seed"]) == (
            template,
            tier,
            int(seed),
        )
        assert metadata["write_budget"] == 15
        kinds = [event["kind"] for event in metadata["events"]]
        assert kinds.count("ingest") == 3
        assert kinds.count("question") == len(metadata["questions"]) == 11  # 10 + update_chain
        assert [event["index"] for event in metadata["events"]] == list(range(len(kinds)))
        for question in metadata["questions"]:
            assert question["qid"] and question["text"] and question["gold"]["text"]
        assert record["target"] == "\n".join(
            f"{question['qid']}: {question['gold']['text']}" for question in metadata["questions"]
        )
    summary = capsys.readouterr().err.strip()
    assert summary.startswith("generated 4 lite scenarios in ")


def with_content(metadata: dict[str, Any]) -> dict[str, Any]:
    """A task sample's metadata plus the scenario content it leaves out (generate writes it)."""
    content = scenario_content(metadata)
    return {
        **metadata,
        "events": content.events,
        "questions": content.questions,
        "known_names": content.known_names,
    }


def test_generate_matches_the_task_dataset(tmp_path: Path) -> None:
    output = tmp_path / "samples.jsonl"
    assert generate(output) == 0
    dataset = entity_stream_dataset(["company", "city"], "lite", [0, 1])
    expected = [
        {
            "id": sample.id,
            "input": sample.input,
            "target": sample.target,
            "metadata": json.loads(json.dumps(with_content(sample.metadata or {}))),
        }
        for sample in dataset
    ]
    for sample in dataset:
        assert sample.metadata is not None
        assert not set(CONTENT_KEYS) & set(sample.metadata)
    assert read_records(output) == expected


def test_generate_is_byte_identical_across_runs(tmp_path: Path) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    assert generate(first) == 0
    assert generate(second) == 0
    assert first.read_bytes() == second.read_bytes()


def test_console_script_matches_main(tmp_path: Path) -> None:
    in_process, installed = tmp_path / "main.jsonl", tmp_path / "script.jsonl"
    assert generate(in_process) == 0
    result = subprocess.run(
        [str(CONSOLE_SCRIPT), *ARGS, "-o", str(installed)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("generated 4 lite scenarios in ")
    assert installed.read_bytes() == in_process.read_bytes()


def test_generate_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--tier", "lite", "--templates", "movie", "--seeds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["id"] for line in lines] == ["movie-lite-0"]


@pytest.mark.parametrize(
    ("seeds", "expected"),
    [("3", [0, 1, 2]), ("3-5", [3, 4, 5]), ("1,4", [1, 4]), ("7", list(range(7)))],
)
def test_seed_forms(tmp_path: Path, seeds: str, expected: list[int]) -> None:
    output = tmp_path / "samples.jsonl"
    assert (
        main(
            [
                "generate",
                "--tier",
                "lite",
                "--templates",
                "sport",
                "--seeds",
                seeds,
                "-o",
                str(output),
            ]
        )
        == 0
    )
    assert [record["metadata"]["seed"] for record in read_records(output)] == expected


def test_write_budget_override(tmp_path: Path) -> None:
    output = tmp_path / "samples.jsonl"
    assert generate(output, "--write-budget", "4") == 0
    assert {record["metadata"]["write_budget"] for record in read_records(output)} == {4}


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--tier", "lite", "--seeds", "0"], "invalid seeds '0'"),
        (["--tier", "lite", "--seeds", "lots"], "invalid seeds 'lots'"),
        (["--tier", "lite", "--seeds", "5-3"], "invalid seeds '5-3'"),
        (["--tier", "lite", "--templates", "nope"], "unknown template 'nope'; choose one of:"),
        (["--tier", "lite", "--templates", "company,nope"], "unknown template 'nope'"),
        (["--tier", "nope"], "invalid choice: 'nope'"),
        (["--tier", "lite", "--write-budget", "0"], "write_budget must be at least 1, got 0"),
    ],
    ids=[
        "zero-seeds",
        "word-seeds",
        "reversed-range",
        "template",
        "one-bad-template",
        "tier",
        "budget",
    ],
)
def test_invalid_arguments_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    output = tmp_path / "samples.jsonl"
    with pytest.raises(SystemExit) as raised:
        main(["generate", *argv, "-o", str(output)])
    assert raised.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert_usage_error(captured.err, expected)
    if "--write-budget" not in argv:
        assert not output.exists()


def test_invalid_arguments_through_the_console_script(tmp_path: Path) -> None:
    output = tmp_path / "samples.jsonl"
    result = subprocess.run(
        [
            str(CONSOLE_SCRIPT),
            "generate",
            "--tier",
            "lite",
            "--templates",
            "nope",
            "-o",
            str(output),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert_usage_error(result.stderr, "unknown template 'nope'; choose one of: company")
    assert not output.exists()


def test_unwritable_output_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing" / "samples.jsonl"
    with pytest.raises(SystemExit) as raised:
        generate(output)
    assert raised.value.code == 2
    assert_usage_error(capsys.readouterr().err, "samples.jsonl")


def test_invalid_arguments_leave_an_existing_output_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "samples.jsonl"
    output.write_text("keep me\n", encoding="utf-8")
    with pytest.raises(SystemExit) as raised:
        generate(output, "--write-budget", "0")
    assert raised.value.code == 2
    assert_usage_error(capsys.readouterr().err, "write_budget must be at least 1")
    assert output.read_text(encoding="utf-8") == "keep me\n"


@pytest.mark.parametrize(("task", "count"), [("locomo", 3), ("longmemeval", 18)])
def test_sample_data_writes_invented_data_the_task_reads(
    task: str, count: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from inspect_memgym.locomo.task import locomo
    from inspect_memgym.longmemeval.task import longmemeval

    path = tmp_path / f"{task}.json"
    assert main(["sample-data", task, "-o", str(path), "--seeds", "3"]) == 0
    assert f"run them with -T dataset={path}" in capsys.readouterr().err
    built = (locomo if task == "locomo" else longmemeval)(dataset=str(path), self_judge=True)
    assert len(built.dataset) == count


def test_the_help_of_the_command_and_of_every_subcommand_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import argparse

    from inspect_memgym.cli import build_parser

    parser = build_parser()
    (subparsers,) = [
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    ]
    commands = sorted(subparsers.choices)
    assert {"generate", "validate", "compare", "leaderboard"} <= set(commands)
    for arguments in (["--help"], *([command, "--help"] for command in commands)):
        with pytest.raises(SystemExit) as exit:
            main(arguments)
        assert exit.value.code == 0, arguments
    out = capsys.readouterr().out
    assert "(delta, 95% CI)" in out
