"""The domains (templates) of the procedures world: the same procedure in three trades.

A domain names the record, the remedy and the tools that look a record up and issue the
remedy; every other tool is the same in every domain.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Domain:
    """One trade's words for the record and the remedy.

    Attributes:
        name: Template name.
        record: What a record is (``order``).
        remedy: What is issued (``refund``).
        record_prefix: First letter of record ids.
        lookup_tool: The tool that shows a record.
        remedy_tool: The tool that issues the remedy.
        complaint: Why the customer writes (in the goal text).
    """

    name: str
    record: str
    remedy: str
    record_prefix: str
    lookup_tool: str
    remedy_tool: str
    complaint: str


DOMAINS = {
    "shop": Domain(
        "shop", "order", "refund", "O", "lookup_order", "issue_refund", "the goods arrived damaged"
    ),
    "travel": Domain(
        "travel",
        "booking",
        "travel credit",
        "B",
        "lookup_booking",
        "issue_travel_credit",
        "the flight was cancelled",
    ),
    "support": Domain(
        "support",
        "ticket",
        "service credit",
        "T",
        "lookup_ticket",
        "issue_service_credit",
        "the service was down for two days",
    ),
}
"""Every domain, by template name."""
TEMPLATE_NAMES = tuple(DOMAINS)
