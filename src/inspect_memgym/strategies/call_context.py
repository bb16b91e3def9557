"""What the next model call is for, kept in the sample's store.

A memory strategy announces the kind of each model call it makes (a reply to the user, a
memory update), and a task's driver announces its own (a question, a probe...), with the id
of the item asked about. A scripted ``memgym`` policy reads this to know what kind of
output is expected; nothing here holds gold state.
"""

from __future__ import annotations

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

PHASE_REPLY = "reply"
"""The strategy answers the user's message."""
PHASE_MEMORY_UPDATE = "memory_update"
"""The strategy asks the model to update its memory (rewrite, extract, summarise)."""
MEMORY_ROLE = "memory"
"""Model role of memory updates (summarising, curating); unbound, the model under test."""


class ModelCallContext(JsonStoreModel):
    """The kind of the next model call.

    Attributes:
        phase: A ``PHASE_*`` constant of the strategies or of the task ("" outside calls).
        item_id: Id of the item being asked about ("" otherwise).
        strategy: Name of the memory strategy playing the sample ("" before one starts).
    """

    phase: str = Field(default="")
    item_id: str = Field(default="")
    strategy: str = Field(default="")


_bound_context = BoundStoreModel(ModelCallContext)


def current_call_context() -> ModelCallContext:
    """`store_as(ModelCallContext)` for the current sample, bound once and reused."""
    return _bound_context.get()


def set_phase(phase: str, item_id: str = "") -> None:
    """Announce the kind of the next model call.

    Args:
        phase: A ``PHASE_*`` constant.
        item_id: Id of the item asked about, if any.
    """
    context = current_call_context()
    if context.phase != phase:
        context.phase = phase
    if context.item_id != item_id:
        context.item_id = item_id


def record_strategy(name: str) -> None:
    """Record the name of the strategy playing the sample.

    Args:
        name: Strategy name.
    """
    context = current_call_context()
    if context.strategy != name:
        context.strategy = name
