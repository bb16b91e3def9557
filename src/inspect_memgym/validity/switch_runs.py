"""The switch adversaries every suite plays, under each strategy family its task offers.

A switch (`kit.pass_switch`) plays one memoryless behaviour with memory shown and
another with memory empty. Under every family each task offers (native history, notes,
retrieval, awe / awi, agentic, a memory system) its suite plays the six switches that pair
a decline with a hedge, a dump or a guess, in both directions, and under the first family
all twelve. Bounds: the headline at most the floor by design + 0.05 (what declining
everything earns), and ``memory_delta`` at most 0.05.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.kit.pass_switch import DECLINE_SWITCHES, SWITCHES, Switch
from inspect_memgym.validity.runs import ADVERSARY_CEILING, Bound, SuiteRun


def switch_bounds(headline: str, floor: float = 0.0) -> tuple[Bound, ...]:
    """What a switch may score: the floor + 0.05 on the headline, 0.05 on the delta.

    Args:
        headline: The headline key.
        floor: The headline declining everything earns.
    """
    return (
        Bound(headline, at_most=floor + ADVERSARY_CEILING),
        Bound("memory_delta", at_most=ADVERSARY_CEILING),
    )


def switch_runs(
    headline: str,
    families: Sequence[tuple[str, Mapping[str, Any]]],
    floor: float = 0.0,
    first_family: Sequence[Switch] = SWITCHES,
    other_families: Sequence[Switch] = DECLINE_SWITCHES,
) -> tuple[SuiteRun, ...]:
    """The switch runs of a suite.

    Args:
        headline: The headline key.
        families: (label, task arguments) per strategy family, the task's default first.
        floor: The headline declining everything earns.
        first_family: The switches played under the first family.
        other_families: The switches played under the others.
    """
    runs = []
    for position, (label, arguments) in enumerate(families):
        for switch in first_family if position == 0 else other_families:
            runs.append(
                SuiteRun(
                    f"{switch.name}/{label}",
                    switch.name,
                    switch.description,
                    dict(arguments),
                    switch_bounds(headline, floor),
                )
            )
    return tuple(runs)
