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
    "drop duplicate {plural} silently",
    "sort {plural} by size before processing",
    "merge {plural} across tenants when their references match",
)
"""What a customer may require; the task's customer and the other one ask for two of these."""
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
class DesignOption:
    """One way a design review may settle a topic, and why.

    Attributes:
        plan: The decision, as a verb phrase ("take a per-tenant lock around each run").
        key: Words of the decision an answer must contain.
        reason: Why, as prose ("so one slow tenant cannot stall the others").
        reason_key: Words of the reason an answer must contain.
    """

    plan: str
    key: str
    reason: str
    reason_key: str


@dataclass(frozen=True)
class DesignTopic:
    """What a design review decided about, and the options it chose between.

    Attributes:
        topic: What the decision is about (a heading of the design notes).
        options: The options; an instance takes one and supersedes another.
    """

    topic: str
    options: tuple[DesignOption, ...]


@dataclass(frozen=True)
class DesignChoice:
    """One instance's design decision: the option taken and the one it superseded.

    Attributes:
        topic: What the decision is about.
        chosen: The option the review took.
        rejected: The earlier plan it superseded (another option of the same topic).
    """

    topic: str
    chosen: DesignOption
    rejected: DesignOption


def _option(plan: str, key: str, reason: str, reason_key: str) -> DesignOption:
    return DesignOption(plan, key, reason, reason_key)


DESIGN_TOPICS: tuple[DesignTopic, ...] = (
    DesignTopic("concurrency", (
        _option("take a per-tenant lock around each run", "per-tenant lock",
                "so one slow tenant cannot stall the others", "slow tenant"),
        _option("take one global advisory lock for the whole run", "global advisory lock",
                "so two runs can never interleave their writes", "interleave their writes"),
        _option("serialise runs through a single-worker queue", "single-worker queue",
                "so runs finish in the order they were requested", "order they were requested"),
    )),
    DesignTopic("retries", (
        _option("make every write carry an idempotency key", "idempotency key",
                "so a retried request can never double-post", "double-post"),
        _option("deduplicate rows after the nightly run", "deduplicate rows after",
                "so the hot path stays free of extra lookups", "extra lookups"),
        _option("retry only reads and fail writes fast", "fail writes fast",
                "so a half-applied write is never repeated", "half-applied write"),
    )),
    DesignTopic("event publishing", (
        _option("publish changes through an outbox table", "outbox table",
                "so a crash between commit and publish loses nothing", "loses nothing"),
        _option("publish events inline from the request", "publish events inline",
                "so subscribers see a change within a second", "within a second"),
        _option("replay changes from the write-ahead log", "write-ahead log",
                "so no handler has to remember to publish", "remember to publish"),
    )),
    DesignTopic("deletion", (
        _option("use soft deletes with a tombstone flag", "tombstone flag",
                "so an auditor can replay any month", "replay any month"),
        _option("hard-delete rows at the end of each day", "hard-delete rows",
                "so personal data never outlives its retention period", "retention period"),
        _option("move deleted rows to a cold archive table", "cold archive table",
                "so the live tables stay small and fast", "small and fast"),
    )),
    DesignTopic("rounding", (
        _option("round once, half-even, after summing", "half-even",
                "so totals match the bank to the cent", "to the cent"),
        _option("round every line half-up before summing", "every line half-up",
                "so each line matches the printed invoice", "printed invoice"),
        _option("keep amounts in integer minor units end to end", "integer minor units",
                "so no rounding ever happens in between", "happens in between"),
    )),
    DesignTopic("bad input", (
        _option("send rejected items to a dead-letter queue", "dead-letter queue",
                "so nothing is ever lost silently", "lost silently"),
        _option("drop rejected items with a warning", "drop rejected items",
                "so one bad item cannot block the batch", "block the batch"),
        _option("fail the whole batch on the first bad item", "first bad item",
                "so half-finished batches never reach the ledger", "half-finished batches"),
    )),
    DesignTopic("time handling", (
        _option("store every timestamp in UTC and convert only for display",
                "convert only for display",
                "so daylight-saving shifts cannot reorder work", "daylight-saving"),
        _option("store local wall-clock times with an offset column", "offset column",
                "so reports read in the tenant's own hours", "tenant's own hours"),
        _option("stamp work with a monotonic sequence number", "monotonic sequence number",
                "so clock skew between hosts cannot reorder work", "clock skew"),
    )),
    DesignTopic("caching", (
        _option("invalidate cached totals on every write", "invalidate cached totals",
                "so readers never see a stale total", "stale total"),
        _option("expire cached totals after a fixed time", "after a fixed time",
                "so writes never wait on the cache", "wait on the cache"),
        _option("drop the totals cache and compute totals on read", "compute totals on read",
                "so there is no cache to fall out of step", "out of step"),
    )),
)  # fmt: skip
"""Design topics a review may have settled (one per instance), each with the options it
chose between: an instance takes one option and supersedes another of the same topic, so
naming every option of a topic always names the superseded one too."""
