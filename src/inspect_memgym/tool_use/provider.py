"""The opt-in ``text-tool-calls`` provider: another model, with its text-written calls parsed.

``--model text-tool-calls/openai-api/llamacpp/qwen05`` runs ``openai-api/llamacpp/qwen05``
unchanged, except that a reply to a request with tools that has no tool call but writes calls
of offered tools as text (JSON or Python calls such as ``memory_search("Ada", 20)``; bare,
fenced, or in ``<tool_call>`` tags: `tool_use.text_calls`) is returned with those calls as
real tool calls (positional arguments bound to the tool's parameters in schema order), and
the count in the output's metadata (`tool_use.loop.PARSED_TEXT_CALLS_KEY`), which the tool
loop adds to ``parsed_text_calls``.
The model's name in the log says the parsing was on. Off by default, so a model's own
tool-calling failures stay in its headline.
"""

from __future__ import annotations

import uuid
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    Model,
    ModelAPI,
    ModelCall,
    ModelOutput,
    RetryDecision,
    get_model,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

from inspect_memgym.tool_use.loop import PARSED_TEXT_CALLS_KEY
from inspect_memgym.tool_use.text_calls import (
    Offered,
    TextToolCall,
    text_tool_calls,
    tool_signature,
    without_calls,
)

PROVIDER = "text-tool-calls"
"""The provider's name: ``--model text-tool-calls/<provider>/<model>``."""


class TextToolCallsAPI(ModelAPI):
    """Wraps another model's API and parses the tool calls it writes as text."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        **model_args: Any,
    ) -> None:
        """Create the wrapped model.

        Args:
            model_name: The wrapped model, ``<provider>/<model>``.
            base_url: Passed to the wrapped model.
            api_key: Passed to the wrapped model.
            config: Passed to the wrapped model.
            **model_args: Passed to the wrapped model.

        Raises:
            ValueError: If no wrapped model is named.
        """
        if "/" not in model_name:
            raise ValueError(
                f"{PROVIDER} wraps another model: --model {PROVIDER}/<provider>/<model>, "
                f"got {PROVIDER}/{model_name}"
            )
        super().__init__(model_name, base_url, api_key, [], config or GenerateConfig())
        self.inner: Model = get_model(
            model_name,
            config=config or GenerateConfig(),
            base_url=base_url,
            api_key=api_key,
            memoize=False,
            **model_args,
        )

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput | tuple[ModelOutput | Exception, ModelCall]:
        """The wrapped model's output, with calls written as text made real calls.

        Args:
            input: The call's messages.
            tools: Tools on offer.
            tool_choice: Passed on.
            config: Passed on.
        """
        result = await self.inner.api.generate(input, tools, tool_choice, config)
        output = result[0] if isinstance(result, tuple) else result
        if isinstance(output, ModelOutput) and tools:
            parse_text_calls(output, [tool_signature(tool) for tool in tools])
        return result

    def max_tokens(self) -> int | None:
        """The wrapped model's default."""
        return self.inner.api.max_tokens()

    def max_connections(self) -> int:
        """The wrapped model's default."""
        return self.inner.api.max_connections()

    def connection_key(self) -> str:
        """The wrapped model's connection key (it shares its limits)."""
        return self.inner.api.connection_key()

    def should_retry(self, ex: Exception) -> bool | RetryDecision:
        """As the wrapped model decides.

        Args:
            ex: The exception.
        """
        return self.inner.api.should_retry(ex)

    def collapse_user_messages(self) -> bool:
        """As the wrapped model."""
        return self.inner.api.collapse_user_messages()

    def collapse_assistant_messages(self) -> bool:
        """As the wrapped model."""
        return self.inner.api.collapse_assistant_messages()

    def tools_required(self) -> bool:
        """As the wrapped model."""
        return self.inner.api.tools_required()

    def tool_result_images(self) -> bool:
        """As the wrapped model."""
        return self.inner.api.tool_result_images()

    async def aclose(self) -> None:
        """Close the wrapped model."""
        await self.inner.api.aclose()


def parse_text_calls(output: ModelOutput, offered: Offered) -> int:
    """Turn an output's calls written as text into tool calls (in place).

    Only when the first choice has no tool call of its own. Counts them in the output's
    metadata.

    Args:
        output: A model's output.
        offered: The tools on offer, by signature (by name, positional arguments of Python
            calls stay unbound).

    Returns:
        The calls parsed.
    """
    if not output.choices:
        return 0
    choice = output.choices[0]
    message = choice.message
    if message.tool_calls:
        return 0
    found = text_tool_calls(message.text, offered)
    if not found:
        return 0
    message.tool_calls = [_tool_call(call) for call in found]
    message.content = without_calls(message.text, found)
    choice.stop_reason = "tool_calls"
    output.metadata = {**(output.metadata or {}), PARSED_TEXT_CALLS_KEY: len(found)}
    return len(found)


def _tool_call(call: TextToolCall) -> ToolCall:
    return ToolCall(
        id=f"text_{uuid.uuid4().hex[:12]}", function=call.function, arguments=call.arguments
    )
