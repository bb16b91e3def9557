"""The validity suites benchmarks register, and what running one returns.

A benchmark registers its suite from its own package (`register_suite`); the command line
looks it up by task name (`get_suite`), so no shared code names a benchmark.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from inspect_memgym.kit.named import lookup
from inspect_memgym.validity.shards import Shard


@dataclass(frozen=True)
class ValidateOptions:
    """How to run a suite (from ``inspect-memgym validate``).

    Attributes:
        log_dir: Where the eval logs go.
        seeds: Seeds of the grid (None: the suite's own default grid).
        workers: Processes running the evals.
        max_samples: Samples run at once per eval.
        display: Inspect's display mode.
        instances: Generated instances per statistical invariant.
        runs: Names of the runs to play (empty: all of them).
        tier: Tier of the grid, for tasks that have tiers (None: the suite's).
        templates: Comma-separated templates, for tasks that have them (None: the suite's).
        policies: Comma-separated policies, for suites that play a policy list.
        shard: Play only this shard's share of the evals, and check no invariant.
        merge: Play nothing; check every invariant over the logs in ``log_dir``.
    """

    log_dir: str
    seeds: tuple[int, ...] | None = None
    workers: int = 1
    max_samples: int = 1
    display: str = "none"
    instances: int = 200
    runs: tuple[str, ...] = ()
    tier: str | None = None
    templates: str | None = None
    policies: str | None = None
    shard: Shard | None = None
    merge: bool = False


class ValidityReport(Protocol):
    """What running a suite returns."""

    @property
    def passed(self) -> bool:
        """Whether every invariant held."""
        ...

    def markdown(self) -> str:
        """The report as Markdown (printed by ``validate``)."""
        ...


class ValiditySuite(Protocol):
    """A task's validity suite."""

    @property
    def task(self) -> str:
        """The registered task's name, e.g. ``research_qa``."""
        ...

    def validate(
        self, options: ValidateOptions, on_start: Callable[[], None] | None = None
    ) -> ValidityReport:
        """Run the suite.

        Args:
            options: How to run it.
            on_start: Called once the options are known to be good, before the first eval.
        """
        ...


_SUITES: dict[str, ValiditySuite] = {}


def register_suite(suite: ValiditySuite) -> None:
    """Register a task's validity suite (again with the same task replaces it).

    Args:
        suite: The suite.
    """
    _SUITES[suite.task] = suite


def get_suite(task: str) -> ValiditySuite:
    """The validity suite of a task.

    Args:
        task: Task name.

    Raises:
        ValueError: If no suite of that name is registered (naming the ones that are).
    """
    return lookup(_SUITES, task, "task with a validity suite")


def suite_names() -> list[str]:
    """Every task with a registered suite, in registration order."""
    return list(_SUITES)
