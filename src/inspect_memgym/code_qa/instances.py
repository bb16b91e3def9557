"""The instance a code_qa sample plays, regenerated from its seed and size.

A sample carries only its seed, history size and generator version, never the instance
itself (at 1M tokens an instance's history and repository are about 8 MB): the driver, the
scorer and the scripted policies regenerate it from the sample's `CodeQASpec`, which is
deterministic and takes about 13 ms at 100k tokens. The most recent instances are cached.
"""

from __future__ import annotations

from inspect_memgym.code_qa.protocol import ProtocolOptions
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import GENERATOR_VERSION, CodeQAInstance
from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.sample_spec import SampleSpec

SEED_KEY = "seed"
CONTEXT_TOKENS_KEY = "context_tokens"
GENERATOR_VERSION_KEY = "generator_version"
OPTIONS_KEY = "code_qa_options"
"""Sample metadata key holding the protocol options (`ProtocolOptions.to_dict()`)."""
CACHED_INSTANCES = 16
"""Instances kept in memory (one per sample running at once is enough)."""
_instances = BoundedCache[CodeQAInstance](CACHED_INSTANCES)


class CodeQASpec(SampleSpec):
    """What a code_qa sample's metadata says (field names are its metadata keys).

    Attributes:
        seed: The instance seed.
        context_tokens: The history size.
        generator_version: The generator version that built the sample.
        code_qa_options: The protocol options.
    """

    seed: int
    context_tokens: int
    generator_version: int = GENERATOR_VERSION
    code_qa_options: ProtocolOptions = ProtocolOptions()


def cached_instance(seed: int, context_tokens: int) -> CodeQAInstance:
    """The instance of a seed at a history size (generated once, then cached).

    Args:
        seed: The instance seed.
        context_tokens: The history size.
    """
    key = (seed, context_tokens)
    return _instances.get(key, lambda: generate_instance(seed, context_tokens))


def sample_instance(spec: CodeQASpec) -> CodeQAInstance:
    """The instance a sample's spec names.

    Args:
        spec: The sample's spec.

    Raises:
        RuntimeError: If the sample was built by another generator version.
    """
    if spec.generator_version != GENERATOR_VERSION:
        raise RuntimeError(
            f"the sample was built by code_qa generator version {spec.generator_version}, "
            f"this is version {GENERATOR_VERSION}: rebuild the task"
        )
    return cached_instance(spec.seed, spec.context_tokens)
