"""code_qa end to end with scripted mockllm models: malformed answers, and the judge.

Seed 6 at 5,000 tokens has five questions. The notes strategy's rewrites keep every
grounding fact (in 2,000-token notes); the answers with memory are scripted per question:
the gold answer, a paraphrase the rules cannot fully decide (the grader model, bound to the
``grader`` role, decides it), an empty reply, a distractor's statement, and the gold answer
buried after the graded part under control characters. The no-memory pass answers with a
JSON fragment. Every grade must follow from the script exactly.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.tool import ToolChoice, ToolInfo
from inspect_ai.util import store_as

from inspect_memgym.code_qa.grading import ANSWER_CHARS
from inspect_memgym.code_qa.prompts import SYSTEM_PROMPT
from inspect_memgym.code_qa.state import PHASE_QUESTION
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, ModelCallContext

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
INSTANCE = generate_instance(6, 5_000)
PARAPHRASE = (
    "Ticket TKT-1690: 90 out of 8,295 subscriptions came out wrong; bisecting blamed commit "
    "53084ed, which changed _clean_subscription."
)
NO_MEMORY_REPLY = '```json\n{"answer": null}\n```'
GARBAGE = "\x00\x1b[31m```json\n{]" + "x" * ANSWER_CHARS


def text(content: str) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", content)
    output.usage = USAGE
    return output


def scripted_answers() -> dict[str, str]:
    return {
        "q01": INSTANCE.question("q01").gold_answer,
        "q02": PARAPHRASE,
        "q03": "",
        "q04": INSTANCE.distractor("D01").fact.statement,
        "q05": GARBAGE + INSTANCE.question("q05").gold_answer,
    }


def assistant(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    context = store_as(ModelCallContext)
    if context.phase == PHASE_MEMORY_UPDATE:
        return text("\n".join(item.fact.statement for item in INSTANCE.grounding_facts))
    if context.phase == PHASE_QUESTION and messages[0].text == SYSTEM_PROMPT:
        return text(NO_MEMORY_REPLY)
    if context.phase == PHASE_QUESTION:
        return text(scripted_answers()[context.item_id])
    return text("unexpected call")


JUDGED: list[str] = []


def grader(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    prompt = messages[-1].text
    JUDGED.append(prompt)
    return text("FACT: YES" if "90 out of 8,295" in prompt else "FACT: no")


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    [result] = eval(
        code_qa(seed=6, context_tokens=5_000, judge=True, notes_budget=2_000),
        model=get_model("mockllm/model", custom_outputs=assistant),
        model_roles={"grader": get_model("mockllm/model", custom_outputs=grader)},
        display="none",
        log_dir=str(tmp_path_factory.mktemp("logs")),
    )
    assert result.status == "success", result.error
    return result


def question_rows(log: EvalLog) -> dict[str, dict[str, Any]]:
    assert log.samples is not None
    [sample] = log.samples
    assert sample.error is None
    rows = sample.scores["code_qa_scorer"].metadata["questions"]  # type: ignore[index]
    return {row["qa_id"]: row for row in rows}


def test_each_scripted_answer_is_graded_as_written(log) -> None:
    rows = question_rows(log)
    held = {qa_id: [fact["held"] for fact in row["facts"]] for qa_id, row in rows.items()}
    assert held == {
        "q01": [True],
        "q02": [True, True],
        "q03": [False, False],
        "q04": [False, False, False],
        "q05": [False, False, False],
    }
    assert [fact["decided_by"] for fact in rows["q02"]["facts"]] == ["judge", "rules"]
    assert rows["q04"]["misled_by"] == ["D01"]
    assert all(rows[qa_id]["misled_by"] == [] for qa_id in ("q01", "q02", "q03", "q05"))
    for row in rows.values():
        assert len(row["shown_fact_ids"]) == len(row["facts"])  # the notes kept every fact
        assert row["no_memory"]["score"] == 0.0


def test_score_value_follows_from_the_script(log) -> None:
    assert log.samples is not None
    value = log.samples[0].scores["code_qa_scorer"].value
    assert isinstance(value, dict)
    assert value["accuracy"] == pytest.approx(2 / 5)
    assert value["fact_recall"] == pytest.approx(3 / 11)
    assert value["noise_rejection"] == pytest.approx(4 / 5)
    assert value["no_memory"] == 0.0
    assert value["memory_delta"] == pytest.approx(2 / 5)
    assert not any(math.isnan(number) for number in value.values())


def test_the_judge_is_asked_only_about_undecided_facts(log) -> None:
    assert log.samples is not None
    metadata = log.samples[0].scores["code_qa_scorer"].metadata
    assert metadata["judge_model"] == ["mockllm/model"]
    assert metadata["judge_prompt_version"] == "1"
    asked = [prompt for prompt in JUDGED if PARAPHRASE in prompt]
    assert len(asked) == 1 and INSTANCE.fact("F02").fact.statement in asked[0]
    assert not any(GARBAGE[:20] in prompt for prompt in JUDGED)
