"""The gymnasium and OpenEnv wrappers: a whole episode through each scores as the task does.

OpenEnv is imported inside the tests that use it: its package imports gradio (about 5 s of
CPU), which every test worker would otherwise pay while collecting.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import pytest

from inspect_memgym.entity_stream.policies.env_play import scripted_action
from inspect_memgym.environments import MemoryEnv, gymnasium_env
from inspect_memgym.training.environment import Observation
from training_episodes import inspect_composites, play

pytestmark = pytest.mark.xdist_group("tests/training/test_trainer_interfaces.py")
"""One worker runs the whole module, so only it imports OpenEnv."""

TEMPLATES = "company,city"
SEED = 1


@pytest.fixture(scope="module")
def inspect_scores() -> dict[str, dict[tuple[str, int], float]]:
    """The composite per policy and (template, seed): the environment's own return.

    `test_entity_stream_env` shows the environment's return equals the Inspect task's score
    seed by seed; `test_the_wrappers_score_as_the_inspect_task` checks it here too (slow).
    """
    env = MemoryEnv("entity_stream", tier="lite")
    return {
        policy: {
            (template, SEED): play(env, policy, scripted_action, SEED, template=template).total
            for template in TEMPLATES.split(",")
        }
        for policy in ("perfect", "naive")
    }


@pytest.mark.slow
def test_the_wrappers_score_as_the_inspect_task(
    inspect_scores: dict[str, dict[tuple[str, int], float]],
) -> None:
    for policy, expected in inspect_scores.items():
        assert inspect_composites(policy, (SEED,), TEMPLATES) == expected


def _observation(text: str, info: dict[str, Any]) -> Observation:
    return Observation(
        text=text,
        messages=info["messages"],
        tools=info["tools"],
        new_stage=info["new_stage"],
        stage=info["stage"],
    )


def test_a_gymnasium_episode_scores_as_the_inspect_task(
    inspect_scores: dict[str, dict[tuple[str, int], float]],
) -> None:
    env = gym.make(gymnasium_env.ENV_ID, task="entity_stream", tier="lite")
    for policy, expected in inspect_scores.items():
        for (template, seed), composite in expected.items():
            text, info = env.reset(seed=seed, options={"template": template})
            episode = info["episode"]
            total, done = 0.0, False
            while not done:
                action = scripted_action(policy, _observation(text, info), episode)
                text, reward, terminated, truncated, info = env.step(action)
                total += float(reward)
                done = terminated or truncated
            assert total == composite
            assert info["score"]["composite"] == composite
    assert isinstance(env.unwrapped.render(), str)
    env.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def openenv_server() -> Iterator[str]:
    """OpenEnv's own server for the environment, on loopback."""
    import uvicorn
    from openenv.core.env_server import create_fastapi_app

    from inspect_memgym.environments.openenv_env import (
        MemoryAction,
        MemoryObservation,
        MemoryOpenEnv,
    )

    app = create_fastapi_app(
        lambda: MemoryOpenEnv(task="entity_stream", tier="lite"),
        MemoryAction,
        MemoryObservation,
        max_concurrent_envs=4,
    )
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def test_an_openenv_episode_over_websocket_scores_as_the_inspect_task(
    openenv_server: str, inspect_scores: dict[str, dict[tuple[str, int], float]]
) -> None:
    from openenv.core import GenericEnvClient

    with GenericEnvClient(base_url=openenv_server).sync() as client:
        for (template, seed), composite in inspect_scores["perfect"].items():
            result = client.reset(seed=seed, template=template)
            observation = result.observation
            episode = {"template": template, "tier": "lite", "seed": seed}
            total = 0.0
            while not result.done:
                action = scripted_action(
                    "perfect", _observation(observation["text"], observation), episode
                )
                result = client.step(
                    {"tool_calls": action["tool_calls"], "content": action["content"]}
                    if action["tool_calls"]
                    else {"reply": action["content"]}
                )
                observation = result.observation
                total += float(result.reward or 0.0)
            assert total == composite
            assert observation["score"]["composite"] == composite


def test_the_openenv_environment_in_process() -> None:
    from inspect_memgym.environments.openenv_env import MemoryAction, MemoryOpenEnv

    env = MemoryOpenEnv(task="entity_stream", tier="lite")
    first = env.reset(seed=0)
    assert first.new_stage and first.tools and not first.done
    after = env.step(MemoryAction(tool="memory_write", arguments={"content": "Nimbus 139"}))
    assert after.text.startswith("Stored as entry 1.")
    assert env.state.step_count == 1
    env.close()
