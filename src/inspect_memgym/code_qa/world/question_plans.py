"""Questions about a task: which facts each one needs, its wording, and which to ask.

A plan links one to three facts (by recipe name). Its difficulty follows from the facts:
easy when all are discoverable, medium with one or two memory-only facts, hard with three
or more or with a needle. Question texts name code (functions, paths) but never a
memory-only token, nor anything that narrows one down (the design question does not name
the design topic), so the question alone gives none of a memory-only answer away.
"""

from __future__ import annotations

import random

from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.model import (
    Difficulty,
    Distractor,
    GroundingFact,
    QAPair,
)
from inspect_memgym.code_qa.world.story_code import StoryCode
from inspect_memgym.kit.rng import integer_between

QUESTION_PLANS: dict[tuple[str, ...], str] = {
    ("user_requirement",): (
        "What did the customer require of `{target}`, and on what replay will they accept the fix?"
    ),
    ("bug_report",): (
        "What did the ticket report about the nightly `{caller}` run, and what is the ticket "
        "number?"
    ),
    ("repro",): "Under which exact conditions does the `{target}` failure reproduce?",
    ("error_code",): (
        "Which exception and error code does `{target}` in `{path}` raise when a {noun} has no "
        "`{field}`?"
    ),
    ("error_log",): (
        "Which request and which host does the production log of the failing `{target}` run "
        "point to?"
    ),
    ("bisect",): "Which commit introduced the regression, and which function did it change?",
    ("call_path",): (
        "Which function calls `{target}`, and which helper does `{target}` hand each {noun} to?"
    ),
    ("setting_default",): (
        "Which setting does `{target}` in `{path}` read, and what is its default value?"
    ),
    ("upstream_response",): "How does the {upstream} answer when a {noun} is locked?",
    ("design_review",): "What was decided in design review, and why?",
    ("flush_chunk",): (
        "In chunks of what size does `{path}` flush {plural}, which constant sets it, and why?"
    ),
    ("batch_cap",): (
        "How many {plural} does `{target}` accept in one call, and which constant sets the cap?"
    ),
    ("compat_budget",): (
        "Which team depends on the signature of `{target}`, and what latency must `{caller}` meet?"
    ),
    ("repro", "error_log"): (
        "How does the `{target}` failure reproduce, and which request and host did the "
        "production log record?"
    ),
    ("bug_report", "bisect"): (
        "What did the ticket report, and which commit did bisecting blame, in which function?"
    ),
    ("error_code", "setting_default"): (
        "What does `{target}` in `{path}` read from its settings (and with what default), and "
        "which error code does it raise for a {noun} without `{field}`?"
    ),
    ("batch_cap", "compat_budget"): (
        "What limits apply to `{target}`: the batch cap in the code, and the constraints agreed "
        "for the fix?"
    ),
    ("call_path", "upstream_response"): (
        "Which function calls `{target}`, which helper does it use, and what does the "
        "{upstream} return when a {noun} is locked?"
    ),
    ("user_requirement", "compat_budget", "design_review"): (
        "What must a fix to `{target}` respect: the customer's requirement, the agreed "
        "constraints, and the decision taken in design review?"
    ),
    ("bug_report", "repro", "bisect"): (
        "Summarise the bug: what was reported, when it reproduces, and which commit caused it."
    ),
}
"""Question text by the recipe names of its linked facts, in link order."""

QUESTION_COUNT = (5, 15)


def difficulty_of(linked: list[GroundingFact]) -> Difficulty:
    """The difficulty a question's linked facts give it.

    Args:
        linked: The linked facts.
    """
    memory_only = sum(1 for grounding in linked if not grounding.discoverable)
    if memory_only == 0:
        return "easy"
    if memory_only >= 3 or any(grounding.needle for grounding in linked):
        return "hard"
    return "medium"


def _choose_plans(rng: random.Random, plans: list[tuple[tuple[str, ...], Difficulty]]) -> list[int]:
    """Indices of the plans to ask: one of each difficulty, then uncovered facts, then any."""
    count = integer_between(rng, QUESTION_COUNT[0], min(QUESTION_COUNT[1], len(plans)))
    order = list(range(len(plans)))
    rng.shuffle(order)
    chosen: list[int] = []
    for difficulty in ("easy", "medium", "hard"):
        first = next((index for index in order if plans[index][1] == difficulty), None)
        if first is not None:
            chosen.append(first)
    covered = {name for index in chosen for name in plans[index][0]}
    for index in order:
        if len(chosen) >= count:
            break
        if index not in chosen and not covered.issuperset(plans[index][0]):
            chosen.append(index)
            covered.update(plans[index][0])
    chosen.extend(index for index in order if index not in chosen)
    return sorted(chosen[:count])


def build_questions(
    rng: random.Random,
    code: StoryCode,
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
) -> tuple[QAPair, ...]:
    """Choose and word the questions of a task (5 to 15 of `QUESTION_PLANS`).

    Args:
        rng: The question stream.
        code: The story's code.
        facts: The grounding facts by recipe name.
        distractors: The distractors by name.
    """
    target = code.target
    wording = {
        "target": target.name,
        "path": code.target_module.path,
        "caller": code.caller.name,
        "noun": spaced(target.noun),
        "plural": spaced(plural(target.noun)),
        "field": target.field,
        "upstream": code.domain.upstream,
    }
    plans = [(names, difficulty_of([facts[name] for name in names])) for names in QUESTION_PLANS]
    pairs: list[QAPair] = []
    for number, index in enumerate(_choose_plans(rng, plans), start=1):
        names, difficulty = plans[index]
        linked = [facts[name] for name in names]
        linked_ids = tuple(grounding.fact_id for grounding in linked)
        pairs.append(
            QAPair(
                qa_id=f"q{number:02d}",
                question=QUESTION_PLANS[names].format(**wording),
                gold_answer=" ".join(grounding.fact.statement for grounding in linked),
                linked_fact_ids=linked_ids,
                category=linked[0].category,
                difficulty=difficulty,
                requires_memory=any(not grounding.discoverable for grounding in linked),
                needle=any(grounding.needle for grounding in linked),
                confuser_ids=tuple(
                    distractor.distractor_id
                    for distractor in distractors.values()
                    if distractor.mimics in linked_ids
                ),
            )
        )
    return tuple(pairs)
