"""A ``gymnasium.Env`` over `environment.MemoryEnv` (``pip install inspect-memgym[gym]``).

Observations are text (the newest message the agent is shown: a stage's opening, or its
tool results); actions are dicts (`actions`: a tool call, a reply, or an assistant message
with tool calls). ``info`` carries what a language-model agent needs besides the text: the
stage's whole conversation and tools in OpenAI's format (``messages``, ``tools``),
``new_stage``, and at the end the episode's ``score``.

``gymnasium.make("inspect_memgym/MemoryEnv-v0", task="entity_stream", tier="lite")`` builds
one after ``import inspect_memgym.environments.gymnasium_env``.
"""

from __future__ import annotations

import functools
import string
from typing import Any

from inspect_memgym.kit.extras import missing_extra

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError:
    raise missing_extra("gymnasium", "gym", __name__) from None

from inspect_memgym.training.environment import MemoryEnv, Observation, RewardMode

MAX_OBSERVATION_CHARS = 1_000_000
"""Longest text observation the space admits (a stage's opening is far shorter)."""
ENV_ID = "inspect_memgym/MemoryEnv-v0"
MAX_TOOL_NAME_CHARS = 64
TOOL_NAME_CHARS = string.ascii_lowercase + string.digits + "_"


@functools.cache
def text_chars() -> frozenset[str]:
    """What text observations are made of: any printable character, newlines and tabs.

    Built once, when the first environment is made (a pass over every code point), not at
    import.
    """
    printable = (chr(code) for code in range(0x110000) if chr(code).isprintable())
    return frozenset(printable) | {"\n", "\t"}


class MemoryGymEnv(gym.Env[str, dict[str, Any]]):
    """The suite's worlds as a gymnasium environment.

    Args:
        task: The task to play (a name `inspect_memgym.environments.world_names` lists).
        reward: ``score``, ``shaped`` or ``binary`` (`environment.REWARD_MODES`).
        max_steps: Steps before an episode is truncated (None: no cap).
        **options: The task's options for every episode (``tier``, ``template``...);
            ``reset(options=...)`` overrides them for one episode.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (gymnasium's own attribute)

    def __init__(
        self,
        task: str = "entity_stream",
        reward: RewardMode = "score",
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.inner = MemoryEnv(task, reward=reward, max_steps=max_steps, **options)
        self.observation_space = spaces.Text(max_length=MAX_OBSERVATION_CHARS, charset=text_chars())
        # the canonical shape, one tool call with JSON arguments; a reply ({"reply": text})
        # and an assistant message with tool calls are accepted too (`actions`)
        self.action_space = spaces.Dict(
            {
                "tool": spaces.Text(max_length=MAX_TOOL_NAME_CHARS, charset=TOOL_NAME_CHARS),
                "arguments": spaces.Text(max_length=MAX_OBSERVATION_CHARS, charset=text_chars()),
            }
        )
        self.render_mode = render_mode
        self._last: Observation | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, Any]]:
        """Start an episode.

        Args:
            seed: The world's seed (default 0): the same seed gives the same episode.
            options: Options of this episode over the environment's own.

        Returns:
            The opening text and info (``messages``, ``tools``, ``stage``, ``episode``).
        """
        super().reset(seed=seed)
        self._last = self.inner.reset(seed=seed or 0, **(options or {}))
        return self._last.text, {**_info(self._last), "episode": self.inner.describe()}

    def step(self, action: dict[str, Any]) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """Play one agent turn.

        Args:
            action: A tool call, a reply, or an assistant message with tool calls.

        Returns:
            The newest text, the reward, terminated, truncated and info.
        """
        observation, reward, terminated, truncated, info = self.inner.step(action)
        self._last = observation
        return observation.text, reward, terminated, truncated, {**info, **_info(observation)}

    def render(self) -> str | None:
        """The current stage's conversation as text (``render_mode="ansi"``)."""
        if self._last is None:
            return None
        return "\n\n".join(
            f"[{message['role']}] {message.get('content') or ''}" for message in self._last.messages
        )

    def close(self) -> None:
        """End the episode and release its memory."""
        self.inner.close()


def _info(observation: Observation) -> dict[str, Any]:
    return {
        "messages": observation.messages,
        "tools": observation.tools,
        "new_stage": observation.new_stage,
        "stage": observation.stage,
    }


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point=MemoryGymEnv)
