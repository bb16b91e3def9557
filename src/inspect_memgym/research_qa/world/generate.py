"""Generate a research instance from (seed, hops, context_tokens), deterministically.

The graph, chain, question and fact-bearing documents depend on (seed, hops) only; the
context length adds filler and changes only how each turn's documents are shuffled. So the
same question can be asked at 10k or 1M tokens.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.research_qa.defaults import DEFAULT_CONTEXT_TOKENS, DEFAULT_HOPS
from inspect_memgym.research_qa.world.filler import filler_documents
from inspect_memgym.research_qa.world.hop_documents import (
    DISTRACTOR_SOURCES,
    DocumentDraft,
    hop_documents,
)
from inspect_memgym.research_qa.world.instance import EvictionPolicy, ResearchInstance
from inspect_memgym.research_qa.world.model import (
    ChainHop,
    Distractor,
    Document,
    FactType,
    GroundingFact,
    SearchTurn,
)
from inspect_memgym.research_qa.world.phrasing import (
    chain_descriptions,
    step_question,
    value_text,
)
from inspect_memgym.research_qa.world.schema import AttributeSpec
from inspect_memgym.research_qa.world.streams import (
    GENERATOR_VERSION,
    instance_id_for,
    world_stream,
)
from inspect_memgym.research_qa.world.turn_order import plan_turn_order, retention_of
from inspect_memgym.research_qa.world.world_builder import World, build_world
from inspect_memgym.scoring.gold import GoldAnswer

HOP_RANGE = range(3, 7)
"""Chain lengths the generator supports."""
SMALLEST_CONTEXT_TOKENS = 1_000


def generate_instance(
    seed: int, hops: int = DEFAULT_HOPS, context_tokens: int = DEFAULT_CONTEXT_TOKENS
) -> ResearchInstance:
    """The research instance of a seed, chain length and stream length.

    Args:
        seed: Instance seed (at least 0).
        hops: Facts the answer needs, one search turn each (3 to 6).
        context_tokens: Target tokens of all documents together; filler pads the turns up
            to it. A target below what the fact-bearing documents need is exceeded.

    Raises:
        ValueError: If an argument is out of range.
    """
    _check_arguments(seed, hops, context_tokens)
    world = build_world(seed, hops)
    turn_order = plan_turn_order(world_stream(seed, hops, "turn_order"), hops)
    document_rng = world_stream(seed, hops, "documents")
    distractor_ids = (f"D{number}" for number in itertools.count(1))
    drafts = {
        hop: hop_documents(world, hop, document_rng, distractor_ids) for hop in range(1, hops + 1)
    }
    core_tokens = sum(_tokens(draft) for hop_drafts in drafts.values() for draft in hop_drafts)
    filler_rng = world_stream(seed, hops, context_tokens, "filler")
    for filler in filler_documents(filler_rng, context_tokens - core_tokens, hops):
        hop = turn_order[filler.turn_index]
        drafts[hop].append(DocumentDraft("filler", filler.title, filler.text))
    turns, doc_ids = _turns(world, seed, context_tokens, turn_order, drafts)
    chain = _chain(world, turn_order)
    grounding = _grounding_facts(world, turn_order, chain, drafts)
    return ResearchInstance(
        instance_id=instance_id_for(seed, hops),
        source="generated",
        question=chain[-1].sub_query,
        gold=_gold(world),
        num_hops=hops,
        chain=chain,
        grounding_facts=grounding,
        distractors=_distractors(drafts, turn_order, doc_ids),
        claims=tuple(
            draft.claim
            for hop in range(1, hops + 1)
            for draft in drafts[hop]
            if draft.claim is not None
        ),
        turns=turns,
        entity_names=tuple(sorted(entity.name for entity in world.graph.entities.values())),
        answer_choices=_answer_choices(world),
        chain_start=world.entity(0, 0).name,
        eviction_policy=EvictionPolicy(),
        memory_required_fact_ids=tuple(
            fact.fact.fact_id for fact in grounding if fact.retention_span > 0
        ),
        seed=seed,
        context_tokens=context_tokens,
        generator_version=GENERATOR_VERSION,
    )


def _check_arguments(seed: int, hops: int, context_tokens: int) -> None:
    if seed < 0:
        raise ValueError(f"seed must be at least 0, not {seed}")
    if hops not in HOP_RANGE:
        raise ValueError(
            f"hops must be between {HOP_RANGE.start} and {HOP_RANGE.stop - 1}, not {hops}"
        )
    if context_tokens < SMALLEST_CONTEXT_TOKENS:
        raise ValueError(
            f"context_tokens must be at least {SMALLEST_CONTEXT_TOKENS}, not {context_tokens}"
        )


def _tokens(draft: DocumentDraft) -> int:
    return estimate_tokens(f"{draft.title}\n{draft.text}")


def _turns(
    world: World,
    seed: int,
    context_tokens: int,
    turn_order: Sequence[int],
    drafts: dict[int, list[DocumentDraft]],
) -> tuple[tuple[SearchTurn, ...], dict[str, str]]:
    """Each hop's documents shuffled into its turn, with ids by turn and position.

    Returns:
        The turns, and the document id of each distractor id.
    """
    hops = len(turn_order)
    descriptions = chain_descriptions(world.entity(0, 0), world.plan.relations)
    turns = []
    doc_ids: dict[str, str] = {}
    for turn_index, hop in enumerate(turn_order):
        ordered = list(drafts[hop])
        world_stream(seed, hops, context_tokens, "shuffle", turn_index).shuffle(ordered)
        documents = tuple(
            Document(
                f"t{turn_index}-d{position:04d}",
                draft.title,
                draft.text,
                draft.kind,
                turn_index,
                () if draft.fact is None else (draft.fact.fact_id,),
            )
            for position, draft in enumerate(ordered)
        )
        doc_ids.update(
            (draft.distractor_id, document.doc_id)
            for draft, document in zip(ordered, documents, strict=True)
            if draft.distractor_id
        )
        step = world.plan.steps[hop - 1]
        sub_query = step_question(step, descriptions[hop - 1])
        turns.append(SearchTurn(turn_index, hop, sub_query, _hop_answer(world, hop), documents))
    return tuple(turns), doc_ids


def _hop_answer(world: World, hop: int) -> str:
    """The name reached at a hop, or the final attribute value."""
    step = world.plan.steps[hop - 1]
    if isinstance(step, AttributeSpec):
        return value_text(world.entity(0, hop - 1).attributes[step.key])
    return world.entity(0, hop).name


def _chain(world: World, turn_order: Sequence[int]) -> tuple[ChainHop, ...]:
    descriptions = chain_descriptions(world.entity(0, 0), world.plan.relations)
    return tuple(
        ChainHop(
            hop,
            step.key,
            step_question(step, descriptions[hop - 1]),
            _hop_answer(world, hop),
            f"F{hop}",
            turn_order.index(hop),
        )
        for hop, step in enumerate(world.plan.steps, start=1)
    )


def _grounding_facts(
    world: World,
    turn_order: Sequence[int],
    chain: tuple[ChainHop, ...],
    drafts: dict[int, list[DocumentDraft]],
) -> tuple[GroundingFact, ...]:
    """The chain facts in hop order, with their supporting titles and retention."""
    facts = []
    for retention, hop in zip(retention_of(tuple(turn_order)), chain, strict=True):
        supporting = drafts[hop.hop][0]
        assert supporting.kind == "supporting" and supporting.fact is not None
        facts.append(
            GroundingFact(
                fact=supporting.fact,
                fact_type=_fact_type(world, hop.hop),
                hop=hop.hop,
                source_title=supporting.title,
                first_available_turn=retention.first_available_turn,
                needed_at_turn=retention.needed_at_turn,
                retention_span=retention.retention_span,
                is_discoverable=False,
                intermediate_answer=hop.answer,
            )
        )
    return tuple(facts)


def _fact_type(world: World, hop: int) -> FactType:
    """Bridge facts lead on; the final fact is temporal (a year), numerical or terminal."""
    if hop < len(world.plan.steps):
        return "bridge_fact"
    attribute = world.plan.terminal_attribute
    if attribute is None or attribute.is_label:
        return "terminal_fact"
    return "temporal_fact" if attribute.is_year else "numerical_fact"


def _distractors(
    drafts: dict[int, list[DocumentDraft]], turn_order: Sequence[int], doc_ids: dict[str, str]
) -> tuple[Distractor, ...]:
    """Every distractor, in hop order, with the document and turn that hold it."""
    return tuple(
        Distractor(
            distractor_id=draft.distractor_id,
            source=DISTRACTOR_SOURCES[draft.kind],
            content=draft.text,
            target_turn=turn_order.index(hop),
            interferes_with=f"F{hop}",
            fact=draft.fact,
            doc_id=doc_ids[draft.distractor_id],
        )
        for hop in sorted(drafts)
        for draft in drafts[hop]
        if draft.kind in DISTRACTOR_SOURCES
    )


def _gold(world: World) -> GoldAnswer:
    """The final answer, read from the graph: the entity reached, or its asked attribute."""
    reached = world.graph.follow(world.chains[0][0], [step.key for step in world.plan.relations])
    if reached is None:
        raise RuntimeError("the true chain is broken in the graph")
    attribute = world.plan.terminal_attribute
    if attribute is None:
        return GoldAnswer("entity", reached.name, entity=reached.name)
    value = reached.attributes[attribute.key]
    if isinstance(value, str):
        return GoldAnswer("label", value)
    return GoldAnswer("number", value_text(value), value=float(value), integer=True)


def _answer_choices(world: World) -> tuple[str, ...]:
    """The asked attribute's value pool, for a label answer."""
    attribute = world.plan.terminal_attribute
    return () if attribute is None else attribute.choices
