"""entity_stream as a training world: the agentic task's episode, with no Inspect.

One episode is one sample of ``inspect_memgym/entity_stream`` (agentic, the default): the
same scenario from (template, tier, seed), the same system prompt, one stage per event with
the same event message and status line, the same four memory tools and ``submit_answer``,
3 free edits during a correction notice, 20 turns per event, and the same grading (the
answer rules; the task's default, without a judge). The episode's ``composite`` is the
Inspect scorer's for the same sample, memory backend and actions. The memory-isolated pass
(every question again over an empty memory) is not played: it measures the model, not the
agent's memory, and changes no composite.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.answer_submission import SUBMIT_ANSWER, submit
from inspect_memgym.entity_stream.axes import (
    AXIS_WEIGHTS,
    QuestionOutcome,
    axis_scores,
    fact_events,
)
from inspect_memgym.entity_stream.prompts import DECLINE_REPLY, SYSTEM_PROMPT, event_prompt
from inspect_memgym.entity_stream.rule_grading import rule_detail
from inspect_memgym.entity_stream.scenario_content import content_of
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.entity_stream.world.tiers import get_tier
from inspect_memgym.kit.memory_argument import MemoryArgument
from inspect_memgym.memory.backend import MemoryBackend
from inspect_memgym.memory.operations import (
    memory_status,
)
from inspect_memgym.memory.tool_specs import MEMORY_TOOL_SPECS
from inspect_memgym.training.episode_budget import EpisodeBudget
from inspect_memgym.training.episode_memory import old_keyword, open_world_memory
from inspect_memgym.training.memory_calls import run_memory_tool
from inspect_memgym.training.registry import register_world
from inspect_memgym.training.world import Stage, StageEnd, StageRewards, World

TASK_VERSION = 9
"""The Inspect task's version this world plays (`entity_stream.task.TASK_VERSION`)."""
MAX_TURNS = 20
"""The task's default turn cap per event (the agent's ``max_turns``)."""
OLD_KEYWORDS_UNTIL = 10
"""The task version from which ``backend=``, ``embedding=`` and ``max_turns_per_event=``
are refused (before it each prints one line naming ``memory=`` or ``max_turns=``)."""
FREE_EDITS_PER_CORRECTION = 3
"""Edits that are free while one correction notice is processed (as the task's solver)."""
DEFAULT_TIER = "standard"


class EntityStreamWorld(World):
    """One entity_stream scenario played event by event.

    Args:
        seed: The scenario's seed.
        tier: lite, standard, hard or multi.
        template: The scenario's template (default: the ``seed % 10``-th, so seeds
            0-9 cover every template once).
        write_budget: Override of the tier's write budget.
        memory: A backend name or a mapping of ``backend`` and ``embedding``: ``markdown``
            (default: BM25 over a file, fast, no Inspect) or ``chroma`` (the task's default;
            the same store the Inspect task uses).
        max_turns: Turns allowed per event.
        backend: Old spelling of ``memory``'s backend (deprecated).
        embedding: Old spelling of ``memory``'s embedding (deprecated).
        max_turns_per_event: Old spelling of ``max_turns`` (deprecated).
    """

    task = BENCHMARK_NAME
    version = TASK_VERSION
    headline = "composite"

    def __init__(
        self,
        seed: int = 0,
        tier: str = DEFAULT_TIER,
        template: str | None = None,
        write_budget: int | None = None,
        memory: MemoryArgument = None,
        max_turns: int = MAX_TURNS,
        backend: str | None = None,
        embedding: str | None = None,
        max_turns_per_event: int | None = None,
    ) -> None:
        get_tier(tier)
        chosen = template if template is not None else TEMPLATE_NAMES[seed % len(TEMPLATE_NAMES)]
        self.template = get_template(chosen)
        if max_turns_per_event is not None:
            old_keyword(
                BENCHMARK_NAME,
                TASK_VERSION,
                OLD_KEYWORDS_UNTIL,
                "max_turns_per_event",
                f"use max_turns={max_turns_per_event}",
            )
            max_turns = max_turns_per_event
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        scenario = generate_scenario(chosen, tier, seed, write_budget)
        content = content_of(scenario)
        self.seed, self.tier = seed, tier
        self.events = content.events
        self.questions = [Question.from_dict(item) for item in content.questions]
        self.known_names = list(content.known_names)
        self.budget = EpisodeBudget(write_budget=scenario.write_budget)
        self.max_turns = max_turns
        self.answers: dict[str, dict[str, Any]] = {}
        self.memory: MemoryBackend = open_world_memory(
            BENCHMARK_NAME, TASK_VERSION, OLD_KEYWORDS_UNTIL, memory, backend, embedding
        )
        self.backend_name = self.memory.name
        self._event: dict[str, Any] = {}
        self._system = SYSTEM_PROMPT.format(
            entity_plural=self.template.entity_plural, write_budget=scenario.write_budget
        )
        self._tools = (*MEMORY_TOOL_SPECS, SUBMIT_ANSWER)
        self._axis_sizes = _axis_sizes(self.questions)

    def stages(self) -> Iterator[Stage]:
        """One stage per event, in stream order."""
        total = len(self.events)
        for event in self.events:
            self.budget.event_index = event["index"]
            self.budget.free_edits_left = (
                FREE_EDITS_PER_CORRECTION if event["kind"] == "correction" else 0
            )
            qid = event["payload"].get("qid") if event["kind"] == "question" else None
            self._event = {"kind": event["kind"], "index": event["index"], "qid": qid}
            status = memory_status(self.memory.count(), self.budget)
            public: dict[str, Any] = {"index": event["index"], "kind": event["kind"]}
            if qid is not None:
                public["qid"] = qid
            yield Stage(
                index=event["index"],
                system=self._system,
                prompt=event_prompt(event, total, status),
                tools=self._tools,
                max_turns=self.max_turns,
                public=public,
                done=self._answered(qid),
            )

    def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        """Run a memory tool or ``submit_answer``.

        Args:
            name: The tool.
            arguments: Its checked arguments.
        """
        if name == SUBMIT_ANSWER.name:
            self.answers, reply = submit(self.answers, self._event, arguments["answer"])
            return reply
        return run_memory_tool(self.memory, self.budget, name, arguments)

    def end_stage(self, stage: Stage, end: StageEnd) -> StageRewards:
        """Record an unsubmitted answer; grade a question of the composite's axes.

        Args:
            stage: The stage.
            end: How it ended.
        """
        self.budget.free_edits_left = 0
        qid = stage.public.get("qid")
        if qid is None:
            return StageRewards()
        if qid not in self.answers:
            self.answers = {
                **self.answers,
                qid: {"answer": end.last_text, "submitted": False, "event": stage.index},
            }
        question = next(question for question in self.questions if question.qid == qid)
        # abstention questions are a diagnostic outside the composite: a constant refusal
        # answers them right, so they earn no reward
        scored = question.axis in AXIS_WEIGHTS
        correct = scored and bool(self._grade(question)["correct"])
        share = AXIS_WEIGHTS.get(question.axis, 0.0) / self._weight_total()
        return StageRewards(
            binary=float(correct),
            shaped=share / self._axis_sizes[question.axis] if correct else 0.0,
        )

    def score(self) -> dict[str, float]:
        """The composite and the axes, as `entity_stream.axes.axis_scores` gives them."""
        outcomes = [
            QuestionOutcome(question.qtype, question.axis, bool(self._grade(question)["correct"]))
            for question in self.questions
        ]
        return axis_scores(outcomes, self.budget.writes_used, fact_events(self.events))

    def describe(self) -> dict[str, Any]:
        """Task, version, seed, tier, template, write budget and memory backend."""
        return {
            **super().describe(),
            "seed": self.seed,
            "tier": self.tier,
            "template": self.template.name,
            "write_budget": self.budget.write_budget,
            "backend": self.backend_name,
        }

    def close(self) -> None:
        """Close the memory backend."""
        self.memory.close()

    def _answered(self, qid: str | None) -> Callable[[], bool]:
        """Whether the question of a stage has its answer (never, for other events)."""
        return lambda: qid is not None and qid in self.answers

    def _grade(self, question: Question) -> dict[str, Any]:
        """A question's grade by the rules; one the episode never reached, the decline's.

        As in the task's scorer (`scoring.reached`): a question of an episode that ended
        before its stage is graded as `DECLINE_REPLY`, never as an empty answer.
        """
        recorded = self.answers.get(question.qid)
        answer = DECLINE_REPLY if recorded is None else str(recorded.get("answer", ""))
        return rule_detail(question, answer, self.known_names, self.template)

    def _weight_total(self) -> float:
        return sum(weight for axis, weight in AXIS_WEIGHTS.items() if self._axis_present(axis))

    def _axis_present(self, axis: str) -> bool:
        # an axis is scored when the scenario asks its questions (efficiency: any answerable)
        if axis == "efficiency":
            return any(size for name, size in self._axis_sizes.items() if name != "abstention")
        return self._axis_sizes.get(axis, 0) > 0


def _axis_sizes(questions: list[Question]) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for question in questions:
        sizes[question.axis] = sizes.get(question.axis, 0) + 1
    return sizes


register_world(BENCHMARK_NAME, EntityStreamWorld)
