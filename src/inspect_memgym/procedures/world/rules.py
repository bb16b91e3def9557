"""The hidden rules of a procedures world, drawn per seed, and the lesson that states each.

Five kinds, each with a parameter no tool description, prompt or visible field shows:

- ``approval``: a remedy above a threshold needs ``request_approval`` first (else the case
  goes on hold); an approval at or below it is an unneeded change;
- ``order``: ``add_note`` must come before the remedy, or after it (the other order puts
  the case on hold);
- ``note``: the note follows a house format (silent: any text is accepted);
- ``fee``: remedies carry a fee of some percent, except for one tier (silent);
- ``escalation``: one tier's cases must be escalated before the remedy (else hold);
  escalating any other case is an unneeded change.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from inspect_memgym.kit.rng import pick
from inspect_memgym.procedures.world.model import TIERS, Cents, Customer, Record, money

RULE_KINDS = ("approval", "order", "note", "fee", "escalation")
THRESHOLDS: tuple[Cents, ...] = (10_000, 15_000, 20_000, 25_000, 30_000)
FEE_PERCENTS = (5, 10, 15, 20)
NOTE_FORMATS = {
    "ref": "REF-{record}",
    "tier": "{record}/{tier}",
    "customer": "{customer}:{record}",
    "initials": "#{record}-{initials}",
    "case": "case-{record}-done",
}
"""House note formats, by key; ``{record}``, ``{tier}``, ``{customer}`` (its id) and
``{initials}`` (of the customer's name) are filled in."""
NOTE_PATTERNS = {
    key: pattern.format(
        record="<record id>",
        tier="<tier>",
        customer="<customer id>",
        initials="<initials>",
    )
    for key, pattern in NOTE_FORMATS.items()
}


@dataclass(frozen=True)
class Rules:
    """One world's hidden rules.

    Attributes:
        threshold: Remedies above this need an approval (cents).
        note_first: Whether the note must come before the remedy (else after it).
        note_format: A key of `NOTE_FORMATS`.
        fee_percent: The fee taken from remedies.
        fee_exempt_tier: The tier whose remedies carry no fee.
        escalation_tier: The tier whose cases must be escalated.
    """

    threshold: Cents
    note_first: bool
    note_format: str
    fee_percent: int
    fee_exempt_tier: str
    escalation_tier: str

    def to_dict(self) -> dict[str, Any]:
        """As plain data."""
        return asdict(self)


def draw_rules(rng: random.Random) -> Rules:
    """A world's rules, every parameter drawn independently.

    Args:
        rng: The world's rules stream.
    """
    return Rules(
        threshold=pick(rng, THRESHOLDS),
        note_first=pick(rng, (True, False)),
        note_format=pick(rng, tuple(NOTE_FORMATS)),
        fee_percent=pick(rng, FEE_PERCENTS),
        fee_exempt_tier=pick(rng, TIERS),
        escalation_tier=pick(rng, TIERS),
    )


def needs_approval(rules: Rules, record: Record) -> bool:
    """Whether the record's remedy needs an approval first.

    Args:
        rules: The rules.
        record: The record.
    """
    return record.amount > rules.threshold


def needs_escalation(rules: Rules, customer: Customer) -> bool:
    """Whether the customer's cases must be escalated.

    Args:
        rules: The rules.
        customer: The customer.
    """
    return customer.tier == rules.escalation_tier


def remedy_due(rules: Rules, record: Record, customer: Customer) -> Cents:
    """The remedy due: the amount paid, less the fee unless the tier is exempt.

    Args:
        rules: The rules.
        record: The record.
        customer: Its customer.
    """
    if customer.tier == rules.fee_exempt_tier:
        return record.amount
    return less_fee(record.amount, rules.fee_percent)


def less_fee(amount: Cents, percent: int) -> Cents:
    """An amount less a fee of some percent, rounded to the cent.

    Args:
        amount: The amount (cents).
        percent: The fee's percent.
    """
    return amount - (amount * percent + 50) // 100


def house_note(note_format: str, record: Record, customer: Customer) -> str:
    """The note a record gets in a house format.

    Args:
        note_format: A key of `NOTE_FORMATS`.
        record: The record.
        customer: Its customer.
    """
    initials = "".join(part[0] for part in customer.name.split())
    return NOTE_FORMATS[note_format].format(
        record=record.record_id,
        tier=customer.tier,
        customer=customer.customer_id,
        initials=initials,
    )


def lessons(rules: Rules, remedy_tool: str) -> dict[str, str]:
    """The sentence that states each rule, by kind (verbatim in the train episodes).

    Args:
        rules: The rules.
        remedy_tool: The domain's remedy tool.
    """
    limit = money(rules.threshold)
    first, second = ("add_note", remedy_tool) if rules.note_first else (remedy_tool, "add_note")
    return {
        "approval": (
            f"Lesson: a remedy above {limit} needs request_approval before {remedy_tool}; "
            f"an approval for {limit} or less is an unneeded change."
        ),
        "order": f"Lesson: {first} must come before {second}, or the case goes on hold.",
        "note": (
            f"Lesson: the note must follow the house format {NOTE_PATTERNS[rules.note_format]}."
        ),
        "fee": (
            f"Lesson: remedies carry a {rules.fee_percent}% fee, except for "
            f"{rules.fee_exempt_tier} customers, who get the full amount."
        ),
        "escalation": (
            f"Lesson: {rules.escalation_tier} cases must go to escalate_case before "
            f"{remedy_tool}; escalating any other case is an unneeded change."
        ),
    }
