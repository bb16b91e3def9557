"""The state of a procedures world: customers and their records, as frozen values.

Money is kept in cents (`Cents`) so that every amount compares exactly; `money` writes it
as the tools show it (``240.00``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

Cents = int
TIERS = ("basic", "plus", "premium")
"""Customer tiers, visible in every customer lookup."""
OPEN = "open"
ON_HOLD = "on_hold"
CLOSED = "closed"


def money(cents: Cents) -> str:
    """An amount as the tools write it (``240.00``).

    Args:
        cents: The amount in cents.
    """
    return f"{cents // 100}.{cents % 100:02d}"


@dataclass(frozen=True)
class Customer:
    """A customer.

    Attributes:
        customer_id: Id (``C104``).
        name: Full name.
        tier: One of `TIERS`.
    """

    customer_id: str
    name: str
    tier: str


@dataclass(frozen=True)
class Record:
    """An order, booking or ticket of a customer, and what was done to it.

    Attributes:
        record_id: Id (``O1042``).
        customer_id: Its customer.
        amount: The amount the customer paid, in cents.
        status: ``open``, ``on_hold`` or ``closed``.
        remedy: The refund or credit issued, in cents (None before one is issued).
        note: The reference note ("" before one is added).
        approved: Whether an approval was requested.
        escalated: Whether the case was escalated.
    """

    record_id: str
    customer_id: str
    amount: Cents
    status: str = OPEN
    remedy: Cents | None = None
    note: str = ""
    approved: bool = False
    escalated: bool = False


@dataclass(frozen=True)
class WorldState:
    """Every customer and record of a world.

    Attributes:
        customers: The customers, by id order.
        records: The records, by id order.
    """

    customers: tuple[Customer, ...]
    records: tuple[Record, ...]

    def customer(self, customer_id: str) -> Customer | None:
        """The customer of that id, if any.

        Args:
            customer_id: The id.
        """
        return next((c for c in self.customers if c.customer_id == customer_id), None)

    def record(self, record_id: str) -> Record | None:
        """The record of that id, if any.

        Args:
            record_id: The id.
        """
        return next((r for r in self.records if r.record_id == record_id), None)

    def with_record(self, record: Record) -> WorldState:
        """The state with one record replaced (matched by id).

        Args:
            record: The new record.
        """
        records = tuple(record if r.record_id == record.record_id else r for r in self.records)
        return replace(self, records=records)

    def to_dict(self) -> dict[str, Any]:
        """As plain data."""
        return {
            "customers": [asdict(customer) for customer in self.customers],
            "records": [asdict(record) for record in self.records],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WorldState:
        """Rebuild from `to_dict` output.

        Args:
            data: The plain data.
        """
        return cls(
            tuple(Customer(**customer) for customer in data["customers"]),
            tuple(Record(**record) for record in data["records"]),
        )
