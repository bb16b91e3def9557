"""Per-sample progress of an entity_stream run, kept in Inspect's store."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

STRATEGY_KEY = "strategy"
"""Sample metadata key naming the memory strategy that played the sample."""
AGENTIC = "agentic"
"""The strategy whose tool loop plays this task's own events (`driver.run_stream`)."""
ISOLATION_KEY = "memory_isolation"
"""Sample metadata key: ask every question again with no memory (default true)."""
PHASE_QUESTION = "question"
"""A question answered through a memory strategy (`ModelCallContext.phase`)."""


class EntityStreamState(JsonStoreModel):
    """What the solver records while it feeds a scenario's events to the agent.

    Attributes:
        current_event: The public payload of the event being processed, with its ``kind``,
            ``index``, the scenario's ``template``, ``tier`` and ``seed``, and (for
            questions) ``qid``. Scripted policies read it to decide what
            to store; it never holds a gold answer.
        answers: Per question id: ``answer`` (text), ``submitted`` (True if it came through
            ``submit_answer``), ``event`` (stream index) and ``turns`` used.
        no_memory_answers: The same per question id, for the question asked again with no
            memory (memory isolation).
        without_memory: True while a question is asked again with no memory.
        events_done: Events fully processed.
        session: Current session number (multi tier).
    """

    current_event: dict[str, Any] = Field(default_factory=dict)
    answers: dict[str, dict[str, Any]] = Field(default_factory=dict)
    no_memory_answers: dict[str, dict[str, Any]] = Field(default_factory=dict)
    without_memory: bool = False
    events_done: int = 0
    session: int = 1


_bound_state = BoundStoreModel(EntityStreamState)


def current_stream_state() -> EntityStreamState:
    """`store_as(EntityStreamState)` for the current sample, bound once and reused.

    The solver and the ``memgym`` provider read it on every event and every model call;
    a bound `StoreModel` reads and writes the store on every access.
    """
    return _bound_state.get()
