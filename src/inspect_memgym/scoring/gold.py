"""Structured gold answers: canonical text plus the parts the answer rules match.

Every benchmark whose answers are checked by rules states its gold answers in this form;
``scoring.answer_rules.check_answer`` decides an answer against one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

AnswerKind = Literal[
    "number",
    "date",
    "label",
    "fragments",
    "series",
    "entity",
    "entity_value",
    "names",
    "count_names",
    "trend",
    "period_value",
    "abstain",
]
"""How a gold answer is matched (see ``scoring.answer_rules``).

* number: one number (``value``); ``integer`` means exact match, else 2% relative.
* date: a full ``YYYY-MM-DD`` date (``text``).
* label: an enum value (``text``), matched as a whole phrase.
* fragments: every fragment of a text attribute (``fragments``).
* series: every element of a series, in order (``series``).
* entity: one entity name (``entity``); other names of the world make it wrong.
* entity_value: an entity name and a number (``entity``, ``value``).
* names: exactly this set of entity names (``names``; may be empty only if stated).
* count_names: a count and exactly these names (``count``, ``names``).
* trend: a direction phrase plus the first and last values of a series
  (``direction``, ``series`` holds ``(first, last)``).
* period_value: a 1-based period index and the value then (``period``, ``value``).
* abstain: an explicit refusal with no numbers.
"""


@dataclass(frozen=True)
class GoldAnswer:
    """A gold answer: canonical text plus the structured parts the rules match.

    Attributes:
        kind: How the answer is matched.
        text: Canonical answer text (what a perfect agent would say).
        value: The number, for number / entity_value / period_value.
        integer: Whether ``value`` is an integer that must match exactly.
        entity: The entity name, for entity / entity_value.
        names: Entity names, for names / count_names (sorted).
        count: The count, for count_names.
        direction: The trend phrase, for trend.
        period: 1-based period index, for period_value.
        fragments: Text fragments, for fragments.
        series: Series values, for series (all) and trend (first, last).
    """

    kind: AnswerKind
    text: str
    value: float | None = None
    integer: bool = False
    entity: str | None = None
    names: tuple[str, ...] = ()
    count: int | None = None
    direction: str | None = None
    period: int | None = None
    fragments: tuple[str, ...] = ()
    series: tuple[float, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (tuples become lists)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GoldAnswer:
        """Rebuild an answer from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            kind=data["kind"],
            text=data["text"],
            value=data.get("value"),
            integer=bool(data.get("integer", False)),
            entity=data.get("entity"),
            names=tuple(data.get("names", ())),
            count=data.get("count"),
            direction=data.get("direction"),
            period=data.get("period"),
            fragments=tuple(data.get("fragments", ())),
            series=tuple(data.get("series", ())),
        )
