"""The entity_stream training world against the Inspect task: the same scores, seed by seed."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from inspect_memgym.entity_stream.policies.env_play import scripted_action
from inspect_memgym.entity_stream.task import TASK_VERSION
from inspect_memgym.environments import MemoryEnv
from inspect_memgym.training import environment as environment_module
from training_episodes import inspect_composites, play

SEEDS = (0, 1)
"""Two seeds of all ten templates: 20 episodes."""


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["perfect", "strategic", "guesser"])
def test_return_equals_the_inspect_score_for_20_episodes(policy: str) -> None:
    expected = inspect_composites(policy, SEEDS)
    assert len(expected) == 20
    env = MemoryEnv("entity_stream", tier="lite")
    for (template, seed), composite in expected.items():
        episode = play(env, policy, scripted_action, seed, template=template)
        assert episode.total == composite, (template, seed)
        assert episode.score["composite"] == composite
    if policy == "perfect":
        assert all(value == pytest.approx(1.0) for value in expected.values())
    if policy == "guesser":
        assert max(expected.values()) <= 0.05


def test_return_equals_the_inspect_score_for_a_few_episodes() -> None:
    """The quick version of the 20-episode check above, in the default run."""
    env = MemoryEnv("entity_stream", tier="lite")
    for policy in ("perfect", "naive"):
        expected = inspect_composites(policy, (2,), templates="company,hospital,city")
        for (template, seed), composite in expected.items():
            assert play(env, policy, scripted_action, seed, template=template).total == composite


def test_shaped_and_binary_rewards_keep_their_invariants() -> None:
    env_shaped = MemoryEnv("entity_stream", reward="shaped", tier="lite")
    env_binary = MemoryEnv("entity_stream", reward="binary", tier="lite")
    env_score = MemoryEnv("entity_stream", tier="lite")
    for seed in range(4):
        totals = {}
        for policy in ("perfect", "strategic", "naive", "guesser", "abstainer"):
            shaped = play(env_shaped, policy, scripted_action, seed)
            score = play(env_score, policy, scripted_action, seed)
            binary = play(env_binary, policy, scripted_action, seed)
            # shaped pays the same return as the score, spread over the stages
            assert shaped.total == pytest.approx(score.total, abs=1e-9)
            assert sum(reward > 0 for reward in shaped.rewards) >= 1 or score.total == 0
            assert binary.total == sum(
                1 for reward in binary.rewards if reward == 1.0
            )  # +1 per right answer
            totals[policy] = shaped.total
        assert totals["perfect"] == pytest.approx(1.0)
        assert totals["perfect"] >= max(totals.values())
        assert totals["guesser"] <= 0.05 and totals["abstainer"] <= 0.05
        assert play(env_binary, "abstainer", scripted_action, seed).total == 0


@pytest.mark.parametrize("policy", ["name_dumper", "hedger", "judge_baiter", "smart_guesser"])
def test_the_adversaries_earn_nothing_under_any_reward(policy: str) -> None:
    """The suite's answer-gaming and memoryless adversaries, under every reward mode."""
    for reward in ("score", "shaped", "binary"):
        env = MemoryEnv("entity_stream", reward=reward, tier="lite")
        for seed in range(3):
            episode = play(env, policy, scripted_action, seed)
            honest = play(env, "perfect", scripted_action, seed)
            assert episode.total <= 0.05 * honest.total + 1e-9, (policy, reward, seed)


def test_the_over_writer_never_spends_beyond_the_budget() -> None:
    env = MemoryEnv("entity_stream", tier="lite")
    for seed in range(3):
        play(env, "over_writer", scripted_action, seed)
        world = env._world
        assert world is not None
        budget = world.budget  # type: ignore[attr-defined]
        refused = [record for record in budget.operations if not record["ok"]]
        assert budget.writes_used <= budget.write_budget
        assert refused, "the over-writer's excess attempts must be refused"


def test_same_seed_same_episode() -> None:
    env = MemoryEnv("entity_stream", tier="lite")
    first = env.reset(seed=3)
    again = MemoryEnv("entity_stream", tier="lite").reset(seed=3)
    other = env.reset(seed=4)
    assert first == again
    assert first.text != other.text


def test_refusals_and_bad_arguments_are_the_inspect_tools() -> None:
    env = MemoryEnv("entity_stream", tier="lite", write_budget=1)
    env.reset(seed=0)
    observation, *_ = env.step({"tool": "memory_write", "arguments": {"content": "a"}})
    assert observation.text == "Stored as entry 1. 0 of 1 writes left."
    observation, *_ = env.step({"tool": "memory_write", "arguments": {"content": "b"}})
    assert observation.text == "Write budget exhausted; nothing stored. 0 of 1 writes left."
    observation, *_ = env.step({"tool": "memory_search", "arguments": {"query": "a", "top_k": "2"}})
    assert observation.text.startswith('1 results for "a"')
    observation, *_ = env.step({"tool": "memory_write", "arguments": {}})
    assert "missing required argument(s) content" in observation.text
    observation, *_ = env.step({"tool": "memory_delete", "arguments": {"old_text": "a"}})
    assert "not found" in observation.text
    observation, *_ = env.step({"tool": "memory_read", "arguments": "{not json"})
    assert "not valid JSON" in observation.text


def test_a_question_left_without_submit_answer_is_graded_on_its_last_text() -> None:
    env = MemoryEnv("entity_stream", reward="binary", tier="lite")
    observation = env.reset(seed=0)
    while observation.stage["kind"] != "question":
        observation, *_ = env.step({"reply": "DONE"})
    qid = observation.stage["qid"]
    observation, reward, *_ = env.step({"content": "I don't know", "tool_calls": []})
    assert reward == 0.0 and observation.new_stage
    answers = env._world.answers  # type: ignore[union-attr]
    assert answers[qid]["answer"] == "I don't know" and not answers[qid]["submitted"]


def test_the_turn_limit_and_a_repeated_call_end_a_stage() -> None:
    env = MemoryEnv("entity_stream", tier="lite", max_turns=2)
    env.reset(seed=0)
    _, _, _, _, info = env.step({"tool": "memory_read", "arguments": {}})
    assert "stage_end" not in info
    _, _, _, _, info = env.step({"tool": "memory_read", "arguments": {}})
    assert info["stage_end"]["stop"] == "repeated_call"
    _, _, _, _, info = env.step({"tool": "memory_write", "arguments": {"content": "x"}})
    _, _, _, _, info = env.step({"tool": "memory_write", "arguments": {"content": "y"}})
    assert info["stage_end"]["stop"] == "turn_limit"


def test_bad_input_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="No training environment for task 'nope'"):
        MemoryEnv("nope").reset()
    with pytest.raises(ValueError, match="reward must be one of"):
        MemoryEnv("entity_stream", reward="dense")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"unknown tier .huge."):
        MemoryEnv("entity_stream", tier="huge").reset()
    with pytest.raises(RuntimeError, match="call reset"):
        MemoryEnv("entity_stream").step({"reply": "x"})


def test_the_world_plays_the_task_version() -> None:
    from inspect_memgym.entity_stream.environment import TASK_VERSION as WORLD_VERSION

    assert WORLD_VERSION == TASK_VERSION
    assert MemoryEnv("entity_stream", tier="lite").reset(seed=0) is not None


def test_the_environment_imports_no_inspect() -> None:
    code = (
        "import sys\n"
        "from inspect_memgym.environments import MemoryEnv\n"
        "env = MemoryEnv('entity_stream', tier='lite', memory={'backend': 'markdown'})\n"
        "env.reset(seed=0)\n"
        "env.step({'tool': 'memory_write', 'arguments': {'content': 'x'}})\n"
        "assert 'inspect_ai' not in sys.modules, 'inspect_ai imported'\n"
        "assert 'chromadb' not in sys.modules, 'chromadb imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert not math.isnan(len(environment_module.REWARD_MODES))
