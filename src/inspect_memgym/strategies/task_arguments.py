"""A task's ``agent`` and ``memory`` arguments, turned into its solver and metadata entries.

Every task that plays a memory strategy takes the same two arguments and hands them, with any
old ``-T`` spellings it still accepts, to `task_strategy`: ``agent`` is read into
`StrategySettings` and ``memory`` into `MemorySettings`, each checked once. The result builds
the strategy's solver and the task metadata entries that name the strategy, its options and
the memory backend (the keys analysis pairs runs by, `analysis.paired`).

The old spellings (``-T top_k=5``, ``-T backend=markdown``, ``-T chroma_url=...``) hold until
the task version each task pins (``OLD_SPELLINGS_UNTIL`` in its ``task.py``, the version that
followed the move): before it each prints one line naming the new spelling, from it each is
refused with that line; the same setting given both ways is refused.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml
from inspect_ai.solver import Solver

from inspect_memgym.kit.memory_argument import memory_choices
from inspect_memgym.kit.strategy_options import MemoryArgument, StrategyArgument
from inspect_memgym.memory.chroma_connection import CHROMA_TOKEN_ENV, CHROMA_URL_ENV
from inspect_memgym.memory.settings import MemorySettings
from inspect_memgym.strategies.registry import strategy_parameters, strategy_solver
from inspect_memgym.strategies.settings import (
    NAME_KEY,
    OPTION_NAMES,
    OptionValue,
    StrategySettings,
)

logger = logging.getLogger(__name__)

IN_CONTEXT = "in context"
"""`memory_location` of a strategy that keeps its memory in the model's context."""
DEPRECATED_MEMORY_NAMES = {"backend": "backend", "embedding": "embedding", "keep_memory": "keep"}
"""Old ``-T`` names of memory settings and their key in the ``memory`` mapping."""
DEPRECATED_SERVER_NAMES = {"chroma_url": CHROMA_URL_ENV, "chroma_token": CHROMA_TOKEN_ENV}
"""Old ``-T`` names of the ChromaDB server settings and the variable that replaces each."""
DEPRECATED_NAMES = (*OPTION_NAMES, *DEPRECATED_MEMORY_NAMES, *DEPRECATED_SERVER_NAMES)
"""Every old ``-T`` name a task still accepts until its next version."""


@dataclass(frozen=True)
class TaskStrategy:
    """A task's memory strategy and memory backend, read and checked.

    Attributes:
        settings: The strategy and its options.
        memory: The memory backend.
    """

    settings: StrategySettings
    memory: MemorySettings

    @property
    def agent(self) -> str:
        """The strategy's name (or the given solver's)."""
        return self.settings.name

    def solver(self) -> Solver:
        """The strategy's solver, with its options and the memory settings."""
        if self.settings.solver is not None:
            return self.settings.solver
        options = dict(self.settings.strategy_options())
        return strategy_solver(
            self.agent,
            options,
            write_budget=self.settings.write_budget,
            backend=self.memory.backend,
            embedding=self.memory.embedding,
            chroma_url=self.memory.chroma_url,
            chroma_token=self.memory.chroma_token,
            keep_memory=self.memory.keep_memory,
        )

    def metadata(self, unset_options: bool = True) -> dict[str, Any]:
        """The task metadata entries of the strategy, its options and the memory backend.

        Args:
            unset_options: Also record the options left at the strategy's default (None).
        """
        options = self.settings.strategy_options()
        return {
            "agent": self.agent,
            **{
                name: value for name, value in options.items() if unset_options or value is not None
            },
            **self.memory.task_metadata(),
            "memory_location": self.memory_location(),
            "write_budget": self.settings.write_budget,
        }

    def memory_location(self) -> str:
        """Where the strategy keeps memory: the backend's location, or `IN_CONTEXT`."""
        if self.settings.solver is not None:
            return self.memory.location
        return memory_location(self.agent, self.memory)


def task_strategy(
    task_name: str,
    version: int,
    old_spellings_until: int,
    agent: StrategyArgument,
    memory: MemoryArgument,
    deprecated: Mapping[str, Any],
    option_defaults: Mapping[str, OptionValue] | None = None,
) -> TaskStrategy:
    """Read a task's ``agent`` and ``memory`` arguments and its old spellings, once.

    Args:
        task_name: The task, for the messages.
        version: The task's version.
        old_spellings_until: The task version from which the old spellings are refused.
        agent: The ``agent`` argument (name, mapping or solver).
        memory: The ``memory`` argument (backend name, mapping, or None).
        deprecated: The task's other keyword arguments (old spellings).
        option_defaults: The task's own option defaults, for strategies that take them.

    Raises:
        ValueError: If an argument is unknown, an old spelling is given to a version that
            refuses them, a setting is given in both spellings, or a setting is refused
            (`StrategySettings.read`, `MemorySettings.read`).
    """
    unknown = sorted(set(deprecated) - set(DEPRECATED_NAMES))
    if unknown:
        raise ValueError(f"unknown parameter {', '.join(map(repr, unknown))}")
    given = {name: value for name, value in deprecated.items() if value is not None}
    if given and version >= old_spellings_until:
        raise ValueError(
            "; ".join(
                f"-T {name} was removed in {task_name} {old_spellings_until}: "
                + _replacement(_agent_name(agent), name, value)
                for name, value in given.items()
            )
        )
    settings = StrategySettings.read(_with_old_options(task_name, agent, given))
    memory_settings = MemorySettings.read(
        _with_old_memory(task_name, memory, given),
        chroma_url=given.get("chroma_url"),
        chroma_token=given.get("chroma_token"),
    )
    for name, value in given.items():
        logger.warning(_deprecation(task_name, old_spellings_until, settings.name, name, value))
    return TaskStrategy(settings.with_defaults(option_defaults or {}), memory_settings)


def memory_location(agent: str, memory: MemorySettings) -> str:
    """Where the chosen strategy keeps memory: the backend's location, or `IN_CONTEXT`.

    Args:
        agent: Strategy name.
        memory: The task's memory backend choice.
    """
    return memory.location if "backend" in strategy_parameters(agent) else IN_CONTEXT


def _with_old_options(
    task_name: str, agent: StrategyArgument, given: Mapping[str, Any]
) -> StrategyArgument:
    """The ``agent`` argument with the options given in their old spelling added."""
    old = {name: value for name, value in given.items() if name in OPTION_NAMES}
    if not old:
        return agent
    if isinstance(agent, str):
        return {NAME_KEY: agent, **old}
    if not isinstance(agent, Mapping):
        raise ValueError(
            f"-T {', -T '.join(old)} cannot configure a given solver; configure the solver"
        )
    _refuse_both(task_name, "agent", set(old) & set(agent))
    return {**agent, **old}


def _with_old_memory(
    task_name: str, memory: MemoryArgument, given: Mapping[str, Any]
) -> dict[str, Any]:
    """The ``memory`` argument as a mapping, with the settings given in their old spelling."""
    chosen = memory_choices(memory)
    old = {
        DEPRECATED_MEMORY_NAMES[name]: value
        for name, value in given.items()
        if name in DEPRECATED_MEMORY_NAMES
    }
    _refuse_both(task_name, "memory", set(old) & set(chosen))
    return {**chosen, **old}


def _refuse_both(task_name: str, argument: str, both: set[str]) -> None:
    """Refuse settings given in the new argument and in their old spelling alike."""
    if both:
        names = ", ".join(sorted(both))
        raise ValueError(
            f"{names} given twice, in -T {argument} and in its old spelling; keep -T {argument}"
        )


def _deprecation(task_name: str, until: int, agent: str, name: str, value: Any) -> str:
    """The one line that names an old spelling's replacement."""
    replacement = _replacement(agent, name, value)
    return f"{task_name}: -T {name} is deprecated (until {task_name} {until}); {replacement}"


def _replacement(agent: str, name: str, value: Any) -> str:
    """What to write instead of an old spelling."""
    if name in DEPRECATED_SERVER_NAMES:
        return f"set the environment variable {DEPRECATED_SERVER_NAMES[name]}"
    if name in DEPRECATED_MEMORY_NAMES:
        return f'use -T memory="{_flow({DEPRECATED_MEMORY_NAMES[name]: value})}"'
    return f'use -T agent="{_flow({NAME_KEY: agent, name: value})}"'


def _agent_name(agent: StrategyArgument) -> str:
    """The strategy an ``agent`` argument names, for a message (``...`` for a solver)."""
    if isinstance(agent, str):
        return agent
    if isinstance(agent, Mapping):
        return str(agent.get(NAME_KEY, "..."))
    return "..."


def _flow(mapping: Mapping[str, Any]) -> str:
    """A mapping as one line of YAML, as ``-T`` reads it: ``{name: rag, top_k: 5}``."""
    text = yaml.safe_dump(dict(mapping), default_flow_style=True, sort_keys=False, width=math.inf)
    return str(text).strip()
