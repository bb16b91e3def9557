"""What an entity_stream policy can see: the current event and its own tool calls and results.

The view is rebuilt from the messages Inspect passes to the model, plus the event's public
payload from the sample store. Policies keep no state of their own between calls, so
everything they know comes from the conversation and their memory tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageUser

from inspect_memgym.simulation.transcript import ToolExchange, tool_exchanges

_WRITES_LEFT = re.compile(r"(\d+) of (\d+) writes left")


@dataclass(frozen=True)
class EventView:
    """The current event as a policy sees it.

    Attributes:
        kind: Event kind (``ingest``, ``correction``, ``contradiction``, ``question``,
            ``session_break``).
        payload: The event's public payload.
        prompt: The user message text (event text and status line).
        exchanges: Tool calls made so far in this event, in order.
        offered: Names of the tools on offer (all of them when not known).
        shown: Every message's text, joined (what the call shows, history included).
    """

    kind: str
    payload: dict[str, Any]
    prompt: str
    exchanges: list[ToolExchange] = field(default_factory=list)
    offered: frozenset[str] | None = None
    shown: str = ""

    def offers(self, tool: str) -> bool:
        """Whether a tool is on offer in this call.

        Args:
            tool: Tool name.
        """
        return self.offered is None or tool in self.offered

    def calls(self, function: str) -> list[ToolExchange]:
        """Exchanges with one tool.

        Args:
            function: Tool name.
        """
        return [exchange for exchange in self.exchanges if exchange.function == function]

    def writes_left(self) -> int | None:
        """Writes left, from the latest tool result or the status line, if stated."""
        for text in [*(e.result or e.error or "" for e in reversed(self.exchanges)), self.prompt]:
            match = _WRITES_LEFT.search(text)
            if match:
                return int(match.group(1))
        return None


def build_view(
    messages: list[ChatMessage], event: dict[str, Any], offered: frozenset[str] | None = None
) -> EventView:
    """Rebuild the event view from the conversation and the store's event payload.

    Args:
        messages: Messages of the current event (system, user, then the policy's turns).
        event: ``EntityStreamState.current_event``.
        offered: Names of the tools on offer.
    """
    prompt = next((m.text for m in messages if isinstance(m, ChatMessageUser)), "")
    exchanges = tool_exchanges(messages)
    payload = {key: value for key, value in event.items() if key not in ("kind", "index")}
    return EventView(
        kind=str(event.get("kind", "")),
        payload=payload,
        prompt=prompt,
        exchanges=exchanges,
        offered=offered,
        shown="\n".join(message.text for message in messages),
    )
