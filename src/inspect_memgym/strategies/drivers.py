"""Which driver plays a sample against a memory strategy.

Strategy solvers (``native``, ``awi``, ``rag``, ``awe``...) work for every task that
supports them: a task names its driver in the sample metadata (`DRIVER_KEY`) and registers
the driver under that name (`register_driver`); the solver hands its `MemoryStrategy` to
that driver, which plays the task's script against it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from inspect_ai.solver import TaskState

from inspect_memgym.strategies.strategy import MemoryStrategy

Driver = Callable[[TaskState, MemoryStrategy], Awaitable[TaskState]]
DRIVER_KEY = "driver"
"""Sample metadata key naming the driver."""

_DRIVERS: dict[str, Driver] = {}


def register_driver(name: str) -> Callable[[Driver], Driver]:
    """Register a task's driver under a name (a decorator).

    Args:
        name: The name samples give under `DRIVER_KEY`.

    Raises:
        ValueError: If another driver already has this name.
    """

    def decorate(driver: Driver) -> Driver:
        if _DRIVERS.get(name, driver) is not driver:
            raise ValueError(f"a driver named {name!r} is already registered")
        _DRIVERS[name] = driver
        return driver

    return decorate


async def drive(state: TaskState, strategy: MemoryStrategy) -> TaskState:
    """Run the sample's driver with a strategy, then release the strategy's memory.

    Args:
        state: The sample's task state; its metadata names the driver.
        strategy: The memory strategy.

    Raises:
        ValueError: If the sample names no driver or an unknown one (the solver was used
            with a task that does not support memory strategies).
    """
    name = state.metadata.get(DRIVER_KEY)
    try:
        if name not in _DRIVERS:
            raise ValueError(
                f"Memory strategy {strategy.name!r} needs a task that supports it "
                f"(one of: {', '.join(sorted(_DRIVERS))}); this sample names driver {name!r}."
            )
        return await _DRIVERS[str(name)](state, strategy)
    finally:
        strategy.close()
