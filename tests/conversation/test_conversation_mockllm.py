"""conversation end to end with scripted mockllm models: the assistant and an LLM user.

The assistant script acts by phase: it writes a fact through the memory tools in every
awe memory update, answers questions with a rotation of valid, fenced, unparseable and
out-of-range replies, and answers probes and the upper bound with option 1. The scores must
follow from the script exactly, the facts must come back through retrieval, and an LLM bound
to the ``user`` role must write the follow-ups.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample, resolve_sample_attachments
from inspect_ai.model import (
    ChatMessage,
    ChatMessageTool,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.tool import ToolChoice, ToolInfo
from inspect_ai.util import store_as

from inspect_memgym.conversation.state import PHASE_QUESTION
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.memory.ledger import MemoryLedger
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, ModelCallContext
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    AWI_MEMORY_SECTION,
    CONVERSATION_MEMORY_LABEL,
    NO_ENTRIES,
    RAG_MEMORY_SECTION,
)

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
QUESTION_REPLIES = ('{"answer": 1}', '```json\n{"answer": 2}\n```', "I pick 2", '{"answer": 99}')
FACT = "Scripted fact number {number}."
FOLLOW_UP = "Interesting - what would you do first?"
NO_MEMORY_REPLY = '{"answer": 1}'
EMPTY_SYSTEM_PROMPTS = {
    ASSISTANT_SYSTEM_PROMPT,
    *(
        f"{ASSISTANT_SYSTEM_PROMPT}\n\n{section}"
        for section in (
            AWE_MEMORY_SECTION.format(label=CONVERSATION_MEMORY_LABEL, entries=NO_ENTRIES),
            RAG_MEMORY_SECTION.format(entries=NO_ENTRIES),
            AWI_MEMORY_SECTION.format(label=CONVERSATION_MEMORY_LABEL, memory_json="{}"),
        )
    ),
}
"""The system prompt of a call with an empty memory, for each strategy these tests play."""

Script = Callable[[list[ChatMessage], list[ToolInfo], ToolChoice, GenerateConfig], ModelOutput]


def shows_no_memory(messages: list[ChatMessage]) -> bool:
    """Whether a call shows an empty memory: its section empty and no history."""
    return len(messages) == 2 and messages[0].text in EMPTY_SYSTEM_PROMPTS


def text(content: str) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", content)
    output.usage = USAGE
    return output


def assistant_script() -> Script:
    counters = {"question": 0, "fact": 0}

    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        phase = store_as(ModelCallContext).phase
        if phase == PHASE_MEMORY_UPDATE and not tools:
            counters["fact"] += 1
            return text(json.dumps({"fact": FACT.format(number=counters["fact"])}))
        if phase == PHASE_MEMORY_UPDATE:
            if isinstance(messages[-1], ChatMessageTool):
                return text("Memory updated.")
            counters["fact"] += 1
            output = ModelOutput.for_tool_call(
                "mockllm/model", "memory_write", {"content": FACT.format(number=counters["fact"])}
            )
            output.usage = USAGE
            return output
        if phase == PHASE_QUESTION and shows_no_memory(messages):
            return text(NO_MEMORY_REPLY)  # the no-memory pass: memory empty
        if phase == PHASE_QUESTION:
            answer = QUESTION_REPLIES[counters["question"] % len(QUESTION_REPLIES)]
            counters["question"] += 1
            return text(answer)
        if phase in ("probe", "upper_bound"):
            return text('{"answer": 1}')
        return text("Here is some advice for you.")

    return reply


def user_model() -> Model:
    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        return text(FOLLOW_UP)

    return get_model("mockllm/model", custom_outputs=reply)


def run(tmp_path: Any, agent: str = "awe", **eval_args: Any) -> EvalSample:
    [log] = eval(
        conversation(tier="small", seed=0, agent=agent),
        model=get_model("mockllm/model", custom_outputs=assistant_script()),
        display="none",
        log_dir=str(tmp_path),
        **eval_args,
    )
    assert isinstance(log, EvalLog) and log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.error is None
    return resolve_sample_attachments(sample)


@pytest.fixture(scope="module")
def scripted(tmp_path_factory: pytest.TempPathFactory) -> EvalSample:
    return run(tmp_path_factory.mktemp("logs"))


def test_scores_follow_from_the_script(scripted: EvalSample) -> None:
    scenario = ConversationScenario.from_dict(scripted.metadata["scenario"])
    score = scripted.scores["conversation_scorer"]
    rows = score.metadata["questions"]
    assert len(rows) == len(scenario.periods) * len(scenario.questions)
    right, failures = 0, 0
    for number, row in enumerate(rows):
        reply = QUESTION_REPLIES[number % len(QUESTION_REPLIES)]
        question = next(q for q in scenario.questions if q.qid == row["qid"])
        period = scenario.periods[row["period"]]
        shown = presented_choices(scenario, question, period)
        choice = parse_choice(reply, len(shown))
        failures += choice is None
        gold = gold_number(shown, question.gold_choice(period.state))
        right += choice == gold
        assert row["choice"] == choice and row["gold"] == gold
        assert row["no_memory_choice"] == 1
        assert row["no_memory_correct"] == (gold == 1)
    assert failures == len(rows) // 2
    assert score.value["parse_failure"] == pytest.approx(failures / len(rows))
    guessed = sum(1 / row["choices"] for row in rows if row["choice"] is None)
    assert score.value["accuracy"] == pytest.approx((right + guessed) / len(rows))
    assert score.metadata["parse_failures"] == failures
    for period in score.metadata["periods"]:
        diagnostics = (
            period["write_failure"] + period["read_failure"] + period["utilization_failure"]
        )
        asked = [row for row in rows if row["period"] == period["period"]]
        wrong = sum(not row["correct"] for row in asked)
        assert diagnostics == pytest.approx(wrong / len(asked))


def test_facts_go_through_the_backend_and_come_back(scripted: EvalSample) -> None:
    operations = scripted.store_as(MemoryLedger).operations
    writes = [op for op in operations if op["tool"] == "memory_write" and op["ok"]]
    assert [op["content"] for op in writes] == [
        FACT.format(number=n) for n in range(1, len(writes) + 1)
    ]
    question_inputs = [
        "\n".join(message.text for message in event.input)
        for event in scripted.events
        if event.event == "model"
        and '"answer": <number>' in event.input[-1].text
        and not shows_no_memory(event.input)
        and "Here is my current situation" not in event.input[-1].text
    ]
    assert question_inputs
    # Retrieval is lexical by default: a fact comes back for the questions that share
    # character n-grams with it (here, at least the ones about plans and help).
    with_facts = [prompt for prompt in question_inputs if FACT.format(number=1) in prompt]
    assert 0 < len(with_facts) <= len(question_inputs)


def test_questions_leave_memory_unchanged(scripted: EvalSample) -> None:
    operations = scripted.store_as(MemoryLedger).operations
    changing = {"memory_write", "memory_edit", "memory_delete", "rag_store"}
    scenario = ConversationScenario.from_dict(scripted.metadata["scenario"])
    sessions = sum(len(period.sessions) for period in scenario.periods)
    updates = sum(1 for op in operations if op["tool"] in changing)
    # One write per memory update; updates happen after replies only, never after answers.
    rounds = sum(session.rounds for period in scenario.periods for session in period.sessions)
    assert sessions <= updates <= rounds


def test_llm_user_writes_the_follow_ups(tmp_path: Any) -> None:
    sample = run(tmp_path, model_roles={"user": user_model()})
    assert sample.metadata["simulated_user"] == "model"
    scenario = ConversationScenario.from_dict(sample.metadata["scenario"])
    follow_ups = sum(
        session.rounds - 1 for period in scenario.periods for session in period.sessions
    )
    user_turns = [m.text for m in sample.messages if m.role == "user"]
    assert user_turns.count(FOLLOW_UP) == follow_ups > 0
    user_calls = [
        event for event in sample.events if event.event == "model" and event.role == "user"
    ]
    assert len(user_calls) == follow_ups
    system_prompt = user_calls[0].input[0].text
    assert scenario.persona.name in system_prompt
    assert "Never mention any preference" in system_prompt
    # The user model sees the opening it must stay within, never the hidden state.
    first_update = next(period for period in scenario.periods if period.index > 0)
    assert first_update.sessions[0].opening in system_prompt
    assert json.dumps(scenario.periods[-1].state) not in system_prompt
    # Nor any value by name: the user model cannot state what the opening only implies.
    for call in user_calls:
        seen = " ".join(message.text for message in call.input).lower()
        for variable in scenario.variables:
            assert not [value for value in variable.values if f" {value.lower()} " in seen]


def answer_prompts(sample: EvalSample) -> list[str]:
    """The full input of every question and probe call (not the upper bound)."""
    return [
        "\n".join(message.text for message in event.input)
        for event in sample.events
        if event.event == "model"
        and '"answer": <number>' in event.input[-1].text
        and not shows_no_memory(event.input)
        and "Here is my current situation" not in event.input[-1].text
    ]


def test_rag_stores_every_raw_message_and_retrieves_them(tmp_path: Any) -> None:
    sample = run(tmp_path, agent="rag")
    scenario = ConversationScenario.from_dict(sample.metadata["scenario"])
    stored = [
        op["content"]
        for op in sample.store_as(MemoryLedger).operations
        if op["tool"] == "rag_store"
    ]
    rounds = sum(session.rounds for period in scenario.periods for session in period.sessions)
    assert len(stored) == 2 * rounds
    opening = scenario.periods[0].sessions[0].opening
    assert any(opening in content for content in stored)
    prompts = answer_prompts(sample)
    assert any(opening in prompt for prompt in prompts)


def test_awi_keeps_the_rewritten_memory_in_context(tmp_path: Any) -> None:
    sample = run(tmp_path, agent="awi")
    prompts = answer_prompts(sample)
    assert prompts
    # Every answer sees the latest memory object the model wrote, and nothing older.
    last_fact = sample.metadata["agent"]["memory_updates"]
    assert all("Scripted fact number" in prompt for prompt in prompts)
    assert FACT.format(number=last_fact) in prompts[-1]
    assert FACT.format(number=1) not in prompts[-1]


def test_native_answers_from_the_full_history(tmp_path: Any) -> None:
    sample = run(tmp_path, agent="native")
    scenario = ConversationScenario.from_dict(sample.metadata["scenario"])
    openings = [s.opening for period in scenario.periods for s in period.sessions]
    last_prompt = answer_prompts(sample)[-1]
    assert all(opening in last_prompt for opening in openings)
    assert sample.scores["conversation_scorer"].metadata["parse_failures"] == 6
