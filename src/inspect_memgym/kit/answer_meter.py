"""The input tokens of every answer a memory strategy gives, kept in the sample's store.

A task's answers run inside `metered_answer`: every model call completed in the block is
read as it completes (`inspect_internals.observed_model_calls`) and its input tokens are
added up. The answer with memory (`MEMORY_PASS`) and the memory-isolated answer to the same
prompt with an empty memory (`NO_MEMORY_PASS`) carry the same key, so a scorer can pair
them: same reasoner, same prompt, only memory differs, so their difference is the tokens
of memory context the reasoner was given (`memory.cost_figures`). Calls outside answers
(memory updates, replies, judges) are not metered here; Inspect's per-role usage has them.

Every call of a metered answer is also marked in the log with its pass (`PASS_METADATA_KEY`
in the `ModelEvent`'s metadata), and `marked_pass` marks the calls of a pass that is not
metered (a task's upper bound), so a reader of the log can tell the control passes
(`CONTROL_PASSES`) from the behaviour under test (`analysis.trajectories`).

A call's input tokens are those the provider reports (`ModelUsage.input_tokens` plus cache
reads and writes); the character estimate of its messages (`kit.tokens`) is kept too, for
providers that report no usage.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.event import ModelEvent
from pydantic import Field

from inspect_memgym.kit.inspect_internals import (
    BoundStoreModel,
    JsonStoreModel,
    observed_model_calls,
)
from inspect_memgym.kit.pass_names import MEMORY_PASS as MEMORY_PASS
from inspect_memgym.kit.pass_names import NO_MEMORY_PASS as NO_MEMORY_PASS
from inspect_memgym.kit.pass_names import UPPER_BOUND_PASS as UPPER_BOUND_PASS
from inspect_memgym.kit.stored_record import STORED_KEY, StoredRecord
from inspect_memgym.kit.tokens import estimate_tokens

CONTROL_PASSES = frozenset({NO_MEMORY_PASS, UPPER_BOUND_PASS})
"""Passes that measure the task rather than the strategy: not behaviour to imitate."""
PASS_METADATA_KEY = "memgym_pass"
"""Key of a call's pass in its `ModelEvent`'s metadata (absent outside answers)."""


@dataclass(frozen=True)
class MeteredAnswer(StoredRecord):
    """One metered answer, as kept in `AnswerMeter.answers` (its pass stored as ``pass``).

    Attributes:
        pass_name: `MEMORY_PASS` or `NO_MEMORY_PASS`.
        key: The question's key, the same in both passes.
        calls: Model calls made.
        reported: Input tokens the provider reported (None if any call reported none).
        estimated: Input tokens estimated from the calls' messages.
        ms: The answer's wall-clock milliseconds.
    """

    pass_name: str = field(metadata={STORED_KEY: "pass"})
    key: str
    calls: int
    reported: int | None
    estimated: int
    ms: float


class AnswerMeter(JsonStoreModel):
    """One record per metered answer of a sample.

    Attributes:
        answers: One `MeteredAnswer` per answer, in order (as stored: written and read
            through the type).
    """

    answers: list[dict[str, Any]] = Field(default_factory=list)


_bound_meter = BoundStoreModel(AnswerMeter)


def current_answer_meter() -> AnswerMeter:
    """`store_as(AnswerMeter)` for the current sample, bound once and reused."""
    return _bound_meter.get()


def prompt_key(prompt: str) -> str:
    """A short key naming a question by its prompt (both passes get the same prompt).

    Args:
        prompt: The answer's prompt.
    """
    return hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:16]


_metering: ContextVar[bool] = ContextVar("memgym_metering_answer", default=False)
_current_pass: ContextVar[str | None] = ContextVar("memgym_answer_pass", default=None)


def current_pass() -> str | None:
    """The pass of the answer being given now (`MEMORY_PASS`, `NO_MEMORY_PASS`...), or None.

    A scripted policy reads it to play a model that tells its no-memory pass from its
    memory pass (which a real model can: the memory section is empty).
    """
    return _current_pass.get()


@contextmanager
def metered_answer(pass_name: str, key: str) -> Iterator[None]:
    """Record the input tokens of the model calls made in the block, as one answer.

    Nothing is recorded if the block raises. Inside another metered answer the block is
    part of that answer and is not recorded again.

    Args:
        pass_name: `MEMORY_PASS` or `NO_MEMORY_PASS`.
        key: The question's key, the same in both passes (e.g. `prompt_key`).

    Yields:
        Nothing; run the answer in the block.
    """
    if _metering.get():
        yield
        return
    calls: list[ModelEvent] = []

    def on_call(event: ModelEvent) -> None:
        calls.append(event)
        _mark(event, pass_name)

    started = time.perf_counter()
    token = _metering.set(True)
    pass_token = _current_pass.set(pass_name)
    try:
        with observed_model_calls(on_call):
            yield
    finally:
        _current_pass.reset(pass_token)
        _metering.reset(token)
    reported = [_reported_input_tokens(event) for event in calls]
    metered = MeteredAnswer(
        pass_name=pass_name,
        key=key,
        calls=len(calls),
        reported=None if None in reported else sum(r for r in reported if r is not None),
        estimated=sum(_estimated_input_tokens(event) for event in calls),
        ms=round((time.perf_counter() - started) * 1000, 3),
    )
    current_answer_meter().answers.append(metered.as_metadata())


@contextmanager
def marked_pass(pass_name: str) -> Iterator[None]:
    """Mark every model call completed in the block with a pass, without metering it.

    Args:
        pass_name: The pass, e.g. `UPPER_BOUND_PASS`.

    Yields:
        Nothing; make the calls in the block.
    """
    pass_token = _current_pass.set(pass_name)
    try:
        with observed_model_calls(lambda event: _mark(event, pass_name)):
            yield
    finally:
        _current_pass.reset(pass_token)


def _mark(event: ModelEvent, pass_name: str) -> None:
    """Record the call's pass in its event's metadata (before the event reaches the log)."""
    event.metadata = {**(event.metadata or {}), PASS_METADATA_KEY: pass_name}


def _reported_input_tokens(event: ModelEvent) -> int | None:
    usage = event.output.usage if event.output is not None else None
    if usage is None or event.error is not None:
        return None
    return (
        usage.input_tokens
        + (usage.input_tokens_cache_read or 0)
        + (usage.input_tokens_cache_write or 0)
    )


def _estimated_input_tokens(event: ModelEvent) -> int:
    return sum(estimate_tokens(message.text) for message in event.input)
