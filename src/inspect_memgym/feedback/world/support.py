"""Support replies: ticket references, the sign-off and the forbidden phrasing (procedural)."""

from __future__ import annotations

import random

from inspect_memgym.feedback.world.aspects import Aspect, AspectDraw, RequestDraft
from inspect_memgym.feedback.world.model import Organisation
from inspect_memgym.feedback.world.names import CUSTOMERS
from inspect_memgym.kit.catalogues import load_value

SUPPORT_DOMAIN = "support replies"
CATALOGUE = "requests.toml"
"""The data file beside this module the request pools below are read from."""
VARIANTS = "variants.toml"
"""The data file beside this module the variant tables below are read from."""

TICKET_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "ticket_requests"
)
SIGN_OFFS: tuple[str, ...] = load_value(tuple[str, ...], __name__, VARIANTS, "sign_offs")
"""Sign-offs; the first is what an assistant writes unprompted."""
REFUND_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "refund_requests"
)
APOLOGIES: dict[str, str] = load_value(dict[str, str], __name__, VARIANTS, "apologies")
"""Openings of a bad-news line; the first is what an assistant writes unprompted."""
APOLOGY_PHRASES: dict[str, str] = load_value(dict[str, str], __name__, VARIANTS, "apology_phrases")
"""The phrase each opening starts with (the house rule names it), by the same keys."""
DELAY_REQUESTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "delay_requests")


def ticket_references(number: int, code: str) -> dict[str, str]:
    """Every way of quoting a ticket; the first is what an assistant writes unprompted.

    Args:
        number: The ticket number.
        code: The organisation's code.
    """
    return {
        "hash": f"#{number}",
        "coded": f"{code}-{number:05d}",
        "tkt": f"TKT-{number}",
        "case": f"Case {number}",
        "slash": f"{code}/{number}",
    }


TICKET_LABELS: dict[str, str] = load_value(dict[str, str], __name__, VARIANTS, "ticket_labels")
"""Ticket reference key -> its label (``{code}``: the organisation's), by the keys of
`ticket_references`."""


class TicketReference(Aspect):
    """Procedural: how a ticket is quoted."""

    name = "ticket_reference"
    kind = "procedural"
    domain = SUPPORT_DOMAIN
    templates = TICKET_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The default and three other reference formats."""
        keys = list(TICKET_LABELS)
        chosen = (keys[0], *rng.sample(keys[1:], 3))
        return AspectDraw(
            {key: TICKET_LABELS[key].format(code=organisation.code) for key in chosen}, {}
        )

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The house ticket format."""
        return f"In replies to customers we always quote tickets as {draw.labels[truth]}."

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A one-line ticket reply."""
        number = 1000 + int(rng.random() * 9000)
        customer = rng.choice(CUSTOMERS)
        text = rng.choice(TICKET_REQUESTS).format(number=number, customer=customer)
        if stated is not None:
            text += f" Their system needs it written as {draw.labels[stated]}."
        formats = ticket_references(number, organisation.code)
        evidence = {key: formats[key] for key in draw.labels}
        replies = {
            key: f"Dear {customer}, we are looking into {value} and will update you today."
            for key, value in evidence.items()
        }
        return RequestDraft(text, replies, evidence)


class SignOff(Aspect):
    """Procedural: the required sign-off of support replies."""

    name = "sign_off"
    kind = "procedural"
    domain = SUPPORT_DOMAIN
    templates = REFUND_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The default and three other sign-offs."""
        others = rng.sample(SIGN_OFFS[1:], 3)
        chosen = [SIGN_OFFS[0], *others]
        return AspectDraw(
            {
                f"sign_off_{SIGN_OFFS.index(text)}": text.format(org=organisation.name)
                for text in chosen
            },
            {},
        )

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The required sign-off."""
        return f"Every reply to a customer must end with the sign-off '{draw.labels[truth]}'."

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A refund confirmation to sign off."""
        customer = rng.choice(CUSTOMERS)
        amount = 20 + int(rng.random() * 400)
        text = rng.choice(REFUND_REQUESTS).format(customer=customer, amount=amount)
        if stated is not None:
            text += (
                f' This customer is with the partner desk: sign off with "{draw.labels[stated]}".'
            )
        body = (
            f"Dear {customer}, your refund of {amount} EUR has been issued and arrives within "
            "five days."
        )
        replies = {key: f"{body}\n{sign_off}" for key, sign_off in draw.labels.items()}
        return RequestDraft(text, replies, dict(draw.labels))


class ApologyPhrase(Aspect):
    """Procedural: a forbidden phrasing and the opening to use instead."""

    name = "apology_phrase"
    kind = "procedural"
    domain = SUPPORT_DOMAIN
    templates = DELAY_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The default opening and three others."""
        keys = list(APOLOGIES)
        chosen = (keys[0], *rng.sample(keys[1:], 3))
        return AspectDraw({key: APOLOGY_PHRASES[key] for key in chosen}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The forbidden phrasings and the required opening."""
        banned = [f"'{phrase}'" for key, phrase in draw.labels.items() if key != truth]
        return (
            f"Never write {', '.join(banned[:-1])} or {banned[-1]} to a customer; bad news "
            f"always opens with '{draw.labels[truth]}'."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A delay to announce."""
        customer = rng.choice(CUSTOMERS)
        order = f"{organisation.code}{10000 + int(rng.random() * 90000)}"
        text = rng.choice(DELAY_REQUESTS).format(customer=customer, order=order)
        if stated is not None:
            text += f' Their contract asks us to open with "{draw.labels[stated]}".'
        replies = {key: APOLOGIES[key].format(order=order) for key in draw.labels}
        return RequestDraft(text, replies, dict(draw.labels))
