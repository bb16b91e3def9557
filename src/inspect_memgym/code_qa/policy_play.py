"""Play a ``memgym`` model call of the code_qa task with a scripted fact policy.

Registered with the ``memgym`` provider: every model call of a code_qa sample comes here.
The instance's grounding facts and distractors make the sample's `FactBook` (a careful
reader keeps every grounding fact, never a distractor); `simulation.fact_play` then plays
``perfect``, ``partial``, ``forgetful`` and ``guesser`` through whichever strategy runs. A
policy answers a question with the statements of the linked facts it can see in the call
(its notes, retrieved entries, context or the history itself), so it scores only what its
memory kept. The guesser answers every question with the same memoryless guess.
"""

from __future__ import annotations

from functools import lru_cache

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.code_qa import BENCHMARK_NAME
from inspect_memgym.code_qa.instances import cached_instance, sample_instance
from inspect_memgym.code_qa.state import PHASE_QUESTION
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.code_qa.world.reader import answer_from_facts
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.simulation.fact_play import FACT_POLICIES, FactBook, FactCall, fact_action
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, current_call_context

NO_ANSWER = "I do not know: nothing I kept covers this."
"""A policy's answer when it sees none of the question's linked facts."""
GUESS = "Without the task history I can only guess: {question}"
"""The guesser's answer: the question restated, with nothing from the history."""


def fact_book(instance: CodeQAInstance) -> FactBook:
    """What a scripted reader can know of one instance.

    Args:
        instance: The instance.
    """
    facts = {grounding.fact_id: grounding.fact for grounding in instance.grounding_facts}
    facts.update((distractor.distractor_id, distractor.fact) for distractor in instance.distractors)

    def answer(qa_id: str, known: frozenset[str]) -> str:
        return answer_from_facts(instance, qa_id, known) or NO_ANSWER

    def guess(qa_id: str) -> str:
        return GUESS.format(question=instance.question(qa_id).question)

    needed = frozenset(grounding.fact_id for grounding in instance.grounding_facts)
    return FactBook(facts=facts, needed=needed, answer=answer, guess=guess)


@lru_cache(maxsize=16)
def _cached_book(seed: int, context_tokens: int) -> FactBook:
    return fact_book(cached_instance(seed, context_tokens))


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current code_qa model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.

    Raises:
        RuntimeError: If there is no current sample with a code_qa instance.
    """
    instance = sample_instance(current_sample_metadata())
    context = current_call_context()
    call = FactCall.announced(
        policy_name, context, PHASE_MEMORY_UPDATE, PHASE_QUESTION, instance.instance_id
    )
    book = _cached_book(instance.seed, instance.context_tokens)
    action = fact_action(call, book, messages, tools)
    return PolicyTurn(action, f"memgym-{context.phase}-{context.item_id}", len(messages))


register_policies(BENCHMARK_NAME, tuple(FACT_POLICIES), play)
