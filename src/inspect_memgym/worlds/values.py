"""Random attribute values, and changed values for corrections."""

from __future__ import annotations

import datetime
import math
import random

from inspect_memgym.worlds.model import AttributeSpec, Value
from inspect_memgym.worlds.rng import integer_between, pick

_LOG_UNIFORM_SPREAD = 50.0
"""Ranges whose high/low ratio exceeds this are sampled log-uniformly (sizes, money)."""


def _clean_float(value: float, decimals: int) -> float:
    """Round to the display precision, always a float, never ``-0.0``."""
    return round(float(value), decimals) + 0.0


def _scalar(spec: AttributeSpec, rng: random.Random) -> float:
    low, high = spec.low, spec.high
    if low > 0 and high / low > _LOG_UNIFORM_SPREAD:
        return math.exp(rng.uniform(math.log(low), math.log(high)))
    return rng.uniform(low, high)


def _date(spec: AttributeSpec, rng: random.Random) -> str:
    first = datetime.date(int(spec.low), 1, 1).toordinal()
    last = datetime.date(int(spec.high), 12, 31).toordinal()
    return datetime.date.fromordinal(integer_between(rng, first, last)).isoformat()


def _series(spec: AttributeSpec, rng: random.Random) -> tuple[float, ...]:
    span = spec.high - spec.low
    level = rng.uniform(spec.low + 0.2 * span, spec.high - 0.2 * span)
    drift = rng.uniform(-0.08, 0.08) * span
    values = []
    for _ in range(spec.periods):
        values.append(_clean_float(min(spec.high, max(spec.low, level)), spec.decimals))
        level += drift + rng.uniform(-0.04, 0.04) * span
    return tuple(values)


def random_value(spec: AttributeSpec, rng: random.Random) -> Value:
    """Draw one value of an attribute.

    Args:
        spec: The attribute.
        rng: Seeded RNG.
    """
    if spec.kind == "int":
        return round(_scalar(spec, rng))
    if spec.kind == "float":
        return _clean_float(_scalar(spec, rng), spec.decimals)
    if spec.kind == "enum":
        return pick(rng, spec.choices)
    if spec.kind == "date":
        return _date(spec, rng)
    if spec.kind == "text":
        count = integer_between(rng, spec.min_fragments, spec.max_fragments)
        return tuple(rng.sample(spec.choices, count))
    return _series(spec, rng)


def changed_value(spec: AttributeSpec, old: Value, rng: random.Random) -> Value:
    """A corrected value: int ±max(1, ⌊|old|·U(.1,.5)⌋), float ±old·U(.1,.5), clamped.

    The sign is flipped when clamping would leave the value unchanged.

    Args:
        spec: A numeric attribute.
        old: Its current value.
        rng: Seeded RNG.

    Raises:
        ValueError: If the attribute is not numeric.
    """
    if spec.kind not in ("int", "float") or not isinstance(old, (int, float)):
        raise ValueError(f"only int and float attributes are corrected, not {spec.kind}")
    fraction = rng.uniform(0.1, 0.5)
    step: float = (
        max(1, math.floor(abs(old) * fraction)) if spec.kind == "int" else abs(old) * fraction
    )
    if spec.kind == "float":
        step = max(step, 10.0**-spec.decimals)
    direction = -1 if rng.random() < 0.5 else 1
    for sign in (direction, -direction):
        candidate = min(spec.high, max(spec.low, old + sign * step))
        new: Value = (
            round(candidate) if spec.kind == "int" else _clean_float(candidate, spec.decimals)
        )
        if new != old:
            return new
    raise ValueError(f"cannot change {spec.key}={old!r} within [{spec.low}, {spec.high}]")
