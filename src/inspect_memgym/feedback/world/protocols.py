"""The protocols' schedules: which training requests each step covers (pure, seeded).

- ``off_policy``: one step with every training dialogue (played by the reference assistant);
- ``stepwise``: the same dialogues in batches of ``batch_size``, one step per batch;
- ``on_policy``: ``steps`` steps of ``batch_size`` requests served live by the system under
  test. Requests are drawn in a seeded order without repeats until every one has been
  served, then in a new order (MemoryBench draws each step's batch independently; this
  way every request is served as early as possible and the curve's ceiling is reached).

Both off-policy protocols shuffle the dialogues once with the same seeded order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from inspect_memgym.kit.rng import seeded_stream

Protocol = Literal["off_policy", "stepwise", "on_policy"]
PROTOCOLS: tuple[Protocol, ...] = ("off_policy", "stepwise", "on_policy")


def schedule(
    training_ids: Sequence[str],
    protocol: str,
    batch_size: int,
    steps: int,
    stream_name: str,
) -> list[list[str]]:
    """The training requests of every step.

    Args:
        training_ids: Ids of the training requests, in world order.
        protocol: One of `PROTOCOLS`.
        batch_size: Requests per step (stepwise, on_policy).
        steps: Steps (on_policy).
        stream_name: Names the seeded order (e.g. the world id).

    Raises:
        ValueError: For an unknown protocol, a batch size or step count below 1, or no
            training requests.
    """
    if protocol not in PROTOCOLS:
        raise ValueError(f"unknown protocol {protocol!r}; choose one of: {', '.join(PROTOCOLS)}")
    for name, value in (("batch_size", batch_size), ("steps", steps)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    if not training_ids:
        raise ValueError("there are no training requests to learn from")
    rng = seeded_stream("feedback", "schedule", stream_name)
    order = list(training_ids)
    rng.shuffle(order)
    if protocol == "off_policy":
        return [order]
    if protocol == "stepwise":
        return [order[start : start + batch_size] for start in range(0, len(order), batch_size)]
    per_step = min(batch_size, len(order))
    batches: list[list[str]] = []
    queue = list(order)
    for _ in range(steps):
        batch: list[str] = []
        while len(batch) < per_step:
            waiting = [request for request in queue if request not in batch]
            if not waiting:
                queue = list(order)
                rng.shuffle(queue)
                continue
            queue.remove(waiting[0])
            batch.append(waiting[0])
        batches.append(batch)
    return batches
