"""The episode and run options a sample's metadata holds (`FeedbackSpec`).

The episode is a generated world or one dataset's records, played under `RunOptions`. The
driver, the scorer and the scripted policies read them through `FeedbackSpec`. Parsed
episodes are cached by id: the scripted policies look the episode up on every model call.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.records_episode import RecordsEpisode
from inspect_memgym.feedback.world.model import FeedbackWorld
from inspect_memgym.feedback.world.simulator import FeedbackMode
from inspect_memgym.feedback.world_episode import WorldEpisode
from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.kit.sample_spec import SampleSpec

WORLD_KEY = "world"
"""Sample metadata key holding a generated world (`FeedbackWorld.to_dict`)."""
CACHED_EPISODES = 64
"""Episodes kept: a run plays few worlds at once; a world's episode is reused by every
model call of its samples (each world is parsed from a dict of its requests)."""
_cache = BoundedCache[Episode](CACHED_EPISODES)

OPTIONS_KEY = "feedback_options"
"""Sample metadata key holding the run options (`RunOptions.to_dict`)."""


@dataclass(frozen=True)
class RunOptions:
    """How one sample is played.

    Attributes:
        protocol: ``off_policy``, ``stepwise`` or ``on_policy``.
        feedback: ``verbal``, ``implicit`` or ``both``.
        max_rounds: Replies per dialogue.
        batch_size: Dialogues per step (stepwise, on_policy).
        steps: Steps (on_policy).
        memory_isolation: Also answer the test split with no memory.
    """

    protocol: str
    feedback: FeedbackMode
    max_rounds: int
    batch_size: int
    steps: int
    memory_isolation: bool = True

    def to_dict(self) -> dict[str, Any]:
        """As plain data for the sample's metadata."""
        return dict(self.__dict__)


class FeedbackSpec(SampleSpec):
    """What a feedback sample's metadata says (field names are its metadata keys).

    Attributes:
        world: A generated world (`FeedbackWorld.to_dict`), or None.
        memorybench_records: One dataset's records (`records_payload`), or None.
        feedback_options: The run options (None only in a policy's view of a bare sample).
    """

    world: dict[str, Any] | None = None
    memorybench_records: dict[str, Any] | None = None
    feedback_options: RunOptions | None = None

    def run_options(self) -> RunOptions:
        """The run options the driver plays.

        Raises:
            ValueError: If the sample has none.
        """
        if self.feedback_options is None:
            raise ValueError(f"this feedback sample has no {OPTIONS_KEY}")
        return self.feedback_options


def episode_of(spec: FeedbackSpec) -> Episode:
    """The sample's episode.

    Args:
        spec: The sample's spec.

    Raises:
        RuntimeError: If the sample holds neither a world nor records.
    """
    if (world := spec.world) is not None:
        key = f"{world['world_id']}/{world['generator_version']}"
        return _cache.get(key, lambda: WorldEpisode(FeedbackWorld.from_dict(world)))
    if (records := spec.memorybench_records) is not None:
        key = f"records/{records['dataset_name']}/{records['digest']}"
        return _cache.get(key, lambda: RecordsEpisode(records))
    raise RuntimeError("this sample holds no feedback world and no MemoryBench records")
