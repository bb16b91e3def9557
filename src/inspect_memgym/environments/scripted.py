"""Scripted reference policies played in the training environments, and their records.

Every world's scripted player (the ``memgym/<policy>`` policies, which read the same public
state the Inspect provider gives them), and `scripted_records`: chat fine-tuning records
straight from episodes, with no eval log in between. The players import Inspect (the
policies are written against its message types); the environment does not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

from inspect_memgym.kit.output_files import complete_output_file
from inspect_memgym.training.environment import MemoryEnv, Observation
from inspect_memgym.training.episode_records import stage_record

Player = Callable[[str, Observation, dict[str, Any]], Any]
"""Chooses a policy's next action: (policy name, observation, episode) -> action."""


def scripted_player(task: str) -> Player:
    """The scripted player of a task's world.

    Args:
        task: A task with a training world.

    Raises:
        ValueError: For a task without a scripted player.
    """
    if task == "entity_stream":
        from inspect_memgym.entity_stream.policies.env_play import scripted_action

        return scripted_action
    if task == "conversation":
        from inspect_memgym.conversation.policy_env_play import (
            scripted_action as conversation_action,
        )

        return conversation_action
    raise ValueError(f"no scripted player for task {task!r}; known: conversation, entity_stream")


def scripted_records(
    task: str,
    policy: str,
    seeds: Sequence[int],
    min_score: float | None = None,
    **options: Any,
) -> Iterator[dict[str, Any]]:
    """Play one episode per seed with a scripted policy; yield each stage's record.

    An episode's records are yielded once it has ended, with its headline score in their
    metadata, and only when that score is at least ``min_score``.

    Args:
        task: A task with a training world.
        policy: One of the task's ``memgym`` policies.
        seeds: The episodes' seeds.
        min_score: Keep episodes scoring at least this (None: all).
        **options: The task's options (``tier``, ``template``...).
    """
    player = scripted_player(task)
    env = MemoryEnv(task, **options)
    for seed in seeds:
        observation = env.reset(seed=seed)
        episode = env.describe()
        stages: list[tuple[dict[str, Any], dict[str, Any]]] = []
        while True:
            action = player(policy, observation, episode)
            observation, _, terminated, truncated, info = env.step(action)
            if "stage_end" in info:
                stages.append((info["stage"], info["stage_end"]))
            if terminated or truncated:
                break
        env.close()
        world_headline = float(info["headline"])
        if min_score is not None and world_headline < min_score:
            continue
        for stage, end in stages:
            metadata = {
                "task": f"inspect_memgym/{episode['task']}",
                "task_version": episode["version"],
                **{key: value for key, value in episode.items() if key not in ("task", "version")},
                "source": "environment",
                "policy": f"memgym/{policy}",
                "stage": stage,
                "stop": end["stop"],
                "score": world_headline,
            }
            record = stage_record(end["messages"], end["tools"], metadata)
            if record is not None:
                yield record


def run_scripted_trajectories(args: argparse.Namespace) -> int:
    """``trajectories --env``: write the records of scripted episodes, then a summary line.

    Args:
        args: The parsed ``inspect-memgym trajectories`` arguments.

    Raises:
        ValueError: For a bad argument or an output that cannot be written.
    """
    if args.seeds < 1:
        raise ValueError(f"--seeds must be at least 1, got {args.seeds}")
    options = {} if args.tier is None else {"tier": args.tier}
    records = scripted_records(
        args.env, args.policy, range(args.seeds), min_score=args.min_score, **options
    )
    if args.output == "-":
        written = _write_records(records, sys.stdout)
    else:
        with complete_output_file(args.output) as output:
            written = _write_records(records, output)
    where = "" if args.output == "-" else f"{args.output}: "
    print(
        f"{where}{written} records from {args.seeds} {args.env} episodes of memgym/{args.policy}",
        file=sys.stderr,
    )
    return 0


def _write_records(records: Iterable[dict[str, Any]], output: TextIO) -> int:
    """Write records as JSON lines; returns how many."""
    written = 0
    for record in records:
        output.write(json.dumps(record) + "\n")
        written += 1
    return written
