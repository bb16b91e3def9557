"""The episode a sample's metadata holds: a generated world or one dataset's records.

Parsed episodes are cached by id: the scripted policies look the episode up on every
model call.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.records_episode import RECORDS_KEY, RecordsEpisode
from inspect_memgym.feedback.world.model import FeedbackWorld
from inspect_memgym.feedback.world_episode import WorldEpisode
from inspect_memgym.kit.bounded_cache import BoundedCache

WORLD_KEY = "world"
"""Sample metadata key holding a generated world (`FeedbackWorld.to_dict`)."""
_cache = BoundedCache[Episode](64)


def episode_from_metadata(metadata: dict[str, Any]) -> Episode:
    """The sample's episode.

    Args:
        metadata: The sample's metadata.

    Raises:
        RuntimeError: If the metadata holds neither a world nor records.
    """
    if isinstance(world := metadata.get(WORLD_KEY), dict):
        key = f"{world['world_id']}/{world['generator_version']}"
        return _cache.get(key, lambda: WorldEpisode(FeedbackWorld.from_dict(world)))
    if isinstance(records := metadata.get(RECORDS_KEY), dict):
        key = f"records/{records['dataset_name']}/{records['digest']}"
        return _cache.get(key, lambda: RecordsEpisode(records))
    raise RuntimeError("this sample holds no feedback world and no MemoryBench records")
