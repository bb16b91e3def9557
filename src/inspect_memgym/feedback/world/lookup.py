"""Data lookup: a vendor's account, a product's real limit, the support line (declarative).

Each request lists what is on file, in a fresh order each time, with the file's note on its
default entry (the obvious choice, and right no more often than any other); only the user
knows which entry is current.
"""

from __future__ import annotations

import random

from inspect_memgym.feedback.world.aspects import (
    Aspect,
    AspectDraw,
    RequestDraft,
    listed_on_file,
    on_file_draft,
)
from inspect_memgym.feedback.world.expenses import random_amount
from inspect_memgym.feedback.world.model import Organisation
from inspect_memgym.feedback.world.names import CUSTOMERS, PLANS, PRODUCTS, VENDORS, possessive
from inspect_memgym.kit.catalogues import load_value

LOOKUP_DOMAIN = "data lookup"
CATALOGUE = "requests.toml"
"""The data file beside this module the request pools below are read from."""

PAYMENT_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "payment_requests"
)
LIMIT_REQUESTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "limit_requests")
LIMITS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "limits")
HOTLINE_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "hotline_requests"
)


class VendorAccount(Aspect):
    """Declarative: the account a vendor is paid into."""

    name = "vendor_account"
    kind = "declarative"
    domain = LOOKUP_DOMAIN
    copyable = True
    templates = PAYMENT_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """A vendor and four accounts on file (the first is the one marked primary)."""
        numbers: list[str] = []
        while len(numbers) < 4:
            number = f"{1000 + int(rng.random() * 9000)}-{1000 + int(rng.random() * 9000)}"
            if number not in numbers:
                numbers.append(number)
        return AspectDraw(
            {f"account_{index}": number for index, number in enumerate(numbers)},
            {"vendor": rng.choice(VENDORS)},
        )

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The vendor's current account."""
        vendor = draw.facts["vendor"]
        return (
            f"We pay {vendor} into account {draw.labels[truth]} now; their other accounts on "
            "file are closed."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """An invoice to pay."""
        vendor = draw.facts["vendor"]
        invoice = f"INV-{10000 + int(rng.random() * 90000)}"
        text = rng.choice(PAYMENT_REQUESTS).format(
            vendor=vendor,
            invoice=invoice,
            amount=f"{random_amount(rng, 200, 5000):.2f}",
            listed=listed_on_file(rng, draw.labels, "primary"),
        )
        if stated is not None:
            text += f" Their letter asks for this one to go to {draw.labels[stated]}."
        return on_file_draft(
            text, draw, lambda number: f"Pay invoice {invoice} into account {number}."
        )


class ProductLimit(Aspect):
    """Declarative: a product plan's real upload limit."""

    name = "product_limit"
    kind = "declarative"
    domain = LOOKUP_DOMAIN
    templates = LIMIT_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """A product plan and four limits on file (the first from the spec sheet)."""
        limits = rng.sample(LIMITS, 4)
        return AspectDraw(
            {f"limit_{index}": limit for index, limit in enumerate(limits)},
            {"product": rng.choice(PRODUCTS), "plan": rng.choice(PLANS)},
        )

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The real limit."""
        return (
            f"The real upload limit of the {draw.facts['product']} {draw.facts['plan']} plan "
            f"is {draw.labels[truth]}; the spec sheet is wrong."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A customer's question about the limit."""
        product, plan = draw.facts["product"], draw.facts["plan"]
        customer = rng.choice(CUSTOMERS)
        text = rng.choice(LIMIT_REQUESTS).format(
            customer=customer,
            plan=plan,
            product=product,
            listed=listed_on_file(rng, draw.labels, "spec sheet"),
        )
        if stated is not None:
            text += f" This customer has a custom contract that sets it at {draw.labels[stated]}."
        return on_file_draft(
            text,
            draw,
            lambda limit: f"{customer}, the {product} {plan} plan takes files of up to {limit}.",
        )


class SupportHotline(Aspect):
    """Declarative: the support phone number."""

    name = "support_hotline"
    kind = "declarative"
    domain = LOOKUP_DOMAIN
    copyable = True
    templates = HOTLINE_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """Four numbers on file (the first from the website)."""
        endings = rng.sample(range(100, 1000), 4)
        numbers = [f"+44 20 7946 0{ending}" for ending in endings]
        return AspectDraw({f"line_{index}": number for index, number in enumerate(numbers)}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The current support line."""
        return (
            f"{possessive(organisation.name)} support line is {draw.labels[truth]}; the other "
            "numbers on file no longer answer."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A request for the support number."""
        customer = rng.choice(CUSTOMERS)
        text = rng.choice(HOTLINE_REQUESTS).format(
            customer=customer,
            listed=listed_on_file(rng, draw.labels, "website"),
        )
        if stated is not None:
            line = draw.labels[stated]
            text += f" This is for the hospital contract, which has its own line: {line}."
        return on_file_draft(
            text, draw, lambda number: f"{customer}, please call our support team on {number}."
        )
