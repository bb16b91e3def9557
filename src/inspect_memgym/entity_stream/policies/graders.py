"""The scripted graders of entity_stream's judge: ``--model-role grader=memgym/judge``.

Offline runs that judge (``-T judge=true``) bind a grader that is not the model under test.
The honest one (``memgym/judge``) reads the question, gold and answer back out of the judge
prompt (`scoring.rule_judge.template_fields`) and grades as the rule judge does
(`scoring.rule_judge.rule_verdict`): ``GRADE: C`` when the answer states every token of
the gold and neither declines nor hedges, else ``GRADE: I``. The panel instruments
``memgym/judge_lenient`` (grades every answer correct) and ``memgym/judge_contrary`` (the
honest grade reversed) give a panel of graders a known disagreement
(`simulation.grader_policy`). They play only judge calls; asked anything else they refuse,
in one line.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessage, ChatMessageUser

from inspect_memgym.scoring.judge import JUDGE_PROMPT
from inspect_memgym.scoring.rule_judge import rule_verdict, template_fields
from inspect_memgym.simulation.actions import Action, finish
from inspect_memgym.simulation.grader_policy import refuse_unless_judging, scripted_verdict

GRADES = {"yes": "GRADE: C", "no": "GRADE: I"}
"""The reply of a grader for each verdict."""
UNREADABLE_PROMPT_REPLY = "I cannot read this judge prompt."
"""The reply to a prompt the grader cannot read back (no grade: unreadable)."""


def judge_fields(messages: list[ChatMessage]) -> dict[str, str] | None:
    """The question, gold and answer of a judge call; None for any other call.

    Args:
        messages: The call's messages.
    """
    users = [message for message in messages if isinstance(message, ChatMessageUser)]
    return template_fields(JUDGE_PROMPT, users[-1].text) if users else None


def grader_action(policy_name: str, messages: list[ChatMessage]) -> Action:
    """A scripted grader's grade of the answer in one judge call.

    Args:
        policy_name: The grader (`simulation.grader_policy.GRADER_POLICIES`).
        messages: The call's messages.

    Raises:
        ValueError: If the call is not a judge call.
    """
    fields = judge_fields(messages)
    refuse_unless_judging(policy_name, fields is not None)
    if fields is None:
        return finish(UNREADABLE_PROMPT_REPLY)
    honest = rule_verdict(fields["gold"], fields["answer"], question=fields["question"])
    return finish(GRADES[scripted_verdict(policy_name, honest)])
