"""Every benchmark's training world, registered: the entry point for trainers.

``from inspect_memgym.environments import MemoryEnv`` gives an environment over any task
listed by `world_names`; nothing here imports Inspect (`inspect_memgym.training`). The
trainers' interfaces are beside it: `gymnasium_env` (``gymnasium.Env``) and `openenv_env`
(OpenEnv's ``Environment``), each an optional extra.
"""

# ruff: noqa: F401

from inspect_memgym.conversation import environment as conversation_environment
from inspect_memgym.entity_stream import environment as entity_stream_environment
from inspect_memgym.procedures import environment as procedures_environment
from inspect_memgym.training.environment import REWARD_MODES, MemoryEnv, Observation
from inspect_memgym.training.registry import world_names

__all__ = ["REWARD_MODES", "MemoryEnv", "Observation", "world_names"]
