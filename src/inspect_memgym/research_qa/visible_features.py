"""What a reader can see in a search turn that might single out the true chain's candidate.

A turn of hop ``k`` shows the same relation (or attribute) for every candidate entity at
position ``k - 1`` of the chains: the true chain's candidate and its near-miss siblings. A
reader who does not know the chain could still pick a candidate by anything the turn
shows: which candidate a kind of document names, how often or how early a candidate is
mentioned, where its stated document sits, how long its name or document is, which title,
lead or closing template its document uses, its stated value (highest, lowest, nearest the
withdrawn claim's), or what later turns show about the entity it leads to.

`turn_features` computes, for one turn, the candidates each such feature picks, and
`feature_tallies` sums over many generated instances how often each feature picks the true
one (`validity.statistics.FeatureTally`), per turn role: the turn headed by the research
question (the final hop's, searched early), the last turn (visible when answering), and
every turn pooled. A fair generator keeps every rate within chance (``1/k``) ± the binomial
bound. Pure: reads instances only, never Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from inspect_memgym.research_qa.world import document_templates as templates
from inspect_memgym.research_qa.world.generate import HOP_RANGE, generate_instance
from inspect_memgym.research_qa.world.instance import ResearchInstance
from inspect_memgym.research_qa.world.model import Document, SearchTurn
from inspect_memgym.validity.statistics import FeatureTally

EXTRA_KINDS = ("same_entity", "conflicting_authority", "dead_end")
"""The documents a turn adds about some candidates beyond each one's stated document."""
ROLES = ("research-question turn", "last turn", "every turn")
"""The turns a tally covers."""
_INTEGER = re.compile(r"\d[\d,]*")
_TITLE_PATTERNS = tuple(
    re.compile(re.escape(title).replace(re.escape("{name}"), "(?P<name>.+)"))
    for title in templates.TITLES
)

Picked = dict[str, set[str]]
"""Feature name -> the candidates it picks."""


@dataclass(frozen=True)
class TurnView:
    """One turn as a reader sees it, with its candidates and (for the tally) the true one.

    Attributes:
        turn: The turn.
        candidates: Names of the candidate entities (the hop's subjects), in no order.
        gold: The true chain's candidate.
        stated: Each candidate's stated document (supporting or near-miss).
        stated_values: The value each candidate's stated document gives.
        subjects: Each non-filler document's subject (the candidate its title names).
    """

    turn: SearchTurn
    candidates: tuple[str, ...]
    gold: str
    stated: dict[str, Document]
    stated_values: dict[str, str]
    subjects: dict[str, str]


def turn_view(instance: ResearchInstance, turn: SearchTurn) -> TurnView:
    """A generated instance's turn with its candidates.

    Args:
        instance: A generated instance.
        turn: One of its turns.
    """
    hop = instance.chain[turn.hop - 1]
    gold = instance.chain_start if turn.hop == 1 else instance.chain[turn.hop - 2].answer
    claims = {claim.fact_id: claim for claim in instance.claims}
    stated: dict[str, Document] = {}
    values: dict[str, str] = {}
    for document in turn.documents:
        for fact_id in document.fact_ids:
            claim = claims[fact_id]
            if (
                claim.current
                and claim.relation == hop.relation
                and document.kind
                in (
                    "supporting",
                    "near_miss",
                )
            ):
                stated[claim.subject] = document
                values[claim.subject] = claim.value
    candidates = tuple(sorted(stated))
    subjects = {
        document.doc_id: name
        for document in turn.documents
        if (name := title_subject(document.title)) in stated
    }
    assert gold is not None and gold in stated, "the true candidate has no stated document"
    return TurnView(turn, candidates, gold, stated, values, subjects)


def turn_features(stream: StreamView, view: TurnView) -> Picked:
    """The candidates each visible feature of a turn picks.

    Args:
        stream: The instance's whole stream (other turns are read for the features of what
            a candidate leads to).
        view: The turn.
    """
    picked: Picked = {}
    documents = view.turn.documents
    for kind in EXTRA_KINDS:
        picked[f"names a {kind} document"] = {
            view.subjects[doc.doc_id] for doc in documents if doc.kind == kind
        }
    with_extra = {view.subjects[doc.doc_id] for doc in documents if doc.kind in EXTRA_KINDS}
    picked["has no extra document"] = set(view.candidates) - with_extra
    text = "\n".join(f"{doc.title}\n{doc.text}" for doc in documents)
    counts = {name: text.count(name) for name in view.candidates}
    _extremes(picked, "mentions", counts)
    first = {name: text.find(name) for name in view.candidates}
    _extremes(picked, "first mention", first)
    order = {doc.doc_id: position for position, doc in enumerate(documents)}
    _extremes(picked, "stated document position", _by_stated(view, lambda d: order[d.doc_id]))
    _extremes(picked, "stated document length", _by_stated(view, lambda d: len(d.text)))
    _extremes(picked, "name length", {name: len(name) for name in view.candidates})
    _extremes(
        picked, "name in alphabet", {name: _rank(name, view.candidates) for name in view.candidates}
    )
    for number, template in enumerate(templates.TITLES):
        picked[f"stated title template {number}"] = {
            name for name, doc in view.stated.items() if doc.title == template.format(name=name)
        }
    for family, pool in (("lead", templates.LEADS), ("closing", templates.CLOSINGS)):
        for number, sentence in enumerate(pool):
            stem = sentence.split("{")[0] or sentence.split("}")[-1]
            picked[f"stated {family} template {number}"] = {
                name for name, doc in view.stated.items() if stem in doc.text
            }
    _value_features(picked, view)
    _leads_to_features(picked, stream, view)
    return picked


def _value_features(picked: Picked, view: TurnView) -> None:
    """Features of the stated values: extremes, length, nearest the withdrawn claim's."""
    numbers = {name: _number(value) for name, value in view.stated_values.items()}
    if all(number is not None for number in numbers.values()):
        exact = {name: float(number) for name, number in numbers.items() if number is not None}
        _extremes(picked, "stated value", exact)
        withdrawn = [doc for doc in view.turn.documents if doc.kind == "conflicting_authority"]
        wrong = _withdrawn_value(withdrawn[0]) if withdrawn else None
        if wrong is not None:
            distance = {name: abs(value - wrong) for name, value in exact.items()}
            picked["stated value nearest the withdrawn value"] = _smallest(distance)
    else:
        lengths = {name: len(value) for name, value in view.stated_values.items()}
        _extremes(picked, "stated value length", lengths)


def _leads_to_features(picked: Picked, stream: StreamView, view: TurnView) -> None:
    """Features of the entity each candidate leads to, as any other turn shows it."""
    subjects = stream.subjects_by_kind
    everyone = set().union(*subjects.values())
    targets = dict(view.stated_values)
    if not set(targets.values()) <= everyone:
        return
    for kind in EXTRA_KINDS:
        picked[f"leads to an entity named by a {kind} document"] = {
            name for name, target in targets.items() if target in subjects.get(kind, set())
        }
    counts = {name: stream.text.count(target) for name, target in targets.items()}
    _extremes(picked, "stream mentions of the entity led to", counts)


@dataclass(frozen=True)
class StreamView:
    """What the whole stream of an instance shows, read once.

    Attributes:
        text: Every document's title and text.
        subjects_by_kind: Document kind -> the entities its documents' titles name.
    """

    text: str
    subjects_by_kind: dict[str, set[str]]

    @classmethod
    def of(cls, instance: ResearchInstance) -> StreamView:
        """Read an instance's stream.

        Args:
            instance: The instance.
        """
        subjects: dict[str, set[str]] = {}
        for document in instance.documents():
            name = title_subject(document.title)
            if name is not None and document.kind != "filler":
                subjects.setdefault(document.kind, set()).add(name)
        text = "\n".join(f"{doc.title}\n{doc.text}" for doc in instance.documents())
        return cls(text, subjects)


def title_subject(title: str) -> str | None:
    """The entity a document's title names (None for a title of no template, e.g. filler).

    Args:
        title: A document title.
    """
    for pattern in _TITLE_PATTERNS:
        match = pattern.fullmatch(title)
        if match is not None:
            return match.group("name")
    return None


def feature_tallies(instances: Iterable[ResearchInstance]) -> list[FeatureTally]:
    """Every feature's tally over instances, per turn role.

    Args:
        instances: Generated instances.
    """
    tallies: dict[tuple[str, str], FeatureTally] = {}
    for instance in instances:
        stream = StreamView.of(instance)
        final_turn = next(turn for turn in instance.turns if turn.hop == instance.num_hops)
        for turn in instance.turns:
            view = turn_view(instance, turn)
            roles = ["every turn"]
            if turn is final_turn:
                roles.append("research-question turn")
            if turn is instance.turns[-1]:
                roles.append("last turn")
            for feature, chosen in turn_features(stream, view).items():
                for role in roles:
                    key = (role, feature)
                    if key not in tallies:
                        tallies[key] = FeatureTally(f"{role}: {feature}")
                    tallies[key].record(chosen, view.candidates, view.gold)
    return [tallies[key] for key in sorted(tallies, key=lambda key: (ROLES.index(key[0]), key[1]))]


def generated_instances(per_hops: int, context_tokens: int) -> list[ResearchInstance]:
    """Instances of seeds ``0..per_hops-1`` at every chain length.

    Args:
        per_hops: Seeds per chain length.
        context_tokens: Stream length.
    """
    return [
        generate_instance(seed, hops, context_tokens)
        for hops in HOP_RANGE
        for seed in range(per_hops)
    ]


def _extremes(picked: Picked, name: str, values: dict[str, float] | dict[str, int]) -> None:
    picked[f"most {name}"] = _largest(values)
    picked[f"least {name}"] = _smallest(values)


def _largest(values: dict[str, float] | dict[str, int]) -> set[str]:
    top = max(values.values())
    return {name for name, value in values.items() if value == top}


def _smallest(values: dict[str, float] | dict[str, int]) -> set[str]:
    bottom = min(values.values())
    return {name for name, value in values.items() if value == bottom}


def _by_stated(view: TurnView, measure: Callable[[Document], int]) -> dict[str, int]:
    return {name: measure(document) for name, document in view.stated.items()}


def _rank(name: str, names: Sequence[str]) -> int:
    return sorted(names).index(name)


def _number(value: str) -> float | None:
    return float(value.replace(",", "")) if _INTEGER.fullmatch(value) else None


def _withdrawn_value(document: Document) -> float | None:
    """The wrong value a withdrawn attribute claim gives (its first number not a year range)."""
    match = re.search(r" gave ([\d,]+) as the ", document.text)
    return None if match is None else float(match.group(1).replace(",", ""))
