"""The policy interface: given what it sees of the current event, choose the next action."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from inspect_memgym.simulation.event_view import EventView
from inspect_memgym.worlds.model import Template

DONE = "DONE"
REFUSAL = "I don't know: my memory has nothing on this."


@dataclass(frozen=True)
class ToolRequest:
    """One tool call a policy wants to make.

    Attributes:
        function: Tool name.
        arguments: Arguments.
    """

    function: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Action:
    """A policy's turn: tool calls, or (with none) a final text that ends the event.

    Attributes:
        calls: Tool calls to make this turn.
        text: Assistant text.
    """

    calls: list[ToolRequest] = field(default_factory=list)
    text: str = ""


def finish(text: str = DONE) -> Action:
    """End the event with a text reply.

    Args:
        text: The reply.
    """
    return Action(text=text)


def call(function: str, **arguments: Any) -> Action:
    """Make one tool call.

    Args:
        function: Tool name.
        **arguments: Its arguments.
    """
    return Action(calls=[ToolRequest(function, arguments)])


def stable_fraction(*parts: str) -> float:
    """A number in [0, 1) fixed by the given strings (same on every machine).

    Args:
        *parts: Strings to hash.
    """
    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


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
