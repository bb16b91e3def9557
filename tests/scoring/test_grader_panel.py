"""A panel of graders: majority with its tie rule, Cohen's kappa, Krippendorff's alpha."""

from __future__ import annotations

import pytest

from inspect_memgym.code_qa.judge import fact_vote
from inspect_memgym.research_qa.judge import panel_score
from inspect_memgym.scoring.grader_panel import (
    TIE_VERDICT,
    cohen_kappa,
    krippendorff_alpha_nominal,
    majority_verdict,
    panel_agreement,
)
from inspect_memgym.scoring.judge import grade_vote
from inspect_memgym.scoring.yes_no_verdict import Verdict


def test_the_majority_of_readable_votes_decides_and_a_tie_is_not_accepted() -> None:
    assert majority_verdict(["yes", "yes", "no"]) == "yes"
    assert majority_verdict(["no", "unreadable", "no", "yes"]) == "no"
    assert majority_verdict(["yes", "unreadable", "unreadable"]) == "yes"
    assert TIE_VERDICT == "no"
    assert majority_verdict(["yes", "no"]) == "no"
    assert majority_verdict(["yes", "no", "unreadable"]) == "no"
    assert majority_verdict(["unreadable", "unreadable"]) == "unreadable"


def test_cohen_kappa_of_a_hand_computed_table() -> None:
    # observed 3/4, chance (2*1 + 2*3) / 16 = 1/2: kappa (3/4 - 1/2) / (1/2) = 1/2
    assert cohen_kappa(["yes", "yes", "no", "no"], ["yes", "no", "no", "no"]) == 0.5
    # missing ratings are left out: the same table with a unit only one rater read
    assert cohen_kappa(["yes", "yes", "no", "no", None], ["yes", "no", "no", "no", "yes"]) == 0.5
    assert cohen_kappa(["yes", "yes"], ["yes", "yes"]) is None  # chance agreement 1
    assert cohen_kappa([None], ["yes"]) is None
    assert cohen_kappa(["yes", "no"], ["no", "yes"]) == -1.0


def test_krippendorff_alpha_reproduces_the_published_nominal_example() -> None:
    # Krippendorff (2011), "Computing Krippendorff's alpha-reliability": 4 coders, 12 units,
    # missing values; nominal alpha = 0.743
    coders = [
        [1, 2, 3, 3, 2, 1, 4, 1, 2, None, None, None],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, None, 3],
        [None, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, None],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, None],
    ]
    units = [list(unit) for unit in zip(*coders, strict=True)]
    assert krippendorff_alpha_nominal(units) == pytest.approx(0.743421, abs=1e-6)
    assert krippendorff_alpha_nominal([["yes", "yes"], ["yes", "yes"]]) is None
    assert krippendorff_alpha_nominal([["yes", None]]) is None


def test_an_honest_a_lenient_and_a_contrary_grader_disagree_by_a_known_alpha() -> None:
    # every unit holds two yes and one no, whatever the honest verdict: with n units the
    # coincidences are yes-yes n, yes-no n, no-yes n, so alpha = 1 - (3n - 1) / (2n)
    honest: list[Verdict] = ["yes", "no", "yes", "yes", "no", "no", "yes"]
    votes: list[list[Verdict]] = [
        [verdict, "yes", "no" if verdict == "yes" else "yes"] for verdict in honest
    ]
    agreement = panel_agreement(["judge", "lenient", "contrary"], votes)
    units = len(honest)
    assert agreement.statistic == "krippendorff_alpha"
    assert agreement.agreement == pytest.approx(1 - (3 * units - 1) / (2 * units))
    assert agreement.accept_rates == (4 / 7, 1.0, 3 / 7)
    assert agreement.split == 0 and agreement.pairwise_agreement == pytest.approx(1 / 3)


def test_two_graders_report_kappa_accept_rates_splits_and_unreadable_votes() -> None:
    votes: list[list[Verdict]] = [
        ["yes", "yes"],
        ["no", "yes"],
        ["no", "no"],
        ["yes", "unreadable"],
        ["no", "no"],
    ]
    agreement = panel_agreement(["a", "b"], votes)
    # kappa over the 4 questions both read: observed 3/4, chance (1*2 + 3*2) / 16 = 1/2
    assert agreement.statistic == "cohen_kappa" and agreement.agreement == 0.5
    assert agreement.questions == 5 and agreement.split == 1
    assert agreement.unreadable == (0, 1)
    assert agreement.accept_rates == (2 / 5, 2 / 4)
    assert agreement.as_dict()["cohen_kappa"] == 0.5
    with pytest.raises(ValueError, match="two or more graders"):
        panel_agreement(["a"], [["yes"]])
    with pytest.raises(ValueError, match="needs 2 verdicts"):
        panel_agreement(["a", "b"], [["yes"]])


def test_scores_are_labels_full_credit_an_accept_and_no_score_a_split() -> None:
    votes: list[list[float | None]] = [[1.0, 1.0], [0.5, 1.0], [0.0, None], [0.0, 0.0]]
    agreement = panel_agreement(["first", "second"], votes)
    assert agreement.accept_rates == (0.25, 2 / 3)
    assert agreement.unreadable == (0, 1)
    assert agreement.split == 0  # a median has no tie: two different scores are no split
    # kappa over the three units both scored: observed 2/3; chance (1*2 + 1*0 + 1*1) / 9
    # = 1/3 (1.0 once and twice, 0.5 once and never, 0.0 once and once): (2/3 - 1/3) / (2/3)
    assert agreement.agreement == pytest.approx(0.5)
    assert agreement.pairwise_agreement == pytest.approx(2 / 3)


def test_judge_answer_and_fact_votes_read_their_own_reply_formats() -> None:
    assert [grade_vote(reply) for reply in ("GRADE: C", "GRADE: I", "correct")] == [
        "yes",
        "no",
        "unreadable",
    ]
    assert [fact_vote(reply) for reply in ("FACT: yes", "FACT: NO", "YES")] == [
        "yes",
        "no",
        "unreadable",
    ]


def test_a_panel_score_is_the_median_of_the_readable_scores() -> None:
    assert panel_score((0.0, 1.0, 1.0)) == 1.0
    assert panel_score((0.0, 1.0)) == 0.5
    assert panel_score((0.3, None, 0.7, 0.6)) == 0.6
    assert panel_score((None, None)) is None
    assert panel_score((0.4,)) == 0.4
