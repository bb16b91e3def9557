"""A validity grid split into shards: which evals shard K of N plays, and what it reports.

``inspect-memgym validate --shard K/N`` runs one deterministic, disjoint share of a suite's
evals into the (shared) log dir; N processes or machines with the same options cover the
grid between them, and ``validate --merge`` then checks the invariants over their logs
(`finished_logs`). Shares are balanced greedily, longest first: every eval goes, in order
of its estimated cost, to the share with the least estimated work so far (ties to the
lower index). The same jobs and costs give the same shares on every machine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

Job = TypeVar("Job")

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (counted from 1, as in ``--shard 1/4``).

    Attributes:
        index: Which share, 1 to ``count``.
        count: How many shares the grid is split into.
    """

    index: int
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> Shard:
    """A shard from ``K/N``.

    Args:
        text: The ``--shard`` value, e.g. ``2/4``.

    Raises:
        ValueError: Unless it reads ``K/N`` with 1 ≤ K ≤ N (one line, naming the value).
    """
    match = _SHARD.match(text)
    if match is not None:
        index, count = int(match.group(1)), int(match.group(2))
        if 1 <= index <= count:
            return Shard(index, count)
    raise ValueError(f"invalid --shard {text!r}: use K/N with 1 <= K <= N, e.g. 1/4")


def share(jobs: Sequence[Job], cost: Callable[[Job], float], shard: Shard) -> list[Job]:
    """The jobs one shard plays, longest first.

    Args:
        jobs: Every job of the grid, in the order the unsharded run starts them.
        cost: A job's estimated cost (only compared: any unit will do).
        shard: The shard.
    """
    loads = [0.0] * shard.count
    shares: list[list[Job]] = [[] for _ in range(shard.count)]
    # sorted() is stable: equal costs keep the given order, so every machine agrees
    for job in sorted(jobs, key=lambda job: -cost(job)):
        lightest = min(range(shard.count), key=lambda index: (loads[index], index))
        loads[lightest] += cost(job)
        shares[lightest].append(job)
    return shares[shard.index - 1]


@dataclass(frozen=True)
class ShardReport:
    """What one shard played (the invariants wait for ``--merge``).

    Attributes:
        task: The task validated.
        shard: The shard.
        runs: Each eval played, as ``(label, samples scored, errors)``.
        total: Evals in the whole grid.
        log_dir: The shared log dir.
    """

    task: str
    shard: Shard
    runs: Sequence[tuple[str, int, int]]
    total: int
    log_dir: str

    @property
    def passed(self) -> bool:
        """Whether every eval of the share scored samples without an error."""
        return all(samples and not errors for _, samples, errors in self.runs)

    def markdown(self) -> str:
        """The share's evals, and how to check the invariants once every shard is done."""
        lines = [
            f"## {self.task}: shard {self.shard} played {len(self.runs)} of {self.total} evals",
            "",
            "| eval | samples | errors |",
            "|---|---|---|",
        ]
        lines += [f"| {label} | {samples} | {errors} |" for label, samples, errors in self.runs]
        lines += [
            "",
            f"Logs: {self.log_dir}. When all {self.shard.count} shards have finished, check "
            "the invariants with the same options and --merge instead of --shard.",
        ]
        return "\n".join(lines)
