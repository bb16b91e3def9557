"""Sizes of generated users: a small tier for tests and AMemGym's v1.base and v1.extra."""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.kit.named import lookup


@dataclass(frozen=True)
class ConversationTier:
    """How big one generated user is.

    Attributes:
        name: Tier id.
        questions: Advice questions per user.
        variables_per_question: Variables each question's answer depends on.
        periods: Update periods after the initial period.
        min_changes: Fewest variable changes in an update period.
        max_changes: Most variable changes in an update period.
        max_changes_per_variable: Most changes of one variable over all periods.
        rounds_initial: User messages per session in the initial period.
        rounds_update: User messages per session in update periods.
        months_per_period: Simulated months per period.
        choices_shown: Options each question shows per period: the gold choice and others
            drawn from every combination of its variables' values.
    """

    name: str
    questions: int
    variables_per_question: int
    periods: int
    min_changes: int
    max_changes: int
    max_changes_per_variable: int
    rounds_initial: int
    rounds_update: int
    months_per_period: int = 3
    choices_shown: int = 4

    @property
    def variables(self) -> int:
        """State variables per user."""
        return self.questions * self.variables_per_question


CONVERSATION_TIERS: dict[str, ConversationTier] = {
    tier.name: tier
    for tier in (
        ConversationTier(
            "small",
            questions=3,
            variables_per_question=2,
            periods=3,
            min_changes=1,
            max_changes=2,
            max_changes_per_variable=3,
            rounds_initial=1,
            rounds_update=2,
        ),
        ConversationTier(
            "base",
            questions=10,
            variables_per_question=2,
            periods=10,
            min_changes=3,
            max_changes=5,
            max_changes_per_variable=3,
            rounds_initial=1,
            rounds_update=2,
        ),
        ConversationTier(
            "extra",
            questions=10,
            variables_per_question=3,
            periods=20,
            min_changes=3,
            max_changes=5,
            max_changes_per_variable=3,
            rounds_initial=2,
            rounds_update=5,
        ),
    )
}
"""Every tier by name: ``base`` and ``extra`` are sized like AMemGym's v1.base and v1.extra."""


def get_conversation_tier(name: str) -> ConversationTier:
    """Return a conversation tier by name.

    Args:
        name: Tier name.

    Raises:
        ValueError: If there is no such tier (the message lists the valid ones).
    """
    return lookup(CONVERSATION_TIERS, name, "conversation tier")
