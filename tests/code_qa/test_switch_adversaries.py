"""code_qa's switch adversaries: the memoryless behaviours, and no Δ bought by switching.

A model that tells its no-memory pass from its memory pass could answer worse when memory
is empty (a hedge, a dump of the public catalogues, a blind pick that costs the look-alike
penalty) while never using memory. The behaviours' replies are checked on a generated
instance; the switch that declines with memory shown and dumps with memory empty is played
end to end, and the outside adversary's own dump (the public catalogues, 1,332 characters)
is graded as the no-memory reply of a decliner on ten instances.
"""

from __future__ import annotations

from pathlib import Path
from statistics import fmean

import pytest
from inspect_ai import eval

from inspect_memgym.code_qa.adversaries import ADVERSARIES, SWITCH_BEHAVIOURS
from inspect_memgym.code_qa.adversary_reading import DESIGN_REASONS
from inspect_memgym.code_qa.grading import grade_answer
from inspect_memgym.code_qa.hedges import CATALOGUES
from inspect_memgym.code_qa.memoryless_answers import UNKNOWN, decline, dump, guess, hedge
from inspect_memgym.code_qa.policy_play import POLICIES
from inspect_memgym.code_qa.prompt_reading import AnswerCall
from inspect_memgym.code_qa.sample_value import isolation
from inspect_memgym.code_qa.validity_suite import SUITE
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.history_vocabulary import CUSTOMERS, HTTP_STATUSES
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.kit.pass_switch import BEHAVIOURS, SWITCH_POLICIES
from inspect_memgym.validity.suite import ValidateOptions

from .test_adversaries import sample_values

INSTANCE = generate_instance(0, 5_000)
CATALOGUE_DUMP = "; ".join(entry for entries in CATALOGUES.values() for entry in entries)
"""The outside adversary's no-memory reply: every public look-alike catalogue, whole."""


def answer_call(instance: CodeQAInstance, qa_id: str, memory: str = "") -> AnswerCall:
    return AnswerCall(instance.task_prompt, "", "", instance.question(qa_id).question, memory)


def question_of(recipe_question: str) -> str:
    """The id of the instance's question whose text starts so."""
    return next(p.qa_id for p in INSTANCE.qa_pairs if p.question.startswith(recipe_question))


def test_every_behaviour_is_a_registered_memoryless_adversary() -> None:
    assert set(SWITCH_BEHAVIOURS) == set(BEHAVIOURS)
    assert set(SWITCH_BEHAVIOURS.values()) <= set(ADVERSARIES)
    assert set(SWITCH_POLICIES) <= set(POLICIES)
    for name in SWITCH_BEHAVIOURS.values():
        assert ADVERSARIES[name].keep("Ticket TKT-5942 for Juniper & Stone.") == ""


def test_the_behaviours_replies() -> None:
    customer = question_of("What did the customer require")
    design = question_of("What was decided in design review")
    call = answer_call(INSTANCE, customer)
    assert decline(call) == UNKNOWN
    # hedge: every customer at once; guess: exactly one of them
    assert all(name in hedge(call) for name in CUSTOMERS)
    assert sum(name in guess(call) for name in CUSTOMERS) == 1
    # design: every option with its reason, or one option with its own reason
    assert all(
        f"{key}, {reason}" in hedge(answer_call(INSTANCE, design))
        for key, reason in DESIGN_REASONS.items()
    )
    picked = [key for key in DESIGN_REASONS if key in guess(answer_call(INSTANCE, design))]
    assert len(picked) == 1 and DESIGN_REASONS[picked[0]] in guess(answer_call(INSTANCE, design))
    # dump: the catalogues whole, every HTTP status, the names the task prompt shows
    dumped = dump(call)
    assert CATALOGUE_DUMP in dumped and len(CATALOGUE_DUMP) == 1_332
    assert all(f"HTTP {status}" in dumped for status in HTTP_STATUSES)
    assert "validate_accounts" in dumped and "identity/tokens/account_sync.py" in dumped


def test_no_behaviour_reads_memory_and_none_earns_credit() -> None:
    facts = " ".join(grounding.fact.statement for grounding in INSTANCE.grounding_facts)
    for pair in INSTANCE.qa_pairs:
        for behaviour in (decline, hedge, dump, guess):
            reply = behaviour(answer_call(INSTANCE, pair.qa_id))
            assert reply == behaviour(answer_call(INSTANCE, pair.qa_id, memory=facts))
            grade = grade_answer(INSTANCE, pair.qa_id, reply)
            assert not grade.correct
            # hedges and dumps pick no combination of fact or look-alike: a blind guess's 0
            if behaviour in (hedge, dump):
                assert grade.credit == 0.0


def test_the_catalogue_dump_as_no_memory_reply_counts_at_least_the_floor() -> None:
    """It scored -0.432 as ``no_memory`` on these ten instances before the fix."""
    counted, graded = [], []
    for seed in range(10):
        instance = generate_instance(seed, 5_000)
        declined = [grade_answer(instance, p.qa_id, UNKNOWN) for p in instance.qa_pairs]
        dumped = {
            p.qa_id: grade_answer(instance, p.qa_id, CATALOGUE_DUMP) for p in instance.qa_pairs
        }
        isolated = isolation(declined, dumped)
        counted.append(isolated.no_memory)
        graded.append(isolated.no_memory_raw)
    assert fmean(counted) >= 0.0 and fmean(graded) == 0.0


@pytest.mark.parametrize("run_name", ["switch_decline_dump/notes", "switch_decline_guess/notes"])
def test_a_switch_buys_no_memory_delta(run_name: str, tmp_path: Path) -> None:
    run = SUITE.run(run_name)
    options = ValidateOptions(log_dir=str(tmp_path), seeds=(0, 1, 2))
    [log] = eval(SUITE.task_for(run, options), model=f"memgym/{run.policy}", display="none",
                 log_dir=str(tmp_path))  # fmt: skip
    values = sample_values(log)
    assert len(values) == 3
    assert fmean(value["accuracy"] for value in values) <= 0.05  # the floor by design, 0
    assert fmean(value["memory_delta"] for value in values) <= 0.05
