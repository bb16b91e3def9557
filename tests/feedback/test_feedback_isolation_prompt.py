"""The no-memory pass asks with the very prompt of the memory pass, its memory empty.

A recording mockllm model keeps every test answer's call. For each test request the call of
the no-memory pass (step 0) and of the memory pass after training (step 1) must be the same
messages, in the same roles, with the same request and the same system prompt, except for
what memory holds: the memory section is present in both, empty in the first. So the
memory delta measures memory and nothing else (no section missing, no extra wording a
model could tell the passes apart by).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.feedback.prompts import MEMORY_LABEL, SYSTEM_PROMPT
from inspect_memgym.feedback.state import PHASE_TEST, current_feedback_state
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.strategies.call_context import current_call_context
from inspect_memgym.strategies.prompts import (
    EMPTY_NOTES,
    NO_ENTRIES,
    NOTES_SECTION,
    RETRIEVAL_MEMORY_SECTION,
)

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
WORLD = generate_world("small", 0)
BRIEFING = SYSTEM_PROMPT.format(organisation=WORLD.organisation.name, city=WORLD.organisation.city)
EMPTY_SECTIONS = {
    "bm25_dialog": RETRIEVAL_MEMORY_SECTION.format(label=MEMORY_LABEL, entries=NO_ENTRIES),
    "notes": NOTES_SECTION.format(label=MEMORY_LABEL, notes=EMPTY_NOTES),
}
"""The memory section each strategy shows when its memory is empty."""


class Recorder:
    """Answers every call the same way and keeps each test answer's messages by step."""

    def __init__(self) -> None:
        self.tests: dict[tuple[int, str], list[tuple[str, str]]] = {}

    def __call__(
        self,
        messages: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        context = current_call_context()
        if context.phase == PHASE_TEST:
            key = (current_feedback_state().step, context.item_id)
            self.tests[key] = [(message.role, message.text) for message in messages]
        output = ModelOutput.from_content("mockllm/model", "Noted: the total is pending.")
        output.usage = USAGE
        return output


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize("agent", ["bm25_dialog", "notes"])
def test_the_no_memory_prompt_is_the_memory_prompt_with_an_empty_memory(
    agent: str, tmp_path: Path
) -> None:
    recorder = Recorder()
    [log] = eval(
        feedback(tier="small", seed=0, agent=agent, protocol="off_policy", feedback="both"),
        model=get_model("mockllm/model", custom_outputs=recorder),
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples and log.samples[0].error is None
    requests = [request.request_id for request in WORLD.test]
    assert set(recorder.tests) == {(step, r) for step in (0, 1) for r in requests}
    for request in requests:
        empty, full = recorder.tests[(0, request)], recorder.tests[(1, request)]
        assert [role for role, _ in empty] == [role for role, _ in full] == ["system", "user"]
        assert empty[1] == full[1] == ("user", WORLD.request(request).text)
        section = EMPTY_SECTIONS[agent]
        heading = section.splitlines()[0]
        # the same briefing and the same section heading; only what memory holds differs
        assert empty[0] == ("system", f"{BRIEFING}\n\n{section}")
        assert full[0][1].startswith(f"{BRIEFING}\n\n{heading}\n")
        assert full[0][1] != empty[0][1]
