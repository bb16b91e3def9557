"""The pinned official protocol of research_qa."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_the_official_protocol_is_pinned() -> None:
    spec = importlib.util.spec_from_file_location(
        "research_qa_official_protocol", REPO_ROOT / "tasks" / "official.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    task = module.research_qa_official()
    ids = [sample.id for sample in task.dataset]
    assert len(ids) == len(set(ids)) == 100
    assert ids[:4] == [f"research_qa-h{hops}-s0000" for hops in (3, 4, 5, 6)]
    assert Counter(sample.metadata["hops"] for sample in task.dataset) == {
        3: 25,
        4: 25,
        5: 25,
        6: 25,
    }
    assert {sample.metadata["context_tokens"] for sample in task.dataset} == {100_000}
    assert {sample.metadata["eviction"] for sample in task.dataset} == {"full_eviction"}
    assert task.metadata is not None
    assert task.metadata["agent"] == "notes" and task.metadata["mode"] == "scripted"
    assert task.metadata["notes_budget"] is None  # the strategy's own default: 500 tokens
