"""Typed records that travel from a driver to its scorer through Inspect's store.

The store keeps plain JSON (the logs show it as it is), so each record is a frozen
dataclass written with `StoredRecord.as_metadata` and read back with `StoredRecord.of`:
its keys are spelled once, in its type, and a misspelt one fails where the record is made.
`AnswerRecord` is the shared raw answer (pass, question id, reply); a benchmark whose
records carry more declares its own `StoredRecord` (the base is `kit.stored_record`'s,
named here too, so that kit's own records use it). Pure: no Inspect import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS
from inspect_memgym.kit.stored_record import STORED_KEY as STORED_KEY
from inspect_memgym.kit.stored_record import StoredRecord as StoredRecord


@dataclass(frozen=True)
class AnswerRecord(StoredRecord):
    """One raw answer: its pass (with memory or without), the question's id, the reply.

    Attributes:
        kind: `kit.pass_names.MEMORY_PASS` or `NO_MEMORY_PASS`.
        question_id: The question's id.
        raw: The reply as given, ungraded.
    """

    kind: str
    question_id: str
    raw: str


def replies_by_kind(records: Iterable[AnswerRecord]) -> dict[str, dict[str, str]]:
    """Each pass's replies by question id (both passes present, possibly empty).

    Args:
        records: The answers, in the order asked.
    """
    replies: dict[str, dict[str, str]] = {MEMORY_PASS: {}, NO_MEMORY_PASS: {}}
    for record in records:
        replies[record.kind][record.question_id] = record.raw
    return replies
