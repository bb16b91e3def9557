"""Play a ``memgym`` model call of LongMemEval with a fact-based scripted policy.

The policies are the shared ones of `simulation.fact_play` (perfect, partial, forgetful,
guesser) over a `FactBook` built from the record's structured data:

* a fact is an evidence turn (``has_answer: true``; when a record flags none, the user
  turns of its answer sessions), its statement a verbatim run of the turn's text
  (`verbatim_statement`); a careful reader keeps all of them;
* the answer is the gold answer when the call shows every evidence turn, and otherwise
  "I don't know" (so a record without evidence turns is never answered: nothing would show
  that the answer came from memory); an abstention question (``_abs``) is always answered
  "I don't know", since the history does not hold its answer;
* the guesser answers without memory: a fixed guess.

So a policy's answer depends only on what the strategy kept and shows it. A judge call
(phase ``judge``) is answered by the rule judge of `scoring.rule_judge`, reading the
rubric's fields back out of the judge prompt; every policy judges the same way. The text
adversaries of `simulation.text_adversaries` play the same calls from what they show alone
(the question they answer is the one the prompt asks); ``frequent_tokens`` learns its
constants from instances it generates with `synthetic` (`generated_questions`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import SWITCH_POLICIES, resolve_switch
from inspect_memgym.longmemeval import BENCHMARK_NAME
from inspect_memgym.longmemeval.dataset import LongMemEvalSpec, record_for
from inspect_memgym.longmemeval.judge_prompts import JUDGE_PROMPTS
from inspect_memgym.longmemeval.records import ChatTurn, LongMemEvalRecord
from inspect_memgym.longmemeval.state import (
    PHASE_JUDGE,
    PHASE_QUESTION,
    current_longmemeval_state,
)
from inspect_memgym.longmemeval.synthetic import synthetic_instances
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.scoring.rule_judge import rule_verdict, template_fields
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.simulation.fact_play import (
    FACT_POLICIES,
    FactBook,
    FactCall,
    fact_action,
    verbatim_statement,
)
from inspect_memgym.simulation.frequent_tokens import TRAINING_SEEDS, FrequentTokens
from inspect_memgym.simulation.grader_policy import (
    GRADER_POLICIES,
    JUDGE_POLICY,
    refuse_unless_judging,
    scripted_verdict,
)
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.simulation.text_adversaries import (
    ADVERSARIES,
    TEXT_SWITCH_BEHAVIOURS,
    adversary_action,
)
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, current_call_context

NOT_RECALLED = "I don't know: our earlier chats do not say."
GUESS = "Probably three."
"""The guesser's answer to every question."""
SHORTEST_STATEMENT = 10
"""Evidence turns with a shorter verbatim run are not facts (too likely to occur anywhere)."""
UNREADABLE_PROMPT_REPLY = "I cannot read this judge prompt."
"""The rule judge's reply to a prompt it cannot parse (no yes/no word: unreadable)."""
ABSTENTION_RUBRIC = "abstention"


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current LongMemEval model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        ValueError: If ``memgym/judge`` is asked to do anything but judge.
        RuntimeError: If there is no current LongMemEval sample.
    """
    context = current_call_context()
    prefix = f"memgym-{current_longmemeval_state().session}-{context.phase}"
    refuse_unless_judging(policy_name, context.phase == PHASE_JUDGE)
    policy_name = resolve_switch(policy_name, TEXT_SWITCH_BEHAVIOURS)
    if context.phase == PHASE_JUDGE:
        return PolicyTurn(judge_action(messages, policy_name), prefix, len(messages))
    record = record_for(LongMemEvalSpec.of_metadata(current_sample_metadata()))
    call = FactCall.announced(
        policy_name,
        context,
        PHASE_MEMORY_UPDATE,
        PHASE_QUESTION,
        record.question_id,
        item_id=record.question_id,
    )
    book = fact_book(record)
    if policy_name in ADVERSARIES:
        question = record.question if call.answering else ""
        action = adversary_action(call, question, book, messages, tools, frequent_tokens)
        return PolicyTurn(action, prefix, len(messages))
    return PolicyTurn(fact_action(call, book, messages, tools), prefix, len(messages))


def generated_questions(seeds: range = TRAINING_SEEDS) -> Iterator[tuple[str, str]]:
    """The questions and gold answers of invented users' instances.

    Args:
        seeds: The users' seeds.
    """
    for seed in seeds:
        for instance in synthetic_instances(seed):
            yield instance["question"], str(instance["answer"])


@cache
def frequent_tokens() -> FrequentTokens:
    """What ``frequent_tokens`` learns from the invented instances (once per process)."""
    return FrequentTokens.learned(generated_questions())


def judge_action(messages: list[ChatMessage], policy_name: str = JUDGE_POLICY) -> Action:
    """The rule judge's verdict on the response in a LongMemEval judge prompt.

    Args:
        messages: The judge call's messages (the prompt is the last one).
        policy_name: The grader (`simulation.grader_policy.scripted_verdict`); every
            policy but the grader-only instruments judges honestly.
    """
    prompt = messages[-1].text if messages else ""
    for rubric, (_, template) in JUDGE_PROMPTS.items():
        fields = template_fields(template, prompt)
        if fields is not None:
            verdict = rule_verdict(
                fields["answer"],
                fields["response"],
                unanswerable=rubric == ABSTENTION_RUBRIC,
                question=fields.get("question", ""),
            )
            return finish(scripted_verdict(policy_name, verdict))
    return finish(UNREADABLE_PROMPT_REPLY)


def evidence_turns(record: LongMemEvalRecord) -> list[tuple[str, ChatTurn]]:
    """The record's evidence turns with their ids (``<session id>:<turn index>``).

    Args:
        record: The question.

    Returns:
        The turns flagged ``has_answer``; if none is, the user turns of the answer sessions.
    """
    flagged = [
        (f"{session.session_id}:{index}", turn)
        for session in record.sessions
        for index, turn in enumerate(session.turns)
        if turn.has_answer
    ]
    if flagged:
        return flagged
    return [
        (f"{session.session_id}:{index}", turn)
        for session in record.sessions
        if session.holds_answer
        for index, turn in enumerate(session.turns)
        if turn.role == "user"
    ]


_books = BoundedCache[FactBook](16)
"""Fact books by record object, kept with the record."""


def fact_book(record: LongMemEvalRecord) -> FactBook:
    """What a scripted reader can know of one record's history (cached).

    Args:
        record: The question with its history.
    """
    return _books.get(id(record), lambda: _fact_book(record), owner=record)


def _fact_book(record: LongMemEvalRecord) -> FactBook:
    facts = {
        turn_id: Fact(turn_id, statement, ())
        for turn_id, turn in evidence_turns(record)
        if len(statement := verbatim_statement(turn.content)) >= SHORTEST_STATEMENT
    }
    needed = frozenset(facts)

    def answer(_item: str, known: frozenset[str]) -> str:
        if record.is_abstention:
            return NOT_RECALLED
        recalled = bool(needed) and needed <= known
        return record.answer if recalled else NOT_RECALLED

    return FactBook(facts=facts, needed=needed, answer=answer, guess=lambda _item: GUESS)


register_policies(
    BENCHMARK_NAME, (*FACT_POLICIES, *ADVERSARIES, *SWITCH_POLICIES, *GRADER_POLICIES), play
)
