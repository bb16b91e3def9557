"""The score explanation of a feedback sample: the learning curve and the hidden items."""

from __future__ import annotations

import math
from collections.abc import Sequence

from inspect_memgym.feedback.grading import CurvePoint, HiddenItemRow


def _shown(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.3f}"


def curve_table(curve: Sequence[CurvePoint], no_memory: float) -> str:
    """The learning curve as a Markdown table, with the no-memory score as step 0.

    Args:
        curve: `FeedbackGrade.curve`.
        no_memory: The no-memory score, corrected for chance (NaN when isolation was off).
    """
    lines = [
        "| step | dialogues | score | accuracy | declarative | procedural | controls |",
        "|---|---|---|---|---|---|---|",
        f"| no memory | 0 | {_shown(no_memory)} | | | | |",
    ]
    for point in curve:
        lines.append(
            f"| {point.step} | {point.dialogues} | {_shown(point.score)} | "
            f"{_shown(point.accuracy)} | {_shown(point.declarative)} | "
            f"{_shown(point.procedural)} | {_shown(point.control_accuracy)} |"
        )
    return "\n".join(lines)


def items_table(items: Sequence[HiddenItemRow]) -> str:
    """The hidden items: kind, when first fed back, and whether applied at the end.

    Args:
        items: `FeedbackGrade.items`.
    """
    if not items:
        return ""
    lines = ["| hidden item | kind | fed back at step | applied at the end |", "|---|---|---|---|"]
    for item in items:
        first = item.first_fed_back_step
        lines.append(
            f"| {item.item} | {item.kind} | {'–' if first is None else first} | "
            f"{'✓' if item.applied else '✗'} |"
        )
    return "\n".join(lines)
