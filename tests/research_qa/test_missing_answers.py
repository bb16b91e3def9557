"""A research_qa answer a pass did not give scores exactly what its decline scores.

A limit that cuts the sample before an answer leaves that pass without one. Left out of
the figures (as before), a model that stalled where it could not answer chose which
questions count; now the missing answer is graded as the decline, "insufficient
information" (`scoring.reached`), in the score and on both sides of ``memory_delta``; only
``not_reached`` tells the runs apart.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass
from inspect_memgym.kit.inspect_internals import BoundStoreModel, current_sample_metadata
from inspect_memgym.research_qa.grading import decline_grade
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.state import PHASE_ANSWER
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.strategies.call_context import ModelCallContext
from missing_answers import COUNTS, same_but_counts, sample_values

SCORER = "research_qa_scorer"
DECLINE = '{"answer": "insufficient information"}'
STALL = "stall"
SMALL = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
HUGE = ModelUsage(input_tokens=10, output_tokens=1_000_000, total_tokens=1_000_010)
SEEDS = [2, 3]
_context = BoundStoreModel(ModelCallContext)


def gold() -> str:
    metadata = current_sample_metadata()
    assert metadata is not None
    return resolve_instance(metadata["instance"]).gold.text


def script(with_memory: str, without_memory: str) -> Any:
    """Notes while reading; then each pass's reply: gold, a decline, or a stall (a call
    whose usage passes the token limit, so the pass never records its answer)."""

    def reply(
        messages: list[ChatMessage],
        tools: list[ToolInfo],
        choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        if _context.get().phase != PHASE_ANSWER:
            output = ModelOutput.from_content("mockllm/model", "Notes.")
            output.usage = SMALL
            return output
        chosen = without_memory if current_pass() == NO_MEMORY_PASS else with_memory
        content = f'{{"answer": "{gold()}"}}' if chosen == "gold" else chosen
        output = ModelOutput.from_content("mockllm/model", DECLINE if chosen == STALL else content)
        output.usage = HUGE if chosen == STALL else SMALL
        return output

    return reply


def figures(with_memory: str, without_memory: str, tmp_path: Path) -> dict[str, dict[str, float]]:
    [log] = eval(
        research_qa(seeds=SEEDS, hops=3, context_tokens=1_000),
        model=get_model("mockllm/model", custom_outputs=script(with_memory, without_memory)),
        display="none",
        log_dir=str(tmp_path / f"{with_memory}-{without_memory}"),
        token_limit=100_000,
    )
    return sample_values(log, SCORER)


@pytest.mark.usefixtures("offline_token_counts")
@pytest.mark.parametrize(
    ("stalled", "declined"),
    [
        ((STALL, STALL), (DECLINE, DECLINE)),  # cut before its answer
        (("gold", STALL), ("gold", DECLINE)),  # cut in the no-memory pass only
        ((DECLINE, STALL), (DECLINE, DECLINE)),  # answered wrong with memory, then cut
    ],
)
def test_a_cut_pass_scores_its_decline(
    stalled: tuple[str, str], declined: tuple[str, str], tmp_path: Path
) -> None:
    cut = figures(*stalled, tmp_path)
    honest = figures(*declined, tmp_path)
    assert len(cut) == len(SEEDS)
    memory_cut = stalled[0] == STALL
    # a question the memory pass never answered has no failure label: its rates are 0
    counts = (*COUNTS, *FAILURE_RATE_KEYS) if memory_cut else COUNTS
    for sample_id, value in cut.items():
        assert value["not_reached"] == 1.0 and honest[sample_id]["not_reached"] == 0.0
        assert same_but_counts(value, honest[sample_id], counts), sample_id
        assert not math.isnan(value["score"]) and not math.isnan(value["memory_delta"])
        rates = sum(value[key] for key in FAILURE_RATE_KEYS)
        declined_rates = sum(honest[sample_id][key] for key in FAILURE_RATE_KEYS)
        assert rates == (0.0 if memory_cut else declined_rates)
        assert declined_rates == (0.0 if stalled[0] == "gold" else 1.0)
    if stalled[0] == "gold":
        assert all(value["memory_delta"] == 1.0 for value in cut.values())


def test_the_decline_is_graded_by_the_rules_at_zero() -> None:
    instance = resolve_instance(research_qa(seed=2, hops=3).dataset[0].metadata["instance"])  # type: ignore[index]
    grade = decline_grade(instance)
    assert grade.raw is None and grade.decided_by == "rules" and grade.score == 0.0
