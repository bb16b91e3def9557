"""Which driver plays a sample against a memory strategy.

Strategy solvers (``native``, ``awi``, ``rag``, ``awe``...) work for every task that
supports them: a task names its driver in the sample metadata (`DRIVER_KEY`) and registers
the driver under that name (`register_driver`); the solver hands its `MemoryStrategy` to
that driver, which plays the task's script against it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from logging import getLogger

from inspect_ai.solver import TaskState

from inspect_memgym.kit.inspect_internals import forget_parsed_tools
from inspect_memgym.memory.holdings import END_STAGE, MemorySnapshot, record_snapshot
from inspect_memgym.strategies.strategy import MemoryStrategy

Driver = Callable[[TaskState, MemoryStrategy], Awaitable[TaskState]]
logger = getLogger(__name__)

OWN_PACKAGE = __name__.split(".")[0]
"""The suite's package: its tool functions are the ones a finished sample releases."""
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
    """Run the sample's driver with a strategy, snapshot what it holds, release its memory.

    The snapshot (`memory.holdings`, stage ``end``) is kept in the sample's store for the
    scorers that score what the memory holds.

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
        played = await _DRIVERS[str(name)](state, strategy)
        await record_strategy_snapshot(END_STAGE, strategy)
        return played
    finally:
        strategy.close()
        # the sample's tools are closures over its memory: release them (and it) from
        # Inspect's process-wide cache of parsed tools
        forget_parsed_tools(OWN_PACKAGE)


async def record_strategy_snapshot(stage: str, strategy: MemoryStrategy) -> None:
    """Keep a snapshot of what a strategy holds now (`memory.holdings`) in the sample's store.

    A memory that cannot be listed (a memory system whose listing fails) is recorded as
    such, with the error, and the sample goes on: a snapshot is a diagnostic.

    Args:
        stage: The stage name (``end`` for the sample's end).
        strategy: The memory strategy.
    """
    try:
        snapshot = await strategy.snapshot()
    except Exception as error:
        logger.warning("Could not list what %s holds: %s", strategy.name, error)
        snapshot = MemorySnapshot((), f"{strategy.name} (listing failed: {error})")
    record_snapshot(stage, snapshot)
