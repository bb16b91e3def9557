"""Questions and structured gold answers.

A question type is three pure functions over a :class:`World`:

* ``pick(world, rng) -> params | None`` chooses the question's parameters (entities,
  attributes, thresholds) from the world, or returns None when the world cannot support
  the type (e.g. no relation chain of length two);
* ``render(params, template) -> str`` writes the question text, stating its whole
  population (flaw 4 of MemoryGym: never a population the agent cannot know);
* ``compute(params, world) -> Answer`` computes the gold answer from structured data.

``compute`` raises :class:`MissingFact` when the world lacks a fact the answer needs. The
scripted policies call the same ``compute`` on the world they *recall from memory*, so a
policy that did not store a fact cannot answer.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

Axis = Literal["breadth", "maintenance", "reasoning", "abstention"]
"""The scoring axis a question counts toward."""

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
"""How a gold answer is matched (see ``scorers.answer_rules``).

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


class MissingFact(KeyError):
    """The world lacks a fact a question's answer depends on.

    Args:
        message: What is missing.
        entity: The entity whose facts are missing, when one entity is to blame (a
            scripted agent looks that entity up and tries again).
    """

    def __init__(self, message: str, entity: str | None = None) -> None:
        super().__init__(message)
        self.entity = entity


@dataclass(frozen=True)
class Answer:
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
    def from_dict(cls, data: dict[str, Any]) -> Answer:
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


@dataclass(frozen=True)
class Question:
    """A question fixed by the seed, with its gold answer.

    Attributes:
        qid: Stable id within the scenario (``"q01"``...).
        qtype: Question type (e.g. ``"synthesis"``).
        axis: Scoring axis.
        text: The question as the agent reads it.
        params: Public, JSON-able parameters (what the text states, structured).
        gold: Gold answer computed from the structured world.
        facts: ``(entity, attribute_key)`` facts the answer depends on; relation edges
            appear as ``(entity, "relation:<kind>")`` and categories as
            ``(entity, "category")``.
    """

    qid: str
    qtype: str
    axis: Axis
    text: str
    params: dict[str, Any]
    gold: Answer
    facts: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {
            "qid": self.qid,
            "qtype": self.qtype,
            "axis": self.axis,
            "text": self.text,
            "params": self.params,
            "gold": self.gold.to_dict(),
            "facts": [list(fact) for fact in self.facts],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        """Rebuild a question from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            qid=data["qid"],
            qtype=data["qtype"],
            axis=data["axis"],
            text=data["text"],
            params=data["params"],
            gold=Answer.from_dict(data["gold"]),
            facts=tuple((str(a), str(b)) for a, b in data.get("facts", ())),
        )
