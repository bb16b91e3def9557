"""code_qa end to end with scripted mockllm models: malformed answers, hedges, the judge.

Seed 6 at 5,000 tokens has six questions, one of them (q02) answered by the source alone.
The notes strategy's rewrites keep every grounding fact (in 2,000-token notes); the
answers with memory are scripted per question: the gold answer, an empty reply, a
paraphrase the rules cannot decide (the grader model, bound to the ``grader`` role, decides
it), a distractor's statement, the gold answer with a look-alike beside it (a hedge), and
the gold answer buried after the graded part under control characters. The no-memory pass
(the same prompt, its notes empty) answers with a JSON fragment. Every grade must follow
from the script exactly.
"""

from __future__ import annotations

import math
from pathlib import Path
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
from inspect_memgym.code_qa.prompts import MEMORY_LABEL, SYSTEM_PROMPT
from inspect_memgym.code_qa.state import PHASE_QUESTION
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.scoring.judge_prompts import PINNED_PROMPT_SHA256
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, ModelCallContext
from inspect_memgym.strategies.prompts import EMPTY_NOTES, NOTES_SECTION

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
INSTANCE = generate_instance(6, 5_000)
PARAPHRASE = "The embedding service returns status 409 to a locked document; retry after 77 s."
NO_MEMORY_REPLY = '```json\n{"answer": null}\n```'
GARBAGE = "\x00\x1b[31m```json\n{]" + "x" * ANSWER_CHARS
EMPTY_NOTES_PROMPT = (
    f"{SYSTEM_PROMPT}\n\n{NOTES_SECTION.format(label=MEMORY_LABEL, notes=EMPTY_NOTES)}"
)
"""The system prompt of the no-memory pass: the notes strategy's, its notes empty."""


def text(content: str) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", content)
    output.usage = USAGE
    return output


def scripted_answers() -> dict[str, str]:
    return {
        "q01": INSTANCE.question("q01").gold_answer,
        "q02": "",
        "q03": PARAPHRASE,
        "q04": INSTANCE.distractor("D10").fact.statement,
        "q05": INSTANCE.question("q05").gold_answer
        + " "
        + INSTANCE.distractor("D12").fact.statement,
        "q06": GARBAGE + INSTANCE.question("q06").gold_answer,
    }


def assistant(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    context = store_as(ModelCallContext)
    if context.phase == PHASE_MEMORY_UPDATE:
        return text("\n".join(item.fact.statement for item in INSTANCE.grounding_facts))
    if context.phase == PHASE_QUESTION and messages[0].text == EMPTY_NOTES_PROMPT:
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
    return text("FACT: YES" if "status 409" in prompt else "FACT: no")


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    [result] = eval(
        code_qa(
            seed=6, context_tokens=5_000, judge=True, agent={"name": "notes", "notes_budget": 2_000}
        ),
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
        "q02": [False],
        "q03": [True],
        "q04": [False],
        "q05": [False, False, False],
        "q06": [False, False, False],
    }
    assert [row["correct"] for row in rows.values()] == [True, False, True, False, False, False]
    assert [fact["decided_by"] for fact in rows["q03"]["facts"]] == ["judge"]
    assert rows["q04"]["misled_by"] == ["D10"]
    assert rows["q05"]["misled_by"] == ["D12"]
    assert rows["q05"]["hedge"] == [
        "states distractor D12",
        "names another value: mobile-checkout / month-end-close; 910 ms / 242 ms",
    ]
    assert all(rows[qa_id]["misled_by"] == [] for qa_id in ("q01", "q02", "q03", "q06"))
    for row in rows.values():
        assert len(row["shown_fact_ids"]) == len(row["facts"])  # the notes kept every fact
        assert row["no_memory"]["score"] == 0.0


def test_score_value_follows_from_the_script(log) -> None:
    assert log.samples is not None
    value = log.samples[0].scores["code_qa_scorer"].value
    assert isinstance(value, dict)
    # q01, q03 right of the five needing memory; chance-corrected, q04 picked the look-alike
    # of its one fact (-1); q05 stated a look-alike beside other values of the same kinds,
    # a hedge that picked no combination: a blind guess's 0, not -1/7
    assert value["accuracy"] == pytest.approx((2 - 1) / 5)
    assert value["discoverable_accuracy"] == 0.0  # q02, left empty
    assert value["fact_recall"] == pytest.approx(2 / 10)
    assert value["noise_rejection"] == pytest.approx(4 / 6)
    assert value["no_memory"] == 0.0
    assert value["memory_delta"] == pytest.approx((2 - 1) / 5)
    assert not any(math.isnan(number) for number in value.values())


def test_the_judge_is_asked_only_about_undecided_facts(log) -> None:
    assert log.samples is not None
    metadata = log.samples[0].scores["code_qa_scorer"].metadata
    assert metadata["judge_model"] == ["mockllm/model"]
    assert metadata["self_judged"] is False
    assert metadata["judge_prompt_version"] == "2"
    assert metadata["judge_prompt"] == "code_qa_fact_judge"
    assert metadata["judge_prompt_sha256"] == PINNED_PROMPT_SHA256["code_qa"]["fact"]
    assert metadata["judge_config"] == {"temperature": 0.0, "seed": 42}
    assert metadata["decided_by"].get("judge", 0) > 0
    asked = [prompt for prompt in JUDGED if PARAPHRASE in prompt]
    assert len(asked) == 1 and INSTANCE.fact("F09").fact.statement in asked[0]
    assert len(JUDGED) == 1


def unreadable_on_the_paraphrase(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    prompt = messages[-1].text
    return text("I cannot tell from this." if "status 409" in prompt else "FACT: no")


def test_an_unreadable_fact_verdict_scores_the_decline(tmp_path: Path) -> None:
    [result] = eval(
        code_qa(
            seed=6, context_tokens=5_000, judge=True, agent={"name": "notes", "notes_budget": 2_000}
        ),
        model=get_model("mockllm/model", custom_outputs=assistant),
        model_roles={
            "grader": get_model("mockllm/model", custom_outputs=unreadable_on_the_paraphrase)
        },
        display="none",
        log_dir=str(tmp_path),
    )
    assert result.status == "success", result.error
    rows = question_rows(result)
    assert sorted(rows) == ["q01", "q02", "q03", "q04", "q05", "q06"]
    assert rows["q03"]["declined"] == "judge_unreadable" and rows["q03"]["answer"] == PARAPHRASE
    assert [fact["held"] for fact in rows["q03"]["facts"]] == [False]
    assert all(rows[qa_id]["declined"] is None for qa_id in ("q01", "q02", "q04", "q05", "q06"))
    score = result.samples[0].scores["code_qa_scorer"]  # type: ignore[index]
    metadata = score.metadata or {}
    assert metadata["judge_unreadable"] == 1
    assert metadata["declined_questions"] == {
        "memory": {"q03": "judge_unreadable"},
        "no_memory": {},
    }
    value = score.value
    assert isinstance(value, dict)
    # q01 right, q04 the look-alike (-1), q02, q05 and q06 nothing, q03 the decline's 0,
    # over the five needing memory; an unreadable verdict is no question not reached
    assert value["accuracy"] == 0.0 and value["not_reached"] == 0.0
    assert value["memory_delta"] == 0.0 and value["fact_recall"] == pytest.approx(1 / 10)
