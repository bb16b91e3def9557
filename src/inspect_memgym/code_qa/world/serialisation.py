"""JSON-able dict form of a `CodeQAInstance`, and back.

Tuples become lists and dataclasses become dicts with their field names; dict order is
kept (memory files are in reading order), so ``json.dumps(..., sort_keys=True)`` of the
same instance is the same bytes in every process.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.code_qa.world.model import (
    CodeQAInstance,
    Distractor,
    GroundingFact,
    QAPair,
)
from inspect_memgym.scoring.facts import Fact


def _fact_to_dict(fact: Fact) -> dict[str, Any]:
    return {
        "fact_id": fact.fact_id,
        "statement": fact.statement,
        "key_tokens": list(fact.key_tokens),
    }


def _fact_from_dict(data: dict[str, Any]) -> Fact:
    return Fact(
        fact_id=data["fact_id"],
        statement=data["statement"],
        key_tokens=tuple(data["key_tokens"]),
    )


def _grounding_to_dict(grounding: GroundingFact) -> dict[str, Any]:
    return {
        **_fact_to_dict(grounding.fact),
        "category": grounding.category,
        "discoverable": grounding.discoverable,
        "relevance": grounding.relevance,
        "topic": grounding.topic,
        "memory_tokens": list(grounding.memory_tokens),
        "needle": grounding.needle,
    }


def _grounding_from_dict(data: dict[str, Any]) -> GroundingFact:
    return GroundingFact(
        fact=_fact_from_dict(data),
        category=data["category"],
        discoverable=bool(data["discoverable"]),
        relevance=data["relevance"],
        topic=data["topic"],
        memory_tokens=tuple(data.get("memory_tokens", ())),
        needle=bool(data.get("needle", False)),
    )


def _distractor_to_dict(distractor: Distractor) -> dict[str, Any]:
    return {
        **_fact_to_dict(distractor.fact),
        "source": distractor.source,
        "mimics": distractor.mimics,
        "misleads": list(distractor.misleads),
    }


def _distractor_from_dict(data: dict[str, Any]) -> Distractor:
    return Distractor(
        fact=_fact_from_dict(data),
        source=data["source"],
        mimics=data["mimics"],
        misleads=tuple(data.get("misleads", ())),
    )


def _pair_to_dict(pair: QAPair) -> dict[str, Any]:
    return {
        "qa_id": pair.qa_id,
        "question": pair.question,
        "gold_answer": pair.gold_answer,
        "linked_fact_ids": list(pair.linked_fact_ids),
        "category": pair.category,
        "difficulty": pair.difficulty,
        "requires_memory": pair.requires_memory,
        "needle": pair.needle,
        "confuser_ids": list(pair.confuser_ids),
        "num_linked_facts": pair.num_linked_facts,
        "requires_synthesis": pair.requires_synthesis,
    }


def _pair_from_dict(data: dict[str, Any]) -> QAPair:
    """Rebuild a question (its derived counts are recomputed, not read)."""
    return QAPair(
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


def instance_to_dict(instance: CodeQAInstance) -> dict[str, Any]:
    """The JSON-able form of an instance.

    Args:
        instance: The instance.
    """
    return {
        "instance_id": instance.instance_id,
        "seed": instance.seed,
        "context_tokens": instance.context_tokens,
        "generator_version": instance.generator_version,
        "domain": instance.domain,
        "task_prompt": instance.task_prompt,
        "memory_files": dict(instance.memory_files),
        "repo_context": instance.repo_context,
        "repo_files": dict(instance.repo_files),
        "referenced_files": list(instance.referenced_files),
        "grounding_facts": [_grounding_to_dict(item) for item in instance.grounding_facts],
        "distractors": [_distractor_to_dict(item) for item in instance.distractors],
        "qa_pairs": [_pair_to_dict(item) for item in instance.qa_pairs],
        "num_critical_facts": instance.num_critical_facts,
        "num_memory_only_facts": instance.num_memory_only_facts,
    }


def instance_from_dict(data: dict[str, Any]) -> CodeQAInstance:
    """Rebuild an instance from `instance_to_dict` output.

    Args:
        data: The dict form (derived counts in it are ignored).
    """
    return CodeQAInstance(
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
        grounding_facts=tuple(_grounding_from_dict(item) for item in data["grounding_facts"]),
        distractors=tuple(_distractor_from_dict(item) for item in data["distractors"]),
        qa_pairs=tuple(_pair_from_dict(item) for item in data["qa_pairs"]),
    )
