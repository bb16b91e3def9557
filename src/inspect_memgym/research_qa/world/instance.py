"""A research instance: the question, its chain, its search turns and its gold answer.

Generated instances and MemGym-DR's released rows share this model. Only generated ones
carry ``claims`` and ``chain_start`` (the structure a reader follows); a released row's
chain is known only as text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from inspect_memgym.research_qa.world.model import (
    ChainHop,
    Claim,
    Distractor,
    Document,
    GroundingFact,
    SearchTurn,
    flat_dict,
    from_flat_dict,
)
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.scoring.gold import GoldAnswer

EvictionMode = Literal["full_eviction", "sliding_window"]
InstanceSource = Literal["generated", "memgym"]


@dataclass(frozen=True)
class EvictionPolicy:
    """Which earlier turns stay visible, and what notes the agent may keep (MemGym-DR's).

    Attributes:
        mode: ``full_eviction`` (only the current turn) or ``sliding_window`` (the last
            ``window_size`` turns).
        window_size: Turns visible in sliding-window mode.
        allow_notes: Whether the agent may write notes between turns.
        notes_budget_tokens: Most tokens of notes per turn.
    """

    mode: EvictionMode = "full_eviction"
    window_size: int = 1
    allow_notes: bool = True
    notes_budget_tokens: int = 500

    def visible_turns(self, turn_index: int) -> range:
        """The turns whose documents are visible at a turn.

        Args:
            turn_index: The current turn.
        """
        if self.mode == "sliding_window":
            return range(max(0, turn_index - self.window_size + 1), turn_index + 1)
        return range(turn_index, turn_index + 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return flat_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EvictionPolicy:
        """Rebuild from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        return from_flat_dict(cls, data)


@dataclass(frozen=True)
class ResearchInstance:
    """One multi-hop research question with its search turns.

    Attributes:
        instance_id: Stable id (``research_qa-h4-s0007`` for generated instances).
        source: ``generated`` or ``memgym`` (a released row).
        question: The question; names only the start of the chain.
        gold: The final answer, structured for the answer rules.
        num_hops: Chain length.
        chain: One hop per fact, in chain order.
        grounding_facts: The chain facts with their retention, in hop order.
        distractors: Distractors that state something (or lead nowhere), per turn.
        claims: Structured content of every chain and distractor fact (generated only).
        turns: The search turns, in the order they are searched.
        entity_names: Every entity name in the question and documents, sorted (their order
            does not hint at the chain).
        answer_choices: Every value of the asked attribute's pool (label answers).
        chain_start: Name of the entity the question names, where the chain starts
            (None for released rows).
        eviction_policy: Which turns stay visible.
        memory_required_fact_ids: Chain facts that must be remembered across turns.
        seed: Generation seed (None for released rows).
        context_tokens: Target length of the whole stream in tokens (generated), or the
            row's ``total_tokens``.
        generator_version: ``GENERATOR_VERSION`` at generation (None for released rows).
        metadata: Anything else (a released row's rubric, verification, source dataset).
    """

    instance_id: str
    source: InstanceSource
    question: str
    gold: GoldAnswer
    num_hops: int
    chain: tuple[ChainHop, ...]
    grounding_facts: tuple[GroundingFact, ...]
    distractors: tuple[Distractor, ...]
    claims: tuple[Claim, ...]
    turns: tuple[SearchTurn, ...]
    entity_names: tuple[str, ...]
    answer_choices: tuple[str, ...]
    chain_start: str | None
    eviction_policy: EvictionPolicy
    memory_required_fact_ids: tuple[str, ...]
    seed: int | None
    context_tokens: int
    generator_version: int | None
    metadata: dict[str, Any] = field(default_factory=dict)

    def documents(self) -> Iterator[Document]:
        """Every document, turn by turn."""
        for turn in self.turns:
            yield from turn.documents

    def facts(self) -> dict[str, Fact]:
        """Every chain and distractor fact by id."""
        facts = {grounding.fact.fact_id: grounding.fact for grounding in self.grounding_facts}
        for distractor in self.distractors:
            if distractor.fact is not None:
                facts[distractor.fact.fact_id] = distractor.fact
        return facts

    @property
    def chain_fact_ids(self) -> tuple[str, ...]:
        """Ids of the chain facts, in hop order."""
        return tuple(grounding.fact.fact_id for grounding in self.grounding_facts)

    @property
    def total_tokens(self) -> int:
        """Estimated tokens of every document (``Document.tokens`` summed)."""
        return sum(document.tokens for document in self.documents())

    def visible_documents(self, turn_index: int) -> list[Document]:
        """The documents an agent sees at a turn under the eviction policy.

        Args:
            turn_index: The current turn.
        """
        return [
            document
            for visible in self.eviction_policy.visible_turns(turn_index)
            for document in self.turns[visible].documents
        ]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (``json.dumps(..., sort_keys=True)`` is byte-stable)."""
        return {
            "instance_id": self.instance_id,
            "source": self.source,
            "question": self.question,
            "gold": self.gold.to_dict(),
            "num_hops": self.num_hops,
            "chain": [hop.to_dict() for hop in self.chain],
            "grounding_facts": [grounding.to_dict() for grounding in self.grounding_facts],
            "distractors": [distractor.to_dict() for distractor in self.distractors],
            "claims": [claim.to_dict() for claim in self.claims],
            "turns": [turn.to_dict() for turn in self.turns],
            "entity_names": list(self.entity_names),
            "answer_choices": list(self.answer_choices),
            "chain_start": self.chain_start,
            "eviction_policy": self.eviction_policy.to_dict(),
            "memory_required_fact_ids": list(self.memory_required_fact_ids),
            "seed": self.seed,
            "context_tokens": self.context_tokens,
            "generator_version": self.generator_version,
            "metadata": self.metadata,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ResearchInstance:
        """Rebuild an instance from :meth:`to_dict` output.

        Args:
            data: The dict form.
        """
        gold = data["gold"]
        return cls(
            instance_id=data["instance_id"],
            source=data["source"],
            question=data["question"],
            gold=GoldAnswer.from_dict(gold),
            num_hops=data["num_hops"],
            chain=tuple(ChainHop.from_dict(hop) for hop in data["chain"]),
            grounding_facts=tuple(GroundingFact.from_dict(g) for g in data["grounding_facts"]),
            distractors=tuple(Distractor.from_dict(d) for d in data["distractors"]),
            claims=tuple(Claim.from_dict(claim) for claim in data["claims"]),
            turns=tuple(SearchTurn.from_dict(turn) for turn in data["turns"]),
            entity_names=tuple(data["entity_names"]),
            answer_choices=tuple(data["answer_choices"]),
            chain_start=data["chain_start"],
            eviction_policy=EvictionPolicy.from_dict(data["eviction_policy"]),
            memory_required_fact_ids=tuple(data["memory_required_fact_ids"]),
            seed=data["seed"],
            context_tokens=data["context_tokens"],
            generator_version=data["generator_version"],
            metadata=dict(data["metadata"]),
        )
