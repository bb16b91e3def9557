"""The session-wide policy grid (the ``lite_grid`` fixture in conftest.py): what it runs."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from inspect_ai import eval as inspect_eval
from inspect_ai import task_with
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.invariants import MEMORYLESS
from inspect_memgym.entity_stream.task import entity_stream

LITE_GRID_TIER = "lite"
LITE_GRID_SEEDS = (0,)
LITE_GRID_TEMPLATES = ("company", "city", "hospital", "movie", "agentteam")
"""Half the templates, at half the CPU of all ten. On the lite tier, seed 0, every invariant
holds on every five of the ten; on these five each comparison keeps a margin of at least
0.05, and template_expert storing only 30% (a break of `benchmarks/break_invariants.py`)
falls below strategic by 0.13 (by 0.05 on all ten; on some other fives it would pass).
Each template's own questions are answered by the perfect policy in
``tests/entity_stream/test_policies.py`` (every template, standard tier); ``inspect-memgym
validate`` checks the invariants on all of them."""


@dataclass(frozen=True)
class PolicyGrid:
    """Every registered policy's eval log on one grid, all in one log dir."""

    log_dir: Path
    logs: dict[str, EvalLog]
    tier: str
    seeds: tuple[int, ...]
    templates: tuple[str, ...]


ISOLATED_POLICIES = frozenset({"perfect", "strategic", "naive", *MEMORYLESS})
"""The policies whose no-memory pass the grid plays: those whose ``no_memory`` or
``memory_delta`` an invariant reads (perfect's delta is most of its composite; the
memoryless policies' delta is near 0), and the reference policies whose whole score
``tests/entity_stream/test_entity_stream_memgym.py`` checks. The others (the cheaters,
random, priority, template_expert) play with ``memory_isolation=false``: the grid and its
checks took 0.91 of the CPU (benchmarks/RESULTS.md); ``inspect-memgym validate`` plays the
pass for every policy."""


def run_policy_logs(
    policies: list[str], tier: str, seeds: list[int], templates: list[str], log_dir: str
) -> dict[str, EvalLog]:
    """Evaluate each policy on the same grid in one ``eval`` call; one log per policy."""
    tasks = [
        task_with(
            entity_stream(
                tier=tier,
                seeds=seeds,
                templates=templates,
                memory_isolation=policy in ISOLATED_POLICIES,
            ),
            model=f"memgym/{policy}",
        )
        for policy in policies
    ]
    logs = inspect_eval(
        tasks,
        log_dir=log_dir,
        max_samples=8,
        max_tasks=len(policies),
        display="none",
        log_realtime=False,
        score_display=False,
    )
    by_model = {log.eval.model: log for log in logs}
    return {policy: by_model[f"memgym/{policy}"] for policy in policies}
