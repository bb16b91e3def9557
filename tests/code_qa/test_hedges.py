"""Claims and hedges: a fact is held as a claim; an answer offering more candidates is wrong."""

from __future__ import annotations

from inspect_memgym.code_qa.adversary_reading import value_bag
from inspect_memgym.code_qa.claims import states_fact, telling_words
from inspect_memgym.code_qa.grading import grade_answer, undecided_facts
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.history_vocabulary import CUSTOMERS, TIMEZONES

from .tiny_instance import REPRO, tiny_instance

INSTANCE = tiny_instance()
GENERATED = generate_instance(0, 5_000)


def test_key_tokens_scattered_over_sentences_are_no_claim() -> None:
    scattered = "It reproduces in Asia/Kathmandu.\nIt needs more than 412 invoices."
    assert not states_fact(scattered, REPRO.fact)
    assert not grade_answer(INSTANCE, "q02", scattered).correct
    assert undecided_facts(INSTANCE, "q02", scattered) == ("F02",)  # a judge may decide it
    one = "It reproduces in Asia/Kathmandu; only with more than 412 invoices."
    assert grade_answer(INSTANCE, "q02", one).correct


def test_tokens_are_whole_and_numbers_may_be_grouped() -> None:
    assert not states_fact("In Asia/Kathmandu with more than 4120 invoices.", REPRO.fact)
    assert not states_fact("In Asia/Kathmandu with more than 1412 invoices.", REPRO.fact)
    fact = GENERATED.fact("F01").fact
    count, items = fact.key_tokens[1].split(" ", 1)
    grouped = f"{fact.key_tokens[0]} will accept a replay of {count[0]},{count[1:]} {items}."
    assert states_fact(grouped, fact)


def test_every_value_of_the_history_is_a_hedge_on_every_question() -> None:
    bag = ", ".join(value_bag("\n".join(GENERATED.memory_files.values())))
    for pair in GENERATED.qa_pairs:
        grade = grade_answer(GENERATED, pair.qa_id, f"The values are {bag}.")
        assert not grade.correct and grade.hedge and grade.misled
        assert not any(fact.held for fact in grade.facts)


def test_gold_with_its_look_alike_is_a_hedge() -> None:
    for pair in GENERATED.qa_pairs:
        for distractor_id in pair.confuser_ids:
            statement = GENERATED.distractor(distractor_id).fact.statement
            grade = grade_answer(GENERATED, pair.qa_id, f"{pair.gold_answer} {statement}")
            assert not grade.correct and distractor_id in grade.misled_by


def test_a_second_value_of_a_kind_asked_for_is_a_hedge() -> None:
    two_counts = "It reproduces in Asia/Kathmandu with more than 412 invoices or 413 invoices."
    assert "412 invoices / 413 invoices" in grade_answer(INSTANCE, "q02", two_counts).hedge[0]
    zones = ", ".join(TIMEZONES)
    every_zone = f"It reproduces with more than 412 invoices in {zones}."
    assert not grade_answer(INSTANCE, "q02", every_zone).correct
    loose = "We chose a per-tenant lock because of a slow tenant, or a global advisory lock."
    assert not grade_answer(INSTANCE, "q03", loose).correct
    spaced = "We chose a per tenant lock, for a slow tenant; or half even rounding."
    assert grade_answer(INSTANCE, "q03", spaced).hedge  # catalogue entries named loosely


def test_names_the_code_does_not_ask_for_are_a_hedge() -> None:
    [pair] = [p for p in GENERATED.qa_pairs if p.question.startswith("Which function calls")][:1]
    names = " ".join(
        line.split("def ")[1].split("(")[0]
        for line in GENERATED.repo_context.splitlines()
        if "def " in line
    )
    assert grade_answer(GENERATED, pair.qa_id, pair.gold_answer).correct
    assert not grade_answer(GENERATED, pair.qa_id, f"{pair.gold_answer} Also {names}.").correct


def test_facts_of_other_questions_and_long_value_lists_are_hedges() -> None:
    [pair] = [p for p in INSTANCE.qa_pairs if p.qa_id == "q01"]
    assert grade_answer(INSTANCE, "q01", f"{pair.gold_answer} Also 11, 22, 33, 44.").correct
    assert not grade_answer(INSTANCE, "q01", f"{pair.gold_answer} Also 11, 22, 33, 44, 55.").correct
    memory_only = [g for g in GENERATED.grounding_facts if not g.discoverable]
    for pair in GENERATED.qa_pairs:
        others = [g for g in memory_only if g.fact_id not in pair.linked_fact_ids]
        one = f"{pair.gold_answer} {others[0].fact.statement}"
        two = f"{one} {others[1].fact.statement}"
        assert not grade_answer(GENERATED, pair.qa_id, two).correct
        assert "other questions' facts" in " ".join(grade_answer(GENERATED, pair.qa_id, two).hedge)
        # one other question's fact alone may be context: not a hedge on that count
        assert "other questions' facts" not in " ".join(
            grade_answer(GENERATED, pair.qa_id, one).hedge
        )


def test_a_question_that_needs_memory_counts_only_its_memory_only_facts() -> None:
    for pair in GENERATED.qa_pairs:
        discoverable = [
            GENERATED.fact(fact_id).fact.statement
            for fact_id in pair.linked_fact_ids
            if GENERATED.fact(fact_id).discoverable
        ]
        if not pair.requires_memory or not discoverable:
            continue
        grade = grade_answer(GENERATED, pair.qa_id, " ".join(discoverable))
        assert not grade.correct and grade.score == 0.0
        assert [fact.held for fact in grade.facts if not fact.counted] == [True] * len(discoverable)


def test_telling_words_leave_out_stop_words_units_and_what_the_prompt_shows() -> None:
    assert telling_words("412 invoices", {"invoices"}) == {"412"}
    assert telling_words("HTTP 423") == {"423"}
    assert telling_words("to the cent") == {"cent"}
    assert telling_words("_trim_route", {"trim_route", "trim", "route"}) == set()
    assert telling_words(CUSTOMERS[0]) == {"alder", "finch"}
