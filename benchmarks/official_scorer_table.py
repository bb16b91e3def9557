"""entity_stream's figures beside MemoryGym's official arithmetic, from the reference logs.

    python benchmarks/official_scorer_table.py [--log-dir logs/reference]

Reads ``entity_stream_official_<policy>.eval`` (the official protocol: standard tier, seeds
0-9, all 10 templates; written by ``benchmarks/reference_logs.py``) and prints, per policy,
the mean over samples of our composite, efficiency and maintenance beside the
``official_*`` figures computed from the same verdicts (`entity_stream/official.py`), the
storage coverage MemoryGym's maintenance gate reads, and the update-aware multi-hop
figures (``update_chain_accuracy``, ``stale_chain_rate``). No eval is run.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from statistics import fmean

from inspect_ai.log import read_eval_log

POLICIES = ("perfect", "strategic", "naive", "guesser", "abstainer")
SCORER = "entity_stream_scorer"
VALUE_KEYS = (
    "composite",
    "official_composite",
    "efficiency",
    "official_efficiency",
    "maintenance",
    "official_maintenance",
)
METADATA_KEYS = ("official_storage_coverage",)
OPERATION_KEYS = ("update_chain_accuracy", "stale_chain_rate")
HEADER = (*VALUE_KEYS, "storage coverage", *OPERATION_KEYS)


def mean(values: list[float]) -> float:
    """The mean of the defined values (NaN when none is)."""
    defined = [value for value in values if not math.isnan(value)]
    return fmean(defined) if defined else math.nan


def policy_row(path: Path) -> list[float]:
    """One policy's means, in `HEADER` order."""
    log = read_eval_log(str(path))
    columns: dict[str, list[float]] = {key: [] for key in HEADER}
    for sample in log.samples or []:
        score = (sample.scores or {})[SCORER]
        value = score.value if isinstance(score.value, dict) else {}
        metadata = score.metadata or {}
        for key in VALUE_KEYS:
            columns[key].append(float(value[key]))  # type: ignore[arg-type]
        columns["storage coverage"].append(float(metadata[METADATA_KEYS[0]]))
        figures = metadata.get("operation_scores", {})
        for key in OPERATION_KEYS:
            columns[key].append(float(figures.get(key, math.nan)))
    return [mean(columns[key]) for key in HEADER]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log-dir", default="logs/reference", type=Path)
    arguments = parser.parse_args()
    print("| policy | " + " | ".join(HEADER) + " |")
    print("|---|" + "---:|" * len(HEADER))
    for policy in POLICIES:
        path = arguments.log_dir / f"entity_stream_official_{policy}.eval"
        if not path.exists():
            continue
        cells = " | ".join(f"{value:.3f}" for value in policy_row(path))
        print(f"| {policy} | {cells} |")


if __name__ == "__main__":
    main()
