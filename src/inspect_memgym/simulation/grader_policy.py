"""``memgym/judge``: the honest scripted grader that offline runs bind to the ``grader`` role.

No model under test judges its own answers unless the user asks for it, so offline runs
that judge bind a grader: ``--model-role grader=memgym/judge``. A benchmark with a judge
phase registers this name beside its policies; its player answers the judge phase by its
rules and refuses every other call with `refuse_unless_judging`, so the judge is never
mistaken for a policy under test.

Two more grader-only names play instruments for a panel of graders (`scoring.grader_panel`),
so the panel's agreement figures can be checked against a known disagreement offline:
``memgym/judge_lenient`` accepts every answer, and ``memgym/judge_contrary`` gives the
honest verdict reversed (an unreadable reply stays unreadable).
"""

from __future__ import annotations

JUDGE_POLICY = "judge"
"""The grader-only policy name (``memgym/judge``)."""
LENIENT_JUDGE_POLICY = "judge_lenient"
"""A grader that replies yes to every judge prompt (``memgym/judge_lenient``)."""
CONTRARY_JUDGE_POLICY = "judge_contrary"
"""A grader that reverses the honest verdict (``memgym/judge_contrary``)."""
GRADER_POLICIES = (JUDGE_POLICY, LENIENT_JUDGE_POLICY, CONTRARY_JUDGE_POLICY)
"""Every grader-only policy name, the honest one first."""
_REVERSED = {"yes": "no", "no": "yes"}


def scripted_verdict(policy_name: str, honest: str) -> str:
    """A scripted grader's reply, given the honest rule judge's.

    Args:
        policy_name: The grader (any other policy judges honestly).
        honest: The rule judge's reply: ``yes``, ``no`` or an unreadable text.
    """
    if policy_name == LENIENT_JUDGE_POLICY:
        return "yes"
    if policy_name == CONTRARY_JUDGE_POLICY:
        return _REVERSED.get(honest, honest)
    return honest


def refuse_unless_judging(policy_name: str, judging: bool) -> None:
    """Refuse a call to a grader-only policy outside a judge phase.

    Args:
        policy_name: The policy asked to play.
        judging: Whether the call is a judge call.

    Raises:
        ValueError: If a grader-only policy is asked to do anything but judge.
    """
    if policy_name in GRADER_POLICIES and not judging:
        raise ValueError(
            f"memgym/{policy_name} only grades: bind it as a judge with "
            f"--model-role grader=memgym/{policy_name} and choose another policy for --model"
        )
