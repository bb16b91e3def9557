"""One MemGym-CodeQA instance as plain data: codebase, task history, facts and questions.

An instance is produced by ``generate_instance`` and round-trips through ``to_dict`` /
``from_dict`` (JSON-able, so it can travel in an Inspect sample's metadata or a JSONL file).
In the dict form tuples become lists and dataclasses dicts with their field names; dict order
is kept (memory files are in reading order), so ``json.dumps(..., sort_keys=True)`` of the
same instance is the same bytes in every process. Field names follow MemGym's
``CodingQAInstance`` and ``QAPair`` where they mean the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from inspect_memgym.scoring.facts import Fact, fact_from_dict, fact_to_dict

Item = TypeVar("Item")

GENERATOR_VERSION = 2
"""Bumped whenever a seed would generate different bytes."""

FactCategory = Literal[
    "user_requirement",
    "bug_description",
    "repro_condition",
    "error_detail",
    "debug_finding",
    "api_behavior",
    "design_decision",
    "constraint",
]
FACT_CATEGORIES: tuple[FactCategory, ...] = (
    "user_requirement",
    "bug_description",
    "repro_condition",
    "error_detail",
    "debug_finding",
    "api_behavior",
    "design_decision",
    "constraint",
)
"""MemGym's eight grounding-fact categories, which are also the question types."""

Relevance = Literal["critical", "helpful", "background"]
Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")

DistractorSource = Literal[
    "same_function",
    "sibling_function",
    "superseded",
    "ruled_out",
    "other_ticket",
    "other_environment",
    "retired",
]
"""How a distractor nearly matches the fact it mimics (see ``world.fact_recipes``)."""


def first_with(items: Iterable[Item], field: str, wanted: str, missing: str) -> Item:
    """The first of ``items`` whose ``field`` is ``wanted``.

    Args:
        items: The items to look through.
        field: The attribute compared (an id or a name).
        wanted: The value looked for.
        missing: The message of the error when no item has it.

    Raises:
        KeyError: If no item has it.
    """
    for item in items:
        if getattr(item, field) == wanted:
            return item
    raise KeyError(missing)


@dataclass(frozen=True)
class GroundingFact:
    """A fact the task history states, with what kind of fact it is and where it lives.

    Attributes:
        fact: Id, statement (verbatim in a memory file) and key tokens.
        category: One of `FACT_CATEGORIES`.
        discoverable: True if the source also shows it; False if only the history does.
        relevance: How much a fix depends on it.
        topic: Dotted path of the code the fact is about.
        memory_tokens: Key tokens that exist only in the history (none for a
            discoverable fact); none of them may appear in the repository.
        needle: True if the statement appears once, buried among context excerpts.
    """

    fact: Fact
    category: FactCategory
    discoverable: bool
    relevance: Relevance
    topic: str
    memory_tokens: tuple[str, ...] = ()
    needle: bool = False

    @property
    def fact_id(self) -> str:
        """The fact's id."""
        return self.fact.fact_id

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: the fact's fields, then the grounding's (see `from_dict`)."""
        return {
            **fact_to_dict(self.fact),
            "category": self.category,
            "discoverable": self.discoverable,
            "relevance": self.relevance,
            "topic": self.topic,
            "memory_tokens": list(self.memory_tokens),
            "needle": self.needle,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GroundingFact:
        """Rebuild from `to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            fact=fact_from_dict(data),
            category=data["category"],
            discoverable=bool(data["discoverable"]),
            relevance=data["relevance"],
            topic=data["topic"],
            memory_tokens=tuple(data.get("memory_tokens", ())),
            needle=bool(data.get("needle", False)),
        )


@dataclass(frozen=True)
class Distractor:
    """A near-miss statement, clearly framed, that an answer could be misled by.

    Attributes:
        fact: Id, statement (verbatim in a memory file) and the distinguishing tokens an
            answer misled by it would contain.
        source: How it nearly matches the fact it mimics.
        mimics: Id of the grounding fact it could be mistaken for.
        misleads: Ids of the questions linked to that fact.
    """

    fact: Fact
    source: DistractorSource
    mimics: str
    misleads: tuple[str, ...] = ()

    @property
    def distractor_id(self) -> str:
        """The distractor's id."""
        return self.fact.fact_id

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form: the fact's fields, then the distractor's (see `from_dict`)."""
        return {
            **fact_to_dict(self.fact),
            "source": self.source,
            "mimics": self.mimics,
            "misleads": list(self.misleads),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Distractor:
        """Rebuild from `to_dict` output.

        Args:
            data: The dict form.
        """
        return cls(
            fact=fact_from_dict(data),
            source=data["source"],
            mimics=data["mimics"],
            misleads=tuple(data.get("misleads", ())),
        )


@dataclass(frozen=True)
class QAPair:
    """One question, its gold answer and the facts it needs.

    Attributes:
        qa_id: Stable id within the instance (``"q01"``...).
        question: The question text (holds no memory-only linked fact).
        gold_answer: The answer composed from the linked facts' statements.
        linked_fact_ids: The grounding facts a full answer holds.
        category: Category of the first linked fact.
        difficulty: easy (all linked facts discoverable), medium (one or two
            memory-only), hard (three or more memory-only, or a needle).
        requires_memory: True if any linked fact is memory-only.
        needle: True if any linked fact is a needle.
        confuser_ids: Distractors that mimic a linked fact.
    """

    qa_id: str
    question: str
    gold_answer: str
    linked_fact_ids: tuple[str, ...]
    category: FactCategory
    difficulty: Difficulty
    requires_memory: bool
    needle: bool
    confuser_ids: tuple[str, ...]

    @property
    def num_linked_facts(self) -> int:
        """How many facts a full answer holds."""
        return len(self.linked_fact_ids)

    @property
    def requires_synthesis(self) -> bool:
        """Whether a full answer combines more than one fact."""
        return len(self.linked_fact_ids) > 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form, with the derived counts (see `from_dict`)."""
        return {
            "qa_id": self.qa_id,
            "question": self.question,
            "gold_answer": self.gold_answer,
            "linked_fact_ids": list(self.linked_fact_ids),
            "category": self.category,
            "difficulty": self.difficulty,
            "requires_memory": self.requires_memory,
            "needle": self.needle,
            "confuser_ids": list(self.confuser_ids),
            "num_linked_facts": self.num_linked_facts,
            "requires_synthesis": self.requires_synthesis,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> QAPair:
        """Rebuild from `to_dict` output (the derived counts are recomputed, not read).

        Args:
            data: The dict form.
        """
        return cls(
            qa_id=data["qa_id"],
            question=data["question"],
            gold_answer=data["gold_answer"],
            linked_fact_ids=tuple(data["linked_fact_ids"]),
            category=data["category"],
            difficulty=data["difficulty"],
            requires_memory=bool(data["requires_memory"]),
            needle=bool(data.get("needle", False)),
            confuser_ids=tuple(data.get("confuser_ids", ())),
        )


@dataclass(frozen=True)
class CodeQAInstance:
    """A generated codebase, the history of a task on it, and questions about both.

    Attributes:
        instance_id: Stable id, ``code_qa-s<seed:04d>``.
        seed: The generation seed.
        context_tokens: Requested size of the memory files (estimated tokens).
        generator_version: `GENERATOR_VERSION` at generation time.
        domain: The service the task is about (e.g. ``"billing"``).
        task_prompt: The vague task description the agent starts from.
        memory_files: File name -> prose, in the order the agent saw them.
        repo_context: The repository skeleton (paths and signatures only).
        repo_files: Path -> Python source of every generated module.
        referenced_files: Paths the facts and distractors are about (never filler).
        grounding_facts: Every fact the history states.
        distractors: Every near-miss statement the history holds.
        qa_pairs: The questions, 5 to 15.
    """

    instance_id: str
    seed: int
    context_tokens: int
    generator_version: int
    domain: str
    task_prompt: str
    memory_files: dict[str, str]
    repo_context: str
    repo_files: dict[str, str]
    referenced_files: tuple[str, ...]
    grounding_facts: tuple[GroundingFact, ...]
    distractors: tuple[Distractor, ...]
    qa_pairs: tuple[QAPair, ...]

    def fact(self, fact_id: str) -> GroundingFact:
        """The grounding fact with this id.

        Args:
            fact_id: A fact id.

        Raises:
            KeyError: If the instance has no such fact.
        """
        return first_with(
            self.grounding_facts, "fact_id", fact_id, f"{self.instance_id} has no fact {fact_id!r}"
        )

    def distractor(self, distractor_id: str) -> Distractor:
        """The distractor with this id.

        Args:
            distractor_id: A distractor id.

        Raises:
            KeyError: If the instance has no such distractor.
        """
        return first_with(
            self.distractors,
            "distractor_id",
            distractor_id,
            f"{self.instance_id} has no distractor {distractor_id!r}",
        )

    def question(self, qa_id: str) -> QAPair:
        """The question with this id.

        Args:
            qa_id: A question id.

        Raises:
            KeyError: If the instance has no such question.
        """
        return first_with(
            self.qa_pairs, "qa_id", qa_id, f"{self.instance_id} has no question {qa_id!r}"
        )

    @property
    def num_critical_facts(self) -> int:
        """How many grounding facts are critical."""
        return sum(1 for grounding in self.grounding_facts if grounding.relevance == "critical")

    @property
    def num_memory_only_facts(self) -> int:
        """How many grounding facts only the history holds (MemGym's external facts)."""
        return sum(1 for grounding in self.grounding_facts if not grounding.discoverable)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form, with the derived counts (see `from_dict`)."""
        return {
            "instance_id": self.instance_id,
            "seed": self.seed,
            "context_tokens": self.context_tokens,
            "generator_version": self.generator_version,
            "domain": self.domain,
            "task_prompt": self.task_prompt,
            "memory_files": dict(self.memory_files),
            "repo_context": self.repo_context,
            "repo_files": dict(self.repo_files),
            "referenced_files": list(self.referenced_files),
            "grounding_facts": [item.to_dict() for item in self.grounding_facts],
            "distractors": [item.to_dict() for item in self.distractors],
            "qa_pairs": [item.to_dict() for item in self.qa_pairs],
            "num_critical_facts": self.num_critical_facts,
            "num_memory_only_facts": self.num_memory_only_facts,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CodeQAInstance:
        """Rebuild an instance from `to_dict` output.

        Args:
            data: The dict form (derived counts in it are ignored).
        """
        return cls(
            instance_id=data["instance_id"],
            seed=int(data["seed"]),
            context_tokens=int(data["context_tokens"]),
            generator_version=int(data["generator_version"]),
            domain=data["domain"],
            task_prompt=data["task_prompt"],
            memory_files=dict(data["memory_files"]),
            repo_context=data["repo_context"],
            repo_files=dict(data["repo_files"]),
            referenced_files=tuple(data["referenced_files"]),
            grounding_facts=tuple(
                GroundingFact.from_dict(item) for item in data["grounding_facts"]
            ),
            distractors=tuple(Distractor.from_dict(item) for item in data["distractors"]),
            qa_pairs=tuple(QAPair.from_dict(item) for item in data["qa_pairs"]),
        )
