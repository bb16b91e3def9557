"""The code_qa score explanation: one row per question, with and without memory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.scoring.tables import markdown_table


def _facts_cell(row: Mapping[str, Any]) -> str:
    """e.g. ``1/2 ✓`` (counted facts held / counted, ✓ when correct), ``hedge``, ``(judge)``."""
    counted = [fact for fact in row["facts"] if fact.get("counted", True)]
    held = sum(fact["held"] for fact in counted)
    mark = "✓" if row["correct"] else "✗"
    hedge = " hedge" if row.get("hedge") else ""
    judged = " (judge)" if any(fact["decided_by"] == "judge" for fact in row["facts"]) else ""
    return f"{held}/{len(counted)} {mark}{hedge}{judged}"


def code_qa_questions(rows: Sequence[Mapping[str, Any]]) -> str:
    """A table of every question: its kind, facts held, misleads, and the no-memory result.

    Args:
        rows: The per-question rows of the score's metadata.
    """
    table = []
    for row in rows:
        no_memory = row.get("no_memory")
        table.append(
            [
                row["qa_id"],
                row["category"],
                row["difficulty"] + ("" if row.get("requires_memory", True) else " (apart)"),
                f"{len(row['shown_fact_ids'])}/{len(row['facts'])}",
                _facts_cell(row),
                ", ".join(row["misled_by"]) or "–",
                _facts_cell(no_memory) if no_memory else "–",
            ]
        )
    header = [
        "question",
        "category",
        "difficulty",
        "facts memory showed",
        "facts in the answer",
        "distractors stated",
        "without memory",
    ]
    return markdown_table(header, table)
