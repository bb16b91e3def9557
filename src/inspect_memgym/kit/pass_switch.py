"""Switch adversaries: one reply when memory is shown, another when it is empty.

A model can tell its no-memory pass from its memory pass (the memory section is empty,
the history is gone): that is visible by design. A model that answers worse when memory is
empty, while never using what memory holds, would buy ``memory_delta`` if the no-memory
credit had no floor (`scoring.isolation`). These policies play that model at its
strongest: they read which pass an answer belongs to (`kit.answer_meter.current_pass`, the
recogniser a model could at best be) and play one memoryless behaviour with memory shown
and another with memory empty:

- ``decline``: "I don't know" in the task's answer format;
- ``hedge``: several candidates at once (every option, a value range, a list of names);
- ``dump``: every name and number in view plus the task's public catalogues;
- ``guess``: one blind pick among what the call shows or the public catalogues.

``switch_<shown>_<empty>`` names each ordered pair of distinct behaviours. None stores
anything or reads the sample's data: a benchmark maps each behaviour to a memoryless
adversary of its own (`resolve_switch`), and plays that adversary for the call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations

from inspect_memgym.kit.answer_meter import NO_MEMORY_PASS, current_pass

DECLINE = "decline"
HEDGE = "hedge"
DUMP = "dump"
GUESS = "guess"
BEHAVIOURS = (DECLINE, HEDGE, DUMP, GUESS)
"""The memoryless behaviours a switch alternates between."""
PREFIX = "switch_"
_VERBS = {DECLINE: "declines", HEDGE: "hedges", DUMP: "dumps", GUESS: "guesses"}


@dataclass(frozen=True)
class Switch:
    """One switch adversary.

    Attributes:
        shown: The behaviour when memory is shown (the memory pass, and calls outside
            answers, such as memory updates).
        empty: The behaviour when memory is empty (the no-memory pass).
    """

    shown: str
    empty: str

    @property
    def name(self) -> str:
        """The policy name, ``switch_<shown>_<empty>``."""
        return f"{PREFIX}{self.shown}_{self.empty}"

    @property
    def description(self) -> str:
        """What it does, in a few words."""
        return f"{_VERBS[self.shown]} with memory shown, {_VERBS[self.empty]} with memory empty"

    def behaviour(self) -> str:
        """The behaviour for the current model call (by the answer's pass)."""
        return self.empty if current_pass() == NO_MEMORY_PASS else self.shown


SWITCHES: tuple[Switch, ...] = tuple(Switch(a, b) for a, b in permutations(BEHAVIOURS, 2))
"""Every ordered pair of distinct behaviours."""
DECLINE_SWITCHES: tuple[Switch, ...] = tuple(
    switch for switch in SWITCHES if DECLINE in (switch.shown, switch.empty)
)
"""The six that pair a decline with each other behaviour, in both directions."""
SWITCH_POLICIES: dict[str, str] = {switch.name: switch.description for switch in SWITCHES}
"""Policy name -> what it does."""
_BY_NAME = {switch.name: switch for switch in SWITCHES}


def switch_of(policy: str) -> Switch | None:
    """The switch a policy name names (None for any other policy).

    Args:
        policy: A ``memgym`` policy name.
    """
    return _BY_NAME.get(policy)


def resolve_switch(policy: str, behaviours: Mapping[str, str]) -> str:
    """The policy to play for this call: a switch's current behaviour, else the policy.

    Args:
        policy: The ``memgym`` policy name.
        behaviours: The benchmark's memoryless adversary for each of `BEHAVIOURS`.

    Raises:
        KeyError: If the benchmark maps no adversary to a behaviour the switch plays.
    """
    switch = switch_of(policy)
    return policy if switch is None else behaviours[switch.behaviour()]
