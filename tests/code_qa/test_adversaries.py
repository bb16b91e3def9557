"""code_qa against adversaries: the suite's runs, prompt parity, invariants, the judge.

By default: the statistical invariants over 200 generated instances, a few adversaries of
the suite on two samples each through ``inspect_ai.eval``, the no-memory pass's prompt
against the memory pass's (notes and full context; awi and none are slow), and the judge's
refusals. Slow: the whole suite (40 samples per run) through ``validate``.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, resolve_sample_attachments
from inspect_ai.model import (
    ChatMessage,
    ChatMessageUser,
    GenerateConfig,
    ModelOutput,
    ModelUsage,
    get_model,
)
from inspect_ai.tool import ToolChoice, ToolInfo
from inspect_ai.util import store_as

from inspect_memgym.code_qa.instances import cached_instance
from inspect_memgym.code_qa.judge import FACT_JUDGE_PROMPT
from inspect_memgym.code_qa.judge_policy import judge_action
from inspect_memgym.code_qa.state import PHASE_QUESTION
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.code_qa.validity_statistics import statistical_verdicts
from inspect_memgym.code_qa.validity_suite import SUITE, SWITCH_SEEDS
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, ModelCallContext
from inspect_memgym.validity.suite import ValidateOptions

from .tiny_instance import tiny_instance

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "inspect_memgym" / "code_qa"
ADVERSARY_MODULES = (
    "adversaries.py",
    "adversary_reading.py",
    "prompt_reading.py",
    "memoryless_answers.py",
)
FORBIDDEN = (
    "inspect_memgym.code_qa.instances",
    "inspect_memgym.code_qa.world.generate",
    "inspect_memgym.code_qa.world.model",
    "inspect_memgym.code_qa.world.fact_recipes",
    "inspect_memgym.code_qa.world.distractor_recipes",
    "inspect_memgym.kit.inspect_internals",
    "inspect_ai.util",
)
"""What an adversary may not read: the sample's instance, its metadata, its store."""
QUICK_SEEDS = (0, 1)
QUICK_RUNS = (
    "token_bag/notes",
    "judge_bait/self_judged",
    pytest.param("hedger/notes", marks=pytest.mark.slow),
    pytest.param("name_dumper/notes", marks=pytest.mark.slow),
    pytest.param("catalogue_enumerator/none", marks=pytest.mark.slow),
)
"""The suite's runs played by default (the rest, and these on 40 samples, run slow)."""
USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)


def test_statistical_invariants_hold_over_200_instances() -> None:
    verdicts = statistical_verdicts(200)
    failed = [verdict.line() for verdict in verdicts if not verdict.passed]
    assert not failed, failed
    assert len(verdicts) > 60
    counted = [verdict for verdict in verdicts if "over" in verdict.detail]
    assert all(int(verdict.detail.split("over ")[1].split()[0]) >= 200 for verdict in counted)


def test_adversaries_read_only_what_a_call_shows() -> None:
    for name in ADVERSARY_MODULES:
        tree = ast.parse((PACKAGE / name).read_text())
        modules = [
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        ]
        assert not [module for module in modules if module.startswith(FORBIDDEN)], name


@pytest.mark.parametrize("run_name", QUICK_RUNS)
def test_an_adversary_earns_nothing_on_a_small_grid(run_name: str, tmp_path: Path) -> None:
    run = SUITE.run(run_name)
    options = ValidateOptions(log_dir=str(tmp_path), seeds=QUICK_SEEDS)
    [log] = eval(
        SUITE.task_for(run, options),
        model=f"memgym/{run.policy}",
        display="none",
        log_dir=str(tmp_path),
    )
    values = sample_values(log)
    assert len(values) == len(QUICK_SEEDS)
    assert max(value["accuracy"] for value in values) <= 0.05
    assert max(value["memory_delta"] for value in values) <= 0.05


def test_the_source_reader_is_credited_apart_from_the_headline(tmp_path: Path) -> None:
    run = SUITE.run("skeleton_reader/files")
    options = ValidateOptions(log_dir=str(tmp_path), seeds=QUICK_SEEDS)
    [log] = eval(SUITE.task_for(run, options), model="memgym/skeleton_reader", display="none",
                 log_dir=str(tmp_path))  # fmt: skip
    values = sample_values(log)
    assert sum(value["discoverable_accuracy"] for value in values) / len(values) >= 0.5
    assert all(value["accuracy"] == 0.0 for value in values)
    assert all(value["memory_delta"] == 0.0 for value in values)


def sample_values(log: EvalLog) -> list[dict[str, float]]:
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return [dict(sample.scores["code_qa_scorer"].value) for sample in log.samples]  # type: ignore[arg-type, index]


def empty_memory(
    messages: list[ChatMessage], tools: list[ToolInfo], choice: ToolChoice, config: GenerateConfig
) -> ModelOutput:
    """Keeps nothing (an empty notes rewrite, an empty awi object) and always says so."""
    phase = store_as(ModelCallContext).phase
    reply = {PHASE_MEMORY_UPDATE: "", PHASE_QUESTION: "I do not know."}.get(phase, "{}")
    if phase == PHASE_MEMORY_UPDATE and "JSON object" in messages[-1].text:
        reply = "{}"
    output = ModelOutput.from_content("mockllm/model", reply)
    output.usage = USAGE
    return output


@pytest.mark.parametrize(
    "arguments",
    [
        {"agent": "notes"},
        pytest.param({"protocol": "full_context"}, marks=pytest.mark.slow),
        pytest.param({"agent": "awi"}, marks=pytest.mark.slow),
        pytest.param({"agent": "none"}, marks=pytest.mark.slow),
    ],
)
def test_the_no_memory_pass_sees_the_memory_pass_prompt_with_memory_empty(
    arguments: dict[str, Any], tmp_path: Path
) -> None:
    [log] = eval(
        code_qa(seed=3, context_tokens=5_000, **arguments),
        model=get_model("mockllm/model", custom_outputs=empty_memory),
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    sample = resolve_sample_attachments(log.samples[0])
    calls: dict[str, list[list[tuple[str, str]]]] = {}
    for event in sample.events:
        if event.event == "model" and "\nQuestion: " in event.input[-1].text:
            question = event.input[-1].text.split("\nQuestion: ")[1]
            calls.setdefault(question, []).append([(m.role, m.text) for m in event.input])
    assert len(calls) == len(cached_instance(3, 5_000).qa_pairs)
    for with_memory, without in calls.values():
        if arguments.get("protocol") == "full_context":
            history = with_memory[-1][1].split("every memory file, in order):\n")[1]
            history = history.split("\n\nQuestion: ")[0]
            with_memory[-1] = (with_memory[-1][0], with_memory[-1][1].replace(history, "(empty)"))
        assert without == with_memory


def test_a_judge_with_no_grader_is_refused_before_any_answer(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="needs a 'grader' model role"):
        eval(
            "inspect_memgym/code_qa",
            task_args={"judge": True, "seed": 0, "context_tokens": 5_000},
            model="memgym/perfect",
            display="none",
            log_dir=str(tmp_path),
        )
    [log] = eval(code_qa(judge=True, seed=0, context_tokens=5_000), model="memgym/perfect",
                 display="none", log_dir=str(tmp_path))  # fmt: skip
    assert log.samples is not None
    [sample] = log.samples
    assert sample.error is not None and "JudgeNotBound" in sample.error.message
    assert not [event for event in sample.events if event.event == "model"]


def judge_call(statement: str, question: str, answer: str) -> list[ChatMessage]:
    prompt = FACT_JUDGE_PROMPT.format(fact=statement, question=question, answer=answer)
    return [ChatMessageUser(content=prompt)]


def test_the_honest_judge_is_lenient_on_wording_and_strict_on_substance() -> None:
    instance = tiny_instance()
    question = instance.question("q02").question
    statement = instance.fact("F02").fact.statement

    def verdict(answer: str) -> str:
        return judge_action(instance, judge_call(statement, question, answer)).text

    assert verdict("Only in asia kathmandu. And with more than 412 invoices.") == "FACT: YES"
    assert verdict("Only in Kathmandu, with big batches.") == "FACT: NO"
    assert verdict("Asia/Kathmandu, 412 invoices, or 128 invoices.") == "FACT: NO"  # a hedge
    with pytest.raises(ValueError, match="memgym/judge only grades"):
        judge_action(instance, [ChatMessageUser(content="Question: anything")])


@pytest.mark.slow
def test_the_whole_suite_holds(tmp_path: Path) -> None:
    report = SUITE.validate(ValidateOptions(log_dir=str(tmp_path), workers=1, max_samples=4))
    assert report.passed, report.markdown()
    rows = {row.name: row for row in report.runs}
    # the switch runs beyond the default family play SWITCH_SEEDS of their own
    own_seeds = {run.name for run in SUITE.runs if "seeds" in run.task_args}
    assert all(row.samples == 40 for name, row in rows.items() if name not in own_seeds)
    assert all(rows[name].samples == len(SWITCH_SEEDS) for name in own_seeds)
    assert rows["perfect/notes"].headline >= 0.9
    assert rows["token_bag/notes"].headline <= 0.05
