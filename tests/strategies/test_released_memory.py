"""A finished sample's memory is released: nothing the process keeps holds its backend.

A sample's memory tools are closures over its backend, and Inspect keeps every tool function
it has parsed for the life of the process; unless the driver drops those parses when the
sample ends, every finished sample's memory (its entries, indexes and ChromaDB collection
handle) stays in memory until the process exits.
"""

from __future__ import annotations

import gc
from pathlib import Path

from inspect_ai import eval

from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.memory.backend import MemoryBackend


def live_backends() -> set[int]:
    """The ids of every live memory backend (of any class a backend class derives)."""
    gc.collect()
    classes = _subclasses(MemoryBackend)
    # a type lookup per object: `isinstance` against the abstract class took 2.1 s over the
    # 690k objects of one process after an eval, the lookup 0.15 s
    return {id(thing) for thing in gc.get_objects() if type(thing) in classes}


def _subclasses(base: type) -> set[type]:
    found = {base}
    for subclass in base.__subclasses__():
        found |= _subclasses(subclass)
    return found


def test_no_memory_backend_outlives_its_sample(tmp_path: Path) -> None:
    before = live_backends()
    [log] = eval(
        entity_stream(tier="lite", seeds=[0], templates="company"),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success" and log.samples and len(log.samples) == 1
    assert live_backends() - before == set()
