"""The two ways LoCoMo's category ids are named, and which one a run reports under (pure).

The ids in ``locomo10.json`` are named differently by two camps:

* ``official``: the official scoring code and its stats script (snap-research/locomo
  ``evaluation.py``, ``evaluation_stats.py``, issue #29): 1 = multi-hop, 2 = temporal,
  3 = open-domain, 4 = single-hop, 5 = adversarial. The default.
* ``mem0``: the Mem0 lineage (mem0ai/mem0 issue #2609 and the forks of its evaluation,
  e.g. Memobase): 1 = single-hop, 2 = temporal, 3 = multi-hop, 4 = open-domain,
  5 = adversarial.

Per-category numbers published under one are not comparable with the other's. ``-T
category_map=mem0`` reports the same answers under the Mem0 lineage's names (its
``single_hop`` holds category 1), so a number can be set beside a published table; every
score and the task's metadata record the mapping used (`describe_category_map`).
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.locomo.records import CATEGORY_NAMES

OFFICIAL = "official"
MEM0 = "mem0"
DEFAULT_CATEGORY_MAP = OFFICIAL
CATEGORY_MAPS: dict[str, dict[int, str]] = {
    OFFICIAL: dict(CATEGORY_NAMES),
    MEM0: {1: "single-hop", 2: "temporal", 3: "multi-hop", 4: "open-domain", 5: "adversarial"},
}
"""Mapping name -> category id -> category name."""
CATEGORY_MAP_SOURCES = {
    OFFICIAL: "snap-research/locomo evaluation.py and evaluation_stats.py (issue #29)",
    MEM0: "mem0ai/mem0 evaluation (issue #2609) and its forks",
}
KEY_ORDER = ("single_hop", "multi_hop", "temporal", "open_domain", "adversarial")
"""Score keys in the official report order."""


def check_category_map(category_map: str) -> str:
    """The mapping's name, refused in one line if unknown.

    Args:
        category_map: ``official`` or ``mem0``.

    Raises:
        ValueError: For any other name.
    """
    if category_map not in CATEGORY_MAPS:
        raise ValueError(
            f"category_map must be one of {', '.join(CATEGORY_MAPS)}; got {category_map!r}"
        )
    return category_map


def category_names(category_map: str = DEFAULT_CATEGORY_MAP) -> dict[int, str]:
    """Category id -> name under a mapping (e.g. ``{1: "multi-hop", ...}`` for official).

    Args:
        category_map: ``official`` or ``mem0``.

    Raises:
        ValueError: For an unknown mapping.
    """
    return CATEGORY_MAPS[check_category_map(category_map)]


def category_keys(category_map: str = DEFAULT_CATEGORY_MAP) -> dict[int, str]:
    """Category id -> `Score.value` key under a mapping, in the official report order.

    Args:
        category_map: ``official`` or ``mem0``.
    """
    by_key = {
        name.replace("-", "_"): number for number, name in category_names(category_map).items()
    }
    return {by_key[key]: key for key in KEY_ORDER}


def describe_category_map(category_map: str) -> dict[str, Any]:
    """What a log records about the mapping: its name, the names it gives, its source.

    Args:
        category_map: ``official`` or ``mem0``.
    """
    return {
        "category_map": category_map,
        "category_names": {
            str(number): name for number, name in category_names(category_map).items()
        },
        "category_map_source": CATEGORY_MAP_SOURCES[category_map],
    }
