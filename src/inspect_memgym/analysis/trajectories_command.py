"""The ``inspect-memgym trajectories`` subcommand: eval logs to chat fine-tuning JSONL."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_trajectories_command(commands: Any) -> None:
    """Add the subcommand to the command line's subparsers.

    Args:
        commands: The ``add_subparsers()`` object of the ``inspect-memgym`` parser.
    """
    command = commands.add_parser(
        "trajectories",
        help="write the conversations the model continued as chat fine-tuning JSONL",
        description=(
            "One JSON line per conversation the model under test continued (OpenAI chat "
            "messages with tool calls, the tools, and metadata: task and version, sample, "
            "seed, strategy, model, headline score)."
        ),
    )
    command.add_argument(
        "log_dirs",
        nargs="*",
        metavar="LOG_DIR",
        help="log directories, log files or s3:// prefixes (or --env instead)",
    )
    command.add_argument(
        "--env",
        metavar="TASK",
        help="instead of logs, play the task's training environment with --policy "
        "(entity_stream or conversation)",
    )
    command.add_argument(
        "--policy", default="perfect", help="scripted policy with --env (default: perfect)"
    )
    command.add_argument(
        "--seeds", type=int, default=10, help="episodes with --env: seeds 0..N-1 (default 10)"
    )
    command.add_argument("--tier", default=None, help="the task's tier with --env")
    command.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    command.add_argument(
        "--task",
        action="append",
        default=[],
        help="keep only this task, e.g. entity_stream (repeatable; default: every task)",
    )
    command.add_argument(
        "--min-score",
        type=float,
        default=None,
        help="keep only samples whose headline score is at least this (default: all)",
    )
    command.add_argument(
        "--include-no-memory",
        action="store_true",
        help="also write the control passes: the same questions over an empty memory, and "
        "conversation's upper bound (given the true state)",
    )
    command.set_defaults(handler=run_trajectories)


def run_trajectories(args: argparse.Namespace) -> int:
    """Write the records, then one summary line to stderr.

    Args:
        args: The parsed arguments.

    Raises:
        ValueError: If the output file cannot be written.
        LogReadError: If the logs cannot be found or read.
    """
    from inspect_memgym.analysis.trajectories import TrajectoryOptions, write_trajectories
    from inspect_memgym.kit.output_files import complete_output_file

    if not args.log_dirs:
        raise ValueError("give LOG_DIR... or --env TASK")
    options = TrajectoryOptions(
        tasks=tuple(args.task),
        min_score=args.min_score,
        include_controls=args.include_no_memory,
    )
    if args.output == "-":
        tally = write_trajectories(args.log_dirs, options, sys.stdout)
    else:
        with complete_output_file(args.output) as output:
            tally = write_trajectories(args.log_dirs, options, output)
    where = "" if args.output == "-" else f"{args.output}: "
    print(f"{where}{tally.summary()}", file=sys.stderr)
    return 0
