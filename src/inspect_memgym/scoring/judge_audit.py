"""What a judged score records so a user can audit it: which prompt judged, which stage decided.

Rules first, judge second: every task grades an answer by its rules and asks the judge
only where they cannot decide (or, for LoCoMo's optional judged view and LongMemEval's
judged accuracy, as the task's own protocol says). Inspect's ``scorer.cascade`` does this
per sample for scalar scores; here one sample holds many questions, each decided on its
own, and `Score.value` is a dict, so the stage that decided is recorded per question
(``decided_by``: ``rules``, ``judge`` or ``undecided``) and counted per score
(`decided_by_counts`). Every judged score names its judge prompt and that prompt's version
(`judge_prompt_metadata`; with the template's SHA-256 and the grader settings:
`judge_prompts.JudgeSettings.metadata`), so scores from different prompts are never mixed
unknowingly.
Pure functions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

JUDGE_PROMPT_KEY = "judge_prompt"
"""`Score.metadata` key: the judge prompt's name."""
JUDGE_PROMPT_VERSION_KEY = "judge_prompt_version"
"""`Score.metadata` key: the judge prompt's version."""
DECIDED_BY = "decided_by"
"""Per-question key: the stage that decided it; per score: how many each stage decided."""
RULES = "rules"
JUDGE = "judge"


def judge_prompt_metadata(name: str, version: str, judged: bool = True) -> dict[str, str | None]:
    """The judge prompt's name and version, for a judged score's metadata (None if not judged).

    Args:
        name: The prompt's name (e.g. ``locomo_answer_judge``).
        version: Its version (e.g. ``locomo-answer-v1``).
        judged: Whether the judge was consulted for this score.
    """
    return {
        JUDGE_PROMPT_KEY: name if judged else None,
        JUDGE_PROMPT_VERSION_KEY: version if judged else None,
    }


def decided_by_counts(stages: Iterable[str]) -> dict[str, int]:
    """How many questions each stage decided, rules first.

    Args:
        stages: Each question's ``decided_by``.
    """
    counts = Counter(stages)
    order = [RULES, JUDGE, *sorted(set(counts) - {RULES, JUDGE})]
    return {stage: counts[stage] for stage in order if counts[stage]}
