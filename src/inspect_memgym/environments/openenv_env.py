"""The suite's worlds as an OpenEnv environment (``pip install inspect-memgym[openenv]``).

`MemoryOpenEnv` implements OpenEnv's ``Environment`` (``reset`` / ``step`` / ``state``)
over `environment.MemoryEnv`, with Pydantic `MemoryAction` and `MemoryObservation`, so
OpenEnv's server serves it over HTTP and WebSocket and its clients (and the trainers that
speak OpenEnv: TRL, torchforge) play it::

    from openenv.core.env_server import create_fastapi_app
    app = create_fastapi_app(lambda: MemoryOpenEnv(task="entity_stream", tier="lite"),
                             MemoryAction, MemoryObservation)

``reset(seed=..., **options)`` starts an episode; the episode's task options can also be
given to ``reset`` (e.g. ``template``).
"""

from __future__ import annotations

import uuid
from typing import Any

from pydantic import Field

from inspect_memgym.kit.extras import missing_extra
from inspect_memgym.training.environment import MemoryEnv, RewardMode

try:
    from openenv.core.env_server import Action, Environment, Observation, State
except ImportError:
    raise missing_extra("openenv", "openenv", __name__) from None


class MemoryAction(Action):  # type: ignore[misc]
    """One agent turn: a tool call, a reply, or several tool calls.

    Attributes:
        tool: A tool's name (one tool call).
        arguments: The tool call's arguments.
        reply: A reply without a tool call (ends the stage).
        tool_calls: An OpenAI assistant message's tool calls (one model turn).
        content: That message's text.
    """

    tool: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)
    reply: str | None = None
    tool_calls: list[dict[str, Any]] | None = None
    content: str | None = None

    def as_turn(self) -> dict[str, Any]:
        """The action in a shape `MemoryEnv.step` reads."""
        if self.tool_calls is not None:
            return {"role": "assistant", "content": self.content, "tool_calls": self.tool_calls}
        if self.tool is not None:
            return {"tool": self.tool, "arguments": self.arguments}
        return {"reply": self.reply or ""}


class MemoryObservation(Observation):  # type: ignore[misc]
    """What the agent sees, with the reward and whether the episode is over.

    Attributes:
        text: The newest text (a stage's opening or tool results).
        messages: The stage's conversation in OpenAI's chat format.
        tools: The tools on offer in OpenAI's function format.
        new_stage: True when the context was just cleared for a new stage.
        stage: Public facts about the stage.
        truncated: True when the episode was cut short by ``max_steps``.
        score: The episode's scores, at its end.
    """

    text: str = ""
    messages: list[dict[str, Any]] = Field(default_factory=list)
    tools: list[dict[str, Any]] = Field(default_factory=list)
    new_stage: bool = False
    stage: dict[str, Any] = Field(default_factory=dict)
    truncated: bool = False
    score: dict[str, float] | None = None


class MemoryOpenEnv(Environment):  # type: ignore[misc]
    """One task's episodes as an OpenEnv environment; one instance per session.

    Args:
        task: The task to play.
        reward: ``score``, ``shaped`` or ``binary``.
        max_steps: Steps before an episode is truncated (None: no cap).
        **options: The task's options for every episode.
    """

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(
        self,
        task: str = "entity_stream",
        reward: RewardMode = "score",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.inner = MemoryEnv(task, reward=reward, max_steps=max_steps, **options)
        self._state = State(episode_id=None, step_count=0)

    def reset(
        self, seed: int | None = None, episode_id: str | None = None, **kwargs: Any
    ) -> MemoryObservation:
        """Start an episode.

        Args:
            seed: The world's seed (default 0).
            episode_id: The episode's id (default: a new uuid).
            **kwargs: Options of this episode (``template``, ``tier``...).
        """
        observation = self.inner.reset(seed=seed or 0, **kwargs)
        self._state = State(episode_id=episode_id or uuid.uuid4().hex, step_count=0)
        return MemoryObservation(
            text=observation.text,
            messages=observation.messages,
            tools=observation.tools,
            new_stage=True,
            stage=observation.stage,
            reward=0.0,
            done=False,
            metadata={"episode": self.inner.describe()},
        )

    def step(
        self, action: MemoryAction, timeout_s: float | None = None, **kwargs: Any
    ) -> MemoryObservation:
        """Play one agent turn.

        Args:
            action: The turn.
            timeout_s: Unused (a turn runs in microseconds to milliseconds).
            **kwargs: Unused.
        """
        observation, reward, terminated, truncated, info = self.inner.step(action.as_turn())
        self._state.step_count += 1
        return MemoryObservation(
            text=observation.text,
            messages=observation.messages,
            tools=observation.tools,
            new_stage=observation.new_stage,
            stage=observation.stage,
            truncated=truncated,
            score=info.get("score"),
            reward=reward,
            done=terminated or truncated,
            metadata={key: value for key, value in info.items() if key != "score"},
        )

    @property
    def state(self) -> State:
        """The episode's id and steps taken."""
        return self._state

    def close(self) -> None:
        """End the episode and release its memory."""
        self.inner.close()
