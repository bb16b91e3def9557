"""Read MemGym-DR's released rows (JSONL) into research instances.

The rows are read line by line with ``fsspec`` (a local path or any URL fsspec opens), never
through a dataset builder: each row's ``memory_files`` object has its own keys, which a
unified schema cannot hold. ``memory_files`` is not kept (it only re-assembles the turns'
documents). A malformed row raises a one-line ValueError naming the line and the field.

Mapping: the answer (text or number) becomes a ``label`` gold; the turns, grounding facts,
distractors, eviction policy (null: the defaults) and memory-required facts map one to one;
the rubric, verification and provenance fields go to ``metadata``. A grounding fact's
statement is MemGym's ``content``, a paraphrase that no document holds verbatim: facts are
tied to the documents that carry them, and decomposition steps to facts and turns, by the
row's identities, never by text (`row_links`). A grounding fact's key tokens are its
intermediate answer when it has one, else the distinctive words and numbers of its content
that its document also holds. Hop and turn numbers are kept as the rows record them.
"""

from __future__ import annotations

import json
from typing import Any

import fsspec

import inspect_memgym.research_qa.world.row_fields as fields
from inspect_memgym.research_qa.world.distinctive import distinctive_tokens
from inspect_memgym.research_qa.world.instance import EvictionPolicy, ResearchInstance
from inspect_memgym.research_qa.world.model import (
    ChainHop,
    Distractor,
    Document,
    FactType,
    GroundingFact,
    SearchTurn,
)
from inspect_memgym.research_qa.world.row_links import link_documents, step_links
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.scoring.gold import GoldAnswer

FACT_TYPES: dict[str, FactType] = {
    "bridge_fact": "bridge_fact",
    "terminal_fact": "terminal_fact",
    "temporal_fact": "temporal_fact",
    "numerical_fact": "numerical_fact",
}
EVICTION_MODES: frozenset[str] = frozenset({"full_eviction", "sliding_window"})
METADATA_FIELDS: tuple[str, ...] = (
    "base_instance", "source_dataset", "original_question", "difficulty_preset",
    "reveal_mode", "transforms_applied", "gold_supporting_paragraphs", "contradictions",
    "context_tokens", "total_tokens", "verification", "rubric",
)  # fmt: skip
"""Fields kept as they are, under ``metadata``."""


def load_memgym_rows(location: str) -> list[ResearchInstance]:
    """Every row of a MemGym-DR JSONL file as a research instance (blank lines skipped).

    Args:
        location: A path or URL of the JSONL file (``3hop_verified.jsonl``...).

    Raises:
        ValueError: If a line is not a JSON object or a field is missing or malformed; the
            message names the location, the line and the field.
    """
    instances = []
    with fsspec.open(location, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                instances.append(row_to_instance(fields.typed(row, dict, "row")))
            except json.JSONDecodeError as error:
                raise ValueError(f"{location}, line {number}: not JSON ({error.msg})") from None
            except fields.FieldError as error:
                raise ValueError(f"{location}, line {number}: {error}") from None
    return instances


def row_to_instance(row: dict[str, Any]) -> ResearchInstance:
    """One parsed row as a research instance.

    Args:
        row: The row's JSON object.

    Raises:
        FieldError: If a field is missing or malformed.
    """
    turns, grounding = link_documents(
        tuple(_turn(turn, path) for path, turn in fields.objects(row, "turns")),
        tuple(
            _grounding_fact(fact, path, hop)
            for hop, (path, fact) in enumerate(fields.objects(row, "grounding_facts"), start=1)
        ),
    )
    return ResearchInstance(
        instance_id=fields.required(row, "instance_id", str),
        source="memgym",
        question=fields.required(row, "question", str),
        gold=GoldAnswer("label", fields.scalar_text(row, "answer")),
        num_hops=fields.required(row, "num_hops", int),
        chain=_chain(row, turns, grounding),
        grounding_facts=grounding,
        distractors=tuple(
            _distractor(item, path) for path, item in fields.objects(row, "distractors")
        ),
        claims=(),
        turns=turns,
        entity_names=(),
        answer_choices=(),
        chain_start=None,
        eviction_policy=_eviction_policy(row),
        memory_required_fact_ids=tuple(
            fields.typed(item, str, f"memory_required_facts[{index}]")
            for index, item in enumerate(fields.optional(row, "memory_required_facts", list, []))
        ),
        seed=None,
        context_tokens=fields.optional(row, "total_tokens", int, 0),
        generator_version=None,
        metadata={key: row[key] for key in METADATA_FIELDS if key in row},
    )


def _turn(turn: dict[str, Any], path: str) -> SearchTurn:
    turn_index = fields.required(turn, "turn_index", int, path)
    documents = []
    for position, (doc_path, document) in enumerate(fields.objects(turn, "documents", path)):
        supporting = fields.optional(document, "is_supporting", bool, False, doc_path)
        documents.append(
            Document(
                doc_id=f"t{turn_index}-d{position:04d}",
                title=fields.required(document, "title", str, doc_path),
                text=fields.required(document, "text", str, doc_path),
                kind="supporting" if supporting else "other",
                turn_index=turn_index,
            )
        )
    return SearchTurn(
        turn_index=turn_index,
        hop=0,
        sub_query=fields.required(turn, "sub_query", str, path),
        sub_answer=fields.scalar_text(turn, "sub_answer", path, default=""),
        documents=tuple(documents),
        is_red_herring=fields.optional(turn, "is_red_herring", bool, False, path),
    )


def _grounding_fact(fact: dict[str, Any], path: str, hop: int) -> GroundingFact:
    content = fields.required(fact, "content", str, path)
    answer = fields.scalar_text(fact, "intermediate_answer", path, default="")
    fact_type = fields.required(fact, "fact_type", str, path)
    if fact_type not in FACT_TYPES:
        raise fields.FieldError(fields.child_path(path, "fact_type"), f"unknown {fact_type!r}")
    return GroundingFact(
        fact=Fact(
            fields.required(fact, "fact_id", str, path),
            content,
            (answer,) if answer.strip() else distinctive_tokens(content),
        ),
        fact_type=FACT_TYPES[fact_type],
        hop=hop,
        source_title=fields.optional(fact, "source_paragraph_title", str, "", path),
        first_available_turn=fields.required(fact, "first_available_at_hop", int, path),
        needed_at_turn=fields.required(fact, "needed_at_hop", int, path),
        retention_span=fields.required(fact, "retention_span", int, path),
        is_discoverable=fields.optional(fact, "is_discoverable", bool, False, path),
        intermediate_answer=answer,
    )


def _distractor(item: dict[str, Any], path: str) -> Distractor:
    distractor_id = fields.required(item, "id", str, path)
    content = fields.required(item, "content", str, path)
    return Distractor(
        distractor_id=distractor_id,
        source=fields.required(item, "source", str, path),
        content=content,
        target_turn=fields.required(item, "target_turn", int, path),
        interferes_with=fields.nullable_text(item, "interferes_with", path),
        fact=Fact(distractor_id, content, distinctive_tokens(content)),
        doc_id="",
    )


def _chain(
    row: dict[str, Any], turns: tuple[SearchTurn, ...], grounding: tuple[GroundingFact, ...]
) -> tuple[ChainHop, ...]:
    """Hops from the decomposition, each tied to its fact and turn by identity."""
    steps = fields.objects(row, "decomposition")
    links = step_links([step for _, step in steps], turns, grounding)
    hops = []
    for hop, ((path, step), (fact_id, turn_index)) in enumerate(
        zip(steps, links, strict=True), start=1
    ):
        answer = fields.scalar_text(step, "sub_answer", path, default="")
        sub_query = fields.required(step, "sub_question", str, path)
        hops.append(ChainHop(hop, "", sub_query, answer, fact_id, turn_index))
    return tuple(hops)


def _eviction_policy(row: dict[str, Any]) -> EvictionPolicy:
    policy = fields.optional(row, "eviction_policy", dict, {})
    defaults = EvictionPolicy()
    mode = fields.optional(policy, "mode", str, defaults.mode, "eviction_policy")
    if mode not in EVICTION_MODES:
        raise fields.FieldError("eviction_policy.mode", f"unknown {mode!r}")
    return EvictionPolicy(
        mode="sliding_window" if mode == "sliding_window" else "full_eviction",
        window_size=fields.optional(
            policy, "window_size", int, defaults.window_size, "eviction_policy"
        ),
        allow_notes=fields.optional(
            policy, "allow_notes", bool, defaults.allow_notes, "eviction_policy"
        ),
        notes_budget_tokens=fields.optional(
            policy, "notes_budget_tokens", int, defaults.notes_budget_tokens, "eviction_policy"
        ),
    )
