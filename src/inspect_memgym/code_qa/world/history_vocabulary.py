"""Words only the task history uses: customers, tickets, timezones, teams, design choices.

Memory-only facts are pinned by tokens drawn from here. Each has a shape the generated
source never has (an ampersand, a slash, a hyphen between lower-case words, a number
followed by a unit, a date, a hex id with digits), which is why none of them can appear in
a repository; the validity checks confirm it for every instance.
"""

from __future__ import annotations

from dataclasses import dataclass

CUSTOMERS: tuple[str, ...] = (
    "Alder & Finch", "Marlow & Pike", "Quill & Harrow", "Tamsin & Reed", "Osprey & Vale",
    "Kestrel & Moss", "Hollis & Grey", "Juniper & Stone", "Wren & Halloway", "Corran & Lisle",
    "Bramble & Oake", "Fenwick & Ash",
)  # fmt: skip
TICKET_PREFIXES: tuple[str, ...] = ("TKT", "CASE", "HELP")
TIMEZONES: tuple[str, ...] = (
    "Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "Australia/Adelaide",
    "Asia/Kolkata", "Australia/Eucla", "Asia/Tehran", "Pacific/Marquesas",
)  # fmt: skip
TEAMS: tuple[str, ...] = (
    "payouts-console", "month-end-close", "partner-api", "risk-review", "support-tools",
    "data-platform", "mobile-checkout", "ops-dashboard",
)  # fmt: skip
PEOPLE: tuple[str, ...] = (
    "Priya Natarajan", "Tomasz Wolski", "Ines Carvalho", "Kofi Mensah", "Mei Tanaka",
    "Rafael Ortega", "Sanna Virtanen", "Dmitri Volkov", "Amara Obi", "Lena Fischer",
)  # fmt: skip
HTTP_STATUSES: tuple[int, ...] = (409, 423, 425, 429, 502, 503)
SYMPTOM_VERBS: tuple[str, ...] = ("drops", "double-counts", "misfiles", "skips")
REQUIREMENTS: tuple[str, ...] = (
    "keep {plural} with an empty `{field}` instead of failing the whole call",
    "process {plural} in exactly the order they arrived",
    "never merge {plural} that belong to different tenants",
    "treat a {noun} stamped on a period boundary as part of the closing period",
)
OTHER_REQUIREMENTS: tuple[str, ...] = (
    "drop duplicate {plural} silently",
    "sort {plural} by size before processing",
    "merge {plural} across tenants when their references match",
)
FINDINGS: tuple[str, ...] = (
    "skip {plural} whose `{field}` is empty",
    "reuse one cached result across tenants",
    "drop the last {noun} of every chunk",
    "compare timestamps in local time instead of UTC",
)
CONTEXT_LINES: tuple[str, ...] = (
    "They noticed it when the month-end totals stopped matching their own records.",
    "Their finance team flagged it during the weekly check.",
    "It showed up first in a customer-facing report, so they want it fixed this week.",
)
LOG_NOISE: tuple[str, ...] = (
    "Re-ran the job locally with verbose logging; nothing new in the output.",
    "Checked the deploy history for the week; nothing else touched this area.",
    "Unit tests for the module pass on main, so the gap is in what they cover.",
    "Asked in the team channel whether anyone saw the same pattern; no answer yet.",
    "Compared the config of two tenants side by side; they match apart from timezone.",
)


@dataclass(frozen=True)
class DesignChoice:
    """A design decision, the plan it replaced, and why.

    Attributes:
        topic: What the decision is about (named in the question).
        choice: The decision, as prose.
        choice_key: Words of the decision an answer must contain.
        rejected: The superseded plan, as prose.
        rejected_key: Words of the superseded plan a misled answer would contain.
        reason: Why, as prose.
        reason_key: Words of the reason an answer must contain.
    """

    topic: str
    choice: str
    choice_key: str
    rejected: str
    rejected_key: str
    reason: str
    reason_key: str


DESIGN_CHOICES: tuple[DesignChoice, ...] = (
    DesignChoice(
        "concurrency", "take a per-tenant lock around each run", "per-tenant lock",
        "one global advisory lock", "global advisory lock",
        "so one slow tenant cannot stall the others", "slow tenant",
    ),
    DesignChoice(
        "retries", "make every write carry an idempotency key", "idempotency key",
        "deduplicating rows after the nightly run", "deduplicating rows after",
        "so a retried request can never double-post", "double-post",
    ),
    DesignChoice(
        "event publishing", "publish changes through an outbox table", "outbox table",
        "publishing events inline from the request", "publishing events inline",
        "so a crash between commit and publish loses nothing", "loses nothing",
    ),
    DesignChoice(
        "deletion", "use soft deletes with a tombstone flag", "tombstone flag",
        "hard deletes at the end of each day", "hard deletes",
        "so an auditor can replay any month", "replay any month",
    ),
    DesignChoice(
        "rounding", "round once, half-even, after summing", "half-even",
        "rounding every line before summing", "rounding every line",
        "so totals match the bank to the cent", "to the cent",
    ),
    DesignChoice(
        "bad input", "send rejected items to a dead-letter queue", "dead-letter queue",
        "dropping rejected items with a warning", "dropping rejected items",
        "so nothing is ever lost silently", "lost silently",
    ),
    DesignChoice(
        "time handling", "store every timestamp in UTC and convert only for display",
        "convert only for display", "storing local wall-clock times", "wall-clock times",
        "so daylight-saving shifts cannot reorder work", "daylight-saving",
    ),
    DesignChoice(
        "caching", "invalidate cached totals on every write", "invalidate cached totals",
        "expiring cache entries after a fixed time", "after a fixed time",
        "so readers never see a stale total", "stale total",
    ),
)  # fmt: skip
"""Design decisions a design review may have taken (one per instance)."""
