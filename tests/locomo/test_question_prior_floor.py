"""LoCoMo's memory delta bought by a question-only prior: the F1 floor of 0 is too low.

LoCoMo scores a reply by token F1, and the memory isolation counts every category 1-4
question's memoryless floor as 0 (`locomo.values.isolation`). On the released
``locomo10.json`` a reply built from the question's words alone earns far more: "2023" to
every "When ..." question scores F1 0.222 over the 321 temporal questions (0.5 on a gold
such as "7 May 2023"), because the release's conversations take place in 2023. A model
that tells its passes apart (visible by design) and gives that prior with memory shown and
a decline with memory empty then shows a memory delta while never reading memory: over the
released file's ten conversations (native strategy), F1 0.075, ``no_memory`` 0.010,
``memory_delta`` +0.065 (the suites' bound is 0.05), against +0.000 when the same prior is
given in both passes. The suite cannot see it: it plays invented conversations, whose
generator spreads its dates over years.

This test plays the same switch on a small invented conversation shaped like the release
(temporal questions whose gold dates fall in the conversation's year) and bounds its
memory delta as the validity suites bound every adversary's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.locomo import BENCHMARK_NAME, policy_play
from inspect_memgym.locomo.dataset import LocomoSpec, conversation_for
from inspect_memgym.locomo.state import PHASE_QUESTION
from inspect_memgym.locomo.task import locomo
from inspect_memgym.simulation.actions import finish
from inspect_memgym.simulation.policy_registry import (
    PolicyTurn,
    benchmark_policies,
    register_policies,
)
from inspect_memgym.strategies.call_context import current_call_context

SCORER = "locomo_scorer"
DELTA_BOUND = 0.05
"""What the validity suites allow any adversary on ``memory_delta``."""
PRIOR_SWITCH = "question_prior_switch"
"""The question-only prior with memory shown, a decline with memory empty."""
PRIOR_BOTH = "question_prior_both"
"""The same prior in both passes (the control: memory changes nothing)."""
DECLINE = "Not mentioned in the conversation."
CONVERSATION_YEAR = "2023"


def release_shaped(sample_id: str, speakers: tuple[str, str]) -> dict[str, Any]:
    """An invented conversation shaped like the release: every date in the conversation's year.

    Args:
        sample_id: The conversation's id.
        speakers: Its two speakers.
    """
    first, second = speakers
    return {
        "sample_id": sample_id,
        "conversation": {
            "speaker_a": first,
            "speaker_b": second,
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                {"speaker": first, "dia_id": "D1:1", "text": "Yesterday I joined a choir."},
                {"speaker": second, "dia_id": "D1:2", "text": "I ran a half marathon last week."},
            ],
            "session_2_date_time": "10:04 am on 20 June, 2023",
            "session_2": [
                {"speaker": first, "dia_id": "D2:1", "text": "I adopted a kitten on Sunday."},
                {"speaker": second, "dia_id": "D2:2", "text": "We moved flats last month."},
            ],
        },
        "qa": [
            {
                "question": f"When did {first} join a choir?",
                "answer": "7 May 2023",
                "evidence": ["D1:1"],
                "category": 2,
            },
            {
                "question": f"When did {second} run a half marathon?",
                "answer": "The week before 8 May 2023",
                "evidence": ["D1:2"],
                "category": 2,
            },
            {
                "question": f"When did {first} adopt a kitten?",
                "answer": "18 June 2023",
                "evidence": ["D2:1"],
                "category": 2,
            },
            {
                "question": f"When did {second} move flats?",
                "answer": "May 2023",
                "evidence": ["D2:2"],
                "category": 2,
            },
        ],
    }


RELEASE_SHAPED = [
    release_shaped("conv-951", ("Odile", "Ravi")),
    release_shaped("conv-952", ("Hanna", "Tomasz")),
]


def question_prior(question: str) -> str:
    """A reply from the question's words alone: the release's year to a "When" question.

    Args:
        question: The question asked.
    """
    return CONVERSATION_YEAR if question.lower().startswith("when") else DECLINE


@pytest.fixture
def prior_policies() -> Iterator[None]:
    """The two prior policies registered beside locomo's own, for this test only."""
    assert policy_play.GUESS  # importing it registers locomo's own policies
    original = benchmark_policies(BENCHMARK_NAME)

    def play(policy: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
        if policy not in (PRIOR_SWITCH, PRIOR_BOTH):
            return original.play(policy, messages, tools)
        context = current_call_context()
        if context.phase != PHASE_QUESTION:
            return original.play("decliner", messages, tools)
        conversation = conversation_for(LocomoSpec.of_metadata(current_sample_metadata()))
        [item] = [q for q in conversation.questions if q.question_id == context.item_id]
        declines = policy == PRIOR_SWITCH and current_pass() == NO_MEMORY_PASS
        reply = DECLINE if declines else question_prior(item.question)
        return PolicyTurn(finish(reply), f"prior-{context.phase}", len(messages))

    register_policies(BENCHMARK_NAME, (*original.names, PRIOR_SWITCH, PRIOR_BOTH), play)
    try:
        yield
    finally:
        register_policies(BENCHMARK_NAME, original.names, original.play)


def isolated_figures(log: EvalLog) -> dict[str, float]:
    """The run's mean F1, no-memory F1 and memory delta over its conversations."""
    assert log.status == "success", log.error
    assert log.samples is not None
    figures: dict[str, list[float]] = {"f1": [], "no_memory": [], "memory_delta": []}
    for sample in log.samples:
        assert sample.scores is not None
        value = sample.scores[SCORER].value
        assert isinstance(value, dict)
        for key, values in figures.items():
            values.append(float(value[key]))
    return {key: sum(values) / len(values) for key, values in figures.items()}


@pytest.mark.usefixtures("prior_policies")
def test_a_question_only_prior_given_only_with_memory_shown_buys_no_memory_delta(
    tmp_path: Path,
) -> None:
    data_file = tmp_path / "locomo10.json"
    data_file.write_text(json.dumps(RELEASE_SHAPED), encoding="utf-8")
    switch_log, both_log = eval(
        locomo(dataset=str(data_file)),
        model=[f"memgym/{PRIOR_SWITCH}", f"memgym/{PRIOR_BOTH}"],
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    switch, both = isolated_figures(switch_log), isolated_figures(both_log)
    # The prior reads no memory: with memory shown both policies give the same replies.
    assert switch["f1"] == pytest.approx(both["f1"])
    assert switch["f1"] > DELTA_BOUND
    assert both["memory_delta"] == pytest.approx(0.0)
    # Declining only when memory is empty must not turn that prior into a memory delta.
    assert switch["memory_delta"] <= DELTA_BOUND
