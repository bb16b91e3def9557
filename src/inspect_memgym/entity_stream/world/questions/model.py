"""Questions and structured gold answers.

A question type is three pure functions over a :class:`World`:

* ``pick(world, rng) -> params | None`` chooses the question's parameters (entities,
  attributes, thresholds) from the world, or returns None when the world cannot support
  the type (e.g. no relation chain of length two);
* ``render(params, template) -> str`` writes the question text, stating its whole
  population (never a population the agent cannot know: MemoryGym flaw 4 in
  ``docs/peer-flaws.md``);
* ``compute(params, world) -> Answer`` computes the gold answer from structured data.

A type about corrected facts may add ``stale(params, world) -> Answer``: the answer of the
stale chain, the same computation with every changed fact at its superseded value
(``update_chain``), kept as :attr:`Question.stale` for the scorer and never shown.

``compute`` raises :class:`MissingFact` when the world lacks a fact the answer needs. The
scripted policies call the same ``compute`` on the world they *recall from memory*, so a
policy that did not store a fact cannot answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from inspect_memgym.scoring.gold import GoldAnswer

Axis = Literal["breadth", "maintenance", "reasoning", "abstention"]
"""The scoring axis a question counts toward."""


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
        stale: The answer of the stale chain (every corrected fact the answer depends on
            at its superseded value), for a type about corrected facts that has one
            (``update_chain``); None otherwise. Never shown to the agent.
    """

    qid: str
    qtype: str
    axis: Axis
    text: str
    params: dict[str, Any]
    gold: GoldAnswer
    facts: tuple[tuple[str, str], ...] = ()
    stale: GoldAnswer | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (``stale`` only when the question has one)."""
        data: dict[str, Any] = {
            "qid": self.qid,
            "qtype": self.qtype,
            "axis": self.axis,
            "text": self.text,
            "params": self.params,
            "gold": self.gold.to_dict(),
            "facts": [list(fact) for fact in self.facts],
        }
        if self.stale is not None:
            data["stale"] = self.stale.to_dict()
        return data

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
            gold=GoldAnswer.from_dict(data["gold"]),
            facts=tuple((str(a), str(b)) for a, b in data.get("facts", ())),
            stale=GoldAnswer.from_dict(data["stale"]) if data.get("stale") else None,
        )
