"""Scheduling: the date format (procedural), meeting room and office address (declarative)."""

from __future__ import annotations

import datetime
import random

from inspect_memgym.feedback.world.aspects import (
    Aspect,
    AspectDraw,
    RequestDraft,
    listed_on_file,
    on_file_draft,
)
from inspect_memgym.feedback.world.model import Organisation
from inspect_memgym.feedback.world.names import (
    FIRST_NAMES,
    LAST_NAMES,
    MONTHS,
    STREETS,
    TEAMS,
    possessive,
)
from inspect_memgym.kit.catalogues import load_value

SCHEDULING_DOMAIN = "scheduling"
CATALOGUE = "requests.toml"
"""The data file beside this module the request pools below are read from."""
VARIANTS = "variants.toml"
"""The data file beside this module the date formats are read from."""

DATE_FORMATS: dict[str, str] = load_value(dict[str, str], __name__, VARIANTS, "date_formats")
"""Date format key -> its label; the first is what an assistant writes unprompted
(`format_date` writes a date in each, by the same keys)."""
MEETING_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "meeting_requests"
)
ROOM_REQUESTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "room_requests")
OCCASIONS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "occasions")
COURIER_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "courier_requests"
)
PARCELS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "parcels")


def format_date(date: datetime.date, variant: str) -> str:
    """A date in one of `DATE_FORMATS`.

    Args:
        date: The date.
        variant: A key of `DATE_FORMATS`.
    """
    return {
        "iso": date.isoformat(),
        "dotted": f"{date.day:02d}.{date.month:02d}.{date.year}",
        "long": f"{date.day} {MONTHS[date.month - 1]} {date.year}",
        "us_slash": f"{date.month:02d}/{date.day:02d}/{date.year}",
        "uk_slash": f"{date.day:02d}/{date.month:02d}/{date.year}",
    }[variant]


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


class DateFormat(Aspect):
    """Procedural: how dates are written."""

    name = "date_format"
    kind = "procedural"
    domain = SCHEDULING_DOMAIN
    templates = MEETING_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The default and three other formats."""
        keys = list(DATE_FORMATS)
        chosen = (keys[0], *rng.sample(keys[1:], 3))
        return AspectDraw({key: DATE_FORMATS[key] for key in chosen}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The house date format."""
        return f"At {organisation.name} we always write dates as {draw.labels[truth]}."

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A meeting to confirm (day and month differ, so no format reads as another)."""
        month = 1 + int(rng.random() * 12)
        day = 13 + int(rng.random() * 15)
        date = datetime.date(2025 + int(rng.random() * 2), month, day)
        person = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        time = f"{9 + int(rng.random() * 8)}:{rng.choice(('00', '15', '30', '45'))}"
        day_text = f"{_ordinal(day)} of {MONTHS[month - 1]} {date.year}"
        text = rng.choice(MEETING_REQUESTS).format(person=person, day_text=day_text, time=time)
        if stated is not None:
            text += f" {person.split()[0]}'s calendar needs the date as {draw.labels[stated]}."
        evidence = {key: format_date(date, key) for key in draw.labels}
        replies = {
            key: f"Confirmed: meeting with {person} on {value} at {time}."
            for key, value in evidence.items()
        }
        return RequestDraft(text, replies, evidence)


class MeetingRoom(Aspect):
    """Declarative: the room team reviews are held in."""

    name = "meeting_room"
    kind = "declarative"
    domain = SCHEDULING_DOMAIN
    templates = ROOM_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """Four rooms on file; the first is the one noted as the default."""
        floors = rng.sample(range(1, 7), 4)
        rooms = [f"Room {floor}.{1 + int(rng.random() * 19):02d}" for floor in floors]
        return AspectDraw({f"room_{index}": room for index, room in enumerate(rooms)}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The room to book."""
        return (
            f"Team meetings at {organisation.name} go in {draw.labels[truth]} now; the other "
            "rooms on file lost their screens in the refit."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A team meeting to place."""
        team, occasion = rng.choice(TEAMS), rng.choice(OCCASIONS)
        text = rng.choice(ROOM_REQUESTS).format(
            team=team, occasion=occasion, listed=listed_on_file(rng, draw.labels, "default")
        )
        if stated is not None:
            text += f" Guests are coming, so it has to be {draw.labels[stated]}."
        return on_file_draft(
            text, draw, lambda room: f"Book {room} for the {team} team's {occasion}."
        )


class OfficeAddress(Aspect):
    """Declarative: where the office is now."""

    name = "office_address"
    kind = "declarative"
    domain = SCHEDULING_DOMAIN
    copyable = True
    templates = COURIER_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """Four addresses on file; the first is the old directory's head office."""
        streets = rng.sample(STREETS, 4)
        addresses = [f"{2 + int(rng.random() * 80)} {street}" for street in streets]
        return AspectDraw({f"address_{index}": place for index, place in enumerate(addresses)}, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The office's current address."""
        return (
            f"{possessive(organisation.name)} office moved to {draw.labels[truth]}, "
            f"{organisation.city}; the addresses on file are out of date."
        )

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """A delivery to address."""
        parcel = rng.choice(PARCELS)
        text = rng.choice(COURIER_REQUESTS).format(
            parcel=parcel, listed=listed_on_file(rng, draw.labels, "head office, 2022 directory")
        )
        if stated is not None:
            text += f" This one must go to {draw.labels[stated]}, where the team works this week."
        return on_file_draft(
            text, draw, lambda place: f"Send the {parcel} to {place}, {organisation.city}."
        )
