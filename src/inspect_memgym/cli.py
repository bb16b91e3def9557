"""The ``inspect-memgym`` command line."""

from __future__ import annotations

import argparse
import contextvars
import json
import os
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from inspect_memgym.analysis.log_files import LogReadError
from inspect_memgym.analysis.trajectories_command import add_trajectories_command
from inspect_memgym.entity_stream.dataset import resolve_templates, scenario_sample
from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.entity_stream.world.tiers import TIERS, get_tier
from inspect_memgym.kit.extras import MissingExtraError, import_extra
from inspect_memgym.memory.chroma_connection import ChromaServerError

if TYPE_CHECKING:
    from inspect_memgym.analysis.intervals import IntervalSettings
    from inspect_memgym.analysis.leaderboard import Leaderboard


def _parse_seeds(text: str) -> list[int]:
    """Seeds from ``"5"`` (0..4), ``"3-7"`` (a range) or ``"1,4,9"`` (a list)."""
    try:
        if "," in text:
            return [int(part) for part in text.split(",") if part.strip()]
        if "-" in text:
            first, last = (int(part) for part in text.split("-", 1))
            if last < first:
                raise ValueError
            return list(range(first, last + 1))
        count = int(text)
        if count < 1:
            raise ValueError
        return list(range(count))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid seeds {text!r}: use a count (10), a range (3-7) or a list (1,4,9)"
        ) from None


def _open_output(path: str) -> TextIO:
    """The output stream: stdout for ``-``, else the file (refused as a usage error)."""
    if path == "-":
        return sys.stdout
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write {path}: {error.strerror}") from None


def _write_text(text: str, path: str) -> None:
    """Write text to stdout (``-``) or a file."""
    output = _open_output(path)
    try:
        output.write(text)
    finally:
        if output is not sys.stdout:
            output.close()


def _generate(args: argparse.Namespace) -> int:
    templates = resolve_templates(args.templates)
    get_tier(args.tier)
    if args.write_budget is not None and args.write_budget < 1:
        raise ValueError(f"write_budget must be at least 1, got {args.write_budget}")
    started = time.perf_counter()
    lines = []
    for seed in args.seeds:
        for template in templates:
            sample = scenario_sample(
                generate_scenario(template, args.tier, seed, args.write_budget), with_content=True
            )
            record = {
                "id": sample.id,
                "input": sample.input,
                "target": sample.target,
                "metadata": sample.metadata,
            }
            lines.append(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    elapsed = time.perf_counter() - started
    output = _open_output(args.output)
    try:
        output.writelines(lines)
    finally:
        if output is not sys.stdout:
            output.close()
    print(
        f"generated {len(lines)} {args.tier} scenarios in {elapsed:.2f} s "
        f"({1000 * elapsed / max(len(lines), 1):.1f} ms each, including JSON)",
        file=sys.stderr,
    )
    return 0


def _validate(args: argparse.Namespace) -> int:
    import inspect_memgym._validity_suites  # noqa: F401  (registers every task's validity suite)
    from inspect_memgym.validity.shards import parse_shard
    from inspect_memgym.validity.suite import ValidateOptions, get_suite, suite_names

    if args.workers < 1:
        raise ValueError(f"workers must be at least 1, got {args.workers}")
    try:
        shard = None if args.shard is None else parse_shard(args.shard)
        if shard is not None and args.merge:
            raise ValueError("--merge checks what every shard played; leave out --shard")
    except ValueError as error:
        print(f"inspect-memgym validate: error: {error}", file=sys.stderr)
        return 2
    tasks = suite_names() if args.task == "all" else [args.task]
    suites = [get_suite(task) for task in tasks]
    passed = True
    for suite in suites:
        log_dir = args.log_dir if len(suites) == 1 else f"{args.log_dir}/{suite.task}"
        options = ValidateOptions(
            log_dir=log_dir,
            seeds=None if args.seeds is None else tuple(args.seeds),
            workers=args.workers,
            max_samples=args.max_samples,
            display=args.display,
            instances=args.instances,
            runs=tuple(args.runs.split(",")) if args.runs else (),
            tier=args.tier,
            templates=args.templates,
            policies=args.policies,
            shard=shard,
            merge=args.merge,
        )
        share = "" if shard is None else f" (shard {shard})"
        processes = "1 process" if args.workers == 1 else f"{args.workers} processes"
        doing = (
            f"checking the logs of {suite.task} in {log_dir}"
            if args.merge
            else f"validating {suite.task}{share} in {processes}; logs in {log_dir}"
        )
        started = time.perf_counter()
        announce = partial(print, doing, file=sys.stderr, flush=True)
        report = suite.validate(options, on_start=announce)
        print(report.markdown())
        print(f"{suite.task}: wall time {time.perf_counter() - started:.1f} s", file=sys.stderr)
        passed = passed and report.passed
    return 0 if passed else 1


SAMPLE_WRITERS = {
    "locomo": ("inspect_memgym.locomo.synthetic", "write_synthetic_locomo", "conversations"),
    "longmemeval": (
        "inspect_memgym.longmemeval.synthetic",
        "write_synthetic_longmemeval",
        "users' questions",
    ),
}
"""Tasks over released data -> the module and function writing invented data in its schema."""


def _sample_data(args: argparse.Namespace) -> int:
    import importlib

    module, function, what = SAMPLE_WRITERS[args.task]
    write = getattr(importlib.import_module(module), function)
    seeds = args.seeds if args.seeds is not None else list(range(10))
    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    path = write(output, seeds)
    print(
        f"{path}: {len(seeds)} invented {what} in {args.task}'s released schema; "
        f"run them with -T dataset={path}",
        file=sys.stderr,
    )
    return 0


def _baseline(args: argparse.Namespace) -> tuple[str | None, Leaderboard | None]:
    """The ``--baseline`` argument: a strategy name, or logs whose rows are the baseline."""
    from inspect_memgym.analysis.leaderboard import load_leaderboard

    baseline: str | None = args.baseline
    if baseline is None or not _names_logs(baseline):
        return baseline, None
    return baseline, load_leaderboard([baseline], _interval_settings(args))


def _interval_settings(args: argparse.Namespace) -> IntervalSettings:
    """The ``--confidence``, ``--resamples`` and ``--bootstrap-seed`` options."""
    from inspect_memgym.analysis.intervals import IntervalSettings

    return IntervalSettings(args.confidence, args.resamples, args.bootstrap_seed)


def _names_logs(value: str) -> bool:
    """Whether a ``--baseline`` value names logs (a path or URL) rather than a strategy."""
    return "://" in value or Path(value).exists() or value.endswith((".eval", ".json"))


def _leaderboard(args: argparse.Namespace) -> int:
    from inspect_memgym.analysis.leaderboard import load_leaderboard
    from inspect_memgym.analysis.leaderboard_format import format_leaderboard
    from inspect_memgym.analysis.paired import paired_deltas

    board = load_leaderboard(args.log_dirs, _interval_settings(args))
    baseline, baseline_board = _baseline(args)
    deltas = [] if baseline is None else paired_deltas(board, baseline, baseline_board)
    text = format_leaderboard(board, args.format, deltas, args.beside)
    if args.format != "markdown":
        for note in [*board.notes, board.settings.describe()]:
            print(f"note: {note}", file=sys.stderr)
    _write_text(text, args.output)
    return 0


def _compare(args: argparse.Namespace) -> int:
    import_extra("matplotlib", "plot", "inspect-memgym compare")
    from inspect_memgym.analysis.compare import (
        compare_cells,
        compare_figure,
        compare_markdown,
        memory_holds_markdown,
    )
    from inspect_memgym.analysis.leaderboard import load_leaderboard
    from inspect_memgym.analysis.plot_style import save_png

    board = load_leaderboard(args.log_dirs, _interval_settings(args))
    baseline, baseline_board = _baseline(args)
    cells = compare_cells(board, baseline, baseline_board)
    holds = memory_holds_markdown(board)
    _write_text(
        compare_markdown(cells, board.settings) + (f"\n{holds}" if holds else ""), args.output
    )
    if args.plot and cells:
        save_png(compare_figure(cells), Path(args.plot))
        print(f"{args.plot}: memory delta per strategy and task", file=sys.stderr)
    return 0


def _agreement(args: argparse.Namespace) -> int:
    from inspect_memgym.analysis.grader_agreement import (
        agreement_figure,
        agreement_markdown,
        log_agreements,
    )
    from inspect_memgym.analysis.log_files import find_log_files
    from inspect_memgym.analysis.plot_style import save_png

    found = log_agreements(find_log_files(args.log_dirs))
    if not found:
        print("no score of these logs was judged by a panel of graders", file=sys.stderr)
        return 1
    _write_text(agreement_markdown(found), args.output)
    if args.plot:
        folder = Path(args.plot)
        folder.mkdir(parents=True, exist_ok=True)
        for number, scoring in enumerate(found, start=1):
            path = folder / f"agreement_{number}_{scoring.scorer}.png"
            save_png(agreement_figure(scoring), path)
            print(f"{path}: {scoring.task} {scoring.scorer}", file=sys.stderr)
    return 0


def _sweep(args: argparse.Namespace) -> int:
    from inspect_ai import eval_set

    from inspect_memgym.sweep import SweepPlan, parse_assignments, sweep_tasks, write_comparison

    import_extra("matplotlib", "plot", "inspect-memgym sweep (its comparison figures)")
    plan = SweepPlan(
        tasks=tuple(_names(args.tasks)),
        agents=tuple(_names(args.agents)),
        task_args=parse_assignments(args.task_arg, "-T", typed=True),
        datasets=parse_assignments(args.dataset, "--dataset"),
    )
    tasks = sweep_tasks(plan)
    print(
        f"sweep: {len(plan.agents)} strategies × {len(plan.tasks)} tasks = {len(tasks)} runs "
        f"of {args.model}; logs in {args.log_dir}",
        file=sys.stderr,
        flush=True,
    )
    roles = parse_assignments(args.model_role, "--model-role")
    # eval_set resolves its tasks in the caller's context, setting Inspect's active model
    # there; a copy keeps that from outliving the sweep when it runs in-process.
    succeeded, logs = contextvars.copy_context().run(
        eval_set,
        tasks,
        log_dir=args.log_dir,
        model=args.model,
        model_roles=roles or None,
        max_tasks=args.max_tasks,
        display=args.display,
    )
    figures = Path(args.figures or f"{args.log_dir}/figures")
    print(write_comparison(Path(args.log_dir), figures))
    print(f"figures in {figures}", file=sys.stderr)
    for log in logs:
        if log.status != "success":
            reason = log.error.message.splitlines()[0] if log.error else log.status
            agent = (log.eval.metadata or {}).get("agent")
            print(f"not compared: {log.eval.task} agent {agent}: {reason}", file=sys.stderr)
    return 0 if succeeded else 1


def _trajectories(args: argparse.Namespace) -> int:
    """``trajectories``: from logs, or with ``--env`` from a training environment's episodes."""
    if args.env is not None:
        from inspect_memgym.environments.scripted import run_scripted_trajectories

        return run_scripted_trajectories(args)
    from inspect_memgym.analysis.trajectories_command import run_trajectories

    return run_trajectories(args)


def _names(value: str) -> list[str]:
    names = [name.strip() for name in value.split(",") if name.strip()]
    if not names:
        raise ValueError("give at least one name (comma-separated)")
    return names


def _plot(args: argparse.Namespace) -> int:
    import_extra("matplotlib", "plot", "inspect-memgym plot")
    from inspect_memgym.analysis.figures import write_figures

    _refuse_to_overwrite_figures(Path(args.output), args.force)
    for figure in write_figures(args.log_dirs, args.output):
        print(f"{figure.path}: {figure.description}")
    return 0


def _refuse_to_overwrite_figures(folder: Path, force: bool) -> None:
    """Refuse a folder that already holds figures, unless ``--force`` says to replace them."""
    if force or not folder.is_dir():
        return
    figures = sorted(path.name for path in folder.glob("*.png"))
    if figures:
        raise ValueError(
            f"{folder} already holds {len(figures)} figures ({figures[0]}, ...); "
            "pass --force to overwrite them, or choose another -o"
        )


def _chroma_clean(args: argparse.Namespace) -> int:
    from inspect_memgym.memory.chroma_clean import clean_collections
    from inspect_memgym.memory.chroma_connection import (
        CHROMA_URL_ENV,
        resolve_chroma_token,
        resolve_chroma_url,
        server_client,
    )

    url = resolve_chroma_url(args.url)
    if url is None:
        raise ValueError(f"name the ChromaDB server with --url or {CHROMA_URL_ENV}")
    client = server_client(url, resolve_chroma_token(args.token))
    report = clean_collections(
        client, dry_run=args.dry_run, include_kept=args.include_kept, eval_ids=args.eval_id
    )
    verb = "would remove" if args.dry_run else "removed"
    for name in report.removed:
        print(f"{verb} {name}")
    for name in report.kept:
        print(f"kept {name} (created with keep_memory; --include-kept removes it)")
    print(
        f"{url}: {verb} {len(report.removed)} inspect_memgym collection(s), kept "
        f"{len(report.kept)}, left {report.others} other collection(s) alone",
        file=sys.stderr,
    )
    return 0


def _add_grid_arguments(command: argparse.ArgumentParser) -> None:
    """The scenario grid options shared by subcommands: tier, templates, seeds."""
    command.add_argument(
        "--tier", choices=sorted(TIERS), default="standard", help="(default: standard)"
    )
    command.add_argument(
        "--templates", default=None, help="comma-separated template names (default: all 10)"
    )
    command.add_argument(
        "--seeds",
        type=_parse_seeds,
        default=list(range(10)),
        help="a count (10), a range (3-7) or a list (1,4,9); default 10 (the official grid)",
    )


def _add_interval_arguments(command: argparse.ArgumentParser) -> None:
    """The confidence intervals' options shared by leaderboard and compare."""
    from inspect_memgym.analysis.intervals import (
        BOOTSTRAP_RESAMPLES,
        BOOTSTRAP_SEED,
        CONFIDENCE,
    )

    command.add_argument(
        "--confidence",
        type=float,
        default=CONFIDENCE,
        help=f"level of every confidence interval (default: {CONFIDENCE})",
    )
    command.add_argument(
        "--resamples",
        type=int,
        default=BOOTSTRAP_RESAMPLES,
        help=f"bootstrap resamples (default: {BOOTSTRAP_RESAMPLES})",
    )
    command.add_argument(
        "--bootstrap-seed",
        type=int,
        default=BOOTSTRAP_SEED,
        help=f"seed of the bootstrap's resampling (default: {BOOTSTRAP_SEED})",
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``inspect-memgym``."""
    parser = argparse.ArgumentParser(
        prog="inspect-memgym",
        description=(
            "Generate, validate, compare and plot the inspect_memgym memory benchmarks, and "
            "turn their logs into fine-tuning data "
            "(run them with `inspect eval inspect_memgym/<task>`)."
        ),
    )
    commands = parser.add_subparsers(dest="command", required=True)
    generate = commands.add_parser(
        "generate", help="write entity_stream samples (events, questions, gold answers) as JSONL"
    )
    _add_grid_arguments(generate)
    generate.add_argument(
        "--write-budget", type=int, default=None, help="writes allowed (default: the tier's)"
    )
    generate.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    generate.set_defaults(handler=_generate)
    validate = commands.add_parser(
        "validate",
        help="play references and adversaries through a task and check that only memory scores",
    )
    validate.add_argument(
        "--task",
        default="entity_stream",
        help="the task to validate, or all (default: entity_stream)",
    )
    validate.add_argument(
        "--seeds",
        type=_parse_seeds,
        default=None,
        help="a count (10), a range (3-7) or a list (1,4,9); default: the suite's own grid",
    )
    validate.add_argument(
        "--tier", default=None, help="tier of the grid, for tasks that have tiers"
    )
    validate.add_argument(
        "--templates", default=None, help="comma-separated templates (entity_stream; default: all)"
    )
    validate.add_argument(
        "--policies",
        default=None,
        help="comma-separated memgym policies (entity_stream; default: all)",
    )
    validate.add_argument(
        "--runs", default=None, help="comma-separated runs of the task's suite (default: all)"
    )
    validate.add_argument(
        "--instances",
        type=int,
        default=200,
        help="generated instances per statistical invariant (default: 200)",
    )
    validate.add_argument(
        "--log-dir", default="logs/validate", help="where the logs go (default: logs/validate)"
    )
    validate.add_argument(
        "--max-samples", type=int, default=1, help="samples run at once per eval (default: 1)"
    )
    validate.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes running the evals (default: one per CPU)",
    )
    validate.add_argument(
        "--shard",
        default=None,
        metavar="K/N",
        help="play only share K of N of the evals into the log dir (shared by every shard); "
        "check nothing",
    )
    validate.add_argument(
        "--merge",
        action="store_true",
        help="play nothing: check the invariants over the logs the shards wrote to the log dir",
    )
    validate.add_argument(
        "--display",
        default="none",
        choices=["none", "plain", "rich", "full", "conversation"],
        help="Inspect's progress display while the evals run (default: none)",
    )
    validate.set_defaults(handler=_validate)
    sample_data = commands.add_parser(
        "sample-data",
        help="write invented data in a public dataset's schema, to try the task offline",
    )
    sample_data.add_argument("task", choices=sorted(SAMPLE_WRITERS))
    sample_data.add_argument("-o", "--output", required=True, help="the JSON file to write")
    sample_data.add_argument(
        "--seeds",
        type=_parse_seeds,
        default=None,
        help="invented users: a count (10), a range (3-7) or a list (1,4,9); default 10",
    )
    sample_data.set_defaults(handler=_sample_data)
    leaderboard = commands.add_parser(
        "leaderboard",
        help="one row per (model, task, protocol): mean ± standard error of every score",
    )
    leaderboard.add_argument(
        "log_dirs",
        nargs="+",
        metavar="LOG_DIR",
        help="log directories, log files or s3:// prefixes",
    )
    leaderboard.add_argument(
        "--format",
        choices=["markdown", "csv", "json"],
        default="markdown",
        help="(default: markdown)",
    )
    leaderboard.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    leaderboard.set_defaults(handler=_leaderboard)
    leaderboard.add_argument(
        "--baseline",
        default=None,
        help="a strategy (e.g. none) or baseline logs: add each row's paired delta against it",
    )
    leaderboard.add_argument(
        "--beside",
        action="store_true",
        help=(
            "markdown: also the figures reported beside ours (unfloored memory isolation, "
            "the official scorers' official_* figures)"
        ),
    )
    _add_interval_arguments(leaderboard)
    compare = commands.add_parser(
        "compare",
        help="strategies × tasks: what memory adds to the headline (delta, 95%% CI)",
    )
    compare.add_argument(
        "log_dirs",
        nargs="+",
        metavar="LOG_DIR",
        help="log directories, log files or s3:// prefixes",
    )
    compare.add_argument(
        "--baseline",
        default=None,
        help="a strategy (e.g. none) or baseline logs (default: each run's own no-memory answers)",
    )
    compare.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    compare.add_argument("--plot", default=None, help="also write the figure to this PNG file")
    _add_interval_arguments(compare)
    compare.set_defaults(handler=_compare)
    plot = commands.add_parser(
        "plot",
        help=(
            "PNG figures per task: scores, question types, failures, periods, learning "
            "curve, cost frontier"
        ),
    )
    plot.add_argument(
        "log_dirs",
        nargs="+",
        metavar="LOG_DIR",
        help="log directories, log files or s3:// prefixes",
    )
    plot.add_argument("-o", "--output", required=True, help="directory for the PNG files")
    plot.add_argument(
        "--force", action="store_true", help="overwrite the figures already in that directory"
    )
    plot.set_defaults(handler=_plot)
    agreement = commands.add_parser(
        "agreement",
        help="a panel of graders' agreement: kappa or alpha, accept rates, split questions",
    )
    agreement.add_argument(
        "log_dirs",
        nargs="+",
        metavar="LOG_DIR",
        help="log directories, log files or s3:// prefixes",
    )
    agreement.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    agreement.add_argument("--plot", default=None, help="also write one PNG per scoring here")
    agreement.set_defaults(handler=_agreement)
    chroma_clean = commands.add_parser(
        "chroma-clean",
        help="delete the collections crashed runs left on a ChromaDB server (only this suite's)",
    )
    chroma_clean.add_argument(
        "--url", default=None, help="the ChromaDB server (default: MEMGYM_CHROMA_URL)"
    )
    chroma_clean.add_argument(
        "--token", default=None, help="its token, if it needs one (default: MEMGYM_CHROMA_TOKEN)"
    )
    chroma_clean.add_argument(
        "--dry-run", action="store_true", help="only list what would be removed"
    )
    chroma_clean.add_argument(
        "--include-kept",
        action="store_true",
        help='also remove collections runs kept on purpose (-T memory="{keep: true}")',
    )
    chroma_clean.add_argument(
        "--eval-id",
        action="append",
        default=[],
        metavar="ID",
        help="only the collections of this eval (a log's eval id; repeatable), e.g. a killed "
        "worker's while other evals keep using the server",
    )
    chroma_clean.set_defaults(handler=_chroma_clean)
    _add_sweep(commands)
    add_trajectories_command(commands)
    commands.choices["trajectories"].set_defaults(handler=_trajectories)
    return parser


def _add_sweep(commands: Any) -> None:
    """The ``sweep`` subcommand: strategies × tasks as one eval set, then the comparison."""
    from inspect_memgym.sweep import DEFAULT_AGENTS, GENERATED_TASKS

    sweep = commands.add_parser(
        "sweep",
        help="run memory strategies × tasks with one model (an eval set), then compare them",
    )
    sweep.add_argument("--model", required=True, help="the reasoner, e.g. memgym/perfect")
    sweep.add_argument(
        "--tasks",
        default=",".join(GENERATED_TASKS),
        help="comma-separated tasks (default: the five that generate their samples)",
    )
    sweep.add_argument(
        "--agents",
        default=",".join(DEFAULT_AGENTS),
        help=f"comma-separated memory strategies (default: {','.join(DEFAULT_AGENTS)})",
    )
    sweep.add_argument(
        "-T",
        dest="task_arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a task argument, given to every task that takes it; TASK.KEY=VALUE (e.g. "
        "entity_stream.tier=lite) gives it to one task (repeatable)",
    )
    sweep.add_argument(
        "--dataset",
        action="append",
        default=[],
        metavar="TASK=PATH",
        help="the data file of a task over released data, e.g. locomo=locomo10.json",
    )
    sweep.add_argument(
        "--model-role",
        action="append",
        default=[],
        metavar="ROLE=MODEL",
        help="a model role, e.g. grader=openai/gpt-4o-mini (repeatable)",
    )
    sweep.add_argument("--log-dir", default="logs/sweep", help="(default: logs/sweep)")
    sweep.add_argument("--figures", default=None, help="(default: LOG_DIR/figures)")
    sweep.add_argument("--max-tasks", type=int, default=2, help="runs at once (default: 2)")
    sweep.add_argument(
        "--display", default="rich", help="Inspect's display: rich, plain, log, none"
    )
    sweep.set_defaults(handler=_sweep)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Args:
        argv: Arguments (default: ``sys.argv[1:]``).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except (LogReadError, ChromaServerError, MissingExtraError) as error:
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return 1
    except ValueError as error:
        # One line, no usage banner: the command line parsed; what it asked for is wrong.
        parser.exit(2, f"{parser.prog} {args.command}: error: {error}\n")
    except OSError as error:
        where = f" {error.filename}" if error.filename else ""
        print(
            f"{parser.prog} {args.command}: error: cannot write{where}: {error.strerror}",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
