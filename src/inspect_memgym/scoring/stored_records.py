"""Typed records that travel from a driver to its scorer through Inspect's store.

The store keeps plain JSON (the logs show it as it is), so each record is a frozen
dataclass written with `StoredRecord.as_metadata` and read back with `StoredRecord.of`:
its keys are spelled once, in its type, and a misspelt one fails where the record is made.
`AnswerRecord` is the shared raw answer (pass, question id, reply); a benchmark whose
records carry more declares its own `StoredRecord`. Pure: no Inspect import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, Field, dataclass, fields
from typing import Any, TypeVar

from inspect_memgym.kit.pass_names import MEMORY_PASS, NO_MEMORY_PASS

STORED_KEY = "stored_key"
"""Field metadata naming the field's key in the store when it is no Python name (``pass``)."""


Record = TypeVar("Record", bound="StoredRecord")


def _stored_key(field: Field[Any]) -> str:
    return str(field.metadata.get(STORED_KEY, field.name))


def _has_default(field: Field[Any]) -> bool:
    return field.default is not MISSING or field.default_factory is not MISSING


@dataclass(frozen=True)
class StoredRecord:
    """A frozen dataclass kept in the store as a plain dict, its fields in declared order."""

    def as_metadata(self) -> dict[str, Any]:
        """The record as the store (and the log) keeps it."""
        return {_stored_key(field): getattr(self, field.name) for field in fields(self)}

    @classmethod
    def of(cls: type[Record], stored: Mapping[str, Any]) -> Record:
        """The record a driver stored.

        Args:
            stored: The dict `as_metadata` wrote (as read back from the store or a log); a
                field with a default may be missing from it.
        """
        return cls(
            **{
                field.name: stored[_stored_key(field)]
                for field in fields(cls)
                if _stored_key(field) in stored or not _has_default(field)
            }
        )

    @classmethod
    def all_of(cls: type[Record], stored: Iterable[Mapping[str, Any]]) -> list[Record]:
        """Every stored record, in order.

        Args:
            stored: The store's list of dicts.
        """
        return [cls.of(record) for record in stored]


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
