"""conversation as a training world: one user's changing life, played by an agentic memory.

One episode is one sample of ``inspect_memgym/conversation -T agent=agentic``: the same user
from (tier, seed), the same sessions with the scripted user's messages, and the agentic
strategy's prompts and tools, with no Inspect. Each user message is a stage in which the
agent may write, edit, read and search its memory and ends with its reply; after each
period, each question is a stage with the read and search tools only, whose final reply is
the answer. The answers are graded by the task's own grading (`grading.grade_conversation`),
so the episode's ``chance_corrected_accuracy`` is the Inspect scorer's for the same sample,
memory backend and actions. The diagnostic passes of the task (probes, upper bound, the
memory-isolated answers) change no headline and are not played.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from inspect_memgym.conversation import BENCHMARK_NAME
from inspect_memgym.conversation.grading import (
    HEADLINE,
    AskedPasses,
    ConversationAnswer,
    grade_conversation,
)
from inspect_memgym.conversation.prompts import question_prompt, time_prefix
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationQuestion, Period
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.conversation.world.tiers import get_conversation_tier
from inspect_memgym.kit.memory_argument import MemoryArgument
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.budget import UNBOUNDED_WRITE_BUDGET
from inspect_memgym.memory.tool_specs import (
    MEMORY_READ,
    MEMORY_SEARCH,
    MEMORY_TOOL_SPECS,
)
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.strategies.prompts import (
    AGENTIC_ANSWER_SUFFIX,
    ASSISTANT_SYSTEM_PROMPT,
    CONVERSATION_MEMORY_BRIEF,
    agentic_system_prompt,
)
from inspect_memgym.training.episode_budget import EpisodeBudget
from inspect_memgym.training.episode_memory import open_world_memory
from inspect_memgym.training.memory_calls import run_memory_tool
from inspect_memgym.training.registry import register_world
from inspect_memgym.training.world import Stage, StageEnd, StageRewards, World

TASK_VERSION = 8
"""The Inspect task's version this world plays (`conversation.task.TASK_VERSION`)."""
MAX_TURNS = 20
"""The agentic strategy's default turns per reply or answer."""
OLD_KEYWORDS_UNTIL = 9
"""The task version from which ``backend=`` and ``embedding=`` are refused (before it
each prints one line naming ``memory=``)."""
DEFAULT_TIER = "base"
QUESTIONS_ONLY = AskedPasses(diagnostics=False, upper_bound=False, memory_isolation=False)
"""The passes this world asks: the questions only."""
REPLY = "reply"
QUESTION = "question"


class ConversationWorld(World):
    """One simulated user's periods, played by an agentic memory.

    Args:
        seed: The user's seed.
        tier: small, base or extra.
        write_budget: Writes allowed (default: effectively unlimited, as in AMemGym).
        memory: A backend name or a mapping of ``backend`` and ``embedding``:
            ``markdown`` (default) or ``chroma`` (the task's default store).
        max_turns: Turns allowed per reply or answer.
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
        write_budget: int | None = None,
        memory: MemoryArgument = None,
        max_turns: int = MAX_TURNS,
        backend: str | None = None,
        embedding: str | None = None,
    ) -> None:
        get_conversation_tier(tier)
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        self.scenario = generate_user(tier, seed)
        self.seed, self.tier = seed, tier
        self.budget = EpisodeBudget(
            write_budget=UNBOUNDED_WRITE_BUDGET if write_budget is None else write_budget
        )
        self.max_turns = max_turns
        self.memory: MemoryBackend = open_world_memory(
            BENCHMARK_NAME, TASK_VERSION, OLD_KEYWORDS_UNTIL, memory, backend, embedding
        )
        self.backend_name = self.memory.name
        self.results: list[ConversationAnswer] = []
        self.replies = 0
        self._all_tools = MEMORY_TOOL_SPECS
        self._read_tools = (MEMORY_READ, MEMORY_SEARCH)

    def stages(self) -> Iterator[Stage]:
        """Every user message of every session, then the period's questions, period by period."""
        for period in self.scenario.periods:
            self.budget.event_index = period.index
            for session in period.sessions:
                message = f"{time_prefix(session.time)}\n{session.opening}"
                for number in range(session.rounds):
                    yield self._stage(
                        self._all_tools,
                        message,
                        {"kind": REPLY, "period": period.index, "session": session.session_id},
                    )
                    if number + 1 < session.rounds:
                        message = session.follow_ups[number]
            for question in self.scenario.questions:
                prompt, options = self._shown_prompt(question, period)
                yield self._stage(
                    self._read_tools,
                    prompt + AGENTIC_ANSWER_SUFFIX,
                    {
                        "kind": QUESTION,
                        "period": period.index,
                        "qid": question.qid,
                        "options": options,
                    },
                )

    def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        """Run one memory tool.

        Args:
            name: The tool.
            arguments: Its checked arguments.
        """
        return run_memory_tool(self.memory, self.budget, name, arguments)

    def end_stage(self, stage: Stage, end: StageEnd) -> StageRewards:
        """Record a question's answer (the final reply); grade it.

        A right answer earns 1 under ``binary``, a wrong one -1/(options - 1), so a guess
        earns 0 in expectation; ``shaped`` pays its share of the chance-corrected headline.

        Args:
            stage: The stage.
            end: How it ended.
        """
        if stage.public["kind"] == REPLY:
            self.replies += 1
            return StageRewards()
        period = self.scenario.periods[int(stage.public["period"])]
        qid = str(stage.public["qid"])
        options = int(stage.public["options"])
        self.results.append(
            ConversationAnswer(
                kind=QUESTION, period=period.index, item=qid, raw=end.reply, choices=options
            )
        )
        question = next(item for item in self.scenario.questions if item.qid == qid)
        right = parse_choice(end.reply, options) == self._gold(question, period)
        random = self._random(period)
        chance = 1 / options
        share = ((1.0 if right else 0.0) - chance) / (
            (1 - random) * len(self.scenario.questions) * len(self.scenario.periods)
        )
        return StageRewards(binary=1.0 if right else -1 / (options - 1), shaped=share)

    def score(self) -> dict[str, float]:
        """The task's score keys from the answers so far (the diagnostics' keys are NaN).

        A question not answered yet scores the decline, as in the task when a limit cuts
        the sample (`grading.grade_conversation`).
        """
        return grade_conversation(self.scenario, self.results, QUESTIONS_ONLY).value

    def describe(self) -> dict[str, Any]:
        """Task, version, seed, tier, user, write budget and memory backend."""
        return {
            **super().describe(),
            "seed": self.seed,
            "tier": self.tier,
            "scenario_id": self.scenario.scenario_id,
            "write_budget": self.budget.write_budget,
            "backend": self.backend_name,
        }

    def close(self) -> None:
        """Close the memory backend."""
        self.memory.close()

    def _stage(self, tools: tuple[Any, ...], prompt: str, public: dict[str, Any]) -> Stage:
        system = agentic_system_prompt(CONVERSATION_MEMORY_BRIEF, [tool.name for tool in tools])
        index = self.replies + len(self.results)
        return Stage(
            index=index,
            system=f"{ASSISTANT_SYSTEM_PROMPT}\n\n{system}",
            prompt=prompt,
            tools=tools,
            max_turns=self.max_turns,
            public=public,
        )

    def _shown_prompt(self, question: ConversationQuestion, period: Period) -> tuple[str, int]:
        shown = presented_choices(self.scenario, question, period)
        return question_prompt(question.text, [choice.text for choice in shown]), len(shown)

    def _gold(self, question: ConversationQuestion, period: Period) -> int:
        shown = presented_choices(self.scenario, question, period)
        return gold_number(shown, question.gold_choice(period.state))

    def _random(self, period: Period) -> float:
        guesses = [
            1 / len(presented_choices(self.scenario, question, period))
            for question in self.scenario.questions
        ]
        return sum(guesses) / len(guesses)


register_world(BENCHMARK_NAME, ConversationWorld)
