"""A question-only prior: one reply per opening, fitted on other questions, never an oracle."""

from __future__ import annotations

from inspect_memgym.scoring.question_prior import (
    MINIMUM_EXAMPLES,
    PriorFitting,
    QuestionPrior,
    fit_question_prior,
    leave_one_out_replies,
    question_openings,
)
from inspect_memgym.scoring.token_f1 import normalise_answer, token_f1

DECLINE = "Not mentioned"
Example = tuple[str, str]

FITTING: PriorFitting[Example] = PriorFitting(
    question=lambda example: example[0],
    gold_words=lambda example: normalise_answer(example[1]).split(),
    credit=lambda example, reply: token_f1(reply, example[1]),
    decline=DECLINE,
)


def test_openings_are_the_first_two_words_then_the_first() -> None:
    assert question_openings("When did Ana move?") == ("when did", "when")
    assert question_openings("Why?") == ("why",)
    assert question_openings("  ") == ("",)


def test_the_best_reply_per_opening_wins_and_the_decline_where_nothing_scores() -> None:
    examples = [
        ("When did Ana move?", "7 May 2023"),
        ("When did Leo run?", "June 2023"),
        ("When was the party?", "2023"),
        ("Who came?", "Mira"),
        ("Who left?", "Odile"),
    ]
    prior = fit_question_prior(examples, FITTING)
    assert prior.replies["when"] == "2023"
    assert prior.replies["who"] == "mira odile"  # F1 2/3 on each, more than "mira" alone
    assert "when did" not in prior.replies  # fewer than MINIMUM_EXAMPLES share it
    assert prior.reply("When will it rain?") == "2023"
    assert prior.reply("How far?") == DECLINE


def test_a_two_word_opening_with_enough_examples_gets_its_own_reply() -> None:
    many = [(f"How many cats does person {n} own?", "2") for n in range(MINIMUM_EXAMPLES)]
    few = [("How long did it take?", "3 weeks"), ("How long was it?", "3 weeks")]
    prior = fit_question_prior(many + few, FITTING)
    assert prior.replies["how many"] == "2"
    assert prior.reply("How long is the trip?") == prior.replies["how"]
    assert prior == QuestionPrior(prior.replies, DECLINE)


def test_leave_one_out_never_floors_a_question_with_its_own_gold() -> None:
    examples = [
        ("What did Ana bake?", "sourdough bread"),
        ("What did Leo paint?", "a lighthouse"),
        ("What did Mira knit?", "a scarf"),
    ]
    replies = leave_one_out_replies(examples, FITTING)
    assert replies[0] == "lighthouse scarf"  # the others' gold words, not its own
    for example, reply in zip(examples, replies, strict=True):
        assert FITTING.credit(example, reply) == 0.0
    # fitted on all three at once, a question's own gold words would floor it
    together = fit_question_prior(examples, FITTING).reply("What did Ana bake?")
    assert FITTING.credit(examples[0], together) > 0.0
