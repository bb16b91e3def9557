"""The ``memgym`` model provider: scripted reference policies behind Inspect's model API.

``--model memgym/perfect`` runs the perfect policy through the very same tools, solvers and
memory strategies as an LLM. Each ``generate`` call goes to the benchmark the sample names
(`policy_registry`), which rebuilds what the policy sees from the call's messages and the
sample's public state and returns its next tool calls or final reply. Token usage is an
offline estimate (characters / 4), so no tokenizer download is needed.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolCall, ToolChoice, ToolInfo

from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.simulation.actions import Action
from inspect_memgym.simulation.policy_registry import (
    BENCHMARK_KEY,
    benchmark_policies,
    check_plays,
)

DEFAULT_CONFIG = GenerateConfig()


class MemgymModelAPI(ModelAPI):
    """Model API whose "model" is a scripted policy (``memgym/<policy>``)."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = DEFAULT_CONFIG,
        **model_args: Any,
    ) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        # A name is checked against the task, not here: Inspect creates the model before it
        # builds the task, and each task plays its own policies. A task refuses a policy it
        # does not play while it is built (`check_active_policy`), in one line listing the
        # ones it does; a task built before the eval refuses it at the first model call.

    async def count_text_tokens(self, text: str) -> int:
        """Estimate tokens without a tokenizer download.

        Args:
            text: Text to count.
        """
        return estimate_tokens(text)

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        """Return the policy's next action for the current model call.

        Args:
            input: The call's messages.
            tools: Tools on offer.
            tool_choice: Ignored (policies choose their own tools).
            config: Ignored.

        Raises:
            RuntimeError: If called outside an inspect_memgym task's sample.
            ValueError: If the policy does not play the sample's benchmark.
        """
        metadata = current_sample_metadata() or {}
        benchmark = metadata.get(BENCHMARK_KEY)
        if not isinstance(benchmark, str):
            raise RuntimeError(
                f"memgym/{self.model_name} is a scripted policy for inspect_memgym tasks; "
                "it plays only samples that name their benchmark."
            )
        check_plays(benchmark, self.model_name)
        turn = benchmark_policies(benchmark).play(self.model_name, input, tools)
        return self._output(turn.action, input, tools, turn.call_prefix, turn.first_call_number)

    def _output(
        self,
        action: Action,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        call_prefix: str,
        first_call_number: int,
    ) -> ModelOutput:
        """The policy's action as a model output with an estimated token usage.

        Tool call ids are ``<call_prefix>-<n>``, numbered from ``first_call_number``.
        """
        offered = {info.name for info in tools}
        tool_calls = [
            ToolCall(
                id=f"{call_prefix}-{first_call_number + number}",
                function=request.function,
                arguments=request.arguments,
            )
            for number, request in enumerate(action.calls)
            if request.function in offered
        ]
        message = ChatMessageAssistant(
            content=action.text, tool_calls=tool_calls or None, model=self.model_name
        )
        input_text = "".join(m.text for m in input)
        output_text = action.text + "".join(str(c.arguments) for c in tool_calls)
        input_tokens, output_tokens = estimate_tokens(input_text), estimate_tokens(output_text)
        return ModelOutput(
            model=self.model_name,
            choices=[
                ChatCompletionChoice(
                    message=message, stop_reason="tool_calls" if tool_calls else "stop"
                )
            ],
            usage=ModelUsage(
                input_tokens=input_tokens,
                output_tokens=output_tokens,
                total_tokens=input_tokens + output_tokens,
            ),
        )
