"""A frozen dataclass kept in Inspect's store as the plain dict the log shows.

The store keeps plain JSON, so a record travelling from a driver to its scorer (or from a
task's meter to the cost figures) is a frozen dataclass written with
`StoredRecord.as_metadata` and read back with `StoredRecord.of`: its keys are spelled once,
in its type, and a misspelt one fails where the record is made. The base lives in kit so
that kit's own records (`kit.answer_meter.MeteredAnswer`) use it; the shared answer record
and the benchmarks' records build on it (`scoring.stored_records`). Pure: no Inspect import.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import MISSING, Field, dataclass, fields
from typing import Any, TypeVar

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
