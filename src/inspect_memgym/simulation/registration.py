"""Registers the ``memgym`` model provider with Inspect."""

from __future__ import annotations

from inspect_ai.model import ModelAPI, modelapi


@modelapi(name="memgym")
def memgym() -> type[ModelAPI]:
    """The scripted reference policies (``--model memgym/<policy>``)."""
    from inspect_memgym.simulation.provider import MemgymModelAPI

    return MemgymModelAPI
