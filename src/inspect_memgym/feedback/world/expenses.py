"""Expense reports: how totals are written (procedural) and who approves claims (declarative)."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal

from inspect_memgym.feedback.world.aspects import (
    Aspect,
    AspectDraw,
    RequestDraft,
    listed_on_file,
)
from inspect_memgym.feedback.world.model import Organisation
from inspect_memgym.feedback.world.names import CITIES, FIRST_NAMES, LAST_NAMES, TEAMS
from inspect_memgym.kit.catalogues import load_value

EXPENSE_DOMAIN = "expense reports"
CATALOGUE = "requests.toml"
"""The data file beside this module the request pools below are read from."""
VARIANTS = "variants.toml"
"""The data file beside this module the currency formats are read from."""

CURRENCY_FORMATS: dict[str, str] = load_value(
    dict[str, str], __name__, VARIANTS, "currency_formats"
)
"""Currency format key -> its label; the first is what an assistant writes unprompted
(`format_total` writes an amount in each, by the same keys)."""

TOTAL_REQUESTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "total_requests")
PARTNERS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "partners")
APPROVAL_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "approval_requests"
)


def format_total(amount: Decimal, variant: str) -> str:
    """An amount in one of `CURRENCY_FORMATS`.

    Args:
        amount: The amount, with cents.
        variant: A key of `CURRENCY_FORMATS`.
    """
    if variant == "eur_whole":
        return f"EUR {int(amount.quantize(Decimal(1), rounding=ROUND_HALF_UP)):,}"
    cents = f"{amount:,.2f}"
    return {
        "usd_cents": f"${cents}",
        "eur_after": f"{cents} EUR",
        "gbp_cents": f"GBP {cents}",
        "chf_cents": f"CHF {cents}",
    }[variant]


def random_amount(rng: random.Random, low: int = 1000, high: int = 9000) -> Decimal:
    """An amount with cents between ``low`` and ``high`` (never a whole number).

    Args:
        rng: Seeded stream.
        low: Smallest whole part.
        high: Largest whole part.
    """
    whole = low + int(rng.random() * (high - low))
    cents = 1 + int(rng.random() * 98)
    return Decimal(whole) + Decimal(cents) / 100


def _phrase_draft(text: str, reply_of: dict[str, str], evidence: dict[str, str]) -> RequestDraft:
    return RequestDraft(text=text, replies=reply_of, evidence=evidence)


class CurrencyFormat(Aspect):
    """Procedural: the currency and rounding of expense totals."""

    name = "currency_format"
    kind = "procedural"
    domain = EXPENSE_DOMAIN
    copyable = True
    templates = TOTAL_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The default and three other formats."""
        keys = list(CURRENCY_FORMATS)
        others = rng.sample(keys[1:], 3)
        return AspectDraw({key: CURRENCY_FORMATS[key] for key in (keys[0], *others)}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The house currency format."""
        return f"Expense totals at {organisation.name} are always written in {draw.labels[truth]}."

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A total line to write."""
        amount = random_amount(rng)
        text = rng.choice(TOTAL_REQUESTS).format(city=rng.choice(CITIES), amount=f"{amount:.2f}")
        if stated is not None:
            text += f" It goes to {rng.choice(PARTNERS)}, so write it in {draw.labels[stated]}."
        evidence = {key: format_total(amount, key) for key in draw.labels}
        return _phrase_draft(
            text, {key: f"Total: {value}" for key, value in evidence.items()}, evidence
        )


class ExpenseApprover(Aspect):
    """Declarative: who approves expense claims now."""

    name = "expense_approver"
    kind = "declarative"
    domain = EXPENSE_DOMAIN
    templates = APPROVAL_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """Four approvers on file (the first is the file's default) and a claimant."""
        first = rng.sample(FIRST_NAMES, 5)
        last = rng.sample(LAST_NAMES, 5)
        people = [f"{given} {family}" for given, family in zip(first, last, strict=True)]
        return AspectDraw(
            {f"approver_{index}": person for index, person in enumerate(people[:4])},
            {"claimant": people[4]},
        )

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """Who approves claims."""
        return (
            f"Expense claims at {organisation.name} are approved by {draw.labels[truth]} now; "
            "the approver list on file is out of date."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """An expense claim to route."""
        listed = listed_on_file(rng, draw.labels, "default approver")
        amount = f"{random_amount(rng, 80, 900):.2f}"
        text = rng.choice(APPROVAL_REQUESTS).format(
            claimant=draw.facts["claimant"],
            amount=amount,
            city=rng.choice(CITIES),
            listed=listed,
        )
        if stated is not None:
            team = rng.choice(TEAMS)
            text += f" It is charged to the {team} budget, so {draw.labels[stated]} approves it."
        replies = {
            key: f"Please send the {amount} claim to {name} for approval."
            for key, name in draw.labels.items()
        }
        return _phrase_draft(text, replies, dict(draw.labels))
