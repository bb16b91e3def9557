"""The procedures driver: the strategy takes in the train episodes, then the test task is run.

Each train episode is one input (`MemoryStrategy.observe`) and one session. Then the test
task is worked twice on a fresh copy of the world's state, with memory and then with no
memory (when memory isolation is on): the strategy answers what it learned that bears on
the task (`answer_without_memory` / `answer`, the same prompt; the shared definition of the
memory-isolated pass), and the model under test works the case in Inspect's tool loop with
the world's tools, those lessons in its system prompt and ``retrieve_learnings`` over the
strategy's memory (over nothing in the no-memory pass). The tool loop's calls are marked
with their pass (`kit.answer_meter.marked_pass`, not metered: the lessons answer is the
metered one), as a model can tell the passes apart from what it is shown, and so that
trajectories leave the no-memory pass out. Memory never changes while a test task is
worked. The passes go to `ProceduresState.passes`, each recorded even when a limit
cuts it (``stop`` is then ``not_reached``: the scorer grades it as the decline plan,
`grading.decline_pass`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.solver import TaskState

from inspect_memgym.kit.answer_meter import MEMORY_PASS, NO_MEMORY_PASS, marked_pass
from inspect_memgym.procedures import BENCHMARK_NAME
from inspect_memgym.procedures.grading import ProceduresPass
from inspect_memgym.procedures.prompts import (
    AGENT_SYSTEM_PROMPT,
    LESSONS_PROMPT,
    MEMORY_BRIEF,
    MEMORY_LABEL,
    SYSTEM_PROMPT,
)
from inspect_memgym.procedures.state import (
    PHASE_ACT,
    PHASE_LESSONS,
    current_procedures_state,
)
from inspect_memgym.procedures.world.generate import ProceduresWorld, TestTask
from inspect_memgym.procedures.world_loading import ProceduresSpec, world_and_task
from inspect_memgym.procedures.world_tools import (
    LiveCase,
    retrieve_learnings_def,
    world_tool_defs,
)
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.strategies.call_context import set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import Briefing, MemoryStrategy
from inspect_memgym.tool_use.loop import tool_loop

Answer = Callable[[str, str], Awaitable[str]]


def briefing(world: ProceduresWorld) -> Briefing:
    """The strategy's briefing for a world.

    Args:
        world: The world.
    """
    return Briefing(
        system_prompt=SYSTEM_PROMPT.format(trade=world.domain.name),
        memory_brief=MEMORY_BRIEF,
        memory_label=MEMORY_LABEL,
    )


@register_driver(BENCHMARK_NAME)
async def run_procedures(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Take in the train episodes, then work the test task without and with memory.

    Args:
        state: The sample's task state.
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]``.
    """
    spec = ProceduresSpec.of_state(state)
    world, task = world_and_task(spec)
    agent.brief(briefing(world))
    for episode in world.episodes:
        await agent.observe(episode.text())
        await agent.end_session()
    await agent.flush()
    max_turns = spec.max_turns
    await _work(world, task, agent.answer, agent.recall, MEMORY_PASS, max_turns)
    if spec.memory_isolation:
        await _work(world, task, agent.answer_without_memory, None, NO_MEMORY_PASS, max_turns)
    set_phase("")
    state.metadata["agent"] = agent.describe()
    return state


async def _work(
    world: ProceduresWorld,
    task: TestTask,
    answer: Answer,
    recall: Callable[[str], Awaitable[str]] | None,
    pass_name: str,
    max_turns: int,
) -> None:
    """One pass over the test task on a fresh state; recorded even when a limit cuts it."""
    progress = current_procedures_state()
    progress.current_pass = pass_name
    case = LiveCase(world.state, world.rules, world.domain)
    lessons, stop = "", NOT_REACHED
    try:
        set_phase(PHASE_LESSONS, task.task_id)
        lessons = await answer(LESSONS_PROMPT.format(goal=task.goal), task.goal)
        messages: list[ChatMessage] = [
            ChatMessageSystem(
                content=AGENT_SYSTEM_PROMPT.format(trade=world.domain.name, lessons=lessons)
            ),
            ChatMessageUser(content=task.goal),
        ]
        tools = [*world_tool_defs(case), retrieve_learnings_def(recall)]
        set_phase(PHASE_ACT, task.task_id)
        with marked_pass(pass_name):
            end = await tool_loop(get_model(), messages, tools, max_turns)
        stop = end.stop
    finally:
        record = ProceduresPass(pass_name, lessons, stop, case.calls, case.state.to_dict())
        progress.passes = [*progress.passes, record.as_metadata()]
        progress.current_pass = ""
