"""``memgym/judge``: the honest scripted grader that offline runs bind to the ``grader`` role.

No model under test judges its own answers unless the user asks for it, so offline runs
that judge bind a grader: ``--model-role grader=memgym/judge``. A benchmark with a judge
phase registers this name beside its policies; its player answers the judge phase by its
rules and refuses every other call with `refuse_unless_judging`, so the judge is never
mistaken for a policy under test.
"""

from __future__ import annotations

JUDGE_POLICY = "judge"
"""The grader-only policy name (``memgym/judge``)."""


def refuse_unless_judging(policy_name: str, judging: bool) -> None:
    """Refuse a call to the grader-only policy outside a judge phase.

    Args:
        policy_name: The policy asked to play.
        judging: Whether the call is a judge call.

    Raises:
        ValueError: If ``memgym/judge`` is asked to do anything but judge.
    """
    if policy_name == JUDGE_POLICY and not judging:
        raise ValueError(
            f"memgym/{JUDGE_POLICY} only grades: bind it as a judge with "
            f"--model-role grader=memgym/{JUDGE_POLICY} and choose another policy for --model"
        )
