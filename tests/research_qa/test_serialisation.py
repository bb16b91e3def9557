"""JSON round trip, stable ids, and byte-identical generation across processes."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from inspect_memgym.research_qa.world import (
    GENERATOR_VERSION,
    Document,
    EvictionPolicy,
    ResearchInstance,
    generate_instance,
    instance_id_for,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
DIGEST_SCRIPT = """
import hashlib, json, sys
from inspect_memgym.research_qa.world import generate_instance
seed, hops, context_tokens = (int(part) for part in sys.argv[1:])
instance = generate_instance(seed, hops, context_tokens)
text = json.dumps(instance.to_dict(), sort_keys=True)
print(hashlib.sha256(text.encode()).hexdigest())
"""


def digest(instance: ResearchInstance) -> str:
    text = json.dumps(instance.to_dict(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("seed", "hops", "context_tokens"), [(7, 4, 10_000), (3, 6, 100_000)])
def test_round_trip_through_json(seed: int, hops: int, context_tokens: int) -> None:
    instance = generate_instance(seed, hops, context_tokens)
    data = json.loads(json.dumps(instance.to_dict()))
    assert ResearchInstance.from_dict(data) == instance
    assert data["generator_version"] == GENERATOR_VERSION
    assert data["gold"]["kind"] == instance.gold.kind


def test_instance_ids_are_stable_and_readable() -> None:
    assert instance_id_for(7, 4) == "research_qa-h4-s0007"
    assert generate_instance(7, 4).instance_id == "research_qa-h4-s0007"
    assert generate_instance(123, 6).instance_id == "research_qa-h6-s0123"


def test_same_arguments_give_identical_bytes_in_another_process() -> None:
    arguments = ("12", "5", "20000")
    expected = digest(generate_instance(12, 5, 20_000))
    for hash_seed in ("0", "4242"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": "src"}
        result = subprocess.run(
            [sys.executable, "-c", DIGEST_SCRIPT, *arguments],
            cwd=REPO_ROOT,
            env=environment,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        assert result.stdout.strip() == expected


def test_different_seeds_give_different_instances() -> None:
    digests = {digest(generate_instance(seed, 4)) for seed in range(10)}
    questions = {generate_instance(seed, 4).question for seed in range(10)}
    assert len(digests) == len(questions) == 10


def test_a_flat_record_keeps_its_field_order_and_lists_its_tuples() -> None:
    document = Document("t0-d0001", "Title", "Text.", "supporting", 0, ("F1", "F2"))
    data = document.to_dict()
    assert list(data) == ["doc_id", "title", "text", "kind", "turn_index", "fact_ids"]
    assert data["fact_ids"] == ["F1", "F2"]
    assert Document.from_dict(json.loads(json.dumps(data))) == document
    policy = EvictionPolicy("sliding_window", 3, False, 200)
    assert EvictionPolicy.from_dict(policy.to_dict()) == policy
    with pytest.raises(KeyError, match="fact_ids"):
        Document.from_dict({key: value for key, value in data.items() if key != "fact_ids"})
