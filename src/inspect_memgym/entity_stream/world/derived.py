"""Per-template precomputation (samplers, sentence patterns), built once and reused.

Templates are frozen but hold a dict, so they are not hashable; the cache is keyed by
identity and keeps the template alive, which is what module-level templates are anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from inspect_memgym.entity_stream.world.model import Template

Derived = TypeVar("Derived")

_CACHE: dict[tuple[Callable[..., Any], int], tuple[Template, Any]] = {}


def derived(build: Callable[[Template], Derived], template: Template) -> Derived:
    """``build(template)``, computed on first use for each template object.

    Args:
        build: A pure function of the template.
        template: The template.
    """
    key = (build, id(template))
    entry = _CACHE.get(key)
    if entry is not None and entry[0] is template:
        result: Derived = entry[1]
        return result
    result = build(template)
    _CACHE[key] = (template, result)
    return result
