"""A policy-grid suite's report: a row per run, then every verdict, as Markdown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from inspect_memgym.validity.verdicts import Verdict


@dataclass(frozen=True)
class RunSummary:
    """What one run of a suite scored, for the report's table.

    Attributes:
        name: The run's name.
        description: What the run does, in a few words.
        headline: Mean headline score.
        no_memory: Mean no-memory headline.
        memory_delta: Mean memory delta.
        samples: Samples scored.
        errors: Samples (and evals) that ended in an error.
        adversary: Whether the run is an adversary (a reference otherwise).
    """

    name: str
    description: str
    headline: float
    no_memory: float
    memory_delta: float
    samples: int
    errors: int
    adversary: bool = True


@dataclass(frozen=True)
class SuiteReport:
    """Everything one policy-grid suite found.

    Attributes:
        task: The task validated.
        headline: The headline score key.
        runs: A summary per run, in the suite's order.
        verdicts: Every invariant's verdict.
        log_dir: Where the logs are.
        notes: Lines printed under the verdicts (what the suite does not cover, say).
    """

    task: str
    headline: str
    runs: Sequence[RunSummary]
    verdicts: Sequence[Verdict]
    log_dir: str
    notes: Sequence[str] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        """Whether every invariant held (and there was at least one)."""
        return bool(self.verdicts) and all(verdict.passed for verdict in self.verdicts)

    def markdown(self) -> str:
        """The runs table, the verdicts and a count of the failures, as Markdown."""
        lines = [
            f"## {self.task}: headline `{self.headline}`",
            "",
            "| run | what it does | headline | no_memory | Δ | samples | errors |",
            "|---|---|---|---|---|---|---|",
        ]
        lines += [
            f"| {run.name} | {run.description} | {run.headline:.3f} | {run.no_memory:.3f} "
            f"| {run.memory_delta:+.3f} | {run.samples} | {run.errors} |"
            for run in self.runs
        ]
        lines.append("")
        lines += [verdict.line() for verdict in self.verdicts]
        failed = sum(not verdict.passed for verdict in self.verdicts)
        lines.append("")
        lines.append(
            f"{len(self.verdicts) - failed} of {len(self.verdicts)} invariants hold"
            + (f"; {failed} FAILED" if failed else "")
        )
        lines += [f"Note: {note}" for note in self.notes]
        lines.append(f"Logs: {self.log_dir} (open with: inspect view --log-dir {self.log_dir})")
        return "\n".join(lines)
