"""The research_qa score explanation: the answers, then one row per hop (Markdown)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inspect_memgym.research_qa.grading import AnswerGrade, HopRow
from inspect_memgym.research_qa.world import ResearchInstance
from inspect_memgym.scoring.tables import format_number, markdown_table

MARKS = {True: "✓", False: "·"}


def research_explanation(
    instance: ResearchInstance,
    grade: AnswerGrade,
    no_memory: AnswerGrade | None,
    value: Mapping[str, float],
    hops: Sequence[HopRow],
) -> str:
    """The answers and their verdicts, then where each hop's fact was when answering.

    Args:
        instance: The instance.
        grade: The answer with memory.
        no_memory: The no-memory answer, if any.
        value: The score values.
        hops: `grading.hop_rows` output.
    """
    answers = [_answer_row("with memory", grade)]
    if no_memory is not None:
        answers.append(_answer_row("no memory", no_memory))
    lines = [
        f"**{instance.question}** Gold: **{instance.gold.text}** ({instance.num_hops} hops).",
        "",
        markdown_table(["answer", "given", "verdict", "decided by", "score", "why"], answers),
        "",
        f"hop recall {format_number(value.get('hop_recall'))}; memory Δ "
        f"{format_number(value.get('memory_delta'))}. Each hop's fact when answering "
        "(✓ in memory, recalled for the question, visible in the last turn):",
        "",
        markdown_table(
            ["hop", "sub-query", "answer", "fact", "turn", "kept for", "memory", "recalled",
             "visible"],
            [
                [
                    row.hop, row.sub_query, row.answer, row.fact_id, row.turn,
                    row.retention_span, MARKS[row.stored], MARKS[row.recalled],
                    MARKS[row.visible],
                ]
                for row in hops
            ],
        ),
    ]  # fmt: skip
    return "\n".join(lines)


def _answer_row(label: str, grade: AnswerGrade) -> list[object]:
    return [
        label,
        grade.answer or "(empty)",
        grade.verdict,
        grade.decided_by,
        format_number(grade.score),
        grade.reason + ("" if grade.parsed else " (reply not in the JSON format)"),
    ]
