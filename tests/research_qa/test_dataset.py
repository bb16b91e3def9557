"""research_qa samples: stable ids, references instead of instances, released rows, prompts."""

from __future__ import annotations

import json
from pathlib import Path

from inspect_memgym.research_qa.dataset import generated_dataset, memgym_dataset
from inspect_memgym.research_qa.driver import (
    INSTANCE_KEY,
    ResearchSpec,
    sample_instance,
)
from inspect_memgym.research_qa.options import RunOptions, run_options
from inspect_memgym.research_qa.prompts import answer_prompt, turn_inputs
from inspect_memgym.research_qa.references import resolve_instance
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.world import EvictionPolicy, generate_instance

from .memgym_row_sample import memgym_row, write_rows


def sample_dicts(seeds: list[int], hops: list[int], tokens: int) -> list[str]:
    dataset = generated_dataset(seeds, hops, tokens, RunOptions())
    return [json.dumps(sample.model_dump(), sort_keys=True) for sample in dataset]


def test_ids_are_stable_and_seeds_come_first() -> None:
    task = research_qa(seeds=2, hops="3-4")
    assert [sample.id for sample in task.dataset] == [
        "research_qa-h3-s0000",
        "research_qa-h4-s0000",
        "research_qa-h3-s0001",
        "research_qa-h4-s0001",
    ]
    assert sample_dicts([5, 9], [3, 6], 50_000) == sample_dicts([5, 9], [3, 6], 50_000)


def test_a_sample_names_its_instance_and_plays_the_full_length() -> None:
    [sample] = generated_dataset([7], [5], 100_000, RunOptions())
    full = generate_instance(7, 5, 100_000)
    assert sample.input == full.question
    assert sample.target == full.gold.text
    assert sample.metadata is not None
    assert sample.metadata[INSTANCE_KEY] == {
        "source": "generated", "seed": 7, "hops": 5, "context_tokens": 100_000,
    }  # fmt: skip
    assert sample.metadata["hops"] == 5 and sample.metadata["context_tokens"] == 100_000
    assert len(json.dumps(sample.metadata)) < 2_000
    instance, options = sample_instance(ResearchSpec.of_metadata(sample.metadata))
    assert instance.to_dict() == full.to_dict()
    assert options == RunOptions()


def test_the_eviction_option_replaces_the_instances_own() -> None:
    options = run_options("scripted", "sliding_window", 3, 10, 5, "bm25", "hashing", True)
    [sample] = generated_dataset([1], [4], 10_000, options)
    assert sample.metadata is not None
    assert ResearchSpec.of_metadata(sample.metadata).research_options == options
    instance, _ = sample_instance(ResearchSpec.of_metadata(sample.metadata))
    assert instance.eviction_policy == EvictionPolicy("sliding_window", 3)
    assert sample.metadata["eviction"] == "sliding_window" and sample.metadata["window"] == 3
    assert resolve_instance(sample.metadata[INSTANCE_KEY]).eviction_policy.mode == "full_eviction"


def test_released_rows_become_samples(tmp_path: Path) -> None:
    path = write_rows(tmp_path / "3hop.jsonl", [memgym_row("row-a"), memgym_row("row-a", 4)])
    dataset = memgym_dataset(str(path), RunOptions())
    assert [sample.id for sample in dataset] == ["row-a", "row-a-1"]
    first = dataset[0]
    assert first.input.startswith("When was the lab founded")
    assert first.target == "1987"
    assert first.metadata is not None
    instance, _ = sample_instance(ResearchSpec.of_metadata(first.metadata))
    assert instance.source == "memgym"
    assert instance.eviction_policy == EvictionPolicy("sliding_window", 2, True, 300)
    assert first.metadata["eviction"] == "sliding_window"
    task = research_qa(dataset=str(path), eviction="full")
    assert task.dataset[0].metadata is not None
    assert task.dataset[0].metadata["eviction"] == "full_eviction"


def test_a_turn_shows_its_heading_and_visible_documents() -> None:
    instance = generate_instance(2, 4, 2_000)
    [heading, *documents] = turn_inputs(instance, 1)
    assert heading == f"=== Search turn 2 of 4: {instance.turns[1].sub_query} ==="
    assert len(documents) == len(instance.turns[1].documents)
    assert documents[0] == (
        f"--- {instance.turns[1].documents[0].title} ---\n{instance.turns[1].documents[0].text}"
    )
    windowed = resolve_instance(
        {"source": "generated", "seed": 2, "hops": 4, "context_tokens": 2_000},
        EvictionPolicy("sliding_window", 2),
    )
    inputs = turn_inputs(windowed, 1)
    assert inputs[0].startswith("=== Search turn 1 of 4")
    assert sum(text.startswith("===") for text in inputs) == 2
    prompt = answer_prompt(instance.question, [("A title", "Some text.")], "scripted")
    assert instance.question in prompt and "--- A title ---\nSome text." in prompt
    assert "(none)" in answer_prompt(instance.question, [], "scripted")
    # interactive mode never shows documents, whatever is passed
    interactive = answer_prompt(instance.question, [("A title", "Some text.")], "interactive")
    assert instance.question in interactive and "Some text." not in interactive
