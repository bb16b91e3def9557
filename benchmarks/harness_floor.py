"""Inspect's own floor for a task's run: the same turns replayed by a bare Inspect task.

`record_turns` reads a finished eval log and keeps, per sample, every model call in order:
its input messages, the tools on offer, the model's output, and the result (or error) of
each tool call in that output. `floor_task` turns such a recording into the cheapest Inspect
task that does the same model and tool work: one sample per recorded sample (same ids and
inputs, no metadata), a solver that calls `generate` with each recorded input and
`execute_tools` on its output, tools with the recorded names and schemas that do nothing but
return the recorded results, a scripted `mockllm` that returns the recorded outputs (each
with its recorded token usage, so nothing is counted with a tokenizer), the recorded
transcript as the sample's messages, and one scorer with one metric. What a task costs beyond
this floor is its own work and the work its shape makes Inspect do.
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.event import ModelEvent, ToolEvent
from inspect_ai.log import EvalLog, EvalSample
from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    Model,
    ModelAPI,
    ModelOutput,
    execute_tools,
    get_model,
    modelapi,
)
from inspect_ai.model._providers.mockllm import MockLLM
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolChoice, ToolDef, ToolError, ToolInfo, ToolResult

FLOOR_PROVIDER = "floor"
FLOOR_MODEL = f"{FLOOR_PROVIDER}/replay"


@dataclass(frozen=True)
class ToolOutcome:
    """What one recorded tool call returned.

    Attributes:
        result: The tool's result (empty when it failed).
        error: The error message of a call the tool refused, else None.
    """

    result: ToolResult
    error: str | None


@dataclass(frozen=True)
class Turn:
    """One recorded model call.

    Attributes:
        input: The messages the model was given.
        tools: The tools on offer (names and schemas).
        output: What the model returned (with its token usage).
    """

    input: list[ChatMessage]
    tools: list[ToolInfo]
    output: ModelOutput


@dataclass(frozen=True)
class SampleRecording:
    """Everything one sample did, in order.

    Attributes:
        sample_id: The sample's id.
        input: The sample's input.
        turns: Its model calls.
        tool_outcomes: Per (function, arguments as JSON), the outcomes in call order.
        messages: The sample's final transcript.
        score: The headline value the task gave the sample.
    """

    sample_id: str | int
    input: str | list[ChatMessage]
    turns: list[Turn]
    tool_outcomes: dict[tuple[str, str], list[ToolOutcome]]
    messages: list[ChatMessage]
    score: float


def _call_key(function: str, arguments: dict[str, Any]) -> tuple[str, str]:
    return function, json.dumps(arguments, sort_keys=True, default=str)


def _headline(sample: EvalSample, headline_key: str) -> float:
    for score in (sample.scores or {}).values():
        value = score.value
        if isinstance(value, dict) and headline_key in value:
            return float(value[headline_key])
        if isinstance(value, int | float):
            return float(value)
    return 0.0


def record_sample(sample: EvalSample, headline_key: str) -> SampleRecording:
    """One sample's model calls and tool outcomes, from its logged events.

    Args:
        sample: A logged sample (with events).
        headline_key: The `Score.value` key kept as the floor's score.
    """
    turns: list[Turn] = []
    outcomes: dict[tuple[str, str], list[ToolOutcome]] = defaultdict(list)
    for event in sample.events:
        if isinstance(event, ModelEvent):
            turns.append(Turn(list(event.input), list(event.tools), event.output))
        elif isinstance(event, ToolEvent):
            error = event.error
            if error is not None and error.type == "parsing":
                continue  # Inspect refuses it before any tool runs; the replay does too
            outcomes[_call_key(event.function, event.arguments)].append(
                ToolOutcome(event.result, error.message if error is not None else None)
            )
    return SampleRecording(
        sample_id=sample.id,
        input=sample.input,
        turns=turns,
        tool_outcomes=dict(outcomes),
        messages=list(sample.messages),
        score=_headline(sample, headline_key),
    )


def record_turns(log: EvalLog, headline_key: str) -> list[SampleRecording]:
    """Every sample's recording, in log order.

    Args:
        log: A successful eval log read with its samples.
        headline_key: The `Score.value` key kept as the floor's score.

    Raises:
        RuntimeError: If the log has no samples or did not succeed.
    """
    if log.status != "success" or not log.samples:
        raise RuntimeError(f"cannot record a run that did not succeed: {log.status} {log.error}")
    return [record_sample(sample, headline_key) for sample in log.samples]


def model_calls(recordings: list[SampleRecording]) -> int:
    """Model calls in a recording.

    Args:
        recordings: Recorded samples.
    """
    return sum(len(recording.turns) for recording in recordings)


_replayed_outputs: ContextVar[deque[ModelOutput]] = ContextVar("floor_outputs")


class ReplayLLM(MockLLM):
    """`mockllm` returning the current sample's recorded outputs, without a request record.

    `MockLLM.generate` also returns a `ModelCall` holding every input message dumped to
    JSON, which Inspect keeps in each model event and writes to the log. The ``memgym``
    provider (like most providers by default) returns none, so the floor returns none either.
    """

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        """The current sample's next recorded output (it carries its recorded usage).

        Args:
            input: Ignored.
            tools: Ignored.
            tool_choice: Ignored.
            config: Ignored.
        """
        return _replayed_outputs.get().popleft()


@modelapi(name=FLOOR_PROVIDER)
def replay_llm() -> type[ModelAPI]:
    """Register `ReplayLLM` as ``floor/replay``."""
    return ReplayLLM


def floor_model() -> Model:
    """The floor's model: each sample's recorded outputs, in order."""
    return get_model(FLOOR_MODEL)


def _noop_tool(info: ToolInfo, outcomes: dict[tuple[str, str], deque[ToolOutcome]]) -> ToolDef:
    """A tool with the recorded name and schema that returns the recorded results."""

    async def execute(**arguments: Any) -> ToolResult:
        outcome = outcomes[_call_key(info.name, arguments)].popleft()
        if outcome.error is not None:
            raise ToolError(outcome.error)
        return outcome.result

    # max_output=0: the recorded result is already what Inspect passed on (truncated or not)
    return ToolDef(
        execute,
        name=info.name,
        description=info.description,
        parameters=info.parameters,
        max_output=0,
    )


_recordings: dict[str, dict[str | int, SampleRecording]] = {}
"""Recordings by name. Solver and scorer take the name, not the recording: Inspect logs
the arguments of every registered solver and scorer."""


@solver
def replay_turns(recording_name: str) -> Solver:
    """Replay each sample's recorded turns: generate, then run the output's tool calls.

    Args:
        recording_name: The recording (`floor_task` files it under this name).
    """
    recordings = _recordings[recording_name]
    # fresh copies of the outputs, made before the eval starts (Inspect may amend them)
    outputs = {
        sample_id: deque(turn.output.model_copy(deep=True) for turn in recording.turns)
        for sample_id, recording in recordings.items()
    }

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        recording = recordings[state.sample_id]
        _replayed_outputs.set(outputs[state.sample_id])
        outcomes = {key: deque(values) for key, values in recording.tool_outcomes.items()}
        tool_sets: dict[tuple[str, ...], list[ToolDef]] = {}
        by_name: dict[str, ToolDef] = {}
        model = get_model()
        for turn in recording.turns:
            names = tuple(info.name for info in turn.tools)
            if names not in tool_sets:
                for info in turn.tools:
                    by_name.setdefault(info.name, _noop_tool(info, outcomes))
                tool_sets[names] = [by_name[name] for name in names]
            tools = tool_sets[names]
            output = await model.generate(turn.input, tools=tools)
            if output.message.tool_calls:
                await execute_tools([*turn.input, output.message], tools)
        state.messages = list(recording.messages)
        return state

    return solve


@scorer(metrics=[mean()])
def recorded_score(recording_name: str) -> Scorer:
    """The headline the task gave each sample, as the floor's one score.

    Args:
        recording_name: The recording.
    """
    recordings = _recordings[recording_name]

    async def score(state: TaskState, target: Target) -> Score:
        return Score(value=recordings[state.sample_id].score)

    return score


def floor_task(recordings: list[SampleRecording]) -> Task:
    """The bare Inspect task that replays a recorded run.

    Args:
        recordings: Recorded samples.
    """
    name = f"recording-{len(_recordings)}"
    _recordings[name] = {recording.sample_id: recording for recording in recordings}
    dataset = MemoryDataset(
        [Sample(id=recording.sample_id, input=recording.input) for recording in recordings],
        name="harness_floor",
    )
    return Task(
        dataset=dataset,
        solver=replay_turns(name),
        scorer=recorded_score(name),
        name="harness_floor",
    )
