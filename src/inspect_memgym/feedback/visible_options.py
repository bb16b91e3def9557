"""What a request shows a model of its options, read with the public templates alone.

A reader for adversaries and the statistical invariants: given the text of a request (and
the organisation's name, from the system prompt), it recognises the aspect by the public
request templates (`Aspect.templates`) and lists every option a reply could take, as a
model sees them:

- a data lookup (accounts, limits, phone numbers, rooms, addresses, approvers): the values
  on file, in the order the request lists them, and which one carries the file's note;
- a convention (currency, ticket reference, sign-off, apology, date format): every
  variant of the public catalogue rendered for this request, the catalogue's default first
  (what an assistant writes unprompted);
- the length of a status update: the public update written in each range of words,
  longest first.

It never sees a world, a gold variant or a sample's metadata: only text a model is shown
and the catalogues in this repository. Pure (no Inspect).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache

from inspect_memgym.feedback.world.catalogue import ASPECTS
from inspect_memgym.feedback.world.expenses import CURRENCY_FORMATS, format_total
from inspect_memgym.feedback.world.names import MONTHS, ORGANISATIONS
from inspect_memgym.feedback.world.scheduling import DATE_FORMATS, format_date
from inspect_memgym.feedback.world.status_updates import RANGE_LABELS, update_texts
from inspect_memgym.feedback.world.support import APOLOGIES, SIGN_OFFS, ticket_references

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_NOTE = re.compile(r"\s*\(([^)]*)\)")
_DAY_TEXT = re.compile(r"(\d{1,2})(?:st|nd|rd|th) of (\w+) (\d{4})")
_ORGANISATION = re.compile(r"the staff of (.+?), based in ")
LISTED = "listed"
"""The placeholder of the values on file in a lookup request."""


@dataclass(frozen=True)
class VisibleRequest:
    """A request as a model sees it.

    Attributes:
        aspect: The aspect whose public template the text follows.
        text: The request's text.
        values: The options themselves (values on file, rendered catalogue fragments, or
            ranges of words), in the order shown.
        replies: A reply choosing each option, in the same order.
        noted: Index of the value the file marks with a note (lookups), else None.
        listed: Whether the request itself lists the options (lookups) rather than the
            public catalogue supplying them.
    """

    aspect: str
    text: str
    values: tuple[str, ...]
    replies: tuple[str, ...]
    noted: int | None
    listed: bool


@cache
def _template_pattern(template: str) -> re.Pattern[str]:
    """A template as a regex: each placeholder a lazy named group (repeats back-referenced)."""
    parts: list[str] = []
    seen: set[str] = set()
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[position : match.start()]))
        name = match.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        position = match.end()
    tail = template[position:]
    parts.append(re.escape(tail))
    if tail:
        parts.append(r"(?=\s|$)")
    return re.compile("".join(parts))


@cache
def _signature(template: str) -> str:
    """The longest literal stretch of a template: what marks its requests in any text."""
    return max(_PLACEHOLDER.split(template)[::2], key=len).strip()


def match_template(text: str) -> tuple[str, dict[str, str]] | None:
    """The aspect whose public template a request text starts with, and its fields.

    Args:
        text: A request's text (a control's extra sentence may follow).
    """
    stripped = text.strip()
    for name, aspect in ASPECTS.items():
        for template in aspect.templates:
            if _signature(template) not in stripped:
                continue
            found = _template_pattern(template).match(stripped)
            if found is not None:
                return name, found.groupdict()
    return None


def aspects_mentioned(text: str) -> set[str]:
    """Aspects a request of which shows anywhere in a text (e.g. a memory).

    A request shows by the longest literal stretch of one of its public templates.

    Args:
        text: Any text.
    """
    return {
        name
        for name, aspect in ASPECTS.items()
        if any(_signature(template) in text for template in aspect.templates)
    }


def organisation_code(system_prompt: str) -> tuple[str, str]:
    """The organisation's name (from the system prompt) and its public ticket code.

    Args:
        system_prompt: The assistant's system prompt.
    """
    found = _ORGANISATION.search(system_prompt)
    name = found.group(1) if found else ""
    codes = dict(ORGANISATIONS)
    return name, codes.get(name, "")


@lru_cache(maxsize=4096)
def read_request(text: str, organisation: str = "", code: str = "") -> VisibleRequest | None:
    """The options a request shows, or None when no public template matches it.

    Cached: the same text reads the same way.

    Args:
        text: The request's text.
        organisation: The organisation's name (sign-offs name it).
        code: Its ticket code (ticket references use it).
    """
    matched = match_template(text)
    if matched is None:
        return None
    aspect, fields = matched
    if LISTED in fields:
        return _listed_request(aspect, text, fields[LISTED])
    options = _catalogue_options(aspect, fields, organisation, code)
    if options is None:
        return None
    values, replies = options
    return VisibleRequest(aspect, text, tuple(values), tuple(replies), None, listed=False)


def _listed_request(aspect: str, text: str, listed: str) -> VisibleRequest:
    values: list[str] = []
    noted = None
    for index, entry in enumerate(_split(listed)):
        if _NOTE.search(entry):
            noted = index
        values.append(_NOTE.sub("", entry).strip())
    replies = tuple(f"{value}." for value in values)
    return VisibleRequest(aspect, text, tuple(values), replies, noted, listed=True)


def _split(listed: str) -> list[str]:
    """Entries of a list whose notes may hold commas (``(head office, 2022 directory)``)."""
    entries, depth, current = [], 0, ""
    for character in listed:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if character == "," and depth == 0:
            entries.append(current.strip())
            current = ""
            continue
        current += character
    entries.append(current.strip())
    return entries


def _catalogue_options(
    aspect: str, fields: dict[str, str], organisation: str, code: str
) -> tuple[list[str], list[str]] | None:
    """Every public variant of a convention rendered for one request (default first)."""
    if aspect == "currency_format":
        try:
            amount = Decimal(fields["amount"])
        except InvalidOperation:
            return None
        values = [format_total(amount, key) for key in CURRENCY_FORMATS]
        return values, [f"Total: {value}" for value in values]
    if aspect == "ticket_reference":
        number = int(re.sub(r"\D", "", fields["number"]) or 0)
        values = list(ticket_references(number, code).values())
        customer = fields["customer"]
        return values, [f"Dear {customer}, we are looking into {value} today." for value in values]
    if aspect == "sign_off":
        values = [sign_off.format(org=organisation) for sign_off in SIGN_OFFS]
        body = f"Dear {fields['customer']}, your refund of {fields['amount']} EUR is on its way."
        return values, [f"{body}\n{value}" for value in values]
    if aspect == "apology_phrase":
        replies = [opening.format(order=fields["order"]) for opening in APOLOGIES.values()]
        return [reply.split(":")[0].split(",")[0] for reply in replies], replies
    if aspect == "date_format":
        date = _date(fields["day_text"])
        if date is None:
            return None
        values = [format_date(date, key) for key in DATE_FORMATS]
        person, time = fields["person"], fields["time"]
        return values, [f"Confirmed: meeting with {person} on {v} at {time}." for v in values]
    if aspect == "length_limit":
        situation = (fields["done"], fields["next"], fields["outlook"])
        texts = update_texts(fields["customer"], fields["project"], situation)
        return [RANGE_LABELS[key] for key in texts], list(texts.values())
    return None


def _date(day_text: str) -> datetime.date | None:
    found = _DAY_TEXT.search(day_text)
    if found is None or found.group(2) not in MONTHS:
        return None
    day, month, year = int(found.group(1)), MONTHS.index(found.group(2)) + 1, int(found.group(3))
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None
