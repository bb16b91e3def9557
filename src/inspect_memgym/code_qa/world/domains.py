"""Names the generated source is made of: services, their areas, nouns, verbs and settings.

Every identifier, docstring and error message of a generated codebase comes from these
lists. None of them holds a digit, a hyphen, an ampersand or a slash, which is what keeps
the history-only vocabulary (``world.history_vocabulary``) out of the source.
"""

from __future__ import annotations

from dataclasses import dataclass


def words(text: str) -> tuple[str, ...]:
    """The space-separated words of a text, as a tuple.

    Args:
        text: Words separated by spaces.
    """
    return tuple(text.split())


@dataclass(frozen=True)
class Domain:
    """One service a codebase package implements.

    Attributes:
        name: Package name (e.g. ``"billing"``).
        service: How people call it (e.g. ``"billing service"``).
        error_class: The package's exception class.
        error_prefix: Prefix of its error codes (``BIL`` in ``BIL-10417``).
        areas: Sub-packages (``legacy`` is added to every package).
        nouns: What its functions process (singular, snake case).
        fields: Item fields its code checks.
        measure: The numeric item field its totals add up.
        upstream: An external service it calls (named only in the history).
    """

    name: str
    service: str
    error_class: str
    error_prefix: str
    areas: tuple[str, ...]
    nouns: tuple[str, ...]
    fields: tuple[str, ...]
    measure: str
    upstream: str


DOMAINS: tuple[Domain, ...] = (
    Domain(
        "billing",
        "billing service",
        "BillingError",
        "BIL",
        words("ledger invoices pricing payments tax statements payouts accounts"),
        words(
            "entry invoice payment refund credit_note tax_line "
            "statement settlement discount payout charge adjustment"
        ),
        words("settlement_id amount posted_at invoice_id due_date tenant_id"),
        "amount",
        "settlement gateway",
    ),
    Domain(
        "ingest",
        "ingest pipeline",
        "IngestError",
        "ING",
        words("readers parsers staging validation loaders schemas routing"),
        words(
            "row record upload chunk manifest column "
            "partition checkpoint source_event payload snapshot cursor"
        ),
        words("source_path offset row_number encoding received_at tenant_id"),
        "byte_size",
        "object storage bucket",
    ),
    Domain(
        "notifications",
        "notification service",
        "NotificationError",
        "NTF",
        words("templates delivery channels preferences digests throttling bounces"),
        words(
            "message template recipient digest webhook subscription "
            "bounce channel reminder alert preference attachment"
        ),
        words("recipient_id channel send_after template_id tenant_id status"),
        "retry_count",
        "mail relay",
    ),
    Domain(
        "inventory",
        "inventory service",
        "InventoryError",
        "INV",
        words("stock warehouses reservations replenishment counts transfers"),
        words(
            "sku reservation transfer bin shipment count_sheet "
            "supplier lot pallet order_line stock_level reorder"
        ),
        words("sku_id quantity warehouse_id lot_number expires_on tenant_id"),
        "quantity",
        "warehouse control system",
    ),
    Domain(
        "scheduling",
        "scheduling service",
        "SchedulingError",
        "SCH",
        words("calendars slots bookings shifts availability rules holidays"),
        words(
            "booking slot shift calendar resource rota "
            "holiday appointment waitlist_entry room break_rule recurrence"
        ),
        words("starts_at ends_at resource_id calendar_id owner_id tenant_id"),
        "duration_minutes",
        "calendar sync provider",
    ),
    Domain(
        "identity",
        "identity service",
        "IdentityError",
        "IDN",
        words("sessions tokens accounts roles audit devices invites"),
        words(
            "session token account role grant device "
            "invite credential audit_event api_key membership policy"
        ),
        words("user_id expires_at scope issued_at device_id tenant_id"),
        "failed_logins",
        "directory sync connector",
    ),
    Domain(
        "search",
        "search service",
        "SearchError",
        "SRC",
        words("indexing ranking queries synonyms shards crawling facets"),
        words(
            "document query shard synonym facet suggestion "
            "posting segment crawl_job boost_rule snippet index_alias"
        ),
        words("doc_id score shard_id language indexed_at tenant_id"),
        "score",
        "embedding service",
    ),
    Domain(
        "shipping",
        "shipping service",
        "ShippingError",
        "SHP",
        words("labels carriers rates tracking manifests returns zones"),
        words(
            "parcel label carrier rate tracking_event manifest "
            "return_request zone pickup customs_form consignment route"
        ),
        words("tracking_number weight_grams carrier_code ship_by zone_id tenant_id"),
        "weight_grams",
        "carrier rate API",
    ),
)
"""The services a generated monorepo is made of; one is the task's, a few others surround it."""

LEGACY_AREA = "legacy"
"""The sub-package every service has, where the same-name twin of the task's function lives."""

VERB_SUMMARIES: dict[str, str] = {
    "reconcile": "Match {plural} against their counterparts and return the matched ones.",
    "validate": "Check {plural} and return the ones that pass.",
    "normalise": "Bring {plural} into their canonical form.",
    "collect": "Gather the {plural} that belong to one run.",
    "apply": "Apply pending changes to {plural}.",
    "summarise": "Total {plural} for the daily report.",
    "export": "Write {plural} to the outgoing feed.",
    "import": "Read {plural} from the incoming feed.",
    "schedule": "Queue {plural} for the next worker cycle.",
    "resolve": "Resolve references between {plural}.",
    "merge": "Merge duplicate {plural} into one.",
    "split": "Split {plural} into per-tenant groups.",
    "refresh": "Reload {plural} whose cached copy is stale.",
    "expire": "Drop {plural} that are past their lifetime.",
    "archive": "Move finished {plural} to cold storage.",
    "restore": "Bring archived {plural} back into service.",
    "route": "Decide which worker handles each of the {plural}.",
    "dispatch": "Hand {plural} to the delivery workers.",
    "rank": "Order {plural} by priority.",
    "prune": "Remove {plural} nobody references any more.",
    "publish": "Announce changed {plural} to subscribers.",
    "price": "Work out the amounts owed for {plural}.",
    "audit": "Record who changed which {plural}.",
    "enqueue": "Put {plural} on the work queue.",
}
"""Verbs of public functions, with the first docstring line each one gets."""

HELPER_VERBS: tuple[str, ...] = (
    "merge", "stamp", "coerce", "tag", "clean", "enrich", "pack", "mark", "fetch", "load",
    "shape", "trim",
)  # fmt: skip
"""Verbs of private helpers (``_merge_entry``)."""

MODULE_ROLES: tuple[str, ...] = (
    "rules", "store", "client", "jobs", "views", "schema", "cache", "sync", "checks",
    "queue", "service", "policy", "matching", "builder", "reader", "writer",
)  # fmt: skip
"""Second word of module names (``entry_matching.py``)."""

FLAGS: tuple[str, ...] = ("dry_run", "preview", "check_only")
"""Keyword-only flags a public function may take; each means "compute but keep nothing"."""

CLASS_SUFFIXES: tuple[str, ...] = ("Store", "Buffer", "Tracker", "Writer", "Batcher")
"""Second word of class names (``EntryBuffer``)."""

RECORDS: tuple[str, ...] = ("period", "cycle", "window", "shift", "batch", "day", "sweep")
"""What an orchestrating function runs over (``close_period``)."""

ORCHESTRATOR_VERBS: tuple[str, ...] = ("close", "finish", "settle", "rebuild", "sync", "run")
"""Verbs of orchestrating functions."""

SETTING_FAMILIES: tuple[tuple[str, str, int, int, int, int], ...] = (
    ("window_days", "window_hours", 7, 45, 48, 96),
    ("retry_limit", "retry_budget", 3, 9, 12, 30),
    ("batch_size", "page_size", 150, 900, 20, 80),
    ("timeout_seconds", "deadline_seconds", 15, 90, 120, 600),
    ("grace_days", "grace_hours", 2, 14, 24, 72),
    ("cache_seconds", "cache_minutes", 30, 300, 5, 25),
    ("max_attempts", "max_failures", 2, 8, 10, 40),
    ("tolerance_units", "tolerance_ratio", 1, 25, 30, 95),
)
"""Settings as (name, partner name, low, high, partner low, partner high).

A function reads ``<noun>_<name>``; the twin of the task's function reads the partner.
"""

ERROR_MESSAGES: dict[str, str] = {
    "each": "{noun} has no {field}",
    "total": "{noun} total exceeds the configured limit",
    "retry": "{noun} was not accepted after retries",
    "cached": "{noun} not found for {field}",
}
"""The message each function shape raises with (``{noun}`` is the spaced noun)."""

DESIGN_COMMENTS: tuple[tuple[str, str], ...] = (
    ("Flushed in chunks so each transaction stays short.", "each transaction stays short"),
    ("Chunked so one replica never lags behind the primary.", "one replica never lags"),
    ("Chunked to bound the memory a worker holds at once.", "bound the memory a worker holds"),
    ("Chunked so a failed flush only replays one chunk.", "a failed flush only replays one"),
)
"""Source comments on the flush constant (the comment and the words a fact quotes)."""


def plural(noun: str) -> str:
    """English plural of a snake-case noun (only its last word changes).

    Args:
        noun: A singular noun such as ``"entry"`` or ``"tax_line"``.
    """
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def camel(noun: str) -> str:
    """``credit_note`` -> ``CreditNote``.

    Args:
        noun: A snake-case name.
    """
    return "".join(part.capitalize() for part in noun.split("_"))


def spaced(noun: str) -> str:
    """``credit_note`` -> ``credit note``.

    Args:
        noun: A snake-case name.
    """
    return noun.replace("_", " ")
