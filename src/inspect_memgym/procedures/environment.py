"""procedures as a training world: take in the train episodes, then work a test task.

One episode is one sample of ``inspect_memgym/procedures -T agent=agentic`` (its memory
pass): the same world and test task from (template, tier, seed, task), with no Inspect.
Each train episode is a stage with the memory tools (the agentic strategy's request to take
in an input); then a stage asks, with the read and search tools, which lessons apply (its
reply is the lessons); the last stage works the case with the world's tools and
``retrieve_learnings`` (a search of the memory). The final state is checked by the task's
own grading (`grading.grade_passes`), so ``pass_at_1`` is the Inspect scorer's for the same
actions. The no-memory pass is not played.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from inspect_memgym.kit.memory_argument import MemoryArgument
from inspect_memgym.kit.pass_names import MEMORY_PASS
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.budget import UNBOUNDED_WRITE_BUDGET
from inspect_memgym.memory.operations import MemoryRefusal
from inspect_memgym.memory.tool_specs import (
    MEMORY_READ,
    MEMORY_SEARCH,
    MEMORY_TOOL_SPECS,
    ToolSpec,
)
from inspect_memgym.procedures import BENCHMARK_NAME
from inspect_memgym.procedures.grading import HEADLINE, ProceduresPass, grade_passes
from inspect_memgym.procedures.prompts import (
    AGENT_SYSTEM_PROMPT,
    LESSONS_PROMPT,
    RETRIEVE_DESCRIPTION,
    SYSTEM_PROMPT,
)
from inspect_memgym.procedures.world.generate import generate_world
from inspect_memgym.procedures.world.tools import run_tool, tool_specs
from inspect_memgym.strategies.prompts import (
    AGENTIC_ANSWER_SUFFIX,
    AGENTIC_OBSERVE_PROMPT,
    agentic_system_prompt,
)
from inspect_memgym.training.episode_budget import EpisodeBudget
from inspect_memgym.training.episode_memory import open_world_memory
from inspect_memgym.training.memory_calls import run_memory_tool
from inspect_memgym.training.registry import register_world
from inspect_memgym.training.world import Stage, StageEnd, StageRewards, World

TASK_VERSION = 2
"""The Inspect task's version this world plays (`procedures.task.TASK_VERSION`)."""
MAX_TURNS = 20
DEFAULT_TIER = "lite"
OLD_KEYWORDS_UNTIL = 3
"""The task version from which ``backend=`` and ``embedding=`` are refused (before it
each prints one line naming ``memory=``)."""
INPUT, LESSONS, ACT = "input", "lessons", "act"
RETRIEVE = "retrieve_learnings"
RETRIEVE_SPEC = ToolSpec(
    RETRIEVE,
    RETRIEVE_DESCRIPTION,
    {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "What to look for."},
            "top_k": {"type": "integer", "description": "Most passages returned."},
        },
        "required": ["query"],
    },
)
JSON_TYPES = {"string": "string", "number": "number"}


def world_tool_specs(template: str) -> tuple[ToolSpec, ...]:
    """The domain's tools as JSON-schema tool specs.

    Args:
        template: Domain name.
    """
    world = generate_world(template, "smoke", 0)
    return tuple(
        ToolSpec(
            spec.name,
            spec.description,
            {
                "type": "object",
                "properties": {
                    name: {"type": JSON_TYPES[kind], "description": description}
                    for name, (kind, description) in spec.parameters.items()
                },
                "required": list(spec.parameters),
            },
        )
        for spec in tool_specs(world.domain)
    )


class ProceduresTrainingWorld(World):
    """One test task of one world, after its train episodes, played by an agentic memory.

    Args:
        seed: The world's seed.
        tier: smoke, lite or standard.
        template: shop, travel or support.
        test_task: The test task's id (``T1``...).
        memory: A backend name or a mapping of ``backend`` and ``embedding``:
            ``markdown`` (default) or ``chroma`` (the task's default store).
        max_turns: Turns allowed per stage.
        backend: Old spelling of ``memory``'s backend (deprecated).
        embedding: Old spelling of ``memory``'s embedding (deprecated).
    """

    task = BENCHMARK_NAME
    version = TASK_VERSION
    headline = HEADLINE

    def __init__(
        self,
        seed: int = 0,
        tier: str = DEFAULT_TIER,
        template: str = "shop",
        test_task: str = "T1",
        memory: MemoryArgument = None,
        max_turns: int = MAX_TURNS,
        backend: str | None = None,
        embedding: str | None = None,
    ) -> None:
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        self.world = generate_world(template, tier, seed)
        self.test = next((t for t in self.world.tests if t.task_id == test_task), None)
        if self.test is None:
            known = ", ".join(t.task_id for t in self.world.tests)
            raise ValueError(f"unknown test task {test_task!r}; choose one of: {known}")
        self.max_turns = max_turns
        self.memory: MemoryBackend = open_world_memory(
            BENCHMARK_NAME, TASK_VERSION, OLD_KEYWORDS_UNTIL, memory, backend, embedding
        )
        self.budget = EpisodeBudget(write_budget=UNBOUNDED_WRITE_BUDGET)
        self.backend_name = self.memory.name
        self.state = self.world.state
        self.calls: list[dict[str, Any]] = []
        self.lessons = ""
        self.stop = "not_reached"
        self._world_tools = world_tool_specs(template)
        self._stage_index = 0

    def stages(self) -> Iterator[Stage]:
        """Every train episode, then the lessons question, then the case."""
        trade = self.world.domain.name
        for episode in self.world.episodes:
            yield self._stage(
                MEMORY_TOOL_SPECS,
                AGENTIC_OBSERVE_PROMPT.format(content=episode.text()),
                SYSTEM_PROMPT.format(trade=trade),
                INPUT,
            )
        assert self.test is not None
        yield self._stage(
            (MEMORY_READ, MEMORY_SEARCH),
            LESSONS_PROMPT.format(goal=self.test.goal) + AGENTIC_ANSWER_SUFFIX,
            SYSTEM_PROMPT.format(trade=trade),
            LESSONS,
        )
        yield Stage(
            index=self._stage_index,
            system=AGENT_SYSTEM_PROMPT.format(trade=trade, lessons=self.lessons),
            prompt=self.test.goal,
            tools=(*self._world_tools, RETRIEVE_SPEC),
            max_turns=self.max_turns,
            public={"kind": ACT, "task": self.test.task_id},
        )

    def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        """Run a memory tool, ``retrieve_learnings`` or a world tool.

        Args:
            name: The tool.
            arguments: Its checked arguments.

        Raises:
            MemoryRefusal: A refusal (a world tool's refusal included, with its message).
        """
        if name == RETRIEVE:
            search = {"query": arguments["query"], "top_k": arguments.get("top_k", 5)}
            return run_memory_tool(self.memory, self.budget, "memory_search", search)
        if name in {spec.name for spec in self._world_tools}:
            outcome = run_tool(self.state, self.world.rules, self.world.domain, name, arguments)
            self.state = outcome.state
            self.calls.append(outcome.call_record(name, arguments))
            if outcome.refused:
                raise MemoryRefusal(outcome.text)
            return outcome.text
        return run_memory_tool(self.memory, self.budget, name, arguments)

    def end_stage(self, stage: Stage, end: StageEnd) -> StageRewards:
        """Keep the lessons reply; grade the case when its stage ends.

        Args:
            stage: The stage.
            end: How it ended.
        """
        self._stage_index += 1
        kind = stage.public["kind"]
        if kind == LESSONS:
            self.lessons = end.reply
        if kind != ACT:
            return StageRewards()
        self.stop = end.stop
        passed = self.score()[HEADLINE]
        return StageRewards(binary=passed, shaped=passed)

    def score(self) -> dict[str, float]:
        """The task's score keys for the memory pass (no-memory keys NaN).

        Before the case's stage ends the pass counts as cut: it is graded as the decline
        plan, as the Inspect scorer grades a pass a limit cut.
        """
        assert self.test is not None
        record = ProceduresPass(
            MEMORY_PASS, self.lessons, self.stop, self.calls, self.state.to_dict()
        )
        return grade_passes(self.world, self.test, [record], memory_isolation=False).value

    def describe(self) -> dict[str, Any]:
        """Task, version, world, test task and memory backend."""
        assert self.test is not None
        return {
            **super().describe(),
            "world_id": self.world.world_id,
            "test_task": self.test.task_id,
            "backend": self.backend_name,
        }

    def close(self) -> None:
        """Close the memory backend."""
        self.memory.close()

    def _stage(
        self, tools: tuple[ToolSpec, ...], prompt: str, system_prompt: str, kind: str
    ) -> Stage:
        system = agentic_system_prompt("", [tool.name for tool in tools])
        return Stage(
            index=self._stage_index,
            system=f"{system_prompt}\n\n{system}",
            prompt=prompt,
            tools=tools,
            max_turns=self.max_turns,
            public={"kind": kind},
        )


register_world(BENCHMARK_NAME, ProceduresTrainingWorld)
