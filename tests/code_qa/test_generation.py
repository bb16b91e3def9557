"""Generation: deterministic across processes, round-trips, sized as asked, varied across seeds."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from inspect_memgym.code_qa.world.generate import generate_instance, instance_id, stream
from inspect_memgym.code_qa.world.memory_files import STORY_FILE_KINDS
from inspect_memgym.code_qa.world.model import (
    DIFFICULTIES,
    FACT_CATEGORIES,
    GENERATOR_VERSION,
    CodeQAInstance,
)
from inspect_memgym.code_qa.world.repository import Repository
from inspect_memgym.code_qa.world.sizes import MAXIMUM_CONTEXT_TOKENS, MINIMUM_CONTEXT_TOKENS
from inspect_memgym.kit.tokens import estimate_tokens

SOURCE_ROOT = Path(__file__).resolve().parents[2] / "src"
GOLDEN_DIGEST = "7d097978d8fada0dd5d110ce7f60529da2c1c1ebc8138df74519bfdbbc7491be"
"""sha256 over seeds 0-4 at 10k and seed 0 at 100k; bump GENERATOR_VERSION when it changes."""
DIGEST_SCRIPT = """
import hashlib, json, sys
from inspect_memgym.code_qa.world.generate import generate_instance
instance = generate_instance(int(sys.argv[1]), int(sys.argv[2]))
print(hashlib.sha256(json.dumps(instance.to_dict(), sort_keys=True).encode()).hexdigest())
"""


def digest(instance: CodeQAInstance) -> str:
    return hashlib.sha256(json.dumps(instance.to_dict(), sort_keys=True).encode()).hexdigest()


def history_tokens(instance: CodeQAInstance) -> int:
    return sum(estimate_tokens(text) for text in instance.memory_files.values())


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_same_arguments_give_the_same_bytes_in_another_process(grid, hash_seed: str) -> None:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(SOURCE_ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", DIGEST_SCRIPT, "7", "20000"],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
        timeout=120,
    )
    assert result.stdout.strip() == digest(generate_instance(7, 20_000))
    assert digest(generate_instance(7)) == digest(grid[7])


def test_generation_matches_the_golden_digest(grid, large_grid) -> None:
    combined = hashlib.sha256()
    for instance in [*grid[:5], large_grid[0]]:
        combined.update(digest(instance).encode())
    assert combined.hexdigest() == GOLDEN_DIGEST


def test_round_trip_through_json(grid) -> None:
    for instance in grid[:10]:
        data = json.loads(json.dumps(instance.to_dict()))
        again = CodeQAInstance.from_dict(data)
        assert again == instance
        assert again.to_dict() == instance.to_dict()
    data = grid[0].to_dict()
    assert data["num_critical_facts"] == grid[0].num_critical_facts == 6
    assert data["num_memory_only_facts"] == grid[0].num_memory_only_facts == 8
    for pair_data, pair in zip(data["qa_pairs"], grid[0].qa_pairs, strict=True):
        assert pair_data["num_linked_facts"] == len(pair.linked_fact_ids)
        assert pair_data["requires_synthesis"] == (len(pair.linked_fact_ids) > 1)


def test_ids_version_and_arguments(grid) -> None:
    assert grid[7].instance_id == instance_id(7) == "code_qa-s0007"
    assert {instance.generator_version for instance in grid} == {GENERATOR_VERSION}
    assert [instance.seed for instance in grid] == list(range(30))
    assert len({digest(instance) for instance in grid}) == 30
    with pytest.raises(ValueError, match="non-negative"):
        generate_instance(-1)
    with pytest.raises(ValueError, match=f"between {MINIMUM_CONTEXT_TOKENS} and"):
        generate_instance(0, MINIMUM_CONTEXT_TOKENS - 1)
    with pytest.raises(ValueError, match=f"and {MAXIMUM_CONTEXT_TOKENS}, got"):
        generate_instance(0, MAXIMUM_CONTEXT_TOKENS + 1)


def test_histories_reach_their_size_within_one_percent(grid, large_grid) -> None:
    for instance in [*grid, *large_grid]:
        gap = abs(history_tokens(instance) - instance.context_tokens)
        assert gap <= 0.01 * instance.context_tokens, (instance.instance_id, gap)
    sizes = {size: history_tokens(generate_instance(3, size)) for size in (5_000, 37_000)}
    assert sizes[5_000] == pytest.approx(5_000, rel=0.01)
    assert sizes[37_000] == pytest.approx(37_000, rel=0.01)


def test_the_story_does_not_depend_on_the_size(grid, large_grid) -> None:
    for small, large in zip(grid, large_grid, strict=False):
        assert large.qa_pairs == small.qa_pairs
        assert large.grounding_facts == small.grounding_facts
        assert large.distractors == small.distractors
        assert set(small.repo_files) < set(large.repo_files)
        assert len(large.repo_files) > 2 * len(small.repo_files)
        for kind in STORY_FILE_KINDS:
            [small_text] = [text for name, text in small.memory_files.items() if kind in name]
            [large_text] = [text for name, text in large.memory_files.items() if kind in name]
            assert small_text == large_text


def test_memory_files_open_with_the_issue_and_interleave_excerpts(grid) -> None:
    for instance in grid:
        names = list(instance.memory_files)
        assert names == sorted(names)
        kinds = [name.split("_", 1)[1].removesuffix(".md") for name in names]
        assert [kind for kind in kinds if kind != "context_excerpts"] == list(STORY_FILE_KINDS)
        assert kinds[:2] == ["issue_report", "chat_with_user"]
        assert kinds[-1] == "design_notes"
        assert kinds.count("context_excerpts") >= 3


def test_questions_cover_every_category_and_difficulty(grid) -> None:
    pairs = [pair for instance in grid for pair in instance.qa_pairs]
    counts = Counter(pair.category for pair in pairs)
    assert set(counts) == set(FACT_CATEGORIES)
    assert set(Counter(pair.difficulty for pair in pairs)) == set(DIFFICULTIES)
    assert any(pair.needle for pair in pairs)
    for instance in grid:
        assert 5 <= len(instance.qa_pairs) <= 15
        assert any(pair.requires_memory for pair in instance.qa_pairs)
        assert {pair.difficulty for pair in instance.qa_pairs} == set(DIFFICULTIES)
        assert [pair.qa_id for pair in instance.qa_pairs] == [
            f"q{number:02d}" for number in range(1, len(instance.qa_pairs) + 1)
        ]
    assert len({len(instance.qa_pairs) for instance in grid}) >= 6
    assert len({instance.domain for instance in grid}) >= 6


def test_each_distractor_knows_the_questions_it_could_mislead(grid) -> None:
    for instance in grid:
        for distractor in instance.distractors:
            expected = tuple(
                pair.qa_id
                for pair in instance.qa_pairs
                if distractor.mimics in pair.linked_fact_ids
            )
            assert distractor.misleads == expected
            assert instance.fact(distractor.mimics)


def test_facts_distractors_and_questions_are_found_by_id(grid) -> None:
    instance = grid[0]
    last_fact, last_distractor = instance.grounding_facts[-1], instance.distractors[-1]
    assert instance.fact(last_fact.fact_id) is last_fact
    assert instance.distractor(last_distractor.distractor_id) is last_distractor
    assert instance.question(instance.qa_pairs[-1].qa_id) is instance.qa_pairs[-1]
    with pytest.raises(KeyError, match=rf'^"{instance.instance_id} has no fact \'f999\'"$'):
        instance.fact("f999")
    with pytest.raises(KeyError, match="has no distractor 'd999'"):
        instance.distractor("d999")
    with pytest.raises(KeyError, match="has no question 'q99'"):
        instance.question("q99")


def test_a_module_finds_its_functions_and_constants_by_name() -> None:
    code = Repository(stream(0, "codebase")).story
    module = code.target_module
    assert module.function(code.target.name) is code.target
    assert module.constant(code.cap.name) is code.cap
    with pytest.raises(KeyError, match=rf"^\"{module.path} has no function 'missing'\"$"):
        module.function("missing")
    with pytest.raises(KeyError, match="has no constant 'MISSING'"):
        module.constant("MISSING")
