"""The official entity_stream protocol, pinned: standard tier, seeds 0-9, all 10 templates.

Run it with ``inspect eval tasks/official.py --model <model>`` (100 samples). Report the
mean and standard error of the composite and every axis, overall and per template.
"""

from inspect_ai import Task, task

from inspect_memgym.tasks.entity_stream import entity_stream

OFFICIAL_TIER = "standard"
OFFICIAL_SEEDS = list(range(10))


@task
def entity_stream_official() -> Task:
    """entity_stream under the official protocol (100 samples, default backend and rules)."""
    return entity_stream(tier=OFFICIAL_TIER, seeds=OFFICIAL_SEEDS, templates=None)
