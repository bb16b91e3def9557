"""feedback's MemoryBench LoCoMo rows: a question-only prior buys a memory delta.

A records row's chance (its memoryless floor) is the metric of one constant reply, "Not
mentioned in the conversation" (`feedback.grading.record_chance`). On LoCoMo's rows that
reply scores F1 0 on a temporal question, while a reply built from the question's words
alone, the year the release's conversations take place in ("2023" to every "When ..."
question), scores 0.5 against a gold such as "7 May 2023" (0.222 over the release's 321
temporal questions; 0.060 over its 1,540 category 1-4 questions, with "2" to "How many"
and "Yes" to yes/no questions). A model that gives that prior in the passes that follow
training and declines in the no-memory pass gains that much ``memory_delta`` without
memory. This test plays it on a records folder shaped like the release's LoCoMo rows and
bounds its delta as the validity suites bound every adversary's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.feedback import BENCHMARK_NAME, policy_play
from inspect_memgym.feedback.adversaries import SWITCH_BEHAVIOURS
from inspect_memgym.feedback.memoryless_records import UNKNOWN, asked
from inspect_memgym.feedback.state import PHASE_TEST
from inspect_memgym.feedback.task import feedback
from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.kit.pass_switch import DECLINE
from inspect_memgym.simulation.actions import finish
from inspect_memgym.simulation.policy_registry import (
    PolicyTurn,
    benchmark_policies,
    register_policies,
)
from inspect_memgym.strategies.call_context import current_call_context
from memorybench_folder import write_records_folder

SCORER = "feedback_scorer"
DELTA_BOUND = 0.05
"""What the validity suites allow any adversary on ``memory_delta``."""
PRIOR_SWITCH = "records_question_prior_switch"
"""The question-only prior after training, a decline in the no-memory pass."""
RELEASE_YEAR = "2023"


def locomo_row(test_idx: int, question: str, gold: str) -> dict[str, Any]:
    """A MemoryBench LoCoMo temporal row (MemoryBench's prompt, ``info`` string-encoded)."""
    return {
        "test_idx": test_idx,
        "input_prompt": f"Question: {question} Short answer:",
        "dataset_name": "Locomo-0",
        "lang": "en",
        "info": str({"golden_answer": gold, "category": 2, "evidence": []}),
    }


TRAIN = [
    locomo_row(1, "When did Mira start pottery?", "7 May 2023"),
    locomo_row(2, "When did Leo adopt his cat?", "June 2023"),
]
TEST = [
    locomo_row(3, "When did Mira begin her pottery class?", "7 May 2023"),
    locomo_row(4, "When did Ana move flats?", "The week before 9 June 2023"),
    locomo_row(5, "When did Leo run a half marathon?", "18 August 2023"),
    locomo_row(6, "When did Ana join the choir?", "May 2023"),
]
"""Rows shaped like the release's: every temporal gold falls in the conversations' year."""


def records_folder(folder: Path) -> Path:
    """The rows as ``DatasetDict.save_to_disk`` writes them: one Arrow stream per split."""
    return write_records_folder(folder, {"train": TRAIN, "test": TEST})


def question_prior(question: str) -> str:
    """A reply from the question's words alone: the release's year to a "When" question.

    Args:
        question: The question asked.
    """
    return RELEASE_YEAR if question.lower().startswith("when") else UNKNOWN


@pytest.fixture
def prior_policy() -> Iterator[None]:
    """The prior switch registered beside feedback's own policies, for this test only."""
    original = benchmark_policies(BENCHMARK_NAME)
    decliner = SWITCH_BEHAVIOURS[DECLINE]
    assert policy_play.BENCHMARK_NAME == BENCHMARK_NAME  # importing it registers the policies

    def play(policy: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
        if policy != PRIOR_SWITCH:
            return original.play(policy, messages, tools)
        context = current_call_context()
        if context.phase != PHASE_TEST:
            return original.play(decliner, messages, tools)
        empty = current_pass() == NO_MEMORY_PASS
        reply = UNKNOWN if empty else question_prior(asked(messages[-1].text))
        return PolicyTurn(finish(reply), f"prior-{context.phase}", len(messages))

    register_policies(BENCHMARK_NAME, (*original.names, PRIOR_SWITCH), play)
    try:
        yield
    finally:
        register_policies(BENCHMARK_NAME, original.names, original.play)


@pytest.mark.usefixtures("prior_policy")
def test_a_question_only_prior_given_only_after_training_buys_no_memory_delta(
    tmp_path: Path,
) -> None:
    folder = records_folder(tmp_path / "Locomo-0")
    [log] = eval(
        feedback(dataset=str(folder), protocol="off_policy", feedback="verbal"),
        model=f"memgym/{PRIOR_SWITCH}",
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.scores is not None
    value = sample.scores[SCORER].value
    assert isinstance(value, dict)
    assert value["chance"] == 0.0  # the constant decline shares no word with a dated gold
    assert value["no_memory_raw"] == 0.0  # it declines in the no-memory pass
    assert value["final"] > DELTA_BOUND  # the prior, which reads no memory, scores
    # Declining only in the no-memory pass must not turn that prior into a memory delta.
    assert value["memory_delta"] <= DELTA_BOUND
