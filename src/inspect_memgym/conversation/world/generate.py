"""Generate one simulated user, deterministically from (tier, seed), with no model calls."""

from __future__ import annotations

from inspect_memgym.conversation.world.calendar import period_bounds, session_times
from inspect_memgym.conversation.world.catalogue import QUESTIONS, get_question, get_variable
from inspect_memgym.conversation.world.catalogue.personas import make_persona
from inspect_memgym.conversation.world.choices import choice_pool
from inspect_memgym.conversation.world.evolution import evolve, initial_state
from inspect_memgym.conversation.world.model import (
    ConversationQuestion,
    ConversationScenario,
    Period,
    StateVariable,
)
from inspect_memgym.conversation.world.randomness import user_stream
from inspect_memgym.conversation.world.sessions import build_sessions, group_keys
from inspect_memgym.conversation.world.tiers import get_conversation_tier


def generate_user(tier_name: str, seed: int) -> ConversationScenario:
    """One simulated user: persona, state variables, evolution, sessions and questions.

    Args:
        tier_name: ``small``, ``base`` or ``extra``.
        seed: User seed; the same (tier, seed) always gives the same user.

    Raises:
        ValueError: If the tier is unknown or the catalogue has too few questions for it.
    """
    tier = get_conversation_tier(tier_name)
    if tier.questions > len(QUESTIONS):
        raise ValueError(
            f"tier {tier.name!r} needs {tier.questions} questions; the catalogue has "
            f"{len(QUESTIONS)}"
        )
    question_keys = user_stream(tier.name, seed, "questions").sample(
        list(QUESTIONS), tier.questions
    )
    specs = [get_question(key) for key in question_keys]
    variables = tuple(
        StateVariable(key=key, label=get_variable(key).label, values=get_variable(key).value_names)
        for spec in specs
        for key in spec.variables[: tier.variables_per_question]
    )
    pairs = [(variable.key, variable.values) for variable in variables]
    start = initial_state(pairs, user_stream(tier.name, seed, "initial"))
    updates = evolve(pairs, start, tier, user_stream(tier.name, seed, "evolution"))

    session_rng = user_stream(tier.name, seed, "sessions")
    states = [start]
    for changes in updates:
        states.append({**states[-1], **{key: new for key, (_, new) in changes.items()}})
    periods = []
    for index, state in enumerate(states):
        changes = updates[index - 1] if index > 0 else {}
        keys = list(changes) if index > 0 else [variable.key for variable in variables]
        groups = group_keys(keys, session_rng)
        first_day, last_day = period_bounds(index, tier.months_per_period)
        times = session_times(first_day, last_day, len(groups), session_rng)
        rounds = tier.rounds_update if index > 0 else tier.rounds_initial
        periods.append(
            Period(
                index=index,
                start=first_day.isoformat(),
                end=last_day.isoformat(),
                state=dict(state),
                changes=dict(changes),
                sessions=build_sessions(index, groups, state, times, rounds, session_rng),
            )
        )

    questions = []
    for number, spec in enumerate(specs, start=1):
        required = spec.variables[: tier.variables_per_question]
        questions.append(
            ConversationQuestion(
                qid=f"q{number:02d}",
                text=spec.text,
                required=tuple(required),
                choices=choice_pool(spec, required),
            )
        )
    return ConversationScenario(
        scenario_id=f"{tier.name}-{seed:04d}",
        tier=tier.name,
        seed=seed,
        source="generated",
        persona=make_persona(user_stream(tier.name, seed, "persona")),
        variables=variables,
        questions=tuple(questions),
        periods=tuple(periods),
        choices_shown=tier.choices_shown,
    )
