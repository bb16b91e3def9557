"""Gold memory points: what a memory should hold, from a generator's structured data.

A memory point is one value an input stated about a subject: ``(subject, attribute, value)``
with its version (0 when first stated, one more with each update), the time it was stated
(the input's position in the stream), its importance (how much the questions lean on it)
and its kind:

* ``primary``: a value as first stated;
* ``update``: a later value of the same subject and attribute (a correction, a change);
* ``distractor``: something the inputs state that no question needs (noise, interference).

Of the versions of one ``(subject, attribute)``, the latest is ``current``; the older ones
are superseded (a memory still asserting one alone keeps a stale value). A point's value
is matched by its parts: ``numbers`` (each with the answers' tolerance, exact for an
integer point), ``dates`` (ISO) and ``phrases`` (whole tokens), or by any one of its
``aliases``, see
`scoring.point_matching`. Pure: no Inspect; tasks build points from their generators, never
by parsing texts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

PointKind = Literal["primary", "update", "distractor"]
PRIMARY: PointKind = "primary"
UPDATE: PointKind = "update"
DISTRACTOR: PointKind = "distractor"


@dataclass(frozen=True)
class MemoryPoint:
    """One value an input stated, that a memory may hold.

    Attributes:
        point_id: Unique within the sample (e.g. ``"Argon Labs/a0/v1"``).
        subject: The name the value belongs to ("" for a distractor about no subject).
        attribute: What the value is (an attribute key, ``category``, a relation).
        value: The value as text (for display).
        numbers: Numbers the value consists of (all must be held).
        integer: Whether the numbers must match exactly (else the answers' 2% tolerance).
        dates: ISO dates the value consists of.
        phrases: Words or names the value consists of (each held as a whole token).
        aliases: Phrases any one of which also states the whole value (a generator's own
            wordings of it, e.g. "I eat no meat or fish" for ``vegetarian``).
        version: 0 when first stated, then one more with each update.
        time: Position in the stream of the input that stated it.
        importance: Weight in the importance-weighted recall (at least 1).
        kind: ``primary``, ``update`` or ``distractor``.
        current: False once a later version of the same subject and attribute was stated.
    """

    point_id: str
    subject: str
    attribute: str
    value: str
    numbers: tuple[float, ...] = ()
    integer: bool = False
    dates: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    version: int = 0
    time: int = 0
    importance: float = 1.0
    kind: PointKind = PRIMARY
    current: bool = True

    @property
    def key(self) -> tuple[str, str]:
        """``(subject, attribute)``: the versions of one value share it."""
        return (self.subject, self.attribute)

    @property
    def is_target(self) -> bool:
        """Whether a memory should hold it: a current primary or update point."""
        return self.current and self.kind != DISTRACTOR


def mark_superseded(points: Iterable[MemoryPoint]) -> list[MemoryPoint]:
    """The points with ``current`` set: only the latest version of each key is current.

    Args:
        points: Points of one sample (distractors are always current).
    """
    listed = [(point, (point.subject, point.attribute)) for point in points]
    latest: dict[tuple[str, str], int] = {}
    for point, key in listed:
        if point.kind != DISTRACTOR:
            latest[key] = max(latest.get(key, -1), point.version)
    marked = []
    for point, key in listed:
        current = point.kind == DISTRACTOR or point.version == latest[key]
        marked.append(point if point.current == current else replace(point, current=current))
    return marked


def points_before(points: Sequence[MemoryPoint], time: int) -> list[MemoryPoint]:
    """The points stated before a time, ``current`` as it stood then.

    Args:
        points: Points of one sample.
        time: A stream position (a question's).
    """
    return mark_superseded(point for point in points if point.time < time)
