"""The reader a scripted policy uses: it answers with exactly the linked facts it knows."""

from __future__ import annotations

import pytest

from inspect_memgym.code_qa.grading import grade_answer
from inspect_memgym.code_qa.world.reader import answer_from_facts

from .tiny_instance import DESIGN, REPRO, tiny_instance

INSTANCE = tiny_instance()


def test_knowing_every_linked_fact_gives_the_gold() -> None:
    assert (
        answer_from_facts(INSTANCE, "q03", ["F02", "F03"]) == INSTANCE.question("q03").gold_answer
    )


def test_answer_keeps_link_order_and_ignores_facts_not_linked() -> None:
    answer = answer_from_facts(INSTANCE, "q03", ["F02", "F01", "F03", "D02", "F77"])
    assert answer == f"{DESIGN.fact.statement} {REPRO.fact.statement}"


def test_knowing_part_gives_a_partial_answer() -> None:
    answer = answer_from_facts(INSTANCE, "q03", ["F03"])
    assert answer == DESIGN.fact.statement
    grade = grade_answer(INSTANCE, "q03", answer)
    assert grade.score == 0.5
    assert grade.correct


def test_knowing_none_of_the_linked_facts_gives_no_answer() -> None:
    assert answer_from_facts(INSTANCE, "q02", ["F01", "F03"]) is None
    assert answer_from_facts(INSTANCE, "q02", []) is None


def test_unknown_question_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        answer_from_facts(INSTANCE, "q42", ["F01"])


def test_reader_over_a_generated_grid(grid) -> None:
    """Knowing only what the source shows answers the easy questions and none that need
    memory: a question that needs memory counts only its memory-only facts."""
    for instance in grid[:10]:
        known = [
            grounding.fact_id for grounding in instance.grounding_facts if grounding.discoverable
        ]
        for pair in instance.qa_pairs:
            answer = answer_from_facts(instance, pair.qa_id, known)
            grade = grade_answer(instance, pair.qa_id, answer)
            if pair.difficulty == "easy":
                assert grade.score == 1.0 and grade.correct
            else:
                assert grade.score == 0.0 and not grade.correct
                held = [fact.fact_id for fact in grade.facts if fact.held]
                assert held == [fact_id for fact_id in pair.linked_fact_ids if fact_id in known]
