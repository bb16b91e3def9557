"""A question's listed names do not give the answer: every feature within chance."""

from __future__ import annotations

from inspect_memgym.entity_stream.visible_features import FEATURES, listed_names, statistical


def test_listed_names_come_in_the_order_the_question_lists_them() -> None:
    text = "Among Brightwater Group, Dunmore Group and Ivorydale Institute, which is highest?"
    names = ["Ivorydale Institute", "Dunmore Group", "Brightwater Group", "Zephyr Labs"]
    assert listed_names(text, names) == [
        "Brightwater Group",
        "Dunmore Group",
        "Ivorydale Institute",
    ]


def test_no_feature_of_the_listed_names_picks_the_gold_above_or_below_chance() -> None:
    verdicts = statistical(200)
    assert len(verdicts) == len(FEATURES)
    assert all(verdict.passed for verdict in verdicts), [v.line() for v in verdicts]
