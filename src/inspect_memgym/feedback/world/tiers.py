"""World sizes: how many hidden items, and how many requests of each kind per item."""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.feedback.world.catalogue import ASPECTS
from inspect_memgym.kit.named import lookup


@dataclass(frozen=True)
class FeedbackTier:
    """One world size.

    Attributes:
        name: Tier name.
        aspects: The aspects hidden in the profile (one item each).
        training_per_item: Training requests per item.
        test_per_item: Test requests per item.
        controls: Control requests in the test split.
    """

    name: str
    aspects: tuple[str, ...]
    training_per_item: int
    test_per_item: int
    controls: int


FEEDBACK_TIERS: dict[str, FeedbackTier] = {
    "small": FeedbackTier(
        "small",
        ("currency_format", "sign_off", "vendor_account", "office_address"),
        training_per_item=1,
        test_per_item=1,
        controls=2,
    ),
    "standard": FeedbackTier(
        "standard", tuple(ASPECTS), training_per_item=2, test_per_item=2, controls=6
    ),
}
"""small: 4 items (tests); standard: all 12 items, 24 training and 30 test requests."""


def get_feedback_tier(name: str) -> FeedbackTier:
    """The tier of this name.

    Args:
        name: Tier name.

    Raises:
        ValueError: For an unknown name, listing the valid ones.
    """
    return lookup(FEEDBACK_TIERS, name, "tier")
