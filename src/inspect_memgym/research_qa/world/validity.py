"""Proof that an instance is valid: every property the benchmark relies on, checked.

``check_instance`` lists problems (empty when valid).

For every instance: the question does not give the answer or name an intermediate one, no
sub-query names an intermediate answer, a document holds each chain fact, retention spans
equal ``needed_at_turn - first_available_turn``, and at least one fact must be kept for two
turns or more. (A released row's fact may sit in the document its ``source_paragraph_title``
names, not verbatim; its hop numbering is taken as recorded.)

For generated instances, which carry structured claims, also: each chain fact's statement is
verbatim in supporting documents only, first in the turn recorded; all chain facts lead to
the gold answer and any one missing breaks the chain; the last turn alone does not lead to
it, and every turn after the first hop shows at least two candidates; no distractor mentions
the gold or gives a current value for a chain link; every candidate answer of the final
hop (the true chain's and each sibling's) is mentioned by exactly one document, its own, so
no recurrence tells them apart; no filler restates a chain fact or mentions the gold; the
stream has its target length; ids are unique, each distractor sits in
its document and turn, and no entity name is part of another.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from inspect_memgym.research_qa.world.instance import ResearchInstance
from inspect_memgym.research_qa.world.reader import candidate_answers, resolve_answer
from inspect_memgym.scoring.facts import facts_held, normalise_for_match
from inspect_memgym.scoring.gold import GoldAnswer

LENGTH_TOLERANCE = 0.03
"""How far the stream may be from ``context_tokens``, as a share of it."""
SHORTEST_KEPT_RETENTION = 2
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def check_instance(instance: ResearchInstance) -> list[str]:
    """Every problem of an instance, one line each (empty if valid).

    Args:
        instance: A generated instance or a released row.
    """
    checks = [_question_problems, _sub_query_problems, _supporting_problems, _retention_problems]
    if instance.chain_start is not None:
        checks += [
            _resolution_problems,
            _ambiguity_problems,
            _distractor_problems,
            _final_candidate_problems,
            _filler_problems,
            _length_problems,
            _identity_problems,
        ]
    return [problem for check in checks for problem in check(instance)]


def mentions_answer(text: str, gold: GoldAnswer) -> bool:
    """Whether a text mentions an answer: the same number, or the phrase as whole words.

    Args:
        text: Any text.
        gold: The answer.
    """
    if gold.kind == "number" and gold.value is not None:
        return any(float(token.replace(",", "")) == gold.value for token in _NUMBER.findall(text))
    return mentions_phrase(text, gold.text)


def mentions_phrase(text: str, phrase: str) -> bool:
    """Whether a phrase appears in a text as whole words (case and spacing ignored).

    Args:
        text: Any text.
        phrase: The phrase.
    """
    pattern = r"(?<!\w)" + re.escape(normalise_for_match(phrase)) + r"(?!\w)"
    return re.search(pattern, normalise_for_match(text)) is not None


def _question_problems(instance: ResearchInstance) -> Iterator[str]:
    if mentions_answer(instance.question, instance.gold):
        yield f"the question states the gold answer {instance.gold.text!r}"
    for hop in instance.chain[:-1]:
        if hop.answer and mentions_phrase(instance.question, hop.answer):
            yield f"the question names hop {hop.hop}'s answer {hop.answer!r}"


def _sub_query_problems(instance: ResearchInstance) -> Iterator[str]:
    answers = {hop.answer for hop in instance.chain if hop.answer}
    for turn in instance.turns:
        for answer in sorted(answers):
            if mentions_phrase(turn.sub_query, answer):
                yield f"turn {turn.turn_index}'s sub-query names the answer {answer!r}"


def _supporting_problems(instance: ResearchInstance) -> Iterator[str]:
    generated = instance.chain_start is not None
    for grounding in instance.grounding_facts:
        fact = grounding.fact
        holders = [doc for doc in instance.documents() if fact.statement in doc.text]
        if not generated:
            holders += [doc for doc in instance.documents() if doc.title == grounding.source_title]
        if not holders:
            yield f"no document states {fact.fact_id} verbatim"
            continue
        first = min(doc.turn_index for doc in holders)
        if generated and first != grounding.first_available_turn:
            yield (
                f"{fact.fact_id} first appears in turn {first}, "
                f"not turn {grounding.first_available_turn} as recorded"
            )
        if generated and any(not doc.is_supporting for doc in holders):
            yield f"{fact.fact_id} is stated by a document that is not a supporting one"


def _retention_problems(instance: ResearchInstance) -> Iterator[str]:
    for grounding in instance.grounding_facts:
        span = grounding.needed_at_turn - grounding.first_available_turn
        if grounding.retention_span != span:
            yield (
                f"{grounding.fact.fact_id}'s retention span {grounding.retention_span} "
                f"is not needed_at_turn - first_available_turn = {span}"
            )
    longest = max((grounding.retention_span for grounding in instance.grounding_facts), default=0)
    if longest < SHORTEST_KEPT_RETENTION:
        yield f"no chain fact must be kept {SHORTEST_KEPT_RETENTION} turns (longest {longest})"


def _resolution_problems(instance: ResearchInstance) -> Iterator[str]:
    chain = instance.chain_fact_ids
    gold = instance.gold.text
    if (reached := resolve_answer(instance, chain)) != gold:
        yield f"all chain facts lead to {reached!r}, not the gold {gold!r}"
    if (reached := resolve_answer(instance, instance.facts())) != gold:
        yield f"all facts together lead to {reached!r}, not the gold {gold!r}"
    for missing in chain:
        if resolve_answer(instance, [f for f in chain if f != missing]) == gold:
            yield f"the gold is reached without chain fact {missing}"


def _ambiguity_problems(instance: ResearchInstance) -> Iterator[str]:
    last = instance.turns[-1]
    last_facts = [fact_id for doc in last.documents for fact_id in doc.fact_ids]
    if resolve_answer(instance, last_facts) == instance.gold.text:
        yield "the last turn's documents alone lead to the gold"
    for turn in instance.turns:
        candidates = candidate_answers(instance, turn.turn_index)
        if turn.hop > 1 and len(candidates) < 2:
            yield f"turn {turn.turn_index} shows {len(candidates)} candidate(s), not at least 2"


def _distractor_problems(instance: ResearchInstance) -> Iterator[str]:
    for doc in instance.documents():
        if doc.kind not in ("supporting", "filler") and mentions_answer(doc.text, instance.gold):
            yield f"distractor {doc.doc_id} ({doc.kind}) mentions the gold {instance.gold.text!r}"
    links = {(claim.subject, claim.relation) for claim in instance.claims if claim.fact_id in
             set(instance.chain_fact_ids)}  # fmt: skip
    for claim in instance.claims:
        if (
            claim.current
            and claim.fact_id.startswith("D")
            and ((claim.subject, claim.relation) in links)
        ):
            yield f"distractor {claim.fact_id} states a current value for a chain link"


def _final_candidate_problems(instance: ResearchInstance) -> Iterator[str]:
    final = next(turn for turn in instance.turns if turn.hop == instance.num_hops)
    for value in sorted(candidate_answers(instance, final.turn_index)):
        answer = GoldAnswer(instance.gold.kind, value, value=_number_or_none(value))
        holders = [doc.doc_id for doc in instance.documents() if mentions_answer(doc.text, answer)]
        if len(holders) != 1:
            yield f"candidate answer {value!r} is mentioned by {len(holders)} documents, not 1"


def _number_or_none(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def _filler_problems(instance: ResearchInstance) -> Iterator[str]:
    chain_facts = [grounding.fact for grounding in instance.grounding_facts]
    for doc in instance.documents():
        if doc.kind != "filler":
            continue
        for fact_id in facts_held(f"{doc.title}\n{doc.text}", chain_facts):
            yield f"filler {doc.doc_id} restates chain fact {fact_id}"
        if mentions_answer(doc.text, instance.gold):
            yield f"filler {doc.doc_id} mentions the gold {instance.gold.text!r}"


def _length_problems(instance: ResearchInstance) -> Iterator[str]:
    total = instance.total_tokens
    target = instance.context_tokens
    has_filler = any(doc.kind == "filler" for doc in instance.documents())
    if (has_filler or total < target) and abs(total - target) > LENGTH_TOLERANCE * target:
        yield f"the stream has {total} tokens, not {target} within {LENGTH_TOLERANCE:.0%}"


def _identity_problems(instance: ResearchInstance) -> Iterator[str]:
    doc_ids = Counter(doc.doc_id for doc in instance.documents())
    fact_ids = Counter(claim.fact_id for claim in instance.claims)
    for name, count in (doc_ids + fact_ids).items():
        if count > 1:
            yield f"id {name!r} is used {count} times"
    documents = {doc.doc_id: doc for doc in instance.documents()}
    for distractor in instance.distractors:
        held = documents.get(distractor.doc_id)
        if held is None or held.turn_index != distractor.target_turn:
            yield f"distractor {distractor.distractor_id} is not in turn {distractor.target_turn}"
        elif held.text != distractor.content:
            yield f"distractor {distractor.distractor_id}'s content differs from its document"
    lowered = [name.lower() for name in instance.entity_names]
    for name in lowered:
        for other in lowered:
            if name != other and name in other:
                yield f"entity name {name!r} is part of {other!r}"
    stated = " ".join(
        [instance.question] + [doc.text for doc in instance.documents() if doc.kind != "filler"]
    )
    for name in instance.entity_names:
        if name not in stated:
            yield f"entity {name!r} is listed but never mentioned"
