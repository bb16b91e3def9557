"""Learning curves of the scripted learners per protocol and feedback kind (offline).

Usage: python benchmarks/feedback_table.py [--tier standard] [--seeds 5]
       [--policies perfect,partial,forgetful,guesser] [--protocols off_policy,stepwise,on_policy]
       [--agents bm25_dialog] [--feedback verbal,implicit,both] [--log-dir logs/feedback_table]

One eval per policy, protocol and agent, each with one sample per world and feedback kind
(verbal, implicit, both). Prints a Markdown table of the means over worlds per feedback kind:
the curve (the score after each step, corrected for chance), final ± standard error, AUC, no
memory, memory delta, the raw final accuracy and its chance level, learned-rule rate,
control accuracy, and the eval's model calls and wall time.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from statistics import fmean, stdev
from typing import Any

from inspect_ai import eval as inspect_eval

from inspect_memgym.feedback.task import feedback

FEEDBACK_KINDS = ("verbal", "implicit", "both")
KEYS = (
    "auc",
    "no_memory",
    "memory_delta",
    "final_accuracy",
    "chance",
    "learned_rule_rate",
    "control_accuracy",
)


def _mean_curve(curves: list[list[float]]) -> str:
    steps = max(len(curve) for curve in curves)
    means = [fmean(curve[step] for curve in curves if len(curve) > step) for step in range(steps)]
    return " → ".join(f"{mean:.2f}" for mean in means)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tier", default="standard")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--policies", default="perfect,partial,forgetful,guesser")
    parser.add_argument("--protocols", default="off_policy,stepwise,on_policy")
    parser.add_argument("--agents", default="bm25_dialog")
    parser.add_argument("--feedback", default=",".join(FEEDBACK_KINDS))
    parser.add_argument("--log-dir", default="logs/feedback_table")
    parser.add_argument("--max-samples", type=int, default=5)
    args = parser.parse_args()
    header = (
        "| policy | agent | protocol | feedback | worlds | curve | final | "
        + " | ".join(KEYS)
        + " | model calls | wall s |"
    )
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for agent in args.agents.split(","):
        for protocol in args.protocols.split(","):
            for policy in args.policies.split(","):
                started = time.perf_counter()
                [log] = inspect_eval(
                    feedback(
                        protocol=protocol,
                        feedback=args.feedback,
                        tier=args.tier,
                        seeds=args.seeds,
                        agent=agent,
                    ),
                    model=f"memgym/{policy}",
                    log_dir=args.log_dir,
                    display="none",
                    max_samples=args.max_samples,
                )
                wall = time.perf_counter() - started
                assert log.status == "success" and log.samples is not None, log.error
                calls = sum(
                    1 for sample in log.samples for event in sample.events if event.event == "model"
                )
                by_kind: dict[str, list[Any]] = defaultdict(list)
                for sample in log.samples:
                    by_kind[sample.metadata["feedback"]].append(sample.scores["feedback_scorer"])
                for kind in args.feedback.split(","):
                    scores = by_kind[kind]
                    finals = [score.value["final"] for score in scores]
                    error = stdev(finals) / len(finals) ** 0.5 if len(finals) > 1 else 0.0
                    curves = [
                        [point["score"] for point in score.metadata["learning_curve"]]
                        for score in scores
                    ]
                    cells = " | ".join(
                        f"{fmean(score.value[key] for score in scores):.3f}" for key in KEYS
                    )
                    print(
                        f"| {policy} | {agent} | {protocol} | {kind} | {len(scores)} | "
                        f"{_mean_curve(curves)} | {fmean(finals):.3f} ± {error:.3f} | {cells} | "
                        f"{calls:,} | {wall:.0f} |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
