"""An honest scripted grader for code_qa's fact judge: ``--model-role grader=memgym/judge``.

Offline runs need a judge that is neither the model under test nor a rubber stamp. This
one grades like a careful reader who knows the gold: it finds the fact the prompt names,
and says YES only when the answer gives every key token of it in some wording (case,
backticks, thousands separators, hyphens and slashes aside, anywhere in the answer) and
is no hedge (`hedges.hedge_of`): more lenient than the rules on wording, never on
substance. It plays only the judge's calls; as the model under test it refuses, in one
line. The panel instruments ``memgym/judge_lenient`` and ``memgym/judge_contrary`` grade
from its verdict (`simulation.grader_policy.scripted_verdict`).
"""

from __future__ import annotations

import re

from inspect_ai.model import ChatMessage

from inspect_memgym.code_qa.claims import normalise_answer
from inspect_memgym.code_qa.hedges import hedge_of
from inspect_memgym.code_qa.prompt_reading import is_judge_call, last_user_text
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.simulation.grader_policy import (
    JUDGE_POLICY,
    refuse_unless_judging,
    scripted_verdict,
)

_FACT = re.compile(
    r"^Fact: (.*?)\nQuestion the answer replies to: (.*?)\nAnswer: (.*)\n\nThe answer states",
    re.S | re.M,
)
_LOOSE = re.compile(r"[^a-z0-9]+")
FACT_REPLIES = {"yes": "FACT: YES", "no": "FACT: NO"}
"""A grader's reply for each verdict."""


def _loose(text: str) -> str:
    return " ".join(_LOOSE.sub(" ", normalise_answer(text)).split())


def judge_action(
    instance: CodeQAInstance, messages: list[ChatMessage], policy_name: str = JUDGE_POLICY
) -> Action:
    """A scripted grader's verdict on one judge call.

    Args:
        instance: The sample's instance (a grader knows the gold).
        messages: The call's messages.
        policy_name: The grader (`simulation.grader_policy.GRADER_POLICIES`).

    Raises:
        ValueError: If the call is not a judge call.
    """
    refuse_unless_judging(policy_name, is_judge_call(messages))
    return finish(FACT_REPLIES[scripted_verdict(policy_name, honest_verdict(instance, messages))])


def honest_verdict(instance: CodeQAInstance, messages: list[ChatMessage]) -> str:
    """The honest grader's verdict on one judge call: ``yes`` or ``no``.

    Args:
        instance: The sample's instance.
        messages: The judge call's messages.
    """
    match = _FACT.search(last_user_text(messages))
    if match is None:
        return "no"
    statement, question, answer = match.groups()
    facts = [item for item in instance.grounding_facts if item.fact.statement == statement]
    pairs = [pair for pair in instance.qa_pairs if pair.question == question]
    if not facts or not pairs or hedge_of(instance, pairs[0], answer).hedged:
        return "no"
    loose = f" {_loose(answer)} "
    held = all(f" {_loose(token)} " in loose for token in facts[0].fact.key_tokens)
    return "yes" if held else "no"
