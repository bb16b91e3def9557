"""research_qa: every scripted policy through every memory strategy (the policy x strategy table).

    python benchmarks/research_qa_policy_table.py                       # scripted, 10 seeds
    python benchmarks/research_qa_policy_table.py --mode interactive    # the model searches
    python benchmarks/research_qa_policy_table.py --seeds 3 --hops 3 --context-tokens 100k

Runs ``inspect_memgym/research_qa`` offline with the ``memgym`` policies (perfect, partial,
forgetful, guesser) under the strategies asked for, and prints one Markdown row per
(policy, strategy): the mean score, no_memory and memory_delta (± standard error over
samples), exact, hop recall, the failure labels, model calls (and searches in interactive
mode) per sample, and wall seconds. Hops are mixed 3-6 by default, one sample per
(seed, hops). A strategy written ``rag/markdown`` uses that memory backend (default chroma).
"""

from __future__ import annotations

import argparse
import math
import time
from statistics import fmean, stdev

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.research_qa.task import research_qa

POLICIES = ("perfect", "partial", "forgetful", "guesser")
STRATEGIES = ("none", "native", "notes", "rag", "summary")
SCORER = "research_qa_scorer"


def run(policy: str, strategy: str, args: argparse.Namespace) -> tuple[EvalLog, float]:
    agent, _, backend = strategy.partition("/")
    task = research_qa(
        seeds=args.seeds,
        hops=args.hops,
        context_tokens=args.context_tokens,
        agent=agent,
        memory=backend or "chroma",
        mode=args.mode,
        search_backend=args.search_backend,
    )
    started = time.perf_counter()
    [log] = inspect_eval(
        task,
        model=f"memgym/{policy}",
        display="none",
        log_dir=args.log_dir,
        log_realtime=False,
        max_samples=4,
    )
    assert log.status == "success", log.error
    return log, time.perf_counter() - started


def values(log: EvalLog, key: str) -> list[float]:
    return [float(s.scores[SCORER].value[key]) for s in log.samples or []]  # type: ignore[index]


def mean_with_error(numbers: list[float]) -> str:
    error = stdev(numbers) / math.sqrt(len(numbers)) if len(numbers) > 1 else 0.0
    return f"{fmean(numbers):.3f} ± {error:.3f}"


def per_sample(log: EvalLog, counted: str) -> float:
    samples = log.samples or []
    return fmean(sum(1 for event in s.events if event.event == counted) for s in samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--hops", default="3-6")
    parser.add_argument("--context-tokens", default="10k")
    parser.add_argument("--mode", default="scripted", choices=("scripted", "interactive"))
    parser.add_argument("--search-backend", default="bm25", choices=("bm25", "chroma"))
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--log-dir", default="logs/research_qa_table")
    args = parser.parse_args()
    print(
        f"research_qa, {args.mode}, hops {args.hops}, {args.context_tokens} tokens, "
        f"seeds 0-{args.seeds - 1} (mean ± standard error over samples)\n"
    )
    extra = " searches/sample |" if args.mode == "interactive" else ""
    print(
        "| policy | strategy | n | score | no_memory | memory_delta | exact | hop_recall | "
        f"write | read | use | model calls/sample |{extra} wall s |"
    )
    print(
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        + ("---:|" * bool(extra))
        + "---:|"
    )
    for policy in args.policies.split(","):
        for strategy in args.strategies.split(","):
            log, seconds = run(policy, strategy, args)
            cells = [
                mean_with_error(values(log, key)) for key in ("score", "no_memory", "memory_delta")
            ]
            cells += [
                f"{fmean(values(log, key)):.3f}"
                for key in (
                    "exact",
                    "hop_recall",
                    "write_failure",
                    "read_failure",
                    "utilization_failure",
                )
            ]
            cells.append(f"{per_sample(log, 'model'):.1f}")
            if extra:
                cells.append(f"{per_sample(log, 'tool'):.1f}")
            cells.append(f"{seconds:.1f}")
            count = len(log.samples or [])
            print(f"| {policy} | {strategy} | {count} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
