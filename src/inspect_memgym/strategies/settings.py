"""A task's ``agent`` argument read once into typed, checked strategy settings.

``agent`` is a strategy name (``-T agent=rag``), a mapping of its name and options
(``-T agent="{name: rag, top_k: 5}"``; Inspect reads ``-T`` values and ``--task-config``
files as YAML), or an Inspect `Solver` (Python callers). `StrategySettings.read` checks it
all at once: an unknown strategy, an option the strategy does not take, a value of the wrong
type or a malformed token count is refused in one line naming the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from inspect_ai.solver import Solver
from inspect_ai.util import registry_info

from inspect_memgym.kit.strategy_options import (
    STRATEGY_OPTION_NAMES,
    TEXT_OPTION_NAMES,
    TOKEN_BUDGET_NAMES,
    StrategyArgument,
)
from inspect_memgym.kit.token_counts import parse_token_count
from inspect_memgym.strategies.registry import strategy_parameters
from inspect_memgym.strategies.support import check_integer

NAME_KEY = "name"
"""The key of an ``agent`` mapping that names the strategy."""
WRITE_BUDGET = "write_budget"
"""The task's memory write budget: an option of every strategy (those that write use it)."""
OPTION_NAMES = (*STRATEGY_OPTION_NAMES, WRITE_BUDGET)
"""Every option an ``agent`` mapping may hold (each strategy takes some of them)."""

OptionValue = int | str


@dataclass(frozen=True)
class StrategySettings:
    """A memory strategy and its options, checked when read.

    Attributes:
        name: Strategy name (one of `registry.STRATEGY_NAMES`), or a given solver's name.
        options: The options given, by name (token budgets as counts); the strategy's own
            default for every option not given.
        solver: The solver itself when the task was given one (``name`` then names it).
    """

    name: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    solver: Solver | None = None

    def __post_init__(self) -> None:
        """Freeze the options, so settings once read cannot change."""
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    @classmethod
    def read(cls, agent: StrategyArgument) -> StrategySettings:
        """Read a task's ``agent`` argument.

        Args:
            agent: A strategy name, a mapping with ``name`` and options, or a `Solver`.

        Raises:
            ValueError: If the strategy is unknown, the mapping names none, or an option is
                not one the strategy takes or not of its type.
        """
        if isinstance(agent, str):
            return cls.named(agent, {})
        if isinstance(agent, Mapping):
            options = dict(agent)
            name = options.pop(NAME_KEY, None)
            if not isinstance(name, str):
                raise ValueError(
                    f'agent must name its strategy: -T agent="{{name: rag, top_k: 5}}", '
                    f"got {dict(agent)!r}"
                )
            return cls.named(name, options)
        if callable(agent):
            return cls(name=solver_name(agent), solver=agent)
        raise ValueError(
            f"agent must be a strategy name, a mapping of name and options, or a solver, "
            f"got {agent!r}"
        )

    @classmethod
    def named(cls, name: str, options: Mapping[str, Any]) -> StrategySettings:
        """Settings of a strategy by name, its options checked (None values: left out).

        Args:
            name: Strategy name.
            options: Options by name.

        Raises:
            ValueError: If the strategy is unknown or refuses an option or its value.
        """
        accepted = strategy_options(name)
        given = {key: value for key, value in options.items() if value is not None}
        unknown = sorted(set(given) - set(accepted))
        if unknown:
            raise ValueError(
                f"memory strategy {name!r} takes no parameter {', '.join(map(repr, unknown))}; "
                f"its options: {', '.join(accepted)}"
            )
        return cls(name=name, options={key: option_value(key, given[key]) for key in given})

    def with_defaults(self, defaults: Mapping[str, OptionValue]) -> StrategySettings:
        """These settings with a task's own defaults for options the strategy takes, unset.

        Args:
            defaults: Option values by name (e.g. code_qa's ``short_term_window`` of 0).
        """
        if self.solver is not None:
            return self
        accepted = strategy_options(self.name)
        added = {
            key: value
            for key, value in defaults.items()
            if key in accepted and key not in self.options
        }
        return StrategySettings(self.name, {**self.options, **added})

    @property
    def write_budget(self) -> int | None:
        """The memory writes allowed (None: the strategy's or the tier's own)."""
        budget = self.options.get(WRITE_BUDGET)
        return budget if isinstance(budget, int) else None

    def strategy_options(self) -> dict[str, OptionValue | None]:
        """Every strategy option by name, in `STRATEGY_OPTION_NAMES` order (None: not set)."""
        return {name: self.options.get(name) for name in STRATEGY_OPTION_NAMES}


def strategy_options(name: str) -> tuple[str, ...]:
    """The ``agent`` mapping options a strategy takes (``write_budget`` always among them).

    Args:
        name: Strategy name.

    Raises:
        ValueError: If the strategy is unknown; the message lists the valid names.
    """
    parameters = strategy_parameters(name)
    return (*(option for option in STRATEGY_OPTION_NAMES if option in parameters), WRITE_BUDGET)


def option_value(name: str, value: object) -> OptionValue:
    """An option's value checked for its type: text, a token count or a whole number.

    Args:
        name: Option name.
        value: The value given.

    Raises:
        ValueError: If the value is not of the option's type.
    """
    if name in TEXT_OPTION_NAMES:
        if not isinstance(value, str):
            raise ValueError(f"{name} must be text, got {type(value).__name__} {value!r}")
        return value
    if name in TOKEN_BUDGET_NAMES and isinstance(value, str):
        return parse_token_count(name, value)
    check_integer(name, value, 0)
    assert isinstance(value, int)
    return value


def solver_name(solver: Solver) -> str:
    """A solver's registered name (``inspect_memgym/rag``), else its function's name."""
    try:
        return registry_info(solver).name
    except ValueError:
        return str(getattr(solver, "__qualname__", type(solver).__name__))
