"""A model turn writes only the tool-use counts it changes, each once.

Every write of a `StoreModel` field validates the model against the whole store, and the
loop counts every turn of every sample; a count that a turn leaves unchanged is not written.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from inspect_ai.model import ChatMessageAssistant, ModelOutput
from inspect_ai.tool import Tool, ToolCall, ToolDef, tool
from inspect_ai.util import Store

from inspect_memgym.kit.inspect_internals import start_sample_store
from inspect_memgym.tool_use.counts import current_tool_use
from inspect_memgym.tool_use.loop import note_model_turn

MODEL = "mockllm/model"
COUNTS = "ToolUse:"


class CountingStore(Store):
    """A sample store that counts writes of each key."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: Counter[str] = Counter()

    def set(self, key: str, value: Any) -> None:
        self.writes[key] += 1
        super().set(key, value)


@tool
def look_up() -> Tool:
    async def execute(name: str) -> str:
        """Look a name up.

        Args:
            name: The name.
        """
        return name

    return execute


def _counted_turn(output: ModelOutput) -> dict[str, int]:
    store = CountingStore()
    start_sample_store(store)
    current_tool_use()  # bound once per sample: its defaults go into the store
    store.writes.clear()
    note_model_turn(output, [ToolDef(look_up())])
    return {
        key.removeprefix(COUNTS): n for key, n in store.writes.items() if key.startswith(COUNTS)
    }


def test_a_turn_with_calls_writes_the_turn_and_the_calls_once() -> None:
    calls = [
        ToolCall(id=f"call-{n}", function="look_up", arguments={"name": "Ada"}) for n in (1, 2)
    ]
    output = ModelOutput.from_message(ChatMessageAssistant(content="", tool_calls=calls))
    assert _counted_turn(output) == {"turns": 1, "native_calls": 1}
    use = current_tool_use()
    assert (use.turns, use.native_calls, use.parsed_text_calls) == (1, 2, 0)


def test_a_plain_reply_writes_only_the_turn() -> None:
    assert _counted_turn(ModelOutput.from_content(MODEL, "Ada lives in Lyon.")) == {"turns": 1}
    use = current_tool_use()
    assert (use.turns, use.native_calls, use.text_calls) == (1, 0, 0)
