"""research_qa end to end with scripted mockllm models: well-formed and malformed replies.

The script answers each sample in its own way (JSON, fenced JSON, an ``Answer:`` line, a
hedge, nothing, broken JSON); the scores must follow exactly. A grader model scores the
answer the rules cannot decide; an interactive script makes a refused search, a real one,
then stops.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.inspect_internals import BoundStoreModel, current_sample_metadata
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.state import PHASE_ANSWER, PHASE_SEARCH, ResearchState
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.scoring.judge_prompts import PINNED_PROMPT_SHA256
from inspect_memgym.strategies.call_context import ModelCallContext

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
SCORER = "research_qa_scorer"
SEEDS = [2, 3, 5, 6, 7, 9]
"""3-hop seeds whose golds are numbers (1960, 37, 1513, 380, 157875, 1861)."""
REPLIES: dict[int, str] = {
    2: '{{"answer": "{gold}", "confidence": 0.9}}',
    3: '```json\n{{"answer": {gold}}}\n```',
    5: "The chain leads to one value.\nAnswer: {gold}",
    6: "It is either {gold} or 1066.",
    7: "",
    9: '{{"answer": {gold}',
}
EXPECTED_SCORE = [1.0, 1.0, 1.0, 0.0, 0.0, 1.0]
"""The hedge and the empty reply are wrong; broken JSON is not parsed, but its one number
is still the gold."""
EXPECTED_PARSE_FAILURE = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0]

EMPTY_NOTES_SECTION = "(your notes):\n(empty)"
"""How the system prompt shows empty notes (the no-memory pass shows exactly this)."""

Script = Callable[[list[ChatMessage], list[ToolInfo], ToolChoice, GenerateConfig], ModelOutput]
_context = BoundStoreModel(ModelCallContext)


def text(content: str) -> ModelOutput:
    output = ModelOutput.from_content("mockllm/model", content)
    output.usage = USAGE
    return output


def tool_call(function: str, arguments: dict[str, Any]) -> ModelOutput:
    output = ModelOutput.for_tool_call("mockllm/model", function, arguments)
    output.usage = USAGE
    return output


def current_gold_and_seed() -> tuple[str, int]:
    metadata = current_sample_metadata()
    assert metadata is not None
    instance = resolve_instance(metadata["instance"])
    assert instance.seed is not None
    return instance.gold.text, instance.seed


def first_sub_query() -> str:
    metadata = current_sample_metadata()
    assert metadata is not None
    return resolve_instance(metadata["instance"]).chain[0].sub_query


def answering_script() -> Script:
    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        if _context.get().phase != PHASE_ANSWER:
            return text("Notes: nothing worth keeping.")
        if messages[0].text.endswith(EMPTY_NOTES_SECTION):
            return text('{"answer": "insufficient information", "confidence": 0}')
        gold, seed = current_gold_and_seed()
        return text(REPLIES[seed].format(gold=gold))

    return reply


def run(task: Any, model: Any, tmp_path: Path, **kwargs: Any) -> EvalLog:
    [log] = eval(task, model=model, display="none", log_dir=str(tmp_path), **kwargs)
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def values(sample: EvalSample) -> dict[str, Any]:
    value = sample.scores[SCORER].value  # type: ignore[index]
    assert isinstance(value, dict)
    return value


@pytest.mark.usefixtures("offline_token_counts")
def test_malformed_replies_score_as_the_rules_say(tmp_path: Path) -> None:
    model = get_model("mockllm/model", custom_outputs=answering_script())
    task = research_qa(seeds=SEEDS, hops=3, context_tokens=1_000)
    log = run(task, model, tmp_path)
    by_seed = {sample.metadata["seed"]: sample for sample in log.samples or []}
    assert [values(by_seed[seed])["score"] for seed in SEEDS] == EXPECTED_SCORE
    assert [values(by_seed[seed])["exact"] for seed in SEEDS] == EXPECTED_SCORE
    assert [values(by_seed[seed])["parse_failure"] for seed in SEEDS] == EXPECTED_PARSE_FAILURE
    for seed in SEEDS:
        value = values(by_seed[seed])
        assert value["no_memory"] == 0.0 and value["memory_delta"] == value["score"]
        # notes that keep nothing: a wrong answer is a write failure
        assert value["write_failure"] == 1.0 - value["score"]
    hedge = by_seed[6].scores[SCORER].metadata["answer"]  # type: ignore[index]
    assert hedge["rule"] == "hedge" and hedge["decided_by"] == "rules"
    assert by_seed[7].scores[SCORER].metadata["answer"]["rule"] == "empty"  # type: ignore[index]


@pytest.mark.usefixtures("offline_token_counts")
def test_the_judge_scores_what_the_rules_cannot_decide(tmp_path: Path) -> None:
    graded: list[str] = []

    def grader(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        graded.append(messages[-1].text)
        return text(json.dumps({"score": 0.6, "explanation": "the name is abbreviated"}))

    def answer(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        if _context.get().phase != PHASE_ANSWER:
            return text("Notes.")
        if messages[0].text.endswith(EMPTY_NOTES_SECTION):
            return text('{"answer": "insufficient information"}')
        return text('{"answer": "the supervisor, Dr. B."}')

    task = research_qa(seed=10, hops=3, context_tokens=1_000, judge=True)
    log = run(
        task,
        get_model("mockllm/model", custom_outputs=answer),
        tmp_path,
        model_roles={"grader": get_model("mockllm/model", custom_outputs=grader)},
    )
    [sample] = log.samples or []
    value = values(sample)
    assert value["score"] == 0.6 and value["exact"] == 0.0
    assert value["memory_delta"] == pytest.approx(0.6)
    graded_answer = sample.scores[SCORER].metadata["answer"]  # type: ignore[index]
    assert graded_answer["decided_by"] == "judge" and graded_answer["judge_score"] == 0.6
    assert len(graded) == 1 and "Answer to grade: the supervisor, Dr. B." in graded[0]
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["judge_prompt_sha256"] == PINNED_PROMPT_SHA256["research_qa"]["answer"]
    assert metadata["judge_config"] == {"temperature": 0.0, "seed": 42}


def answering_with_memory(reply: str) -> Script:
    """Notes while reading; ``reply`` with memory, a decline with no memory."""

    def answer(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        if _context.get().phase != PHASE_ANSWER:
            return text("Notes.")
        if messages[0].text.endswith(EMPTY_NOTES_SECTION):
            return text('{"answer": "insufficient information"}')
        return text(reply)

    return answer


@pytest.mark.usefixtures("offline_token_counts")
def test_an_unreadable_judge_reply_scores_the_answer_as_a_decline(tmp_path: Path) -> None:
    def grader(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        return text("The answer is hard to grade.")

    def judged_run(reply: str, folder: str) -> EvalSample:
        log = run(
            research_qa(seed=10, hops=3, context_tokens=1_000, judge=True),
            get_model("mockllm/model", custom_outputs=answering_with_memory(reply)),
            tmp_path / folder,
            model_roles={"grader": get_model("mockllm/model", custom_outputs=grader)},
        )
        [sample] = log.samples or []
        return sample

    sample = judged_run('{"answer": "the supervisor, Dr. B."}', "unreadable")
    declined = judged_run('{"answer": "insufficient information"}', "declined")
    value = values(sample)
    # scored as the decline, not left out: what declining would have scored, key for key
    assert value == values(declined)
    assert value["score"] == 0.0 and value["memory_delta"] == 0.0
    assert value["exact"] == 0.0 and value["parse_failure"] == 0.0
    assert value["not_reached"] == 0.0
    metadata = sample.scores[SCORER].metadata  # type: ignore[index]
    assert metadata["judge_unreadable"] == 1 and metadata["answer"]["decided_by"] == "undecided"
    assert declined.scores[SCORER].metadata["judge_verdicts"] == 0  # type: ignore[index]


@pytest.mark.usefixtures("offline_token_counts")
def test_interactive_mode_survives_a_refused_search(tmp_path: Path) -> None:
    answer_prompts: list[list[ChatMessage]] = []

    def researcher(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        phase = _context.get().phase
        if phase == PHASE_SEARCH:
            searched = len(BoundStoreModel(ResearchState).get().searches)
            assert [tool.name for tool in tools] == ["web_search"]
            if searched == 0:
                return tool_call("web_search", {"query": "   "})
            if searched == 1:
                assert "Your last search failed: The search query is empty" in messages[-1].text
                return tool_call("web_search", {"query": first_sub_query()})
            return text("READY")
        answer_prompts.append(messages)
        return text(json.dumps({"answer": current_gold_and_seed()[0]}))

    task = research_qa(seed=3, hops=3, context_tokens=1_000, mode="interactive", agent="native")
    log = run(task, get_model("mockllm/model", custom_outputs=researcher), tmp_path)
    [sample] = log.samples or []
    searches = sample.scores[SCORER].metadata["searches"]  # type: ignore[index]
    query = resolve_instance(sample.metadata["instance"]).chain[0].sub_query
    assert [search["query"] for search in searches] == ["   ", query]
    assert searches[0]["error"].startswith("The search query is empty")
    assert searches[1]["error"] is None and len(searches[1]["doc_ids"]) == 5
    # the answer sees no search result: the last search is evicted like every other
    assert sample.scores[SCORER].metadata["visible_doc_ids"] == []  # type: ignore[index]
    with_memory, without = answer_prompts
    assert "---" not in without[-1].text and without[-1].text == with_memory[-1].text
    assert len(without) == 2  # no history: the system prompt and the answer prompt
    assert values(sample)["score"] == 1.0  # the mock knows the answer; the no-memory pass too
    assert values(sample)["memory_delta"] == 0.0
    assert sample.metadata["agent"]["messages"] == 1  # native kept the one search's results
