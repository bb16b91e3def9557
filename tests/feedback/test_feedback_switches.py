"""feedback's switch adversaries: the memoryless behaviours, and no Δ bought by switching.

A model that tells its no-memory pass (the test pass before any training) from the later
ones could answer worse there while never using memory: a blind pick that costs ``-1/3``
on a generated world, or, on MemoryBench's records, a decline scored below the constant
answer a row's chance is measured with (a gold that shares words with "Not mentioned in the
conversation"). The behaviours' replies are checked here, then switches are played end to
end on a generated world and on a records folder written here in MemoryBench's format.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessageSystem, ChatMessageUser

from inspect_memgym.feedback import policy_play  # noqa: F401  (registers the memgym policies)
from inspect_memgym.feedback.adversaries import (
    ADVERSARIES,
    CHOOSERS,
    SWITCH_BEHAVIOURS,
    CallView,
    adversary_action,
)
from inspect_memgym.feedback.grading import answer_credit
from inspect_memgym.feedback.memorybench_records import NOT_MENTIONED_OPTION
from inspect_memgym.feedback.memoryless_records import UNKNOWN, question_candidates, records_reply
from inspect_memgym.feedback.prompts import RECORDS_SYSTEM_PROMPT, SYSTEM_PROMPT
from inspect_memgym.feedback.state import PHASE_TEST
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.kit.pass_switch import BEHAVIOURS, DECLINE, DUMP, GUESS, HEDGE, SWITCH_POLICIES
from inspect_memgym.simulation.policy_registry import benchmark_policies
from memorybench_folder import write_records_folder

SCORER = "feedback_scorer"
WORLD = generate_world("small", 7)
"""A world whose every first option is wrong: the blind pick costs -1/3 on each request."""
QUESTION = "Did Leo tell Ana about the move?"


def locomo(test_idx: int, question: str, gold: str, category: int = 2) -> dict[str, Any]:
    """A MemoryBench LoCoMo row (MemoryBench's prompt, ``info`` string-encoded)."""
    return {
        "test_idx": test_idx,
        "input_prompt": f"Question: {question} Short answer:",
        "dataset_name": "Locomo-0",
        "lang": "en",
        "info": str({"golden_answer": gold, "category": category, "evidence": []}),
    }


TRAIN = [
    locomo(1, "When did Mira start pottery?", "7 May 2023"),
    locomo(2, "Which pet does Leo have?", "a grey cat"),
]
TEST = [
    locomo(3, "When did Mira begin her pottery class?", "7 May 2023"),  # chance 0
    locomo(4, QUESTION, "never mentioned"),  # chance 1/3
    locomo(5, "Where did Mira hear about the kiln?", "in conversation with her sister"),
    locomo(6, "Which club does Ana run?", "the conversation club"),  # chance 1/3
    locomo(7, "What colour is Leo's cat?", "grey"),
    locomo(8, "Where did Mira buy her kiln?", str({"a": NOT_MENTIONED_OPTION, "b": "Paris"}), 5),
]


def records_folder(folder: Path) -> Path:
    """The rows as ``DatasetDict.save_to_disk`` writes them: one Arrow stream per split."""
    return write_records_folder(folder, {"train": TRAIN, "test": TEST})


def test_every_behaviour_is_a_registered_memoryless_adversary() -> None:
    assert set(SWITCH_BEHAVIOURS) == set(BEHAVIOURS)
    assert set(SWITCH_BEHAVIOURS.values()) <= set(ADVERSARIES)
    assert set(SWITCH_POLICIES) <= set(benchmark_policies("feedback").names)


def test_the_behaviours_replies_to_a_world_request() -> None:
    briefing = SYSTEM_PROMPT.format(organisation=WORLD.organisation.name, city="x")
    shown = "\n".join(f"user: {request.text}" for request in WORLD.training)
    for request in WORLD.test:
        replies = {}
        for memory in ("", shown):
            messages = [
                ChatMessageSystem(content=f"{briefing}\n{memory}"),
                ChatMessageUser(content=request.text),
            ]
            view = CallView(messages)
            assert view.request is not None
            for behaviour, name in SWITCH_BEHAVIOURS.items():
                reply = CHOOSERS[name](view.request, view)
                assert replies.setdefault(behaviour, reply) == reply  # memory changes nothing
        options = view.request.replies
        assert replies[DECLINE] == UNKNOWN
        assert all(option in replies[HEDGE] for option in options)
        assert replies[DUMP].startswith(request.text)
        assert all(option in replies[DUMP] for option in options)
        assert replies[GUESS] == options[0]
        credits = {
            b: answer_credit(check_reply(request, r), len(request.replies))
            for b, r in replies.items()
        }
        # no pick (a decline), or every option at once: a blind guess's 0; the pick: -1/3 here
        assert credits[DECLINE] == credits[HEDGE] == credits[DUMP] == 0.0
        if not request.control:
            assert credits[GUESS] == pytest.approx(-1 / 3)


def test_the_behaviours_replies_to_a_records_question() -> None:
    prompt = f"Question: {QUESTION} Short answer:"
    assert question_candidates(QUESTION) == ["Leo", "Ana"]
    assert records_reply(DECLINE, prompt) == UNKNOWN
    assert records_reply(HEDGE, prompt) == f"Leo or Ana or {NOT_MENTIONED_OPTION}"
    assert records_reply(DUMP, prompt) == f"{QUESTION} {NOT_MENTIONED_OPTION}"
    assert records_reply(GUESS, prompt) in (NOT_MENTIONED_OPTION, "Leo", "Ana")
    assert records_reply(None, prompt) == UNKNOWN  # any other adversary declines
    messages = [ChatMessageSystem(content=RECORDS_SYSTEM_PROMPT), ChatMessageUser(content=prompt)]
    for behaviour, name in SWITCH_BEHAVIOURS.items():
        action = adversary_action(name, PHASE_TEST, messages, [])
        assert action.text == records_reply(behaviour, prompt)
    assert adversary_action("first_listed", "memory_update", messages, []).text == "(nothing kept)"


def played(tmp_path: Path, policy: str, **task_args: Any) -> dict[str, Any]:
    [log] = eval(feedback(**task_args), model=f"memgym/{policy}", display="none",
                 log_dir=str(tmp_path / "logs"))  # fmt: skip
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.error is None
    score = sample.scores[SCORER]  # type: ignore[index]
    assert isinstance(score.value, dict) and score.metadata is not None
    return {**score.value, **score.metadata["memory_isolation"]}


def test_a_switch_to_a_wrong_blind_pick_buys_no_delta(tmp_path: Path) -> None:
    value = played(tmp_path, "switch_decline_guess", tier="small", seed=7, protocol="off_policy")
    assert value["final"] == 0.0  # declines with memory shown
    assert value["no_memory_raw"] == pytest.approx(-1 / 3)  # every first option is wrong
    assert value["memory_delta"] <= 0.05  # it bought +1/3 before the floor


@pytest.mark.parametrize("policy", ["switch_hedge_decline", "switch_guess_decline"])
def test_a_switch_to_a_decline_below_chance_buys_no_delta_on_records(
    policy: str, tmp_path: Path
) -> None:
    folder = records_folder(tmp_path / "Locomo-0")
    value = played(tmp_path, policy, dataset=str(folder), protocol="off_policy", feedback="verbal")
    assert value["chance"] > 0.3  # the constant answer shares words with three golds
    assert value["questions_in_delta"] == 5  # the category 5 row leaves Δ (chance 1)
    assert value["no_memory_raw"] < -0.3  # declines scored below the constant answer
    assert value["final"] <= 0.05
    assert value["memory_delta"] <= 0.05  # +0.266 and +0.100 before the floor
    assert value["floored"] == 3  # the three declines below chance count its 0
