"""Generate one MemGym-CodeQA instance from a seed and a history size.

Every choice comes from a seeded stream named ``code_qa/v<version>/<seed>/<purpose>``, so an
instance depends only on its arguments. The story (code, facts, distractors, questions)
depends on the seed alone; ``context_tokens`` only changes how much context-excerpt filler
the history holds and how much source the repository has for it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from inspect_memgym.code_qa.world.distractor_recipes import build_distractors
from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.fact_recipes import NEEDLE_CANDIDATES, build_facts
from inspect_memgym.code_qa.world.filler import filler_files
from inspect_memgym.code_qa.world.history_details import draw_history_details
from inspect_memgym.code_qa.world.memory_files import (
    STORY_FILE_KINDS,
    buried_statements,
    pair_orders,
    story_files,
)
from inspect_memgym.code_qa.world.model import GENERATOR_VERSION, CodeQAInstance
from inspect_memgym.code_qa.world.question_plans import build_questions
from inspect_memgym.code_qa.world.repository import Repository
from inspect_memgym.code_qa.world.sizes import (
    DEFAULT_CONTEXT_TOKENS,
    MAXIMUM_CONTEXT_TOKENS,
    MINIMUM_CONTEXT_TOKENS,
)
from inspect_memgym.kit.rng import pick, seeded_stream
from inspect_memgym.kit.tokens import CHARACTERS_PER_TOKEN, estimate_tokens

NAMESPACE = "code_qa"
TASK_PROMPT = (
    "Something is wrong with the nightly `{caller}` run of the {service}: for one customer, "
    "some {plural} do not come out right. Find the cause, starting from `{target}` in "
    "`{path}`, and fix it."
)
FILLER_KIND = "context_excerpts"
FILLER_RUNS = 3
"""Context-excerpt files come in this many runs, between the story files."""


def stream(seed: int, purpose: str) -> random.Random:
    """The seeded stream of one purpose of one instance.

    Args:
        seed: The instance seed.
        purpose: What the stream is for (``"codebase"``, ``"story"``...).
    """
    return seeded_stream(NAMESPACE, f"v{GENERATOR_VERSION}", seed, purpose)


def instance_id(seed: int) -> str:
    """The stable id of a seed's instance, e.g. ``code_qa-s0007``.

    Args:
        seed: The instance seed.
    """
    return f"{NAMESPACE}-s{seed:04d}"


def _interleave(stories: dict[str, str], fillers: list[str]) -> dict[str, str]:
    """Story files in order, the filler split into runs after the 2nd, 3rd and 4th of them.

    Names are ``<position>_<kind>.md``.
    """
    bounds = [index * len(fillers) // FILLER_RUNS for index in range(FILLER_RUNS + 1)]
    runs = [fillers[bounds[index] : bounds[index + 1]] for index in range(FILLER_RUNS)]
    ordered: list[tuple[str, str]] = []
    for index, kind in enumerate(STORY_FILE_KINDS):
        ordered.append((kind, stories[kind]))
        if 1 <= index <= FILLER_RUNS:
            ordered.extend((FILLER_KIND, text) for text in runs[index - 1])
    return {f"{position:04d}_{kind}.md": text for position, (kind, text) in enumerate(ordered, 1)}


def generate_instance(seed: int, context_tokens: int = DEFAULT_CONTEXT_TOKENS) -> CodeQAInstance:
    """Generate one instance.

    Args:
        seed: Non-negative seed.
        context_tokens: Target size of all memory files together, in estimated tokens
            (``kit.tokens.estimate_tokens``); reached within about one percent.

    Raises:
        ValueError: For a negative seed, or a size outside `MINIMUM_CONTEXT_TOKENS` to
            `MAXIMUM_CONTEXT_TOKENS`.
    """
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    if not MINIMUM_CONTEXT_TOKENS <= context_tokens <= MAXIMUM_CONTEXT_TOKENS:
        raise ValueError(
            f"context_tokens must be between {MINIMUM_CONTEXT_TOKENS} and "
            f"{MAXIMUM_CONTEXT_TOKENS}, got {context_tokens}"
        )
    repository = Repository(stream(seed, "codebase"))
    code = repository.story
    story_stream = stream(seed, "story")
    details = draw_history_details(story_stream, code.domain.name)
    needle = pick(story_stream, NEEDLE_CANDIDATES)
    facts = build_facts(code, details, needle)
    distractors = build_distractors(code, details, facts)
    pairs = build_questions(stream(seed, "questions"), code, facts, distractors)
    orders = pair_orders(stream(seed, "layout"))
    stories = story_files(code, details, facts, distractors, orders)
    filler_tokens = max(0, context_tokens - sum(estimate_tokens(text) for text in stories.values()))
    repository.grow(filler_tokens * CHARACTERS_PER_TOKEN)
    fillers = filler_files(
        iter(repository.excerpt_sources(stream(seed, "filler"))),
        filler_tokens,
        buried_statements(orders, facts, distractors),
    )
    items = spaced(plural(code.target.noun))
    return CodeQAInstance(
        instance_id=instance_id(seed),
        seed=seed,
        context_tokens=context_tokens,
        generator_version=GENERATOR_VERSION,
        domain=code.domain.name,
        task_prompt=TASK_PROMPT.format(
            caller=code.caller.name,
            service=code.domain.service,
            plural=items,
            target=code.target.name,
            path=code.target_module.path,
        ),
        memory_files=_interleave(stories, fillers),
        repo_context=repository.skeleton(),
        repo_files=repository.repo_files(),
        referenced_files=code.referenced_files,
        grounding_facts=tuple(facts.values()),
        distractors=tuple(
            replace(
                distractor,
                misleads=tuple(
                    pair.qa_id for pair in pairs if distractor.distractor_id in pair.confuser_ids
                ),
            )
            for distractor in distractors.values()
        ),
        qa_pairs=pairs,
    )
