"""Long inputs become passages that fit an entry, in order, broken at paragraphs first; rag
stores a long input as such passages instead of cutting it."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import Task, eval
from inspect_ai.dataset import Sample
from inspect_ai.solver import Generate, Solver, TaskState, solver

from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.passages import split_passages
from inspect_memgym.strategies.rag import RagStrategy


def test_a_short_input_is_one_passage() -> None:
    assert split_passages("one\n\ntwo", 100) == ["one\n\ntwo"]


def test_paragraphs_are_packed_greedily_and_kept_whole() -> None:
    text = "\n\n".join(["a" * 30, "b" * 30, "c" * 30, "d" * 50])
    assert split_passages(text, 70) == [f"{'a' * 30}\n\n{'b' * 30}", "c" * 30, "d" * 50]


def test_an_over_long_paragraph_splits_at_lines_then_inside_a_line() -> None:
    paragraph = "\n".join(["x" * 20, "y" * 20, "z" * 45])
    passages = split_passages(f"intro\n\n{paragraph}", 30)
    assert passages == [f"intro\n\n{'x' * 20}", "y" * 20, "z" * 30, "z" * 15]
    assert all(len(passage) <= 30 for passage in passages)


def test_blank_paragraphs_are_dropped_and_a_bad_limit_refused() -> None:
    assert split_passages("a" * 8 + "\n\n \n\n" + "b" * 8, 10) == ["a" * 8, "b" * 8]
    with pytest.raises(ValueError, match="at least 1 character"):
        split_passages("text", 0)


def test_rag_stores_a_long_input_as_passages_with_nothing_cut(tmp_path: Path) -> None:
    paragraphs = [f"Paragraph {number}: " + "word " * 150 for number in range(12)]
    stored: list[str] = []

    @solver
    def observe_long_input() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            agent = RagStrategy(MemorySettings(backend="markdown"), update_frequency=1)
            await agent.observe("\n\n".join(paragraphs))
            stored.extend(entry.content for entry in agent.memory.entries())
            agent.close()
            return state

        return solve

    task = Task(dataset=[Sample(input="x")], solver=observe_long_input())
    [log] = eval(task, model="mockllm/model", display="none", log_dir=str(tmp_path))
    assert log.status == "success", log.error
    assert len(stored) == 6  # 12 paragraphs of 768 characters, two per 2,000-character entry
    assert all(entry.startswith("user: Paragraph") and len(entry) <= 2000 for entry in stored)
    assert [entry.count("Paragraph") for entry in stored] == [2] * 6
    assert not any("[...]" in entry for entry in stored)
