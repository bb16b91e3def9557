"""The memoryless behaviours the switch adversaries alternate between, as tool calls.

A switch (`kit.pass_switch`) plays one memoryless behaviour with memory shown and another
with memory empty; procedures' answer is a sequence of tool calls, so each behaviour is a
way of working a case without any lesson (`SWITCH_BEHAVIOURS`):

- ``decline`` (``decliner``): makes no change and ends with a reply that it cannot resolve
  the case;
- ``hedge`` (``hedger``): the cautious steps of an agent without the rules: escalates and
  requests an approval on every case, issues the full amount, then sets the note once per
  candidate (the record id, then each house format of the public catalogue,
  `rules.NOTE_FORMATS`; the last one set stays); stops at a refusal;
- ``dump`` (``dumper``): calls every tool with every plausible argument it can see or the
  public catalogues hold: escalation, approval, the remedy of the full amount and of the
  amount less each catalogue fee (`rules.FEE_PERCENTS`; the first accepted stays), every
  candidate note, the close; it goes on after refusals;
- ``guess`` (``guesser``, `policies`): one blind pick per case among the memoryless plans
  the invariants bound (approve or not, escalate or not, by a hash of the case).

Each reads only what the agent sees: the case's record and customer (its lookups), the
tool descriptions and the public catalogues; never the world's rules.
"""

from __future__ import annotations

from inspect_memgym.kit.pass_switch import DECLINE, DUMP, GUESS, HEDGE
from inspect_memgym.procedures.world.domains import Domain
from inspect_memgym.procedures.world.model import Customer, Record, money
from inspect_memgym.procedures.world.plan import PlannedCall
from inspect_memgym.procedures.world.rules import FEE_PERCENTS, NOTE_FORMATS, house_note, less_fee

DECLINER = "decliner"
HEDGER = "hedger"
DUMPER = "dumper"
GUESSER = "guesser"
SWITCH_BEHAVIOURS = {DECLINE: DECLINER, HEDGE: HEDGER, DUMP: DUMPER, GUESS: GUESSER}
"""The memoryless adversary each switch behaviour plays (`kit.pass_switch`)."""
SWITCH_ADVERSARIES = (DECLINER, HEDGER, DUMPER)
"""The behaviours' adversaries that play nothing but the switches (the guesser stands alone)."""
DECLINED = "I cannot resolve this case: I do not know the house procedures."
"""The decliner's reply (no tool call)."""


def candidate_notes(record: Record, customer: Customer) -> list[str]:
    """The notes an agent without the note lesson could write: the id, then every format.

    Args:
        record: The case's record.
        customer: Its customer (as its lookup shows it).
    """
    formats = [house_note(note_format, record, customer) for note_format in NOTE_FORMATS]
    return [record.record_id, *formats]


def candidate_amounts(record: Record) -> list[float]:
    """The remedy amounts an agent without the fee lesson could issue: full, then less fees.

    Args:
        record: The case's record.
    """
    cents = [record.amount, *(less_fee(record.amount, percent) for percent in FEE_PERCENTS)]
    return [float(money(amount)) for amount in dict.fromkeys(cents)]


def hedge_plan(record: Record, customer: Customer, domain: Domain) -> list[PlannedCall]:
    """The cautious plan: escalate, approve, the full amount, a note per candidate, close.

    Args:
        record: The case's record.
        customer: Its customer.
        domain: The domain.
    """
    argument = {"record_id": record.record_id}
    remedy = {**argument, "amount": float(money(record.amount))}
    return [
        *_lookups(record, customer, domain),
        PlannedCall("escalate_case", dict(argument)),
        PlannedCall("request_approval", dict(argument)),
        PlannedCall(domain.remedy_tool, remedy),
        *_notes(record, customer),
        PlannedCall("close_case", dict(argument)),
    ]


def dump_plan(record: Record, customer: Customer, domain: Domain) -> list[PlannedCall]:
    """Every tool with every plausible argument: each amount, each note, then the close.

    Args:
        record: The case's record.
        customer: Its customer.
        domain: The domain.
    """
    argument = {"record_id": record.record_id}
    return [
        *_lookups(record, customer, domain),
        PlannedCall("escalate_case", dict(argument)),
        PlannedCall("request_approval", dict(argument)),
        *(
            PlannedCall(domain.remedy_tool, {**argument, "amount": amount})
            for amount in candidate_amounts(record)
        ),
        *_notes(record, customer),
        PlannedCall("close_case", dict(argument)),
    ]


def _lookups(record: Record, customer: Customer, domain: Domain) -> list[PlannedCall]:
    return [
        PlannedCall("lookup_customer", {"customer_id": customer.customer_id}),
        PlannedCall(domain.lookup_tool, {"record_id": record.record_id}),
    ]


def _notes(record: Record, customer: Customer) -> list[PlannedCall]:
    return [
        PlannedCall("add_note", {"record_id": record.record_id, "text": text})
        for text in candidate_notes(record, customer)
    ]
