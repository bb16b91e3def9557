"""The entity_stream score explanation: one Markdown row per question."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.tables import markdown_table
from inspect_memgym.scoring.yes_no_verdict import JUDGE_UNREADABLE


def entity_stream_questions(details: Sequence[Mapping[str, Any]]) -> str:
    """One row per question: its answer, verdict and failure, and the no-memory verdict.

    Args:
        details: The scorer's per-question detail dicts.
    """
    rows = []
    for detail in details:
        answer = str(detail.get("answer", ""))
        if detail.get(NOT_REACHED):
            answer = "(not reached)"
        elif not detail.get("submitted", True):
            answer = f"{answer} (not submitted)" if answer else "(no answer)"
        verdict = "✓" if detail.get("correct") else "✗"
        if detail.get(NOT_REACHED):
            verdict += " (scored as a decline)"
        elif detail.get(JUDGE_UNREADABLE):
            verdict += " (judge reply unreadable: scored as a decline)"
        elif detail.get("correct") is None and detail.get("decided_by") == "judge":
            verdict = "unscored (judge reply unreadable)"  # a log from before the rule
        elif detail.get("decided_by") == "judge":
            verdict += " (judge)"
        failure = "" if detail.get("correct") else str(detail.get("attribution") or "")
        isolated = detail.get("no_memory_correct")
        without = "" if isolated is None else ("✓" if isolated else "✗")
        rows.append(
            [
                detail.get("qid"),
                detail.get("qtype"),
                detail.get("gold"),
                answer,
                verdict,
                failure,
                without,
            ]
        )
    header = ["question", "type", "gold", "answer", "right", "failure", "no memory"]
    return markdown_table(header, rows)
