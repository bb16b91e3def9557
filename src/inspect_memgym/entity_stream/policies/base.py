"""The policy interface: given what it sees of the current event, choose the next action."""

from __future__ import annotations

from abc import ABC, abstractmethod

from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.prompts import DECLINE_REPLY
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.simulation.actions import Action, call, finish

REFUSAL = DECLINE_REPLY
"""The refusal a policy gives when its memory has nothing (the task's decline)."""
MEMORY_LOOKUPS = ("memory_search", "memory_read")
"""The tools a policy looks things up with."""


class Policy(ABC):
    """A scripted reference policy. It acts only through the tools it is offered."""

    name: str = "policy"

    def act(self, view: EventView, template: Template) -> Action:
        """Choose the next action for the current event.

        Args:
            view: What the policy sees of the event.
            template: The scenario's template (public: named by the task).
        """
        if view.kind == "ingest":
            return self.on_ingest(view, template)
        if view.kind in ("correction", "contradiction"):
            return self.on_change(view, template)
        if view.kind == "question":
            if view.calls("submit_answer"):
                return finish()
            if not any(view.offers(tool) for tool in MEMORY_LOOKUPS):
                return self.on_question_without_memory(view, template)
            return self.on_question(view, template)
        return finish()

    @abstractmethod
    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Handle a batch of documents."""

    @abstractmethod
    def on_change(self, view: EventView, template: Template) -> Action:
        """Handle a correction notice or a silent update."""

    @abstractmethod
    def on_question(self, view: EventView, template: Template) -> Action:
        """Handle a question (the base class already stops after an answer)."""

    def on_question_without_memory(self, view: EventView, template: Template) -> Action:
        """Handle a question asked with no memory tools (memory isolation): decline.

        A policy that answers without looking anything up answers as usual.
        """
        return call("submit_answer", answer=REFUSAL)
