"""Play a ``memgym`` model call of research_qa with a fact-based scripted policy.

The policies are the shared ones of `simulation.fact_play` (perfect, partial, forgetful,
guesser) over the instance's `FactBook`: its facts are the chain facts and the distractor
claims, each statement verbatim in the documents that carry it; the ones a careful reader
keeps are the chain facts; an answer is what the world's reader (`world.reader`)
concludes from the facts the call shows; the guess is a memoryless pick from the asked
attribute's range or the world's names. So a policy answers only from what the strategy
kept and the visible documents. A released row's facts are MemGym's paraphrases, in no
document: there each chain fact is read as a verbatim run of the document the row ties it
to (`world.row_links`, `simulation.fact_play.verbatim_statement`), as LoCoMo's evidence
turns are.

Interactive mode adds one decision: at a search turn the policy looks at what memory shows,
finds the first hop it cannot follow (`next_open_hop`) and searches for it by name ("Who
wrote the Orrin Report?"), or replies READY when the chain is complete. The guesser
never searches; the forgetful policy ignores its memory, so it keeps asking the first hop.

Asked to judge (``-T judge=true`` with ``-T self_judge=true``), these policies grade as the
honest scripted grader does (`honest_judge`). The adversaries (`adversaries`) and the
scripted graders (``memgym/judge`` and the panel instruments ``memgym/judge_lenient`` and
``memgym/judge_contrary``, only for the ``grader`` role) are played before anything of the
sample is read: they see only the call.
"""

from __future__ import annotations

import json

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import resolve_switch
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.research_qa import BENCHMARK_NAME
from inspect_memgym.research_qa.adversaries import (
    ADVERSARIES,
    POLICY_NAMES,
    SWITCH_BEHAVIOURS,
    play_adversary,
)
from inspect_memgym.research_qa.driver import ResearchSpec
from inspect_memgym.research_qa.honest_judge import scripted_judge_reply
from inspect_memgym.research_qa.interactive import SEARCH_TOOL
from inspect_memgym.research_qa.prompts import INSUFFICIENT_INFORMATION, READY
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.state import (
    PHASE_ANSWER,
    PHASE_JUDGE,
    PHASE_SEARCH,
    current_research_state,
)
from inspect_memgym.research_qa.world import ResearchInstance, next_open_hop, resolve_answer
from inspect_memgym.research_qa.world.phrasing import step_question
from inspect_memgym.research_qa.world.schema import STEPS, AttributeSpec
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.simulation.actions import Action, call, finish
from inspect_memgym.simulation.fact_play import (
    FACT_POLICIES,
    FactBook,
    FactCall,
    fact_action,
    verbatim_statement,
)
from inspect_memgym.simulation.grader_policy import refuse_unless_judging
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, current_call_context


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current research_qa model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        RuntimeError: If there is no current research_qa sample.
    """
    context = current_call_context()
    turn_prefix = f"memgym-{current_research_state().turn}-{context.phase}"
    refuse_unless_judging(policy_name, context.phase == PHASE_JUDGE)
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    if policy_name in ADVERSARIES:
        action = play_adversary(policy_name, context.phase, messages, tools)
        return PolicyTurn(action, turn_prefix, len(messages))
    if context.phase == PHASE_JUDGE:
        reply = scripted_judge_reply(policy_name, messages[-1].text)
        return PolicyTurn(finish(reply), turn_prefix, 0)
    instance = resolve_instance(ResearchSpec.of_metadata(current_sample_metadata()).instance)
    book = fact_book(instance)
    if context.phase == PHASE_SEARCH:
        action = search_action(policy_name, instance, book, messages)
    else:
        fact_call = FactCall.announced(
            policy_name,
            context,
            PHASE_MEMORY_UPDATE,
            PHASE_ANSWER,
            instance.instance_id,
            item_id=instance.instance_id,
        )
        action = fact_action(fact_call, book, messages, tools)
    return PolicyTurn(action, turn_prefix, len(messages))


_books = BoundedCache[FactBook](8)
"""Fact books by instance object (kept with it, so its id is not reused)."""


def fact_book(instance: ResearchInstance) -> FactBook:
    """What a scripted reader can know in one instance (cached per instance object).

    Args:
        instance: The instance.
    """
    return _books.get(id(instance), lambda: _fact_book(instance), owner=instance)


def readable_facts(instance: ResearchInstance) -> dict[str, Fact]:
    """Every fact by id, each with a statement the documents that carry it hold verbatim.

    A generated instance's statements are already verbatim. A released row's chain fact
    takes a verbatim run of the first document listing it (`Document.fact_ids`); one no
    document lists keeps MemGym's paraphrase, so no reader can know it.

    Args:
        instance: The instance.
    """
    facts = instance.facts()
    if instance.chain_start is not None:
        return facts
    for document in instance.documents():
        statement = verbatim_statement(document.text)
        for fact_id in document.fact_ids:
            fact = facts.get(fact_id)
            if statement and fact is not None and fact.statement not in document.text:
                facts[fact_id] = Fact(fact_id, statement, fact.key_tokens)
    return facts


def _fact_book(instance: ResearchInstance) -> FactBook:
    return FactBook(
        facts=readable_facts(instance),
        needed=frozenset(instance.chain_fact_ids),
        answer=lambda _item, known: answer_reply(resolve_answer(instance, known)),
        guess=lambda _item: answer_reply(guess_answer(instance)),
    )


def answer_reply(answer: str | None) -> str:
    """The policy's reply in the asked JSON format (None: insufficient information).

    Args:
        answer: The answer, if the reader reached one.
    """
    if answer is None:
        return json.dumps({"answer": INSUFFICIENT_INFORMATION, "confidence": 0.0})
    return json.dumps({"answer": answer, "confidence": 1.0})


def guess_answer(instance: ResearchInstance) -> str | None:
    """A memoryless guess: a value of the asked attribute's range, or a name of the world.

    Args:
        instance: The instance (its schema and names only, never its documents).
    """
    if instance.chain_start is None or not instance.chain:
        return None
    step = STEPS[instance.chain[-1].relation]
    draw = stable_fraction("research_qa-guess", instance.instance_id)
    if isinstance(step, AttributeSpec):
        if step.is_label:
            return step.choices[int(draw * len(step.choices))]
        return str((step.low + step.high) // 2)
    return instance.entity_names[int(draw * len(instance.entity_names))]


def search_action(
    policy_name: str, instance: ResearchInstance, book: FactBook, messages: list[ChatMessage]
) -> Action:
    """An interactive turn: search for the first hop memory cannot follow, or stop.

    Args:
        policy_name: The policy.
        instance: The instance.
        book: Its fact book.
        messages: The turn's messages (memory in the system prompt).
    """
    if policy_name == "guesser":
        return finish(READY)
    remembers = FACT_POLICIES[policy_name] > 0
    known = book.known("\n".join(message.text for message in messages)) if remembers else []
    query = next_query(instance, known)
    return finish(READY) if query is None else call(SEARCH_TOOL, query=query)


def next_query(instance: ResearchInstance, known: list[str]) -> str | None:
    """The query for the first hop a reader of these facts cannot follow (None: done).

    A released row has no structured claims: its sub-questions are asked in order.

    Args:
        instance: The instance.
        known: Ids of the facts known.
    """
    if instance.chain_start is None:
        searched = len(current_research_state().searches)
        return instance.chain[searched].sub_query if searched < len(instance.chain) else None
    open_hop = next_open_hop(instance, known)
    if open_hop is None:
        return None
    hop, subject = open_hop
    return step_question(STEPS[hop.relation], subject)


register_policies(BENCHMARK_NAME, (*FACT_POLICIES, *POLICY_NAMES), play)
