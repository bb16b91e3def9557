"""Policies that store the entities the scenario's questions depend on most, first.

``priority`` keeps half of each ingest batch, ranking its entities by how often the
scenario's questions refer to them (ties by name). ``template_expert`` keeps a larger share
shaped by the template's question weights (0.7 + 0.3 x (retrieval + update) weight, ~0.85)
and ranks the same way, but counts only the questions of the families its rate is built
from (retrieval and update, i.e. the breadth and maintenance axes). With every question
counted, ~85% of each batch already holds every fact asked about, and the expert would only
tie ``perfect``; counting its own families leaves it between ``strategic`` and ``perfect``.

They regenerate the scenario from its public ``template``, ``tier`` and ``seed`` only to
decide what to *store*; answers still come from what their own memory tools return.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from typing import Any

from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.storing import StoringPolicy
from inspect_memgym.entity_stream.world.model import QuestionFamily, Template
from inspect_memgym.entity_stream.world.questions import Axis
from inspect_memgym.entity_stream.world.scenario import generate_scenario

PRIORITY_STORE_RATE = 0.5
EXPERT_BASE_RATE = 0.7
EXPERT_WEIGHTED_RATE = 0.3
"""Template expert's rate: base + weighted x (retrieval + update question weights)."""
EXPERT_FAMILIES: tuple[QuestionFamily, ...] = ("retrieval", "update")
EXPERT_AXES: tuple[Axis, ...] = ("breadth", "maintenance")
"""The axes of the expert's families: its priority order counts only these questions."""
ALL_AXES: tuple[Axis, ...] = ("breadth", "maintenance", "reasoning", "abstention")


@functools.lru_cache(maxsize=64)
def question_references(
    template: str, tier: str, seed: int, axes: tuple[Axis, ...] = ALL_AXES
) -> Counter[str]:
    """How many question facts of a scenario name each entity.

    Args:
        template: Template name.
        tier: Tier name.
        seed: Scenario seed.
        axes: Count only the questions of these axes.
    """
    scenario = generate_scenario(template, tier, seed)
    return Counter(
        entity
        for question in scenario.questions
        if question.axis in axes
        for entity, _ in question.facts
    )


def keep_count(batch_size: int, store_rate: float) -> int:
    """Entities to keep from a batch: the store rate's share, rounded half up.

    Args:
        batch_size: Entities in the batch.
        store_rate: Share to keep.
    """
    return min(batch_size, math.floor(batch_size * store_rate + 0.5))


def template_expert_rate(template: Template) -> float:
    """The template expert's store rate for a template.

    Args:
        template: The template (its ``question_weights`` shape the rate).
    """
    weight = sum(template.question_weights.get(family, 0.0) for family in EXPERT_FAMILIES)
    return min(1.0, EXPERT_BASE_RATE + EXPERT_WEIGHTED_RATE * weight)


class PriorityPolicy(StoringPolicy):
    """Stores the most-referenced share of each batch and applies every change.

    Args:
        name: Policy name.
        store_rate: Share of each batch to keep.
        counted_axes: Axes whose questions' facts set the order.
    """

    def __init__(
        self, name: str, store_rate: float, counted_axes: tuple[Axis, ...] = ALL_AXES
    ) -> None:
        super().__init__(name, store_rate=store_rate, apply_changes=True)
        self.counted_axes = counted_axes

    def batch_store_rate(self, template: Template) -> float:
        """Share of each batch to keep for a template.

        Args:
            template: The template.
        """
        return self.store_rate

    def kept_records(self, view: EventView, template: Template) -> list[dict[str, Any]]:
        """The batch's most-referenced entities (ties by name), in batch order.

        Args:
            view: The ingest event view; its payload names the scenario.
            template: The template.
        """
        batch: list[dict[str, Any]] = view.payload["entities"]
        references = question_references(
            str(view.payload["template"]),
            str(view.payload["tier"]),
            int(view.payload["seed"]),
            self.counted_axes,
        )
        ranked = sorted(batch, key=lambda record: (-references[record["name"]], record["name"]))
        chosen = {
            record["name"]
            for record in ranked[: keep_count(len(batch), self.batch_store_rate(template))]
        }
        return [record for record in batch if record["name"] in chosen]


class TemplateExpertPolicy(PriorityPolicy):
    """Priority order over its own question families, at a rate shaped by their weights.

    ``store_rate`` holds only the base rate; each batch keeps :func:`template_expert_rate`.
    """

    def __init__(self) -> None:
        super().__init__("template_expert", store_rate=EXPERT_BASE_RATE, counted_axes=EXPERT_AXES)

    def batch_store_rate(self, template: Template) -> float:
        """The template-weighted rate (see :func:`template_expert_rate`).

        Args:
            template: The template.
        """
        return template_expert_rate(template)


PRIORITY = PriorityPolicy("priority", store_rate=PRIORITY_STORE_RATE)
TEMPLATE_EXPERT = TemplateExpertPolicy()
