"""``inspect-memgym sweep``: strategies × tasks as one eval set, the table and the figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from inspect_memgym.cli import main
from inspect_memgym.sweep import SweepPlan, sweep_tasks


@pytest.mark.extended
def test_a_sweep_runs_every_pair_then_compares_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log_dir = tmp_path / "logs"
    arguments = [
        "sweep",
        "--model",
        "memgym/perfect",
        "--tasks",
        "conversation,feedback",
        "--agents",
        "none,rag",
        "-T",
        "tier=small",
        "-T",
        "seed=0",
        "--log-dir",
        str(log_dir),
        "--display",
        "none",
    ]
    assert main(arguments) == 0
    table = capsys.readouterr().out
    rows = [line.split("|")[2:5] for line in table.splitlines() if line.startswith("| memgym")]
    assert [row[0].strip() for row in rows] == ["none", "rag"]
    assert [cell.strip().split()[0] for cell in rows[0][1:]] == ["+0.000", "+0.000"]
    # perfect memory helps: by the share of questions the no-memory pass got wrong (on
    # conversation's seed 0 its guesses are lucky: 5 of 12 right)
    assert [float(cell.split()[0]) for cell in rows[1][1:]] == [0.583, 0.75]
    logs = [read_eval_log(info, header_only=True) for info in list_eval_logs(str(log_dir))]
    assert sorted((log.eval.task, log.eval.task_args["agent"]) for log in logs) == [
        ("inspect_memgym/conversation", "none"),
        ("inspect_memgym/conversation", "rag"),
        ("inspect_memgym/feedback", "none"),
        ("inspect_memgym/feedback", "rag"),
    ]
    assert all(log.eval.task_args["seed"] == 0 for log in logs)  # -T read as Inspect reads it
    assert (log_dir / "figures" / "compare.png").stat().st_size > 0
    assert main(arguments) == 0  # a rerun finds every run finished and only compares
    assert len(list_eval_logs(str(log_dir))) == 4


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (SweepPlan(tasks=("nope",)), "unknown task 'nope'; tasks: entity_stream"),
        (
            SweepPlan(tasks=("conversation",), datasets={"locomo": "x.json"}),
            "--dataset names a task not swept: locomo",
        ),
        (SweepPlan(tasks=("conversation",), agents=("bogus",)), "unknown memory strategy"),
        (
            SweepPlan(tasks=("conversation",), task_args={"locomo.tier": "x"}),
            "-T names a task not swept: locomo",
        ),
        (
            SweepPlan(tasks=("conversation",), task_args={"conversation.bogus": 1}),
            "-T conversation.bogus: conversation takes no argument 'bogus'",
        ),
    ],
)
def test_a_bad_sweep_is_refused_before_anything_runs(plan: SweepPlan, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sweep_tasks(plan)


def test_a_task_scoped_argument_goes_to_its_task_only() -> None:
    plan = SweepPlan(
        tasks=("entity_stream", "conversation"),
        agents=("none",),
        task_args={"seeds": 1, "entity_stream.tier": "lite", "conversation.tier": "small"},
    )
    built = {task.name: task for task in sweep_tasks(plan)}
    assert built["inspect_memgym/entity_stream"].metadata["tier"] == "lite"
    assert built["inspect_memgym/conversation"].metadata["tier"] == "small"


@pytest.mark.parametrize(
    "memory_arguments",
    [
        {"memory": "markdown"},
        pytest.param({"backend": "markdown"}, marks=pytest.mark.old_spelling),
        pytest.param({"feedback.backend": "markdown"}, marks=pytest.mark.old_spelling),
    ],
    ids=["new", "old", "old-scoped"],
)
def test_memory_settings_reach_every_task_in_either_spelling(
    memory_arguments: dict[str, str],
) -> None:
    # feedback: a task that still takes the old spellings (until feedback 5)
    plan = SweepPlan(
        tasks=("feedback",),
        agents=("rag",),
        task_args={"seeds": 1, "tier": "small", **memory_arguments},
    )
    [task] = sweep_tasks(plan)
    assert task.metadata is not None
    assert (task.metadata["backend"], task.metadata["memory_location"]) == (
        "markdown",
        "local file",
    )


def test_a_sweep_in_process_leaves_no_active_model_behind(tmp_path: Path) -> None:
    from inspect_memgym.kit.inspect_internals import active_model_name

    arguments = ["sweep", "--model", "memgym/perfect", "--tasks", "feedback", "--agents", "none"]
    options = ["-T", "tier=small", "-T", "seed=0", "--log-dir", str(tmp_path), "--display", "none"]
    assert main([*arguments, *options]) == 0
    assert active_model_name() is None  # a task built next in Python is not "inside an eval"
