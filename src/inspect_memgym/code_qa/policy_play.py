"""Play a ``memgym`` model call of the code_qa task with a scripted policy.

Registered with the ``memgym`` provider: every model call of a code_qa sample comes here.

- References (`simulation.fact_play`): the instance's grounding facts and distractors make
  the sample's `FactBook` (a careful reader keeps every grounding fact, the memory-only
  ones first, never a distractor); ``perfect``, ``partial``, ``forgetful`` and ``guesser``
  play through whichever strategy runs. A policy answers a question with the statements of
  the linked facts it can see in the call (its notes, retrieved entries, context or the
  history itself), so it scores only what its memory kept; the guesser answers every
  question with the same memoryless guess. ``paraphraser`` keeps what ``perfect`` keeps
  and answers in its own words (each statement cut into short sentences, numbers with
  thousands separators): right by a judge, often undecided by the rules.
- Adversaries (`adversaries`): act only on what the call shows. A switch adversary
  (``switch_<shown>_<empty>``, `kit.pass_switch`) plays the memoryless adversary of its
  behaviour for the call's pass.
- ``judge`` (`judge_policy`): an honest grader for the ``grader`` role only; the panel
  instruments ``judge_lenient`` and ``judge_contrary`` (`simulation.grader_policy`) grade
  from its verdict.
"""

from __future__ import annotations

import re

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.adversaries import (
    ADVERSARIES,
    POLICY_NAMES,
    SWITCH_BEHAVIOURS,
    adversary_action,
)
from inspect_memgym.code_qa.instances import (
    CACHED_INSTANCES,
    CodeQASpec,
    cached_instance,
    sample_instance,
)
from inspect_memgym.code_qa.judge_policy import judge_action
from inspect_memgym.code_qa.state import PHASE_QUESTION
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.code_qa.world.reader import answer_from_facts
from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import resolve_switch
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.simulation.fact_play import FACT_POLICIES, FactBook, FactCall, fact_action
from inspect_memgym.simulation.grader_policy import GRADER_POLICIES
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, current_call_context

NO_ANSWER = "I do not know: nothing I kept covers this."
"""A policy's answer when it sees none of the question's linked facts."""
GUESS = "Without the task history I can only guess: {question}"
"""The guesser's answer: the question restated, with nothing from the history."""
PARAPHRASER = "paraphraser"
"""Keeps like ``perfect``; answers in its own words."""
POLICIES = (*FACT_POLICIES, PARAPHRASER, *POLICY_NAMES, *GRADER_POLICIES)
"""Every policy code_qa plays, in display order."""
_CLAUSE = re.compile(r";\s+|,\s+(?=[a-z])")
_LARGE = re.compile(r"(?<![\w-])(\d)(\d{3})(?![\w-])")
GROUPED = r"\1,\2"
"""A four-digit number with its thousands separator."""


def fact_book(instance: CodeQAInstance) -> FactBook:
    """What a scripted reader can know of one instance.

    Args:
        instance: The instance.
    """
    ordered = sorted(instance.grounding_facts, key=lambda grounding: grounding.discoverable)
    facts = {grounding.fact_id: grounding.fact for grounding in ordered}
    facts.update((distractor.distractor_id, distractor.fact) for distractor in instance.distractors)

    def answer(qa_id: str, known: frozenset[str]) -> str:
        return answer_from_facts(instance, qa_id, known) or NO_ANSWER

    def guess(qa_id: str) -> str:
        return GUESS.format(question=instance.question(qa_id).question)

    needed = frozenset(grounding.fact_id for grounding in instance.grounding_facts)
    return FactBook(facts=facts, needed=needed, answer=answer, guess=guess)


_books = BoundedCache[FactBook](CACHED_INSTANCES)
"""Fact books by instance (seed, history size): one per cached instance."""


def _cached_book(seed: int, context_tokens: int) -> FactBook:
    key = (seed, context_tokens)
    return _books.get(key, lambda: fact_book(cached_instance(seed, context_tokens)))


def paraphrase(answer: str) -> str:
    """An answer in other words: each clause its own sentence, large numbers grouped.

    Args:
        answer: The answer (statements of facts).
    """
    clauses = [clause.strip().rstrip(".") for clause in _CLAUSE.split(answer) if clause.strip()]
    return " ".join(_LARGE.sub(GROUPED, clause) + "." for clause in clauses)


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current code_qa model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        RuntimeError: If there is no current sample with a code_qa instance, or the judge
            policy is asked anything but a judgement.
    """
    context = current_call_context()
    prefix = f"memgym-{context.phase}-{context.item_id}"
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    if policy_name in ADVERSARIES:
        return PolicyTurn(adversary_action(policy_name, messages, tools), prefix, len(messages))
    instance = sample_instance(CodeQASpec.of_metadata(current_sample_metadata()))
    if policy_name in GRADER_POLICIES:
        return PolicyTurn(judge_action(instance, messages, policy_name), prefix, len(messages))
    keeper = "perfect" if policy_name == PARAPHRASER else policy_name
    call = FactCall.announced(
        keeper, context, PHASE_MEMORY_UPDATE, PHASE_QUESTION, instance.instance_id
    )
    book = _cached_book(instance.seed, instance.context_tokens)
    action: Action = fact_action(call, book, messages, tools)
    if policy_name == PARAPHRASER and call.answering and not action.calls:
        action = finish(paraphrase(action.text))
    return PolicyTurn(action, prefix, len(messages))


register_policies(BENCHMARK_NAME, POLICIES, play)
