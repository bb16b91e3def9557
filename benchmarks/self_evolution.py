"""AMemGym's self-evolution curves with the scripted policies: the headline per period.

Usage: python benchmarks/self_evolution.py [--tier base] [--seeds 5] [--agent awe]
       [--policies learner,perfect] [--levels none,question,complete]
       [--log-dir logs/self_evolution] [--plot DIR] [--all-passes] [--quick]

Runs the conversation task once per policy and feedback level (``-T evolve=``) and prints a
Markdown table: the chance-corrected accuracy per period (mean over users), its mean over
the later periods (1 on, the ones a rewrite can change) with the standard error over users,
and the gain of that mean over the same policy without evolution. ``--plot`` also writes
``inspect-memgym plot``'s figures of these runs' logs (``conversation_periods.png`` holds
the curves, one line per policy and level). Only the questions are asked unless
``--all-passes`` (the no-memory pass, the probes and the upper bound never change memory or
the headline). ``--quick``: one base user, learner only.
"""

from __future__ import annotations

import argparse
import math
import time
from statistics import fmean, stdev

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.analysis.figures import write_figures
from inspect_memgym.conversation.evolve_levels import EVOLVE_LEVELS, NO_EVOLUTION
from inspect_memgym.conversation.grading import HEADLINE
from inspect_memgym.conversation.task import conversation


def period_curves(log: EvalLog) -> list[list[float]]:
    """Each user's headline per period.

    Args:
        log: A conversation eval log.

    Raises:
        RuntimeError: If the run or a sample failed.
    """
    if log.status != "success" or not log.samples:
        raise RuntimeError(f"the run failed: {log.error}")
    curves = []
    for sample in log.samples:
        if sample.error is not None or not sample.scores:
            raise RuntimeError(f"sample {sample.id} failed: {sample.error}")
        metadata = sample.scores["conversation_scorer"].metadata or {}
        curves.append([float(row[HEADLINE]) for row in metadata["periods"]])
    return curves


def later_mean(curves: list[list[float]]) -> tuple[float, float]:
    """The mean over users of each user's mean headline from period 1 on, and its error."""
    per_user = [fmean(curve[1:]) for curve in curves]
    error = stdev(per_user) / math.sqrt(len(per_user)) if len(per_user) > 1 else 0.0
    return fmean(per_user), error


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tier", default="base")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--agent", default="awe")
    parser.add_argument("--policies", default="learner,perfect")
    parser.add_argument("--levels", default=",".join(EVOLVE_LEVELS))
    parser.add_argument("--log-dir", default="logs/self_evolution")
    parser.add_argument("--max-samples", type=int, default=5)
    parser.add_argument("--plot", default=None, help="directory for the figures of these runs")
    parser.add_argument(
        "--all-passes",
        action="store_true",
        help="also the no-memory pass, the probes and the upper bound",
    )
    parser.add_argument("--quick", action="store_true", help="one base user, learner only")
    args = parser.parse_args()
    if args.quick:
        args.tier, args.seeds, args.policies = "base", 1, "learner"
    levels = args.levels.split(",")
    rows: list[tuple[str, str, list[float], tuple[float, float], float]] = []
    locations = []
    periods = 0
    started = time.perf_counter()
    for policy in args.policies.split(","):
        baseline: float | None = None
        for level in levels:
            [log] = inspect_eval(
                conversation(
                    tier=args.tier,
                    seeds=args.seeds,
                    agent=args.agent,
                    evolve=level,
                    memory_isolation=args.all_passes,
                    diagnostics=args.all_passes,
                    upper_bound=args.all_passes,
                ),
                model=f"memgym/{policy}",
                log_dir=args.log_dir,
                display="none",
                max_samples=args.max_samples,
            )
            locations.append(log.location)
            curves = period_curves(log)
            periods = len(curves[0])
            mean_curve = [fmean(curve[index] for curve in curves) for index in range(periods)]
            later = later_mean(curves)
            if level == NO_EVOLUTION:
                baseline = later[0]
            gain = later[0] - baseline if baseline is not None else math.nan
            rows.append((policy, level, mean_curve, later, gain))
    wall = time.perf_counter() - started
    print(
        f"self-evolution, conversation {args.tier} tier, agent {args.agent}, "
        f"{args.seeds} users (seeds 0–{args.seeds - 1}); chance-corrected accuracy per "
        f"period, mean over users; {wall:.0f} s in all\n"
    )
    header = (
        "| policy | evolve | "
        + " | ".join(str(period) for period in range(periods))
        + " | mean 1–"
        + str(periods - 1)
        + " | gain over none |"
    )
    print(header)
    print("|" + "---|" * 2 + "---:|" * (periods + 2))
    for policy, level, mean_curve, (later, error), gain in rows:
        cells = " | ".join(f"{value:.2f}" for value in mean_curve)
        shown_gain = "–" if math.isnan(gain) or level == NO_EVOLUTION else f"{gain:+.3f}"
        print(f"| {policy} | {level} | {cells} | {later:.3f} ± {error:.3f} | {shown_gain} |")
    if args.plot:
        print()
        for figure in write_figures(locations, args.plot):
            print(f"{figure.path}: {figure.description}")


if __name__ == "__main__":
    main()
