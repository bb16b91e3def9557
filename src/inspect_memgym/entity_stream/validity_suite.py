"""entity_stream's validity suite: every scripted policy and cheater on a grid of scenarios.

Registered for ``inspect-memgym validate --task entity_stream`` (the default task). It plays
the policy list (`policies.registry`) on tier × templates × seeds and checks the invariants
of `invariants` (`validity.validate`), then the statistical invariants of the questions'
listed names (`visible_features`). With the official grid (no ``--tier``, ``--seeds``,
``--templates`` or ``--policies``) it also plays the switch runs (`validity_switches`) on
their own small grid; ``--runs`` plays only the switch runs it names (and the policies of
``--policies``, if given).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from inspect_memgym.entity_stream import validity as policy_grid
from inspect_memgym.entity_stream.dataset import resolve_templates
from inspect_memgym.entity_stream.policies.registry import POLICIES, get_policy
from inspect_memgym.entity_stream.validity_switches import (
    SWITCH_RUNS,
    SWITCH_SEEDS,
    SWITCH_TIER,
    switch_jobs,
)
from inspect_memgym.entity_stream.visible_features import statistical
from inspect_memgym.entity_stream.world.tiers import get_tier
from inspect_memgym.validity.shards import ShardReport
from inspect_memgym.validity.suite import ValidateOptions, register_suite

DEFAULT_TIER = "standard"
DEFAULT_SEEDS = tuple(range(10))
"""The official grid: standard tier, seeds 0-9, all 10 templates."""


@dataclass(frozen=True)
class EntityStreamSuite:
    """The policy grid of entity_stream (``--tier``, ``--templates``, ``--policies``)."""

    task: str = "entity_stream"

    def validate(self, options: ValidateOptions) -> policy_grid.ValidationReport | ShardReport:
        """Play every chosen policy on the grid and check the invariants.

        Args:
            options: How to run it.

        Raises:
            ValueError: For an unknown tier, template, policy or switch run.
        """
        tier = options.tier or DEFAULT_TIER
        get_tier(tier)
        templates = resolve_templates(options.templates)
        policies = _chosen_policies(options)
        for policy in policies:
            get_policy(policy)
        seeds = list(options.seeds or DEFAULT_SEEDS)
        switches = switch_jobs(chosen_switch_runs(options), resolve_templates(None))
        if not options.merge:
            print(
                f"validating {len(policies)} policies on {len(templates) * len(seeds)} "
                f"{tier} samples each in {options.workers} processes" + _switch_note(len(switches)),
                file=sys.stderr,
                flush=True,
            )
        report = policy_grid.validate(
            policies,
            tier,
            seeds,
            templates,
            options.log_dir,
            options.max_samples,
            options.display,
            options.workers,
            shard=options.shard,
            merge=options.merge,
            switches=switches,
        )
        if isinstance(report, policy_grid.ValidationReport):
            report.verdicts.extend(statistical(options.instances))
        return report


def _chosen_policies(options: ValidateOptions) -> list[str]:
    """The grid's policies: those of ``--policies``, else all (none when ``--runs`` names runs)."""
    if options.policies is None:
        return [] if options.runs else list(POLICIES)
    return list(POLICIES) if options.policies == "all" else options.policies.split(",")


def chosen_switch_runs(options: ValidateOptions) -> list[str]:
    """The switch runs to play: those ``--runs`` names, else all with the official grid.

    Args:
        options: How the suite runs.
    """
    if options.runs:
        return list(options.runs)
    official = (options.tier, options.seeds, options.templates, options.policies) == (None,) * 4
    return list(SWITCH_RUNS) if official else []


def _switch_note(runs: int) -> str:
    """What the progress line says of the switch runs ("" when none plays)."""
    if not runs:
        return ""
    samples = len(resolve_templates(None)) * len(SWITCH_SEEDS)
    return f", and {runs} switch runs on {samples} {SWITCH_TIER} samples each"


register_suite(EntityStreamSuite())
