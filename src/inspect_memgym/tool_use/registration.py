"""Registers the opt-in ``text-tool-calls`` model provider with Inspect."""

from __future__ import annotations

from inspect_ai.model import ModelAPI, modelapi


@modelapi(name="text-tool-calls")
def text_tool_calls() -> type[ModelAPI]:
    """Another model, with the tool calls it writes as text parsed.

    Used as ``--model text-tool-calls/<provider>/<model>``.
    """
    from inspect_memgym.tool_use.provider import TextToolCallsAPI

    return TextToolCallsAPI
