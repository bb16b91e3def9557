"""How far a panel of graders agreed in an eval log: a table and a figure.

A judged score records a panel's graders and each judged answer's votes (``judge_panel``,
`scoring.judge.panel_metadata`). Here every scoring of a log (the eval's own and each one
``inspect score --action append`` added) is read apart, and its votes pooled over the
samples into one `scoring.grader_panel.PanelAgreement`: Cohen's kappa for two graders,
Krippendorff's alpha for more, each grader's accept rate, the split questions. The figure
shows each grader's accept rate as a bar, the statistic in the panel's title. research_qa's
panel records 0-1 scores: each distinct score is a label, a full-credit score an accept
(`scoring.grader_panel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from inspect_ai.log import read_eval_log
from matplotlib.figure import Figure

from inspect_memgym.analysis.plot_style import FONT_SIZE, new_figure
from inspect_memgym.scoring.grader_panel import (
    JUDGE_PANEL_KEY,
    PanelAgreement,
    Vote,
    panel_agreement,
)

STATISTIC_NAMES = {"cohen_kappa": "Cohen's κ", "krippendorff_alpha": "Krippendorff's α"}


@dataclass(frozen=True)
class ScoringAgreement:
    """The panel agreement of one scoring of one log.

    Attributes:
        log: The log file.
        task: The eval's task.
        scorer: The scoring's name (``locomo_scorer``, or ``locomo_scorer1`` appended).
        agreement: The panel's agreement over every answer it judged.
    """

    log: str
    task: str
    scorer: str
    agreement: PanelAgreement


def log_agreements(log_files: Sequence[str]) -> list[ScoringAgreement]:
    """Every scoring of the logs that a panel judged, with its agreement.

    Args:
        log_files: Eval log files.
    """
    found = []
    for log_file in log_files:
        log = read_eval_log(log_file)
        graders: dict[str, list[str]] = {}
        votes: dict[str, list[list[Vote]]] = {}
        for sample in log.samples or []:
            for scorer, score in (sample.scores or {}).items():
                panel = (score.metadata or {}).get(JUDGE_PANEL_KEY)
                if isinstance(panel, dict):
                    graders.setdefault(scorer, list(panel["graders"]))
                    votes.setdefault(scorer, []).extend(_rows(panel["votes"]))
        for scorer, names in graders.items():
            agreement = panel_agreement(names, votes[scorer])
            found.append(ScoringAgreement(log_file, log.eval.task, scorer, agreement))
    return found


def _rows(value: Any) -> list[list[Vote]]:
    return [[vote for vote in row] for row in value]


def agreement_markdown(agreements: Sequence[ScoringAgreement]) -> str:
    """One Markdown row per scoring: graders, questions, statistic, accept rates, splits.

    Args:
        agreements: The scorings.
    """
    lines = [
        "| log | task | scoring | graders | questions | agreement | accept rates | split |",
        "|---|---|---|---|---:|---|---|---:|",
    ]
    for found in agreements:
        agreement = found.agreement
        rates = ", ".join(_percent(rate) for rate in agreement.accept_rates)
        graders = ", ".join(agreement.graders)
        lines.append(
            f"| {Path(found.log).name} | {found.task} | {found.scorer} | {graders} | "
            f"{agreement.questions} | {statistic_text(agreement)} | {rates} | {agreement.split} |"
        )
    return "\n".join(lines) + "\n"


def statistic_text(agreement: PanelAgreement) -> str:
    """``Cohen's κ = 0.412`` (``undefined`` when the statistic is).

    Args:
        agreement: A panel's agreement.
    """
    value = "undefined" if agreement.agreement is None else f"{agreement.agreement:.3f}"
    return f"{STATISTIC_NAMES[agreement.statistic]} = {value}"


def agreement_figure(found: ScoringAgreement) -> Figure:
    """Each grader's accept rate as a bar; the statistic and the splits in the title.

    Args:
        found: One scoring's agreement.
    """
    agreement = found.agreement
    figure = new_figure(1.6 + 1.4 * len(agreement.graders), 3.2)
    axes = figure.add_subplot()
    rates = [rate if rate is not None else 0.0 for rate in agreement.accept_rates]
    bars = axes.bar(range(len(rates)), rates, color="#4c72b0")
    for bar, rate in zip(bars, agreement.accept_rates, strict=True):
        axes.annotate(
            _percent(rate),
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            ha="center",
            va="bottom",
            fontsize=FONT_SIZE,
        )
    # a provider's prefix on a line of its own, so long model names do not run together
    names = [grader.replace("/", "/\n", 1) for grader in agreement.graders]
    axes.set_xticks(range(len(rates)), names)
    axes.tick_params(labelsize=FONT_SIZE)
    axes.set_ylim(0, 1.1)
    axes.set_ylabel("accept rate", fontsize=FONT_SIZE)
    axes.set_title(
        f"{found.task} · {found.scorer}\n{statistic_text(agreement)} · "
        f"{agreement.questions} answers · {agreement.split} split",
        fontsize=FONT_SIZE,
    )
    return figure


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"
