"""The ``awi`` strategy: agentic write, in-context memory (AMemGym's AWI).

The memory is a JSON object of facts (string keys, string values) held in context. Every
``update_frequency`` inputs the ``memory`` model rewrites it (phase ``memory_update``) from
the current memory and the inputs since the last update, replying with the complete new
object. A reply that holds no JSON object keeps the old
memory; the failure is counted (``parse_failures``), logged in the transcript and in
`MemoryLedger.operations` (``memory_rewrite``), and the conversation goes on. Replies and
answers see the memory in the system prompt plus the short-term window.
"""

from __future__ import annotations

import json
import re
from typing import Any

from inspect_ai.log import transcript
from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Solver, solver

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.memory.ledger import logged_operation
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, set_phase
from inspect_memgym.strategies.prompts import AWI_MEMORY_SECTION, AWI_UPDATE_PROMPT
from inspect_memgym.strategies.strategy import KeptMemory
from inspect_memgym.strategies.support import (
    ConversationMessage,
    check_strategy_options,
    driving_solver,
    render_messages,
)
from inspect_memgym.strategies.windowed import (
    DEFAULT_SHORT_TERM_WINDOW,
    DEFAULT_UPDATE_FREQUENCY,
    WindowedStrategy,
)

REWRITE_OPERATION = "memory_rewrite"
"""Name of the awi memory rewrite in `MemoryLedger.operations`."""

_JSON_FENCE = re.compile(r"```(?:json)?\s*\n?(.*?)```", re.DOTALL | re.IGNORECASE)


class AwiStrategy(WindowedStrategy):
    """Keeps a JSON object of user facts in context, rewritten by the model."""

    name = "awi"

    def _start_memory(self) -> None:
        """Start with an empty memory object and no parse failures."""
        self.memory: dict[str, str] = {}
        self.parse_failures = 0

    def memory_json(self) -> str:
        """The memory as indented JSON (``{}`` when empty)."""
        return json.dumps(self.memory, ensure_ascii=False, indent=2)

    def kept(self) -> KeptMemory:
        """The memory object's size: its JSON text and its keys."""
        return KeptMemory(estimate_tokens(self.memory_json()), len(self.memory))

    def describe(self) -> dict[str, Any]:
        """Strategy name, parameters, counters and the memory's size."""
        return {
            **super().describe(),
            "parse_failures": self.parse_failures,
            "memory_keys": len(self.memory),
        }

    def _all_memory(self) -> str:
        return self.memory_json()

    async def _memory_items(self) -> tuple[str, ...]:
        return tuple(f"{key}: {value}" for key, value in self.memory.items())

    def _memory_section(self, query: str, log: bool = True) -> str:
        return AWI_MEMORY_SECTION.format(
            label=self.briefing.memory_label, memory_json=self.memory_json()
        )

    def _empty_memory_section(self) -> str:
        return AWI_MEMORY_SECTION.format(label=self.briefing.memory_label, memory_json="{}")

    async def _update_memory(self, messages: list[ConversationMessage]) -> None:
        prompt = AWI_UPDATE_PROMPT.format(
            brief=self.briefing.memory_brief,
            time=self.clock.shown,
            memory_json=self.memory_json(),
            messages=render_messages(messages),
        )
        set_phase(PHASE_MEMORY_UPDATE)
        output = await self.memory_model.generate([ChatMessageUser(content=prompt)])
        with logged_operation(REWRITE_OPERATION) as (_, record):
            memory = parse_memory_object(output.completion)
            if memory is None:
                self.parse_failures += 1
                record["error"] = "The reply holds no JSON object; the old memory is kept."
                transcript().info(
                    {"awi_memory_update": "parse failure: old memory kept"}, source="awi"
                )
            else:
                self.memory = memory
                record["content"] = self.memory_json()


def parse_memory_object(reply: str) -> dict[str, str] | None:
    """The JSON object in a model reply, with every value as a string.

    Tried in order: each fenced block (```json ... ```), the whole reply, then the first
    ``{`` at which a complete JSON object starts. String values are kept; numbers and
    booleans, lists and nested objects become their compact JSON text; null values are
    dropped (the fact is removed).

    Args:
        reply: The model's reply.

    Returns:
        The memory, or None if the reply holds no JSON object.
    """
    candidates = [match.group(1) for match in _JSON_FENCE.finditer(reply)] + [reply]
    for candidate in candidates:
        try:
            parsed = json.loads(candidate.strip())
        except ValueError:
            continue
        if isinstance(parsed, dict):
            return _as_strings(parsed)
    decoder = json.JSONDecoder()
    position = reply.find("{")
    while position != -1:
        try:
            parsed, _ = decoder.raw_decode(reply, position)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            return _as_strings(parsed)
        position = reply.find("{", position + 1)
    return None


def _as_strings(memory: dict[str, Any]) -> dict[str, str]:
    return {
        str(key): value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        for key, value in memory.items()
        if value is not None
    }


@solver
def awi(
    update_frequency: int = DEFAULT_UPDATE_FREQUENCY,
    short_term_window: int = DEFAULT_SHORT_TERM_WINDOW,
) -> Solver:
    """Strategy with an in-context memory the model rewrites (AMemGym's AWI).

    Args:
        update_frequency: Messages (user or assistant) between memory rewrites.
        short_term_window: Recent raw messages kept in context.
    """
    check_strategy_options(update_frequency=update_frequency, short_term_window=short_term_window)

    return driving_solver(
        AwiStrategy, update_frequency=update_frequency, short_term_window=short_term_window
    )
