"""What conversation's driver, scorer and scripted policies read from a sample's metadata.

A sample carries its whole user (``scenario``: persona, periods, questions) and the run's
options (``conversation_options``); both are read with `ConversationSpec` (Inspect's
``state.metadata_as``), so a sample missing one fails with one line naming it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from inspect_memgym.conversation.evolve_levels import NO_EVOLUTION
from inspect_memgym.kit.sample_spec import SampleSpec


class ConversationOptions(BaseModel):
    """The run options a conversation sample records (each as its task argument).

    Attributes:
        diagnostics: Ask the probes after each period.
        upper_bound: Ask each question again with the user's state given.
        memory_isolation: Ask each question again with no memory.
        evolve: The memory brief's self-evolution level (recorded only when not ``none``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    diagnostics: bool = True
    upper_bound: bool = True
    memory_isolation: bool = True
    evolve: str = NO_EVOLUTION


class ConversationSpec(SampleSpec):
    """A conversation sample's user and run options (its metadata keys).

    Attributes:
        scenario: The user (``ConversationScenario.to_dict`` form).
        conversation_options: The run's options.
    """

    scenario: dict[str, Any]
    conversation_options: ConversationOptions = ConversationOptions()
