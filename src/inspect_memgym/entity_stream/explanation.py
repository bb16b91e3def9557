"""The entity_stream score explanation: one Markdown row per question."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.scoring.tables import markdown_table

NOT_REACHED_MARK = "decline: not reached"
"""How a row marks a grade that is the decline's because a limit cut the pass before it."""
UNREADABLE_MARK = "decline: judge reply unreadable"
"""How a row marks a grade that is the decline's because its judge reply held no grade."""


def entity_stream_questions(details: Sequence[Mapping[str, Any]]) -> str:
    """One row per question: its answer, verdict and failure, and the no-memory verdict.

    A grade that is the decline's (`scoring.reached`) says why: the pass was cut before the
    question (`NOT_REACHED_MARK`), or the judge's reply held no grade (`UNREADABLE_MARK`).

    Args:
        details: The scorer's per-question detail dicts.
    """
    rows = []
    for detail in details:
        answer = str(detail.get("answer", ""))
        verdict = "✓" if detail.get("correct") else "✗"
        if detail.get("not_reached"):
            answer = "(not reached)"
            verdict += f" ({NOT_REACHED_MARK})"
        elif detail.get("scored_as") == "decline":
            verdict += f" ({UNREADABLE_MARK})"
        elif detail.get("decided_by") == "judge":
            verdict += " (judge)"
        if not detail.get("submitted", True) and not detail.get("not_reached"):
            answer = f"{answer} (not submitted)" if answer else "(no answer)"
        failure = "" if detail.get("correct") else str(detail.get("attribution") or "")
        isolated = detail.get("no_memory_correct")
        without = "" if isolated is None else ("✓" if isolated else "✗")
        if detail.get("no_memory_not_reached"):
            without += f" ({NOT_REACHED_MARK})"
        elif detail.get("no_memory_judge_unreadable"):
            without += f" ({UNREADABLE_MARK})"
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
