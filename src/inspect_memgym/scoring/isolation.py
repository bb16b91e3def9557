"""Memory-isolated scores: the same reasoner with and without memory, paired per question.

Every task also answers each question with no memory at all (the strategy's own answer
call with an empty memory), grades those answers by the same rules, and pairs them with
the answers given with memory, question by question (`PairedAnswer`). `isolate` turns the
pairs into ``no_memory`` and ``memory_delta`` under one definition shared by every task:

- **A floor per question.** Each question has a memoryless floor: the credit the best
  reply that uses no memory earns (a decline, or a blind guess among the candidates: 0 on
  a chance-corrected scale, ``1/k`` on a raw one). The no-memory credit that enters
  ``no_memory`` is at least that floor, so answering worse without memory (a hedge, a
  dump, a deliberately wrong pick) buys no ``memory_delta``.
- **Identical replies pair exactly.** When the no-memory reply is the very answer given
  with memory, memory changed nothing: the pair counts its own credit twice and adds 0.
- **Questions a decline decides leave Δ.** A question whose floor is its full credit (an
  abstention question, where "not mentioned" is right) says nothing about memory: a model
  that merely declines more often with history shown would gain there. It stays out of
  ``no_memory`` and ``memory_delta`` (its accuracy is reported by the task's own keys).
- **A missing answer is a decline.** A question a pass did not answer (a limit cut it, or
  its verdict was unreadable) enters with that pass's decline credit, which the task
  grades before pairing (`scoring.reached`); ``no_memory`` None is only for isolation off.

``memory_delta`` is the task's headline over Δ's questions with memory, minus the same
headline over their counted no-memory credits; it equals ``headline - no_memory`` whenever
no question leaves Δ. ``no_memory_raw`` and ``memory_delta_raw`` keep the unfloored
figures (every question answered in both passes, the no-memory credits as graded), for
analysis. With isolation off all four are NaN, never 0. Pure functions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

NO_MEMORY = "no_memory"
"""Score key of the headline computed from the counted (floored) no-memory credits."""
MEMORY_DELTA = "memory_delta"
"""Score key of what memory added: headline minus ``no_memory`` over Δ's questions."""
NO_MEMORY_RAW = "no_memory_raw"
"""Score key of the headline from the no-memory credits as graded (no floor)."""
MEMORY_DELTA_RAW = "memory_delta_raw"
"""Score key of headline minus ``no_memory_raw`` (the unfloored difference)."""
ISOLATION_KEYS = (NO_MEMORY, MEMORY_DELTA)
"""The memory-isolation keys every task's `Score.value` carries (with metrics)."""
RAW_ISOLATION_KEYS = (NO_MEMORY_RAW, MEMORY_DELTA_RAW)
"""The unfloored figures every task's `Score.value` carries beside them (no metrics)."""
SCORE_NOTES = "score_notes"
"""`Score.metadata` key: score key to a sentence on how to read it (a scale that is not 0 to
1, say), which ``inspect-memgym leaderboard`` prints among its notes for the task's rows."""
ISOLATION_METADATA = "memory_isolation"
"""`Score.metadata` key of `Isolation.metadata`: the definition and the question counts."""
DELTA_DEFINITION = (
    "memory_delta = headline with memory - headline with no memory, over the questions "
    "answered in both passes that a decline does not decide; each no-memory credit counts "
    "at least the question's memoryless floor (a decline or a blind guess), except a reply "
    "identical to the one given with memory, which adds 0; *_raw keys are unfloored"
)
"""The definition of ``memory_delta``, recorded in every score's metadata."""

Headline = Callable[[Mapping[int, float]], float]
"""A task's headline over some of its questions: question index -> credit -> the figure
(NaN when no counted question is given)."""


@dataclass(frozen=True)
class PairedAnswer:
    """One question's credit with memory and without it.

    Attributes:
        memory: The credit of the answer given with memory.
        no_memory: The credit of the no-memory answer (None: not asked, or not reached).
        floor: What the best reply that uses no memory earns on this question, on the
            credit's own scale (a decline's credit, or a blind guess's expected credit).
        ceiling: The most a reply earns on this question.
        same_reply: Whether the no-memory reply is the very answer given with memory
            (after the task's reading of replies).
    """

    memory: float
    no_memory: float | None
    floor: float = 0.0
    ceiling: float = 1.0
    same_reply: bool = False

    @property
    def decline_decides(self) -> bool:
        """Whether a memoryless reply already earns full credit (the question leaves Δ)."""
        return self.floor >= self.ceiling

    @property
    def in_delta(self) -> bool:
        """Whether the question enters ``no_memory`` and ``memory_delta``."""
        return self.no_memory is not None and not self.decline_decides

    @property
    def counted_no_memory(self) -> float:
        """The no-memory credit that enters Δ: the graded one, at least the floor.

        A reply identical to the memory pass's counts as graded (the pair then adds 0).

        Raises:
            ValueError: If the question was not answered with no memory.
        """
        if self.no_memory is None:
            raise ValueError("the question was not answered with no memory")
        if self.same_reply or math.isnan(self.no_memory):
            return self.no_memory
        return max(self.no_memory, self.floor)


@dataclass(frozen=True)
class Isolation:
    """The memory-isolated figures of one sample (or of one axis of it).

    Attributes:
        no_memory: The headline over Δ's questions from their counted no-memory credits.
        memory_delta: The headline over Δ's questions with memory, minus ``no_memory``.
        no_memory_raw: The headline from the graded no-memory credits (no floor).
        memory_delta_raw: The headline with memory minus ``no_memory_raw``, over the
            questions answered in both passes.
        in_delta: Questions in Δ.
        decline_decided: Questions left out because a decline decides them.
        not_answered: Questions left out because one pass did not answer them.
        floored: Questions of Δ whose no-memory credit was raised to the floor.
    """

    no_memory: float
    memory_delta: float
    no_memory_raw: float
    memory_delta_raw: float
    in_delta: int = 0
    decline_decided: int = 0
    not_answered: int = 0
    floored: int = 0

    def values(self) -> dict[str, float]:
        """``no_memory``, ``memory_delta`` and the raw pair, for `Score.value`."""
        return {
            NO_MEMORY: self.no_memory,
            MEMORY_DELTA: self.memory_delta,
            NO_MEMORY_RAW: self.no_memory_raw,
            MEMORY_DELTA_RAW: self.memory_delta_raw,
        }

    def metadata(self) -> dict[str, Any]:
        """The definition and the question counts, for `Score.metadata`."""
        return {
            "definition": DELTA_DEFINITION,
            "questions_in_delta": self.in_delta,
            "decline_decided": self.decline_decided,
            "not_answered": self.not_answered,
            "floored": self.floored,
        }


ISOLATION_OFF = Isolation(math.nan, math.nan, math.nan, math.nan)
"""The figures when memory isolation is off: NaN, never 0."""


def isolate(
    pairs: Sequence[PairedAnswer],
    headline: Headline,
    no_memory_headline: Headline | None = None,
) -> Isolation:
    """``no_memory`` and ``memory_delta`` of one sample under the shared definition.

    Args:
        pairs: Every question the headline may count, in the task's order (indices into
            this sequence are what ``headline`` receives).
        headline: The task's headline over a subset of the questions, with memory.
        no_memory_headline: The same headline for the no-memory credits, where a pass
            counts something of its own (the writes it used); default ``headline``.

    Returns:
        The figures; `ISOLATION_OFF` when no question was answered with no memory.
    """
    answered = [index for index, pair in enumerate(pairs) if pair.no_memory is not None]
    if not answered:
        return ISOLATION_OFF
    without = no_memory_headline or headline
    delta = [index for index in answered if pairs[index].in_delta]
    counted = {index: pairs[index].counted_no_memory for index in delta}
    no_memory = without(counted)
    raw_no_memory = without({index: _graded(pairs[index]) for index in answered})
    return Isolation(
        no_memory=no_memory,
        memory_delta=headline({index: pairs[index].memory for index in delta}) - no_memory,
        no_memory_raw=raw_no_memory,
        memory_delta_raw=headline({index: pairs[index].memory for index in answered})
        - raw_no_memory,
        in_delta=len(delta),
        decline_decided=sum(pairs[index].decline_decides for index in answered),
        not_answered=len(pairs) - len(answered),
        floored=sum(counted[index] != _graded(pairs[index]) for index in delta),
    )


def same_reply(reply: str, no_memory_reply: str | None) -> bool:
    """Whether the no-memory reply is the memory pass's, whitespace and case aside.

    Args:
        reply: The reply with memory.
        no_memory_reply: The reply with none (None when not asked).
    """
    if no_memory_reply is None:
        return False
    return " ".join(reply.split()).lower() == " ".join(no_memory_reply.split()).lower()


def mean_credit(credits: Mapping[int, float]) -> float:
    """The plain mean of the credits given (NaN for none): most tasks' `Headline`.

    Args:
        credits: Question index -> credit.
    """
    return math.fsum(credits.values()) / len(credits) if credits else math.nan


def _graded(pair: PairedAnswer) -> float:
    assert pair.no_memory is not None
    return pair.no_memory


def is_delta_key(key: str) -> bool:
    """Whether a score key is a memory delta: ``memory_delta``, ``memory_delta_<axis>``, ...

    Args:
        key: A score key.
    """
    return key == MEMORY_DELTA or key.startswith(f"{MEMORY_DELTA}_")


def delta_key(key: str) -> str:
    """The score key of one axis's memory delta, e.g. ``memory_delta_breadth``.

    Args:
        key: The axis key.
    """
    return f"{MEMORY_DELTA}_{key}"
