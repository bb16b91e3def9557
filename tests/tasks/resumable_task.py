"""A task file for the resume test: entity_stream behind a solver that journals sample starts.

`inspect eval` and `inspect eval-retry` run this file in a subprocess. The journal solver
appends one line per sample start (`<pid> <sample id> <epoch>`) to the file named by
``MEMGYM_RESUME_JOURNAL``, and when ``MEMGYM_RESUME_BLOCK_AT`` is n it blocks the n-th
sample this process starts, forever, so a test can kill the process at a known point: with
``--max-samples 1`` exactly n - 1 samples have completed by then.
"""

from __future__ import annotations

import asyncio
import itertools
import os

from inspect_ai import Task, task, task_with
from inspect_ai.solver import Generate, Solver, TaskState, chain, solver

from inspect_memgym.entity_stream.task import entity_stream

JOURNAL_ENVIRONMENT = "MEMGYM_RESUME_JOURNAL"
BLOCK_ENVIRONMENT = "MEMGYM_RESUME_BLOCK_AT"

_started = itertools.count(1)


@solver
def journal_start() -> Solver:
    """Record the sample start; block it if it is the configured n-th start."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        number = next(_started)
        journal = os.environ.get(JOURNAL_ENVIRONMENT)
        if journal:
            with open(journal, "a", encoding="utf-8") as file:
                file.write(f"{os.getpid()} {state.sample_id} {state.epoch}\n")
        if os.environ.get(BLOCK_ENVIRONMENT) == str(number):
            await asyncio.Event().wait()  # never set: the test kills the process here
        return state

    return solve


@task
def resumable_entity_stream(
    templates: str = "city,company", seeds: int = 2, memory: str = "chroma"
) -> Task:
    """entity_stream (tier lite) with sample starts journaled."""
    base = entity_stream(tier="lite", templates=templates, seeds=seeds, memory=memory)
    return task_with(base, solver=chain(journal_start(), base.solver))
