"""LoCoMo's shared answer rules: the compared gold, hedges, the F1 per category, the pick."""

from __future__ import annotations

import pytest

from inspect_memgym.scoring.locomo_rules import adversarial_pick, compared_gold, score_answer

OPTIONS = ("Not mentioned in the conversation", "a kiln")


def test_each_category_uses_its_rule() -> None:
    # multi-hop: gold parts "Lisbon" and "Porto", only Lisbon answered -> (1 + 0) / 2
    assert score_answer("Lisbon", "Lisbon, Porto", 1).score == pytest.approx(0.5)
    assert score_answer("Lisbon", "Lisbon, Porto", 1).rule == "multi_answer_f1"
    # open-domain: compared with the part before the first ";"
    assert compared_gold("ceramics; painting", 3) == "ceramics"
    assert compared_gold("ceramics; painting", 4) == "ceramics; painting"
    assert score_answer("ceramics", "ceramics; painting", 3).score == 1.0
    # single-hop: [bike, is, red] vs [red]: P = 1/3, R = 1 -> 0.5
    assert score_answer("The bike is red", "red", 4).score == pytest.approx(0.5)


def test_a_hedge_scores_zero_and_says_so() -> None:
    scored = score_answer("Red, or maybe Blue", "red", 2)
    assert (scored.score, scored.rule, scored.gold) == (0.0, "hedge", "red")


def test_an_adversarial_category_has_no_gold_to_score_against() -> None:
    with pytest.raises(ValueError, match="category 5"):
        score_answer("Not mentioned", "x", 5)


@pytest.mark.parametrize(
    ("reply", "pick"),
    [
        ("a", "not_mentioned"),
        ("No information available.", "not_mentioned"),
        ("She bought a kiln", "wrong_answer"),
        ("(a) Not mentioned in the conversation (b) a kiln", "unclear"),
    ],
)
def test_adversarial_pick(reply: str, pick: str) -> None:
    assert adversarial_pick(reply, OPTIONS, 0) == pick


def test_a_multi_hop_list_longer_than_the_gold_with_another_of_its_kind_is_a_hedge() -> None:
    """Multi-answer F1 reads recall alone: listing look-alikes beside the gold cost nothing."""
    speakers = ("Caroline", "Melanie")
    padded = score_answer("Lisbon, Porto, Madrid, Rome", "Lisbon, Porto", 1, "", speakers)
    assert (padded.score, padded.rule) == (0.0, "hedge")
    exact = score_answer("Lisbon, Porto", "Lisbon, Porto", 1, "", speakers)
    assert (exact.score, exact.rule) == (1.0, "multi_answer_f1")
    # the speakers as context are no look-alikes; a lower-case extra is no candidate
    context = score_answer("Caroline visited Lisbon, Porto", "Lisbon, Porto", 1, "", speakers)
    assert context.rule == "multi_answer_f1" and context.score > 0.5
    assert score_answer("pottery, painting, and hiking", "pottery, painting", 1).score == 1.0
    # single-answer categories keep token F1, whose precision already prices extra items
    assert score_answer("2019, 2018, 2017", "2019", 2).rule == "token_f1"
