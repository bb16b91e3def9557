"""A policy-grid suite's report: a row per run, then every verdict, as Markdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
        figures: The values of the suite's further columns, by column.
    """

    name: str
    description: str
    headline: float
    no_memory: float
    memory_delta: float
    samples: int
    errors: int
    adversary: bool = True
    figures: Mapping[str, float] = field(default_factory=dict)


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
        columns: Further columns of the table (score keys or figures), after the delta.
    """

    task: str
    headline: str
    runs: Sequence[RunSummary]
    verdicts: Sequence[Verdict]
    log_dir: str
    notes: Sequence[str] = field(default_factory=tuple)
    columns: Sequence[str] = field(default_factory=tuple)

    @property
    def passed(self) -> bool:
        """Whether every invariant held (and there was at least one)."""
        return bool(self.verdicts) and all(verdict.passed for verdict in self.verdicts)

    def markdown(self) -> str:
        """The runs table, the verdicts and a count of the failures, as Markdown."""
        header = ["run", "what it does", "headline", "no_memory", "Δ", *self.columns]
        header += ["samples", "errors"]
        lines = [
            f"## {self.task}: headline `{self.headline}`",
            "",
            "| " + " | ".join(header) + " |",
            "|" + "---|" * len(header),
        ]
        for run in self.runs:
            further = "".join(f" | {_cell(run.figures[column])}" for column in self.columns)
            lines.append(
                f"| {run.name} | {run.description} | {run.headline:.3f} | {run.no_memory:.3f} "
                f"| {run.memory_delta:+.3f}{further} | {run.samples} | {run.errors} |"
            )
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


def _cell(value: float) -> str:
    """A figure in the table: a count as an integer, anything else to three decimals."""
    return str(value) if isinstance(value, int) else f"{value:.3f}"
