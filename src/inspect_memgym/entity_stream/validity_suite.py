"""entity_stream's validity suite: every scripted policy and cheater on a grid of scenarios.

Registered for ``inspect-memgym validate --task entity_stream`` (the default task). It plays
the policy list (`policies.registry`) on tier × templates × seeds and checks the invariants
of `invariants` (`validity.validate`), then the statistical invariants of the questions'
listed names (`visible_features`).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from inspect_memgym.entity_stream import validity as policy_grid
from inspect_memgym.entity_stream.dataset import resolve_templates
from inspect_memgym.entity_stream.policies.registry import POLICIES, get_policy
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
            ValueError: For an unknown tier, template or policy, or ``--runs``.
        """
        if options.runs:
            raise ValueError("entity_stream's suite chooses policies with --policies, not --runs")
        tier = options.tier or DEFAULT_TIER
        get_tier(tier)
        templates = resolve_templates(options.templates)
        chosen = options.policies or "all"
        policies = list(POLICIES) if chosen == "all" else chosen.split(",")
        for policy in policies:
            get_policy(policy)
        seeds = list(options.seeds or DEFAULT_SEEDS)
        if not options.merge:
            print(
                f"validating {len(policies)} policies on {len(templates) * len(seeds)} "
                f"{tier} samples each in {options.workers} processes",
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
        )
        if isinstance(report, policy_grid.ValidationReport):
            report.verdicts.extend(statistical(options.instances))
        return report


register_suite(EntityStreamSuite())
