"""What a scripted policy can see: the current event and its own tool calls and results.

The view is rebuilt from the messages Inspect passes to the model, plus the event's public
payload from the sample store. Policies keep no state of their own between calls, so
everything they know comes from the conversation and their memory tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageTool, ChatMessageUser

_WRITES_LEFT = re.compile(r"(\d+) of (\d+) writes left")


@dataclass(frozen=True)
class ToolExchange:
    """One tool call the policy made in this event and what came back.

    Attributes:
        function: Tool name.
        arguments: Call arguments.
        result: The tool's text result ("" on error).
        error: The error message if the tool refused.
    """

    function: str
    arguments: dict[str, Any]
    result: str
    error: str | None


@dataclass(frozen=True)
class EventView:
    """The current event as a policy sees it.

    Attributes:
        kind: Event kind (``ingest``, ``correction``, ``contradiction``, ``question``,
            ``session_break``).
        payload: The event's public payload.
        prompt: The user message text (event text and status line).
        exchanges: Tool calls made so far in this event, in order.
    """

    kind: str
    payload: dict[str, Any]
    prompt: str
    exchanges: list[ToolExchange] = field(default_factory=list)

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


def build_view(messages: list[ChatMessage], event: dict[str, Any]) -> EventView:
    """Rebuild the event view from the conversation and the store's event payload.

    Args:
        messages: Messages of the current event (system, user, then the policy's turns).
        event: ``EntityStreamState.current_event``.
    """
    prompt = next((m.text for m in messages if isinstance(m, ChatMessageUser)), "")
    results = {
        m.tool_call_id: m for m in messages if isinstance(m, ChatMessageTool) and m.tool_call_id
    }
    exchanges = []
    for message in messages:
        if not isinstance(message, ChatMessageAssistant):
            continue
        for call in message.tool_calls or []:
            reply = results.get(call.id)
            error = reply.error.message if reply is not None and reply.error is not None else None
            exchanges.append(
                ToolExchange(
                    function=call.function,
                    arguments=dict(call.arguments),
                    result=reply.text if reply is not None and error is None else "",
                    error=error,
                )
            )
    payload = {key: value for key, value in event.items() if key not in ("kind", "index")}
    return EventView(
        kind=str(event.get("kind", "")), payload=payload, prompt=prompt, exchanges=exchanges
    )
