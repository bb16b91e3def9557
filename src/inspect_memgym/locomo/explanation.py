"""A LoCoMo score's explanation: per-category figures, then every question (Markdown).

The viewer renders a score's explanation as Markdown: a short summary line, a table of
the categories (questions, score with memory, score without, the official code's score of
the same replies), and one row per question with the gold text, the answer (shortened), its
score, the official code's score and, if asked, the no-memory answer's score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.locomo.grading import QuestionRow
from inspect_memgym.locomo.values import (
    ADVERSARIAL_KEY,
    ADVERSARIAL_NO_MEMORY_KEY,
    CATEGORY_KEYS,
    HEADLINE_KEY,
    JUDGE_KEY,
    OFFICIAL_HEADLINE_KEY,
)
from inspect_memgym.scoring.isolation import MEMORY_DELTA, NO_MEMORY
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE

SHOWN_CHARACTERS = 80
"""Answers and gold texts longer than this are shortened in the table."""
CATEGORY_ORDER = tuple(CATEGORY_KEYS)


def _number(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.3f}"


def _cell(text: Any) -> str:
    shown = " ".join(str(text).split()).replace("|", "\\|")
    return shown if len(shown) <= SHOWN_CHARACTERS else shown[: SHOWN_CHARACTERS - 1] + "…"


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def locomo_explanation(values: Mapping[str, float], rows: Sequence[QuestionRow]) -> str:
    """The Markdown explanation of one conversation's score.

    Args:
        values: The score values (`values.locomo_values`).
        rows: One row per question.
    """
    summary = (
        f"F1 {_number(values.get(HEADLINE_KEY))} (no memory {_number(values.get(NO_MEMORY))}, "
        f"memory Δ {_number(values.get(MEMORY_DELTA))})"
    )
    if JUDGE_KEY in values:
        summary += f"; judge accepted {_number(values[JUDGE_KEY])} of category 1-4 answers"
        unreadable = values.get(JUDGE_UNREADABLE, 0.0)
        if unreadable:
            summary += f" ({unreadable:.0f} unreadable verdicts left out)"
    if ADVERSARIAL_KEY in values:
        summary += (
            f"; adversarial (abstention, outside the headline and Δ: a constant decline "
            f"scores 1) {_number(values[ADVERSARIAL_KEY])}, no memory "
            f"{_number(values.get(ADVERSARIAL_NO_MEMORY_KEY))}"
        )
    summary += (
        f"; the official code's F1 of the same replies {_number(values.get(OFFICIAL_HEADLINE_KEY))}"
    )
    lines = [
        summary + ".",
        "",
        "| category | questions | score | no memory | official |",
        "|---|---:|---:|---:|---:|",
    ]
    for category in CATEGORY_ORDER:
        chosen = [row for row in rows if row.category == category]
        if not chosen:
            continue
        no_memory = [row.no_memory_score for row in chosen if row.no_memory_score is not None]
        official = [row.official_score for row in chosen]
        lines.append(
            f"| {category} {chosen[0].qtype} | {len(chosen)} | "
            f"{_number(_mean([row.score for row in chosen]))} | {_number(_mean(no_memory))} | "
            f"{_number(_mean(official))} |"
        )
    lines += ["", "| question | category | gold | answer | score | no memory | official |"]
    lines.append("|---|---|---|---|---:|---:|---:|")
    for row in rows:
        lines.append(
            f"| {_cell(row.question)} | {row.qtype} | {_cell(row.gold)} | "
            f"{_cell(row.answer)} | {_number(row.score)} | "
            f"{_number(row.no_memory_score)} | {_number(row.official_score)} |"
        )
    return "\n".join(lines)
