"""The documents one hop's search returns, before filler and shuffling.

For hop ``k`` the candidates are the entities at position ``k - 1`` of every chain (the true
one and its siblings). The turn shows:

* supporting: the true chain's fact for the hop (chain fact ``F<k>``);
* near-miss: the same relation or attribute for each sibling candidate;
* same-entity: another attribute of one candidate;
* conflicting authority: a withdrawn claim giving a wrong value for one candidate's hop
  relation, marked as superseded;
* dead end: a source on one candidate that leaves the hop's answer unrecorded.

The three extra documents go to three different candidates drawn uniformly in every turn,
the true one no more and no less often than a sibling, so which candidate a kind of
document names, how often a candidate is mentioned and which candidate has no extra
document never point at the true chain. No number a withdrawn claim states (its wrong
value, its years) is any chain's final value, so a value mentioned twice is not a tell
either.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import inspect_memgym.research_qa.world.document_templates as templates
from inspect_memgym.kit.rng import integer_between, pick
from inspect_memgym.research_qa.world.graph import AttributeValue, Entity
from inspect_memgym.research_qa.world.model import Claim, DocumentKind
from inspect_memgym.research_qa.world.phrasing import (
    attribute_statement,
    relation_statement,
    sentence,
    value_text,
)
from inspect_memgym.research_qa.world.schema import AttributeSpec, RelationSpec, attributes_of
from inspect_memgym.research_qa.world.world_builder import World, draw_value, new_name
from inspect_memgym.scoring.facts import Fact

DISTRACTOR_SOURCES: dict[DocumentKind, str] = {
    "near_miss": "sibling_near_miss",
    "same_entity": "same_entity",
    "conflicting_authority": "conflicting_authority",
    "dead_end": "dead_end",
}
"""MemGym-DR's distractor source name for each kind of distractor document."""


@dataclass(frozen=True)
class DocumentDraft:
    """A document before it gets its id and place in a turn.

    Attributes:
        kind: What it is for.
        title: Title.
        text: Text.
        distractor_id: Its distractor id (the fact id when it states one; "" if none).
        fact: The fact it states, if any.
        claim: That fact's structured content, if any.
    """

    kind: DocumentKind
    title: str
    text: str
    distractor_id: str = ""
    fact: Fact | None = None
    claim: Claim | None = None


def hop_documents(
    world: World,
    hop: int,
    rng: random.Random,
    distractor_ids: Iterator[str],
) -> list[DocumentDraft]:
    """Every non-filler document of one hop's turn, supporting document first.

    Args:
        world: The instance's world.
        hop: 1-based hop number.
        rng: The instance's document stream.
        distractor_ids: Source of fresh distractor fact ids (``D1``, ``D2``...).
    """
    step = world.plan.steps[hop - 1]
    candidates = [world.entity(chain, hop - 1) for chain in range(len(world.chains))]
    drafts = [_stated(world, step, rng, 0, hop, f"F{hop}", "supporting")]
    drafts += [
        _stated(world, step, rng, chain, hop, next(distractor_ids), "near_miss")
        for chain in range(1, len(world.chains))
    ]
    same_entity, withdrawn, dead_end = rng.sample(range(len(candidates)), 3)
    drafts.append(_same_entity(step, rng, candidates[same_entity], next(distractor_ids)))
    drafts.append(_withdrawn(world, hop, rng, candidates[withdrawn], next(distractor_ids)))
    drafts.append(_dead_end(step, rng, candidates[dead_end], next(distractor_ids)))
    return drafts


def _stated(
    world: World,
    step: RelationSpec | AttributeSpec,
    rng: random.Random,
    chain: int,
    hop: int,
    fact_id: str,
    kind: DocumentKind,
) -> DocumentDraft:
    """The document stating one chain's fact for the hop."""
    subject = world.entity(chain, hop - 1)
    if isinstance(step, RelationSpec):
        target = world.entity(chain, hop)
        return _fact_document(
            rng, kind, subject, fact_id, step.key, target.name,
            relation_statement(step, subject, target),
        )  # fmt: skip
    value = subject.attributes[step.key]
    return _fact_document(
        rng, kind, subject, fact_id, step.key, value_text(value),
        attribute_statement(step, subject, value),
    )  # fmt: skip


def _same_entity(
    step: RelationSpec | AttributeSpec,
    rng: random.Random,
    subject: Entity,
    fact_id: str,
) -> DocumentDraft:
    """A true fact of another attribute of a candidate."""
    others = [spec for spec in attributes_of(subject.kind) if spec.key != step.key]
    spec = pick(rng, others)
    value = subject.attributes[spec.key]
    return _fact_document(
        rng, "same_entity", subject, fact_id, spec.key, value_text(value),
        attribute_statement(spec, subject, value),
    )  # fmt: skip


def _withdrawn(
    world: World, hop: int, rng: random.Random, subject: Entity, fact_id: str
) -> DocumentDraft:
    """A superseded claim of a wrong value for the candidate's hop relation or attribute."""
    step = world.plan.steps[hop - 1]
    avoided: list[AttributeValue] = list(world.final_values)
    old_year = _year_between(rng, *templates.ARCHIVE_YEARS, avoided)
    fix_year = _year_between(rng, old_year + 1, old_year + templates.LONGEST_CORRECTION, avoided)
    fields = {
        "source": pick(rng, templates.ARCHIVE_SOURCES),
        "authority": pick(rng, templates.AUTHORITIES),
        "old_year": old_year,
        "fix_year": fix_year,
    }
    if isinstance(step, RelationSpec):
        subtype = world.entity(0, hop).subtype
        name = new_name(world.names, step.object_kind, subtype)
        wrong_entity = world.graph.add_entity(step.object_kind, name, subtype, {})
        wrong = wrong_entity.name
        role = step.role.format(subject=subject.reference)
        statement = templates.WITHDRAWN_RELATION.format(
            wrong=wrong_entity.reference, role=role, **fields
        )
    else:
        wrong = value_text(draw_value(rng, step, [*avoided, subject.attributes[step.key]]))
        statement = templates.WITHDRAWN_ATTRIBUTE.format(
            wrong=wrong, label=step.label, subject=subject.reference, **fields
        )
    return _fact_document(
        rng, "conflicting_authority", subject, fact_id, step.key, wrong, statement, current=False
    )


def _dead_end(
    step: RelationSpec | AttributeSpec, rng: random.Random, subject: Entity, distractor_id: str
) -> DocumentDraft:
    """A source on a candidate that does not hold the hop's answer (it states no fact)."""
    body = templates.DEAD_END.format(
        source=pick(rng, templates.ARCHIVE_SOURCES), subject=subject.reference, label=step.label
    )
    title = _title(rng, subject)
    return DocumentDraft("dead_end", title, _frame(rng, subject, body), distractor_id)


def _fact_document(
    rng: random.Random,
    kind: DocumentKind,
    subject: Entity,
    fact_id: str,
    relation: str,
    value: str,
    statement: str,
    current: bool = True,
) -> DocumentDraft:
    """A document whose body is one statement, with its fact and claim."""
    fact = Fact(fact_id, statement, (subject.name, value))
    claim = Claim(fact_id, subject.name, relation, value, current)
    distractor_id = "" if kind == "supporting" else fact_id
    title = _title(rng, subject)
    return DocumentDraft(kind, title, _frame(rng, subject, statement), distractor_id, fact, claim)


def _title(rng: random.Random, subject: Entity) -> str:
    return pick(rng, templates.TITLES).format(name=subject.name)


def _frame(rng: random.Random, subject: Entity, body: str) -> str:
    """Lead sentence, body, closing sentence."""
    lead = sentence(pick(rng, templates.LEADS).format(subject=subject.reference))
    return f"{lead} {body} {pick(rng, templates.CLOSINGS)}"


def _year_between(rng: random.Random, low: int, high: int, avoided: list[AttributeValue]) -> int:
    """A year in ``[low, high]`` (a range of several years) that is not an avoided value."""
    while True:
        year = integer_between(rng, low, high)
        if year not in avoided:
            return year
