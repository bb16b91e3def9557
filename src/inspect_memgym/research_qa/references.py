"""Which instance a sample plays: a small reference in its metadata, resolved on demand.

A sample's metadata names its instance instead of holding it (a 1M-token instance is about
4 MB of text): a generated one by ``(seed, hops, context_tokens)``, a released row by its
file and line position. The driver, the scorer and the ``memgym`` policies resolve the
reference here; generation is deterministic, so every process gets the same instance. A
few recent instances are cached (a sample's model calls all ask for the same one).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.dataset_files import read_failure
from inspect_memgym.research_qa.world import (
    EvictionPolicy,
    ResearchInstance,
    generate_instance,
    load_memgym_rows,
)

GENERATED = "generated"
RELEASED_ROW = "memgym"
ROWS_LABEL = "MemGym-DR dataset"
"""What a released rows file is called in error messages."""
CACHED_INSTANCES = 16
"""Instances kept (one per sample running at once is enough)."""
CACHED_ROW_FILES = 2
"""Released rows files kept (a run reads one)."""
_instances = BoundedCache[ResearchInstance](CACHED_INSTANCES)
_row_files = BoundedCache[tuple[ResearchInstance, ...]](CACHED_ROW_FILES)


def generated_reference(seed: int, hops: int, context_tokens: int) -> dict[str, Any]:
    """The reference of a generated instance.

    Args:
        seed: Instance seed.
        hops: Chain length.
        context_tokens: Stream length.
    """
    return {"source": GENERATED, "seed": seed, "hops": hops, "context_tokens": context_tokens}


def row_reference(location: str, position: int) -> dict[str, Any]:
    """The reference of a released row.

    Args:
        location: The JSONL file's path or URL.
        position: The row's 0-based position among the file's rows.
    """
    return {"source": RELEASED_ROW, "location": location, "position": position}


def resolve_location(location: str) -> str:
    """A local path made absolute (so another working directory finds it); URLs as given.

    Args:
        location: A path or URL.
    """
    if "://" in location:
        return location
    return str(Path(location).expanduser().resolve())


def released_rows(location: str) -> tuple[ResearchInstance, ...]:
    """Every row of a released JSONL file (cached per file).

    Args:
        location: The file's path or URL.

    Raises:
        ValueError: If the file is missing, unreadable or malformed (one line).
    """
    resolved = resolve_location(location)
    return _row_files.get(resolved, lambda: _read_rows(resolved))


def _read_rows(location: str) -> tuple[ResearchInstance, ...]:
    if "://" not in location and Path(location).is_dir():
        raise ValueError(f"{ROWS_LABEL} at {location} is a folder; pass the JSONL file itself")
    if "://" not in location and not Path(location).is_file():
        raise ValueError(f"{ROWS_LABEL} file not found: {location}")
    try:
        return tuple(load_memgym_rows(location))
    except UnicodeDecodeError:
        raise ValueError(f"{ROWS_LABEL} at {location} is not UTF-8 JSONL") from None
    except OSError as error:
        raise ValueError(read_failure(ROWS_LABEL, location, error)) from None


def resolve_instance(
    reference: Mapping[str, Any], eviction: EvictionPolicy | None = None
) -> ResearchInstance:
    """The instance a reference names, under an eviction policy.

    Args:
        reference: A `generated_reference` or `row_reference`.
        eviction: The policy to play it under; None keeps the instance's own.

    Raises:
        ValueError: If the reference is malformed.
    """
    key = tuple(sorted(reference.items()))
    instance = _instances.get(key, lambda: _instance(reference))
    if eviction is None or eviction == instance.eviction_policy:
        return instance
    return dataclasses.replace(instance, eviction_policy=eviction)


def _instance(reference: Mapping[str, Any]) -> ResearchInstance:
    if reference.get("source") == GENERATED:
        return generate_instance(
            int(reference["seed"]), int(reference["hops"]), int(reference["context_tokens"])
        )
    if reference.get("source") == RELEASED_ROW:
        return released_rows(str(reference["location"]))[int(reference["position"])]
    raise ValueError(f"not a research_qa instance reference: {reference!r}")
