"""Play whole episodes of a training environment with a scripted policy."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from inspect_memgym.environments import MemoryEnv
from inspect_memgym.training.environment import Observation

Chooser = Callable[[str, Observation, dict[str, Any]], Any]


@dataclass(frozen=True)
class Episode:
    """One episode's outcome."""

    rewards: list[float]
    score: dict[str, float]
    steps: int
    truncated: bool

    @property
    def total(self) -> float:
        return sum(self.rewards)


def play(env: MemoryEnv, policy: str, choose: Chooser, seed: int, **options: Any) -> Episode:
    """Reset with the seed and options, then step the policy's turns to the end."""
    observation = env.reset(seed=seed, **options)
    rewards: list[float] = []
    while True:
        action = choose(policy, observation, env.describe())
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            env.close()
            return Episode(rewards, info["score"], len(rewards), truncated)


def inspect_composites(
    policy: str, seeds: tuple[int, ...], templates: str | None = None
) -> dict[tuple[str, int], float]:
    """The Inspect task's composite per (template, seed), markdown memory, no isolation."""
    from inspect_ai import eval as inspect_eval

    from inspect_memgym.entity_stream.task import entity_stream

    task = entity_stream(
        tier="lite",
        seeds=list(seeds),
        templates=templates,
        memory="markdown",
        memory_isolation=False,
    )
    with tempfile.TemporaryDirectory() as log_dir:
        [log] = inspect_eval(task, model=f"memgym/{policy}", display="none", log_dir=log_dir)
        samples = list(log.samples or [])  # read while the log file is there
    assert samples
    return {
        (str(sample.metadata["template"]), int(sample.metadata["seed"])): float(
            sample.scores["entity_stream_scorer"].value["composite"]  # type: ignore[index]
        )
        for sample in samples
    }


def inspect_conversation_scores(policy: str, seeds: tuple[int, ...]) -> dict[int, float]:
    """The conversation task's headline per seed: agentic, markdown memory, no diagnostics."""
    from inspect_ai import eval as inspect_eval

    from inspect_memgym.conversation.task import conversation

    task = conversation(
        tier="small",
        seeds=list(seeds),
        agent="agentic",
        memory="markdown",
        memory_isolation=False,
        diagnostics=False,
        upper_bound=False,
    )
    with tempfile.TemporaryDirectory() as log_dir:
        [log] = inspect_eval(task, model=f"memgym/{policy}", display="none", log_dir=log_dir)
        samples = list(log.samples or [])  # read while the log file is there
    assert samples
    return {
        int(sample.metadata["seed"]): float(
            sample.scores["conversation_scorer"].value["chance_corrected_accuracy"]  # type: ignore[index]
        )
        for sample in samples
    }
