"""Generate a procedures world from a template, a tier and a seed (deterministic).

A world has customers with a tier, one record per case (amounts and tiers drawn
independently of the rules, so no visible field hints at a rule's parameter), the hidden
rules (`rules.draw_rules`), the train episodes (one failure per rule kind, a recovery and
successes) and the held-out test tasks. Every test task needs at least the note
convention, which only the episodes show.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from inspect_memgym.kit.named import lookup
from inspect_memgym.kit.rng import pick, seeded_stream
from inspect_memgym.procedures.world.domains import DOMAINS, Domain
from inspect_memgym.procedures.world.episodes import RECOVERY, SUCCESS, Episode, play_episode
from inspect_memgym.procedures.world.model import TIERS, Customer, Record, WorldState, money
from inspect_memgym.procedures.world.rules import RULE_KINDS, Rules, draw_rules, lessons

PROCEDURES_GENERATOR_VERSION = 1
"""Bumped whenever the same template, tier and seed would give a different world."""
FIRST_NAMES = (
    "Ada", "Bruno", "Chiara", "Dev", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas",
    "Kemi", "Lena", "Mateo", "Nora", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tala",
)  # fmt: skip
LAST_NAMES = (
    "Abara", "Berg", "Castro", "Dahl", "Esposito", "Fischer", "Garcia", "Haddad", "Ito",
    "Jensen", "Kowalski", "Lund", "Moreau", "Novak", "Okafor", "Petrov", "Quinn", "Rossi",
)  # fmt: skip
MIN_AMOUNT = 4_000
MAX_AMOUNT = 40_000
"""Amounts paid are drawn uniformly in cents between these (independent of the rules)."""
SUCCESS_EPISODES = 2
GOAL = (
    "Customer {name} ({customer}) writes that {complaint} and asks for a {remedy} for "
    "{record_noun} {record} (amount paid {amount}). Resolve the case by the house "
    "procedures: issue the {remedy} due, set the reference note, and close the case."
)
"""A case's goal; it names the record and its customer and says nothing of the rules."""


@dataclass(frozen=True)
class ProceduresTier:
    """How big a world is.

    Attributes:
        name: Tier name.
        test_tasks: Held-out test tasks per world.
        default_seeds: Worlds when ``seeds`` is not given.
    """

    name: str
    test_tasks: int
    default_seeds: int


TIER_LIST = (
    ProceduresTier("smoke", 2, 1),
    ProceduresTier("lite", 3, 2),
    ProceduresTier("standard", 6, 10),
)
PROCEDURES_TIERS = {tier.name: tier for tier in TIER_LIST}


def get_procedures_tier(name: str) -> ProceduresTier:
    """The tier of that name.

    Args:
        name: Tier name.

    Raises:
        ValueError: For an unknown tier.
    """
    return lookup(PROCEDURES_TIERS, name, "tier")


@dataclass(frozen=True)
class TestTask:
    """One held-out test task.

    Attributes:
        task_id: Id (``T2``).
        record_id: The record to resolve.
        goal: The goal text (the prompt's task part).
    """

    task_id: str
    record_id: str
    goal: str


@dataclass(frozen=True)
class ProceduresWorld:
    """One generated world.

    Attributes:
        template: Domain name.
        tier: Tier name.
        seed: Seed.
        rules: The hidden rules.
        state: The initial state (every test task starts from a fresh copy).
        episodes: The train episodes, in the order the strategy takes them in.
        tests: The test tasks.
    """

    template: str
    tier: str
    seed: int
    rules: Rules
    state: WorldState
    episodes: tuple[Episode, ...]
    tests: tuple[TestTask, ...]

    @property
    def world_id(self) -> str:
        """``<template>-<tier>-<seed>``."""
        return f"{self.template}-{self.tier}-{self.seed}"

    @property
    def domain(self) -> Domain:
        """The world's domain."""
        return DOMAINS[self.template]

    def test(self, task_id: str) -> TestTask:
        """The test task of that id.

        Args:
            task_id: The id.
        """
        return next(task for task in self.tests if task.task_id == task_id)

    def case(self, task: TestTask) -> tuple[Record, Customer]:
        """The test task's record and its customer, as their lookups show them.

        Args:
            task: One of the world's test tasks.
        """
        record = self.state.record(task.record_id)
        assert record is not None
        customer = self.state.customer(record.customer_id)
        assert customer is not None
        return record, customer

    def lessons(self) -> dict[str, str]:
        """The lesson of every rule kind, as the episodes state it."""
        return lessons(self.rules, self.domain.remedy_tool)

    def to_dict(self) -> dict[str, Any]:
        """As plain data (for byte comparisons and the log)."""
        return {
            "world_id": self.world_id,
            "rules": self.rules.to_dict(),
            "state": self.state.to_dict(),
            "episodes": [episode.text() for episode in self.episodes],
            "tests": [asdict(task) for task in self.tests],
        }


def _stream(template: str, tier: str, seed: int, *parts: object) -> random.Random:
    return seeded_stream(
        "procedures", f"v{PROCEDURES_GENERATOR_VERSION}", template, tier, seed, *parts
    )


def generate_world(
    template: str, tier_name: str, seed: int, rules: Rules | None = None
) -> ProceduresWorld:
    """The world of one template, tier and seed.

    Args:
        template: A domain name (`domains.DOMAINS`).
        tier_name: A tier name.
        seed: Non-negative seed.
        rules: Rules to use instead of the seed's (the invariants' counterfactual: the
            state, goals and descriptions must not change with them).

    Raises:
        ValueError: For an unknown template or tier.
    """
    domain = lookup(DOMAINS, template, "template")
    tier = get_procedures_tier(tier_name)
    if rules is None:
        rules = draw_rules(_stream(template, tier.name, seed, "rules"))
    episode_kinds = [*RULE_KINDS, RECOVERY, *[SUCCESS] * SUCCESS_EPISODES]
    cases = len(episode_kinds) + tier.test_tasks
    state = _state(_stream(template, tier.name, seed, "state"), domain, cases)
    goals = [_goal(state, record, domain) for record in state.records]
    episode_order = _stream(template, tier.name, seed, "episodes")
    episode_order.shuffle(episode_kinds)
    episodes = tuple(
        play_episode(
            f"E{number}",
            kind,
            goals[number - 1],
            state,
            state.records[number - 1],
            _customer_of(state, state.records[number - 1]),
            rules,
            domain,
        )
        for number, kind in enumerate(episode_kinds, start=1)
    )
    tests = tuple(
        TestTask(f"T{number}", record.record_id, goals[len(episode_kinds) + number - 1])
        for number, record in enumerate(state.records[len(episode_kinds) :], start=1)
    )
    return ProceduresWorld(template, tier.name, seed, rules, state, episodes, tests)


def _state(rng: random.Random, domain: Domain, cases: int) -> WorldState:
    """Customers (one per case, names unique) and one open record per case."""
    names = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    chosen = rng.sample(names, cases)
    customers = tuple(
        Customer(f"C{101 + index}", name, pick(rng, TIERS)) for index, name in enumerate(chosen)
    )
    records = tuple(
        Record(
            f"{domain.record_prefix}{1001 + index}",
            customer.customer_id,
            rng.randint(MIN_AMOUNT, MAX_AMOUNT),
        )
        for index, customer in enumerate(customers)
    )
    return WorldState(customers, records)


def _customer_of(state: WorldState, record: Record) -> Customer:
    customer = state.customer(record.customer_id)
    assert customer is not None
    return customer


def _goal(state: WorldState, record: Record, domain: Domain) -> str:
    customer = _customer_of(state, record)
    return GOAL.format(
        name=customer.name,
        customer=customer.customer_id,
        complaint=domain.complaint,
        remedy=domain.remedy,
        record_noun=domain.record,
        record=record.record_id,
        amount=money(record.amount),
    )
