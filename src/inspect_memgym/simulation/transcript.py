"""The tool calls a policy made in the current model call's conversation, and their results.

Policies keep no state between calls: everything they know comes from the messages Inspect
passes to the model, so each call rebuilds its tool exchanges from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_ai.model import ChatMessage, ChatMessageAssistant, ChatMessageTool


@dataclass(frozen=True)
class ToolExchange:
    """One tool call the policy made and what came back.

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


def tool_exchanges(messages: list[ChatMessage]) -> list[ToolExchange]:
    """Every tool call in the messages with its result, in call order.

    Args:
        messages: The conversation of the current model call.
    """
    results = {
        m.tool_call_id: m for m in messages if isinstance(m, ChatMessageTool) and m.tool_call_id
    }
    exchanges = []
    for message in messages:
        if not isinstance(message, ChatMessageAssistant):
            continue
        for tool_call in message.tool_calls or []:
            reply = results.get(tool_call.id)
            error = reply.error.message if reply is not None and reply.error is not None else None
            exchanges.append(
                ToolExchange(
                    function=tool_call.function,
                    arguments=dict(tool_call.arguments),
                    result=reply.text if reply is not None and error is None else "",
                    error=error,
                )
            )
    return exchanges
