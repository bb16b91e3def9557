"""Draw the history-only details of one task: who reported what, when, and with which numbers.

Numbers that a fact and its distractor both carry are drawn so that neither one's digits
contain the other's: an answer holding one can then never be read as holding the other.
Each such pair is drawn from one range and one shape (two worker hosts, two hex commits, two
budgets in one range; two options of one design topic), so nothing about a value's size,
length or form tells the fact's from the distractor's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from inspect_memgym.code_qa.world.history_vocabulary import (
    CONTEXT_LINES,
    CUSTOMERS,
    DESIGN_TOPICS,
    FINDINGS,
    HTTP_STATUSES,
    LOG_NOISE,
    PEOPLE,
    REQUIREMENTS,
    SYMPTOM_VERBS,
    TEAMS,
    TICKET_PREFIXES,
    TIMEZONES,
    DesignChoice,
    DesignTopic,
)
from inspect_memgym.kit.rng import integer_between, pick

HEX_DIGITS = "0123456789abcdef"
LATENCY_MS = (120, 990)
"""Range of the p95 budget and of the retired one: one range, so neither stands out by size."""


@dataclass(frozen=True)
class HistoryDetails:
    """Everything about a task that only its history records.

    Attributes are grouped by the fact (or distractor) that uses them; see
    ``world.fact_recipes`` for the sentences they go into.
    """

    customer: str
    other_customer: str
    reporter: str
    reviewers: tuple[str, str]
    ticket: str
    other_ticket: str
    third_ticket: str
    pull_request: int
    plan_date: str
    """Dates, in calendar order from here to ``debug_date``."""
    decision_date: str
    retired_date: str
    since_date: str
    report_date: str
    debug_date: str
    context_line: str
    requirement: str
    other_requirement: str
    acceptance_count: int
    other_acceptance_count: int
    symptom_verb: str
    symptom_lost: int
    symptom_total: int
    other_symptom_lost: int
    other_symptom_total: int
    timezone: str
    other_timezone: str
    repro_count: int
    ruled_out_count: int
    commit: str
    dead_end_commit: str
    finding: str
    other_finding: str
    request_id: str
    staging_request_id: str
    host: str
    staging_host: str
    status: int
    sandbox_status: int
    retry_seconds: int
    sandbox_retry_seconds: int
    team: str
    other_team: str
    latency_ms: int
    retired_latency_ms: int
    design: DesignChoice
    log_noise: tuple[str, ...]


def _apart(value: int, others: list[int]) -> bool:
    return all(str(value) not in str(other) and str(other) not in str(value) for other in others)


def distinct_number(rng: random.Random, low: int, high: int, others: list[int]) -> int:
    """A number in ``[low, high]`` whose digits neither contain nor sit inside any other's.

    Args:
        rng: Seeded RNG.
        low: Smallest value.
        high: Largest value.
        others: Numbers to keep apart from (the result is appended).
    """
    while True:
        value = integer_between(rng, low, high)
        if _apart(value, others):
            others.append(value)
            return value


def _hex_id(rng: random.Random, length: int) -> str:
    """A lower-case hex id that starts with a digit and holds at least two digits."""
    while True:
        text = str(integer_between(rng, 1, 9)) + "".join(
            pick(rng, HEX_DIGITS) for _ in range(length - 1)
        )
        if sum(character.isdigit() for character in text) >= 2 and any(
            character.isalpha() for character in text
        ):
            return text


def _dates(rng: random.Random, count: int) -> tuple[str, ...]:
    days = sorted(rng.sample(range(1, 300), count))
    month_lengths = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31)
    dates = []
    for day in days:
        month = 0
        while day > month_lengths[month]:
            day -= month_lengths[month]
            month += 1
        dates.append(f"2026-{month + 1:02d}-{day:02d}")
    return tuple(dates)


def draw_history_details(rng: random.Random, domain_name: str) -> HistoryDetails:
    """Draw the history-only details of one task.

    Args:
        rng: The story stream.
        domain_name: The task's service (names its hosts).
    """
    customer, other_customer = rng.sample(CUSTOMERS, 2)
    reporter, reviewer_a, reviewer_b = rng.sample(PEOPLE, 3)
    prefix = pick(rng, TICKET_PREFIXES)
    ticket_numbers = rng.sample(range(1000, 9999), 3)
    counts: list[int] = []
    losses: list[int] = []
    latencies: list[int] = []
    statuses = rng.sample(HTTP_STATUSES, 2)
    hosts = rng.sample(range(10, 100), 2)
    topic: DesignTopic = pick(rng, DESIGN_TOPICS)
    chosen, rejected = rng.sample(topic.options, 2)
    timezone, other_timezone = rng.sample(TIMEZONES, 2)
    finding, other_finding = rng.sample(FINDINGS, 2)
    team, other_team = rng.sample(TEAMS, 2)
    requirement, other_requirement = rng.sample(REQUIREMENTS, 2)
    seconds: list[int] = []
    dates = _dates(rng, 6)
    return HistoryDetails(
        customer=customer,
        other_customer=other_customer,
        reporter=reporter,
        reviewers=(reviewer_a, reviewer_b),
        ticket=f"{prefix}-{ticket_numbers[0]}",
        other_ticket=f"{prefix}-{ticket_numbers[1]}",
        third_ticket=f"{prefix}-{ticket_numbers[2]}",
        pull_request=integer_between(rng, 300, 4800),
        plan_date=dates[0],
        decision_date=dates[1],
        retired_date=dates[2],
        since_date=dates[3],
        report_date=dates[4],
        debug_date=dates[5],
        context_line=pick(rng, CONTEXT_LINES),
        requirement=requirement,
        other_requirement=other_requirement,
        acceptance_count=distinct_number(rng, 1100, 9900, counts),
        other_acceptance_count=distinct_number(rng, 1100, 9900, counts),
        symptom_verb=pick(rng, SYMPTOM_VERBS),
        symptom_lost=distinct_number(rng, 11, 97, losses),
        symptom_total=distinct_number(rng, 1200, 9800, losses),
        other_symptom_lost=distinct_number(rng, 11, 97, losses),
        other_symptom_total=distinct_number(rng, 1200, 9800, losses),
        timezone=timezone,
        other_timezone=other_timezone,
        repro_count=distinct_number(rng, 210, 980, counts),
        ruled_out_count=distinct_number(rng, 210, 980, counts),
        commit=_hex_id(rng, 7),
        dead_end_commit=_hex_id(rng, 7),
        finding=finding,
        other_finding=other_finding,
        request_id=f"rq-{_hex_id(rng, 6)}",
        staging_request_id=f"rq-{_hex_id(rng, 6)}",
        host=f"{domain_name}-worker-{hosts[0]}",
        staging_host=f"{domain_name}-worker-{hosts[1]}",
        status=statuses[0],
        sandbox_status=statuses[1],
        retry_seconds=distinct_number(rng, 12, 95, seconds),
        sandbox_retry_seconds=distinct_number(rng, 12, 95, seconds),
        team=team,
        other_team=other_team,
        latency_ms=distinct_number(rng, LATENCY_MS[0], LATENCY_MS[1], latencies),
        retired_latency_ms=distinct_number(rng, LATENCY_MS[0], LATENCY_MS[1], latencies),
        design=DesignChoice(topic.topic, chosen, rejected),
        log_noise=tuple(rng.sample(LOG_NOISE, 3)),
    )
