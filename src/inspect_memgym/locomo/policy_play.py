"""Play a ``memgym`` model call of LoCoMo with a fact-based scripted policy.

The policies are the shared ones of `simulation.fact_play` (perfect, partial, forgetful,
guesser) over a `FactBook` built from the conversation's structured data:

* a fact is an evidence turn of some question, its statement a verbatim run of the turn's
  text (`verbatim_statement`); a careful reader keeps all of them;
* an answer to a category 1-4 question is its gold text when the call shows every
  evidence turn of the question (a question whose evidence names no turn of the
  conversation: when the call shows any fact), else "Not mentioned in the conversation.";
  an adversarial question is answered with the "not mentioned" option, by letter and text,
  since nothing in the conversation supports the other one;
* the guesser answers without memory: a fixed guess, and the wrong option of an
  adversarial question.

So a policy's answer depends only on what the strategy kept and shows it. The text
adversaries of `simulation.text_adversaries` play the same calls from what they show alone
(the question they answer is the one the prompt asks); ``frequent_tokens`` learns its
constants from conversations it generates with `synthetic` (`generated_questions`). A judge
call (the optional judge, phase ``judge``) is answered by the rule judge of
`scoring.rule_judge`, reading the gold and the answer back out of the judge prompt; every
policy judges the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import SWITCH_POLICIES, resolve_switch
from inspect_memgym.locomo import BENCHMARK_NAME
from inspect_memgym.locomo.dataset import LocomoSpec, conversation_for
from inspect_memgym.locomo.grading import AdversarialOptions, adversarial_options, scoring_gold
from inspect_memgym.locomo.judge_prompts import ANSWER_JUDGE_PROMPT
from inspect_memgym.locomo.records import Conversation
from inspect_memgym.locomo.state import PHASE_JUDGE, PHASE_QUESTION, current_locomo_state
from inspect_memgym.locomo.synthetic import synthetic_conversation
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

NOT_RECALLED = "Not mentioned in the conversation."
GUESS = "Probably last year."
"""The guesser's answer to every category 1-4 question."""
SHORTEST_STATEMENT = 10
"""Evidence turns with a shorter verbatim run are not facts (too likely to occur anywhere)."""
UNREADABLE_PROMPT_REPLY = "I cannot read this judge prompt."
"""The rule judge's reply to a prompt it cannot parse (no yes/no word: unreadable)."""


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current LoCoMo model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        ValueError: If ``memgym/judge`` is asked to do anything but judge.
        RuntimeError: If there is no current LoCoMo sample.
    """
    context = current_call_context()
    session = current_locomo_state().session
    prefix = f"memgym-{session}-{context.phase}"
    refuse_unless_judging(policy_name, context.phase == PHASE_JUDGE)
    policy_name = resolve_switch(policy_name, TEXT_SWITCH_BEHAVIOURS)
    if context.phase == PHASE_JUDGE:
        return PolicyTurn(judge_action(messages, policy_name), prefix, len(messages))
    spec = LocomoSpec.of_metadata(current_sample_metadata())
    conversation = conversation_for(spec)
    book = fact_book(conversation, spec.locomo_options.seed)
    call = FactCall.announced(
        policy_name, context, PHASE_MEMORY_UPDATE, PHASE_QUESTION, conversation.sample_id
    )
    if policy_name in ADVERSARIES:
        item = next((q for q in conversation.questions if q.question_id == call.item_id), None)
        action = adversary_action(
            call,
            item.question if item is not None and call.answering else "",
            book,
            messages,
            tools,
            frequent_tokens,
        )
        return PolicyTurn(action, prefix, len(messages))
    return PolicyTurn(fact_action(call, book, messages, tools), prefix, len(messages))


def generated_questions(seeds: range = TRAINING_SEEDS) -> Iterator[tuple[str, str]]:
    """The category 1-4 questions and gold answers of invented conversations.

    Args:
        seeds: The conversations' seeds.
    """
    for seed in seeds:
        for item in synthetic_conversation(seed)["qa"]:
            if "answer" in item:
                yield item["question"], str(item["answer"])


@cache
def frequent_tokens() -> FrequentTokens:
    """What ``frequent_tokens`` learns from the invented conversations (once per process)."""
    return FrequentTokens.learned(generated_questions())


def judge_action(messages: list[ChatMessage], policy_name: str = JUDGE_POLICY) -> Action:
    """The rule judge's verdict on the answer in a LoCoMo judge prompt.

    A gold text with ``;``-separated alternatives (open-domain questions) is met by any one.

    Args:
        messages: The judge call's messages (the prompt is the last one).
        policy_name: The grader (`simulation.grader_policy.scripted_verdict`); every
            policy but the grader-only instruments judges honestly.
    """
    fields = template_fields(ANSWER_JUDGE_PROMPT, messages[-1].text) if messages else None
    if fields is None:
        return finish(UNREADABLE_PROMPT_REPLY)
    alternatives = [part for part in fields["gold"].split(";") if part.strip()]
    accepted = any(
        rule_verdict(part, fields["answer"], question=fields.get("question", "")) == "yes"
        for part in alternatives
    )
    return finish(scripted_verdict(policy_name, "yes" if accepted else "no"))


def option_reply(options: AdversarialOptions, not_mentioned: bool) -> str:
    """A reply that picks one option of an adversarial question, by letter and text.

    Args:
        options: The question's options, in letter order.
        not_mentioned: Pick the "not mentioned" option (else the wrong answer).
    """
    index = options.not_mentioned_index if not_mentioned else 1 - options.not_mentioned_index
    return f"({'ab'[index]}) {options.options[index]}"


_books = BoundedCache[FactBook](16)
"""Fact books by (conversation object, seed), kept with the conversation."""


def fact_book(conversation: Conversation, seed: int) -> FactBook:
    """What a scripted reader can know of one conversation (cached).

    Args:
        conversation: The conversation.
        seed: The run's seed (orders adversarial options).
    """
    key = (id(conversation), seed)
    return _books.get(key, lambda: _fact_book(conversation, seed), owner=conversation)


def _fact_book(conversation: Conversation, seed: int) -> FactBook:
    turns = {turn.dia_id: turn for session in conversation.sessions for turn in session.turns}
    facts: dict[str, Fact] = {}
    evidence: dict[str, frozenset[str]] = {}
    for item in conversation.questions:
        for dia_id in item.evidence:
            turn = turns.get(dia_id)
            statement = verbatim_statement(turn.text) if turn is not None else ""
            if len(statement) >= SHORTEST_STATEMENT:
                facts.setdefault(dia_id, Fact(dia_id, statement, ()))
        evidence[item.question_id] = frozenset(i for i in item.evidence if i in facts)
    items = {item.question_id: item for item in conversation.questions}

    def answer(item_id: str, known: frozenset[str]) -> str:
        item = items[item_id]
        if item.is_adversarial:
            return option_reply(adversarial_options(item, seed), not_mentioned=True)
        needed = evidence[item_id]
        recalled = needed <= known if needed else bool(known)
        return scoring_gold(item) if recalled else NOT_RECALLED

    def guess(item_id: str) -> str:
        item = items[item_id]
        if item.is_adversarial:
            return option_reply(adversarial_options(item, seed), not_mentioned=False)
        return GUESS

    return FactBook(facts=facts, needed=frozenset(facts), answer=answer, guess=guess)


register_policies(
    BENCHMARK_NAME, (*FACT_POLICIES, *ADVERSARIES, *SWITCH_POLICIES, *GRADER_POLICIES), play
)
