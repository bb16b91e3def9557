"""What an agent sends to the training environment: each accepted shape, and refusals."""

from __future__ import annotations

import pytest

from inspect_memgym.training.actions import ActionError, Call, Turn, read_action


def test_a_tool_call_and_a_reply_are_read() -> None:
    assert read_action({"tool": "memory_read", "arguments": '{"start_line": 1}'}) == Turn(
        calls=[Call("memory_read", {"start_line": 1})]
    )
    assert read_action({"reply": "DONE"}) == Turn(text="DONE")


def test_an_action_holding_a_tool_and_a_reply_is_refused_in_one_line() -> None:
    with pytest.raises(ActionError) as caught:
        read_action({"tool": "memory_write", "arguments": {"content": "x"}, "reply": "DONE"})
    assert str(caught.value) == (
        "An action is a tool call or a reply, not both: send {'tool': name, 'arguments': "
        "{...}}, or {'reply': text} alone to end the stage."
    )
