"""The instance a code_qa sample plays, regenerated from its seed and size.

A sample carries only its seed, history size and generator version, never the instance
itself (at 1M tokens an instance's history and repository are about 8 MB): the driver, the
scorer and the scripted policies regenerate it, which is deterministic and takes about
13 ms at 100k tokens. The most recent instances are cached.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import GENERATOR_VERSION, CodeQAInstance

SEED_KEY = "seed"
CONTEXT_TOKENS_KEY = "context_tokens"
GENERATOR_VERSION_KEY = "generator_version"
CACHED_INSTANCES = 16
"""Instances kept in memory (one per sample running at once is enough)."""


@lru_cache(maxsize=CACHED_INSTANCES)
def cached_instance(seed: int, context_tokens: int) -> CodeQAInstance:
    """The instance of a seed at a history size (generated once, then cached).

    Args:
        seed: The instance seed.
        context_tokens: The history size.
    """
    return generate_instance(seed, context_tokens)


def sample_instance(metadata: Mapping[str, Any] | None) -> CodeQAInstance:
    """The instance a sample's metadata names.

    Args:
        metadata: The sample's metadata.

    Raises:
        RuntimeError: If the metadata names no code_qa instance, or one of another
            generator version.
    """
    if not metadata or SEED_KEY not in metadata or CONTEXT_TOKENS_KEY not in metadata:
        raise RuntimeError("this sample names no code_qa instance (seed and context_tokens)")
    version = metadata.get(GENERATOR_VERSION_KEY, GENERATOR_VERSION)
    if version != GENERATOR_VERSION:
        raise RuntimeError(
            f"the sample was built by code_qa generator version {version}, this is version "
            f"{GENERATOR_VERSION}: rebuild the task"
        )
    return cached_instance(int(metadata[SEED_KEY]), int(metadata[CONTEXT_TOKENS_KEY]))
