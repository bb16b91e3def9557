"""The no-memory pass of a conversation sample is the memory pass with an empty memory.

One user is played through ``inspect_ai.eval``; for every question of every period the
log holds the memory-pass call and the no-memory call. Their prompts must be identical, and
the no-memory call must be the memory-pass call with the memory section emptied and the
history (or short-term window) dropped: same system prompt, same sections, same tools.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalSample, resolve_sample_attachments

from inspect_memgym.conversation.prompts import REPLY_FORMAT
from inspect_memgym.conversation.task import conversation
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    CONVERSATION_MEMORY_LABEL,
    NO_ENTRIES,
)

AWE_HEADING = AWE_MEMORY_SECTION.split("{entries}")[0].format(label=CONVERSATION_MEMORY_LABEL)
EMPTY_AWE_SYSTEM = f"{ASSISTANT_SYSTEM_PROMPT}\n\n" + AWE_MEMORY_SECTION.format(
    label=CONVERSATION_MEMORY_LABEL, entries=NO_ENTRIES
)


def question_calls(agent: str, tmp_path: Path) -> tuple[EvalSample, list[list[ModelEvent]]]:
    """The sample, and per period its question calls: the memory pass, then no memory."""
    [log] = eval(
        conversation(tier="small", seed=0, agent=agent, diagnostics=False, upper_bound=False),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    sample = resolve_sample_attachments(sample)
    calls = [
        event
        for event in sample.events
        if isinstance(event, ModelEvent) and REPLY_FORMAT in event.input[-1].text
    ]
    per_period = 2 * len(sample.metadata["scenario"]["questions"])
    assert len(calls) == per_period * len(sample.metadata["scenario"]["periods"])
    return sample, [calls[start : start + per_period] for start in range(0, len(calls), per_period)]


def shown(event: ModelEvent) -> list[tuple[str, str]]:
    return [(message.role, message.text) for message in event.input]


@pytest.mark.parametrize("agent", ["awe", "native"])
def test_the_no_memory_call_is_the_memory_call_emptied(agent: str, tmp_path: Path) -> None:
    sample, periods = question_calls(agent, tmp_path)
    for calls in periods:
        half = len(calls) // 2
        for with_memory, without in zip(calls[:half], calls[half:], strict=True):
            assert without.input[-1].text == with_memory.input[-1].text  # the same prompt
            assert without.tools == with_memory.tools
            assert len(with_memory.input) > 2  # a window or history: memory is shown
            memory_system = with_memory.input[0].text
            if agent == "awe":
                assert memory_system.startswith(f"{ASSISTANT_SYSTEM_PROMPT}\n\n{AWE_HEADING}")
                expected_system = EMPTY_AWE_SYSTEM
            else:
                assert memory_system == ASSISTANT_SYSTEM_PROMPT
                expected_system = ASSISTANT_SYSTEM_PROMPT
            assert shown(without) == [
                ("system", expected_system),
                ("user", with_memory.input[-1].text),
            ]
    score = sample.scores["conversation_scorer"].value  # type: ignore[index]
    assert score["chance_corrected_accuracy"] == pytest.approx(1.0)
