"""`MemoryEnv`: a benchmark's world behind ``reset`` and ``step``, with no Inspect.

An episode is one sample of the task. It is played stage by stage as the Inspect task plays
it (`world.Stage`: a fresh context with a system prompt, a user message, the tools on offer
and a turn limit). Each ``step`` is one agent turn (`actions`): its tool calls run through
the world, whose tools are the Inspect tools' own operations; a turn without a tool call,
the stage's own condition (an answer submitted), the same calls with the same results twice
in a row, or the turn limit ends the stage, exactly as Inspect's tool loop ends it
(`tool_use.loop`). The next observation is then the next stage's opening.

Rewards (``reward=``, `REWARD_MODES`):

* ``score`` (default): 0 until the last step, which pays the task's headline score of the
  episode; the return equals what the Inspect task scores for the same sample.
* ``shaped``: each stage pays its share of the headline when it ends (a right answer its
  weight in the composite), the last step the rest (e.g. efficiency); the same return,
  paid closer to the action that earned it.
* ``binary``: +1 for each question of the headline answered right (MemoryGym's binary
  reward); storing earns nothing by itself, so filling the memory cannot be rewarded, and
  questions a constant refusal answers right (entity_stream's abstention questions, outside
  its composite) earn nothing either.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from inspect_memgym.memory.operations import MemoryRefusal
from inspect_memgym.memory.tool_specs import ToolSpec
from inspect_memgym.tool_use.call_rules import DUPLICATE_CALL, call_key, integer_from_text
from inspect_memgym.training.actions import Call, Turn, read_action
from inspect_memgym.training.registry import build_world
from inspect_memgym.training.tool_use_counts import EpisodeToolUse
from inspect_memgym.training.world import Stage, StageEnd, StageStop, World

RewardMode = Literal["score", "shaped", "binary"]
REWARD_MODES: tuple[RewardMode, ...] = ("score", "shaped", "binary")
"""The reward modes (see the module docstring)."""

Message = dict[str, Any]
"""A chat message in OpenAI's chat-completions format."""


@dataclass(frozen=True)
class Observation:
    """What the agent sees after a reset or a step.

    Attributes:
        text: The newest text: a new stage's user message, else the last tool result(s).
        messages: The current stage's whole conversation (system, user, the agent's turns
            and tool results) in OpenAI's chat format: what to send a model next.
        tools: The tools on offer, in OpenAI's function format.
        new_stage: True when the context was just cleared for a new stage.
        stage: Public facts about the stage (index, kind, question id...).
    """

    text: str
    messages: list[Message]
    tools: list[dict[str, Any]]
    new_stage: bool
    stage: dict[str, Any] = field(default_factory=dict)


StepResult = tuple[Observation, float, bool, bool, dict[str, Any]]
"""``(observation, reward, terminated, truncated, info)``, as gymnasium's ``step``."""


class MemoryEnv:
    """One benchmark's episodes behind ``reset`` and ``step``.

    Args:
        task: The task to play (default: given to ``reset``).
        reward: ``score``, ``shaped`` or ``binary``.
        max_steps: Most steps in an episode before it is truncated (None: no cap; every
            stage has its own turn limit, so an episode always ends).
        **options: Default options of every episode (e.g. ``tier``, ``template``,
            ``write_budget``, ``memory``): the world's keyword arguments
            (docs/training.md), each a setting of the Inspect task it plays.
    """

    def __init__(
        self,
        task: str | None = None,
        reward: RewardMode = "score",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, got {reward!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {max_steps}")
        self.task = task
        self.reward_mode: RewardMode = reward
        self.max_steps = max_steps
        self.options = options
        self._world: World | None = None
        self._stages: Any = None
        self._stage: Stage | None = None
        self._messages: list[Message] = []
        self._turns = 0
        self._last_turn: list[tuple[str, str, str]] = []
        self._last_text = ""
        self._steps = 0
        self._paid = 0.0
        self._finished = True
        self._calls = 0
        self._tool_use = EpisodeToolUse()

    def reset(self, task: str | None = None, seed: int = 0, **options: Any) -> Observation:
        """Start an episode.

        Args:
            task: The task (default: the one given when the environment was made).
            seed: The world's seed: the same seed gives the same episode.
            **options: Options of this episode (``tier``, ``template``...), over the
                environment's defaults.

        Returns:
            The first stage's opening.

        Raises:
            ValueError: For an unknown task or a bad option.
        """
        self.close()
        chosen = task or self.task
        if chosen is None:
            raise ValueError("No task: give one to MemoryEnv(task=...) or reset(task=...)")
        self.task = chosen
        self._world = build_world(chosen, seed=seed, **{**self.options, **options})
        self._stages = iter(self._world.stages())
        self._steps = 0
        self._paid = 0.0
        self._calls = 0
        self._tool_use = EpisodeToolUse()
        self._finished = False
        stage = self._next_stage()
        if stage is None:
            raise ValueError(f"{chosen} seed {seed}: the episode has no stage")
        return self._opening(stage)

    def step(self, action: object) -> StepResult:
        """Play one agent turn.

        Args:
            action: A tool call, a reply, or an assistant message (`actions`). An action of
                no accepted shape raises `actions.ActionError`, and nothing is played.

        Returns:
            The observation, the reward, whether the episode ended, whether it was cut
            short by ``max_steps``, and info: ``stage`` (the stage played), ``stage_end``
            when it ended (``stop``, ``turns``, and the stage's whole conversation and
            tools, ``messages`` and ``tools``), and at the end ``score`` (every key),
            ``headline`` (the task's headline value), ``episode`` and ``tool_use`` (what became
            of the episode's calls, `tool_use_counts.EpisodeToolUse`).

        Raises:
            RuntimeError: If no episode is running (call ``reset``).
        """
        world, stage = self._running()
        turn = read_action(action)
        self._tool_use.note_turn(
            [(call.name, call.arguments) for call in turn.calls], turn.text, stage.tools
        )
        self._steps += 1
        self._turns += 1
        results, signature = self._play_turn(world, stage, turn)
        stop = self._stop_reason(stage, turn, signature)
        if stop == "repeated_call":
            self._tool_use.repeated_calls += 1
        self._last_turn = signature
        reward = 0.0
        info: dict[str, Any] = {"stage": dict(stage.public)}
        truncated = stop is None and self.max_steps is not None and self._steps >= self.max_steps
        if stop is None and not truncated:
            return self._observation(results, stage), 0.0, False, False, info
        end = StageEnd(
            turns=self._turns,
            stop=stop or "truncated",
            reply=turn.text if stop == "reply" else "",
            last_text=self._last_text,
        )
        reward += self._stage_reward(world.end_stage(stage, end))
        info["stage_end"] = {
            "stop": end.stop,
            "turns": end.turns,
            "messages": list(self._messages),
            "tools": [spec.openai() for spec in stage.tools],
        }
        following = None if truncated else self._next_stage()
        if following is not None:
            return self._opening(following), reward, False, False, info
        return self._finish(world, results, stage, reward, info, truncated)

    def score(self) -> dict[str, float]:
        """The episode's scores so far, as the task's scorer computes them.

        Raises:
            RuntimeError: If no episode was started.
        """
        if self._world is None:
            raise RuntimeError("No episode: call reset first")
        return self._world.score()

    def describe(self) -> dict[str, Any]:
        """The running episode's task, version, seed and settings."""
        if self._world is None:
            raise RuntimeError("No episode: call reset first")
        return {**self._world.describe(), "reward": self.reward_mode}

    def close(self) -> None:
        """End the episode and release its world (its memory)."""
        if self._world is not None:
            self._world.close()
        self._finished = True

    def _running(self) -> tuple[World, Stage]:
        if self._world is None or self._stage is None or self._finished:
            raise RuntimeError("No episode is running: call reset")
        return self._world, self._stage

    def _next_stage(self) -> Stage | None:
        self._stage = next(self._stages, None)
        return self._stage

    def _opening(self, stage: Stage) -> Observation:
        self._messages = [
            {"role": "system", "content": stage.system},
            {"role": "user", "content": stage.prompt},
        ]
        self._turns = 0
        self._last_turn = []
        self._last_text = ""
        self._tool_use.new_stage()
        return Observation(
            text=stage.prompt,
            messages=list(self._messages),
            tools=[spec.openai() for spec in stage.tools],
            new_stage=True,
            stage=dict(stage.public),
        )

    def _observation(self, results: list[str], stage: Stage) -> Observation:
        return Observation(
            text="\n\n".join(results),
            messages=list(self._messages),
            tools=[spec.openai() for spec in stage.tools],
            new_stage=False,
            stage=dict(stage.public),
        )

    def _play_turn(
        self, world: World, stage: Stage, turn: Turn
    ) -> tuple[list[str], list[tuple[str, str, str]]]:
        """Run a turn's calls (a copy of an earlier call in the turn is not run again)."""
        if turn.text:
            self._last_text = turn.text
        assistant: Message = {"role": "assistant", "content": turn.text or None}
        if turn.calls:
            ids = [call.call_id or self._call_id() for call in turn.calls]
            assistant["tool_calls"] = [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {
                        "name": call.name,
                        "arguments": json.dumps(call.arguments or {}),
                    },
                }
                for call, call_id in zip(turn.calls, ids, strict=True)
            ]
        self._messages.append(assistant)
        if not turn.calls:
            return [], []
        results: list[str] = []
        signature: list[tuple[str, str, str]] = []
        first_ids: dict[tuple[str, str], str] = {}
        for call, call_id in zip(turn.calls, ids, strict=True):
            key = call_key(call.name, call.arguments or {})
            if call.arguments is not None and key in first_ids:
                result = DUPLICATE_CALL.format(call_id=first_ids[key])
                self._tool_use.duplicate_calls += 1
            else:
                if call.arguments is not None:
                    first_ids[key] = call_id
                result = self._run_call(world, stage, call)
                signature.append((*key, result))
            results.append(result)
            self._messages.append({"role": "tool", "tool_call_id": call_id, "content": result})
        return results, signature

    def _run_call(self, world: World, stage: Stage, call: Call) -> str:
        result, refused = self._try_call(world, stage, call)
        self._tool_use.refused_calls += refused
        return result

    @staticmethod
    def _try_call(world: World, stage: Stage, call: Call) -> tuple[str, bool]:
        """A call's result, and whether it was refused."""
        spec = next((tool for tool in stage.tools if tool.name == call.name), None)
        if spec is None:
            offered = ", ".join(tool.name for tool in stage.tools)
            return f"Tool {call.name} not found; the tools on offer are {offered}.", True
        if call.arguments is None:
            return call.argument_error, True
        arguments, problem = checked_arguments(spec, call.arguments)
        if problem:
            return problem, True
        try:
            return world.call_tool(call.name, arguments), False
        except MemoryRefusal as refusal:
            return refusal.message, True

    def _stop_reason(
        self, stage: Stage, turn: Turn, signature: list[tuple[str, str, str]]
    ) -> StageStop | None:
        if not turn.calls:
            return "reply"
        if signature and signature == self._last_turn:
            return "repeated_call"
        if stage.done is not None and stage.done():
            return "done"
        if self._turns >= stage.max_turns:
            return "turn_limit"
        return None

    def _stage_reward(self, earned: Any) -> float:
        if self.reward_mode == "binary":
            return float(earned.binary)
        if self.reward_mode == "shaped":
            self._paid += float(earned.shaped)
            return float(earned.shaped)
        return 0.0

    def _finish(
        self,
        world: World,
        results: list[str],
        stage: Stage,
        reward: float,
        info: dict[str, Any],
        truncated: bool,
    ) -> StepResult:
        scores = world.score()
        headline = scores[world.headline]
        if self.reward_mode == "score":
            reward = headline
        elif self.reward_mode == "shaped":
            reward += headline - self._paid
        info.update(
            score=scores,
            headline=headline,
            episode=self.describe(),
            tool_use=self._tool_use.as_dict(),
        )
        self._finished = True
        observation = Observation(
            text="\n\n".join(results) or "The episode is over.",
            messages=list(self._messages),
            tools=[],
            new_stage=False,
            stage=dict(stage.public),
        )
        return observation, reward, not truncated, truncated, info

    def _call_id(self) -> str:
        self._calls += 1
        return f"call_{self._calls}"


def checked_arguments(spec: ToolSpec, arguments: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The arguments as the tool's schema admits them, or why they are refused.

    As Inspect does before a tool runs: unknown or missing arguments and mistyped values
    are refused (the tool never runs, nothing is logged); a numeric string given for an
    integer argument is read as the integer (`tool_use.loop`).

    Args:
        spec: The tool.
        arguments: The call's arguments.

    Returns:
        The arguments (numeric strings read), and "" or the refusal.
    """
    properties: dict[str, dict[str, Any]] = spec.parameters["properties"]
    unknown = sorted(set(arguments) - set(properties))
    if unknown:
        return arguments, f"{spec.name}: unknown argument(s) {', '.join(unknown)}."
    missing = [name for name in spec.parameters["required"] if name not in arguments]
    if missing:
        return arguments, f"{spec.name}: missing required argument(s) {', '.join(missing)}."
    checked = dict(arguments)
    for name in spec.integer_arguments():
        number = integer_from_text(checked.get(name))
        if number is not None:
            checked[name] = number
    for name, value in checked.items():
        if not _admits(properties[name], value):
            return arguments, f"{spec.name}: {name} has the wrong type ({type(value).__name__})."
    return checked, ""


def _admits(schema: dict[str, Any], value: object) -> bool:
    kinds = [schema.get("type"), *(part.get("type") for part in schema.get("anyOf", []))]
    if value is None:
        return "null" in kinds
    if isinstance(value, bool):
        return "boolean" in kinds
    if isinstance(value, int):
        return "integer" in kinds or "number" in kinds
    if isinstance(value, float):
        return "number" in kinds
    if isinstance(value, str):
        return "string" in kinds
    return "object" in kinds or "array" in kinds
