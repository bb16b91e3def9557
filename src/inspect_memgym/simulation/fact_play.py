"""Scripted policies for tasks built on grounding facts, under any memory strategy.

A task whose inputs state grounding facts (`scoring.facts.Fact`, each statement verbatim
in the documents that carry it) gives a `FactBook`: its facts, which of them a careful
reader would keep (public: the task's own structure says what its questions need), and how
an answer follows from the facts a reader knows. The policies then play any strategy's
model calls the same way:

- a reader knows a fact when its statement is in the call's text (a document, its own
  notes, a retrieved entry, a tool result), verbatim or JSON-escaped (awi's memory);
- on a memory update it writes the statements of the kept facts it knows (one per line;
  a JSON object for awi; awe and agentic store one fact per entry with the tools);
- on an answer it answers from the facts it knows (agentic: after reading its memory).

``perfect`` keeps every fact the book marks as needed, ``partial`` about half of them
(fixed by a hash), ``forgetful`` none; ``guesser`` keeps nothing and answers the book's
guess. They answer only from what the call shows them: if a strategy loses a fact, the
policy cannot use it.

Tasks over released data (free text, not generated statements) take each fact's statement
from its source text with `verbatim_statement`: a run of the text that every memory keeps
verbatim (no quote, backslash or line break, which JSON memory would escape and stored
entries would rewrite), near its start (so a stored entry cut to its size limit keeps it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges

FACT_POLICIES = {"perfect": 1.0, "partial": 0.5, "forgetful": 0.0, "guesser": 0.0}
"""Policy name -> share of needed facts it keeps."""
JSON_MEMORY_STRATEGY = "awi"
"""The strategy whose memory is a JSON object."""
NOTHING_KEPT = "(nothing kept)"
UPDATED = "Memory is up to date."
READ_ALL = {"start_line": 1, "num_lines": 500}
"""The agentic answer's one read: the first page of memory."""
STATEMENT_CHARS = 160
"""Longest statement `verbatim_statement` takes from a text."""
STATEMENT_WINDOW = 1500
"""`verbatim_statement` looks only at a text's first characters (stored entries are cut)."""
_NOT_VERBATIM = re.compile(r'["\\\x00-\x1f\x7f-\x9f\u2028\u2029]')
"""Characters some memory rewrites: quotes and backslashes (JSON), control characters."""


def verbatim_statement(text: str, max_chars: int = STATEMENT_CHARS) -> str:
    """The longest run of a text's opening that every memory keeps verbatim, cut to size.

    Args:
        text: A source text (a turn of a released conversation, say).
        max_chars: The longest statement.

    Returns:
        A substring of ``text`` without quotes, backslashes or control characters (line
        breaks included), stripped; empty when the text has none.
    """
    runs = _NOT_VERBATIM.split(text[:STATEMENT_WINDOW])
    return max(runs, key=len).strip()[:max_chars].strip()


@dataclass(frozen=True)
class FactBook:
    """What a scripted reader can know in one sample.

    Attributes:
        facts: Every fact a text may state, by id (needed facts and distractors).
        needed: Ids of the facts a careful reader keeps.
        answer: ``(item id, ids of the facts known) -> answer text``.
        guess: ``item id -> a memoryless guess`` (the guesser's answer).
    """

    facts: Mapping[str, Fact]
    needed: frozenset[str]
    answer: Callable[[str, frozenset[str]], str]
    guess: Callable[[str], str]

    def known(self, text: str) -> list[str]:
        """Ids of the facts whose statement the text holds, in book order.

        A statement counts as held verbatim or as it reads inside a JSON string (quotes and
        backslashes escaped), as the awi strategy's memory shows it.

        Args:
            text: A model call's text.
        """
        return [
            fact_id
            for fact_id, fact in self.facts.items()
            if fact.statement in text or _as_json_string(fact.statement) in text
        ]


class AnnouncedCall(Protocol):
    """What the strategy or the driver announced about a model call.

    `strategies.call_context.ModelCallContext` has this shape (simulation reads it through
    the benchmark, which may import the strategies).
    """

    @property
    def phase(self) -> str:
        """The kind of call (a ``PHASE_*`` constant)."""

    @property
    def item_id(self) -> str:
        """The item asked about ("" if none)."""

    @property
    def strategy(self) -> str:
        """The memory strategy playing the sample."""


@dataclass(frozen=True)
class FactCall:
    """One model call, as a fact policy sees it.

    Attributes:
        policy: Policy name (a key of `FACT_POLICIES`).
        strategy: The memory strategy playing the sample.
        updating: Whether the call is a memory update.
        answering: Whether the call answers an item (``item_id``).
        item_id: The item asked about.
        sample_key: Stable id of the sample (seeds the partial policy's hash).
    """

    policy: str
    strategy: str
    updating: bool
    answering: bool
    item_id: str
    sample_key: str

    @classmethod
    def announced(
        cls,
        policy: str,
        call: AnnouncedCall,
        update_phase: str,
        answer_phase: str,
        sample_key: str,
        item_id: str | None = None,
    ) -> FactCall:
        """The call as announced: an update or an answer by its phase.

        Args:
            policy: Policy name.
            call: What was announced about the call.
            update_phase: The strategies' memory-update phase.
            answer_phase: The task's phase of a question's answer.
            sample_key: Stable id of the sample.
            item_id: The item asked about (default: the announced one).
        """
        return cls(
            policy=policy,
            strategy=call.strategy,
            updating=call.phase == update_phase,
            answering=call.phase == answer_phase,
            item_id=call.item_id if item_id is None else item_id,
            sample_key=sample_key,
        )


def fact_action(
    call: FactCall, book: FactBook, messages: list[ChatMessage], tools: list[ToolInfo]
) -> Action:
    """The policy's action for one model call.

    Args:
        call: The call's policy, strategy and phase.
        book: The sample's fact book.
        messages: The call's messages.
        tools: Tools on offer.
    """
    text = "\n".join(message.text for message in messages)
    offered = {info.name for info in tools}
    kept = [fact_id for fact_id in book.known(text) if _keeps(call, book, fact_id)]
    if call.answering:
        if call.policy == "guesser":
            return finish(book.guess(call.item_id))
        if "memory_read" in offered and not tool_exchanges(messages):
            return Action(calls=[ToolRequest("memory_read", READ_ALL)])
        remembers = FACT_POLICIES[call.policy] > 0
        known = frozenset(book.known(text)) if remembers else frozenset()
        return finish(book.answer(call.item_id, known))
    if "memory_write" in offered:
        return _store(kept, book, messages)
    if call.updating:
        statements = [book.facts[fact_id].statement for fact_id in kept]
        if call.strategy == JSON_MEMORY_STRATEGY:
            return finish(json.dumps(dict(zip(kept, statements, strict=True))))
        return finish("\n".join(statements) or NOTHING_KEPT)
    return finish(UPDATED)


def _as_json_string(statement: str) -> str:
    """A statement as it reads between the quotes of a JSON string (awi's memory)."""
    return json.dumps(statement, ensure_ascii=False)[1:-1]


def _keeps(call: FactCall, book: FactBook, fact_id: str) -> bool:
    rate = FACT_POLICIES[call.policy]
    if fact_id not in book.needed or rate <= 0:
        return False
    return rate >= 1.0 or stable_fraction(call.policy, call.sample_key, fact_id) < rate


def _store(kept: list[str], book: FactBook, messages: list[ChatMessage]) -> Action:
    """One entry per kept fact that memory does not show yet (awe and agentic).

    A fact is shown as stored when a retrieved entry (``- <statement>``) or a tool result
    holds it.
    """
    exchanges = tool_exchanges(messages)
    if any(exchange.function == "memory_write" for exchange in exchanges):
        return finish(UPDATED)
    text = "\n".join(message.text for message in messages)
    shown = "\n".join(exchange.result for exchange in exchanges)
    writes = [
        ToolRequest("memory_write", {"content": statement})
        for statement in (book.facts[fact_id].statement for fact_id in kept)
        if statement not in shown and f"- {statement}" not in text
    ]
    return Action(calls=writes) if writes else finish(UPDATED)
