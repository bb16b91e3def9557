"""The world's tools as Inspect tools over one pass's live state, and ``retrieve_learnings``.

A `LiveCase` holds the state a pass changes; each world tool runs `world.tools.run_tool` on
it and records the call. A refusal is a `ToolError` the model reads (the state the refusal
left, a hold, is kept). ``retrieve_learnings(query, top_k)`` reads the strategy's memory
(`MemoryStrategy.recall`) and never changes it, as STATE-Bench's hook.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.tool import ToolDef, ToolError

from inspect_memgym.procedures.prompts import NO_LEARNINGS, RETRIEVE_DESCRIPTION
from inspect_memgym.procedures.world.domains import Domain
from inspect_memgym.procedures.world.model import WorldState
from inspect_memgym.procedures.world.rules import Rules
from inspect_memgym.procedures.world.tools import ToolSpec, run_tool, tool_specs

DEFAULT_TOP_K = 5


@dataclass
class LiveCase:
    """The state one pass works on, and the calls made.

    Attributes:
        state: The current state.
        rules: The world's rules.
        domain: The domain.
        calls: Every world tool call: function, arguments, result, refused.
    """

    state: WorldState
    rules: Rules
    domain: Domain
    calls: list[dict[str, Any]] = field(default_factory=list)

    def run(self, name: str, arguments: dict[str, Any]) -> str:
        """Run one call on the live state.

        Args:
            name: Tool name.
            arguments: Its arguments.

        Raises:
            ToolError: The refusal's message.
        """
        outcome = run_tool(self.state, self.rules, self.domain, name, arguments)
        self.state = outcome.state
        self.calls.append(outcome.call_record(name, arguments))
        if outcome.refused:
            raise ToolError(outcome.text)
        return outcome.text


def world_tool_defs(case: LiveCase) -> list[ToolDef]:
    """The domain's tools, bound to a live case.

    Args:
        case: The live case.
    """
    return [_tool_def(case, spec) for spec in tool_specs(case.domain)]


def _tool_def(case: LiveCase, spec: ToolSpec) -> ToolDef:
    names = tuple(spec.parameters)
    function: Callable[..., Awaitable[str]]
    if names == ("customer_id",):

        async def by_customer(customer_id: str) -> str:
            return case.run(spec.name, {"customer_id": customer_id})

        function = by_customer
    elif names == ("record_id",):

        async def by_record(record_id: str) -> str:
            return case.run(spec.name, {"record_id": record_id})

        function = by_record
    elif names == ("record_id", "amount"):

        async def with_amount(record_id: str, amount: float) -> str:
            return case.run(spec.name, {"record_id": record_id, "amount": amount})

        function = with_amount
    else:

        async def with_text(record_id: str, text: str) -> str:
            return case.run(spec.name, {"record_id": record_id, "text": text})

        function = with_text
    return ToolDef(
        function,
        name=spec.name,
        description=spec.description,
        parameters={name: description for name, (_, description) in spec.parameters.items()},
    )


def retrieve_learnings_def(recall: Callable[[str], Awaitable[str]] | None) -> ToolDef:
    """``retrieve_learnings(query, top_k)`` over a strategy's memory (None: an empty one).

    Args:
        recall: The strategy's read of memory for a query (`MemoryStrategy.recall`).
    """

    async def retrieve_learnings(query: str, top_k: int = DEFAULT_TOP_K) -> str:
        text = await recall(query) if recall is not None else ""
        passages = [part.strip() for part in text.split("\n\n") if part.strip()]
        return "\n\n".join(passages[: max(1, top_k)]) or NO_LEARNINGS

    return ToolDef(
        retrieve_learnings,
        name="retrieve_learnings",
        description=RETRIEVE_DESCRIPTION,
        parameters={"query": "What to look for.", "top_k": "Most passages returned."},
    )
