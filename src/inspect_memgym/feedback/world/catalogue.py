"""Every aspect a world can hide, by name.

Six procedural and six declarative aspects, in four service domains: support replies,
expense reports, scheduling and data lookup.
"""

from __future__ import annotations

from inspect_memgym.feedback.world.aspects import Aspect
from inspect_memgym.feedback.world.expenses import CurrencyFormat, ExpenseApprover
from inspect_memgym.feedback.world.lookup import ProductLimit, SupportHotline, VendorAccount
from inspect_memgym.feedback.world.scheduling import DateFormat, MeetingRoom, OfficeAddress
from inspect_memgym.feedback.world.status_updates import LengthLimit
from inspect_memgym.feedback.world.support import ApologyPhrase, SignOff, TicketReference

ASPECTS: dict[str, Aspect] = {
    aspect.name: aspect
    for aspect in (
        CurrencyFormat(),
        TicketReference(),
        SignOff(),
        ApologyPhrase(),
        LengthLimit(),
        DateFormat(),
        ExpenseApprover(),
        VendorAccount(),
        OfficeAddress(),
        MeetingRoom(),
        ProductLimit(),
        SupportHotline(),
    )
}
"""Aspect name -> aspect, procedural first."""
