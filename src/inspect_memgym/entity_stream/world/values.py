"""Random attribute values, and changed values for corrections."""

from __future__ import annotations

import datetime
import functools
import math
import random
from collections.abc import Callable

from inspect_memgym.entity_stream.world.model import AttributeSpec, Value

_LOG_UNIFORM_SPREAD = 50.0
"""Ranges whose high/low ratio exceeds this are sampled log-uniformly (sizes, money)."""


def _clean_float(value: float, decimals: int) -> float:
    """Round to the display precision, always a float, never ``-0.0``."""
    return round(float(value), decimals) + 0.0


Sampler = Callable[[random.Random], Value]
"""Draws one value of a fixed attribute from a seeded RNG."""


def _uniform(low: float, high: float) -> Callable[[random.Random], float]:
    """``rng.uniform(low, high)`` with the width computed once (the same float)."""
    width = high - low
    return lambda rng: low + width * rng.random()


def _scalar(spec: AttributeSpec) -> tuple[bool, float, float]:
    """How a number is drawn: ``(log-uniform?, low, width)``, widths computed once.

    A draw is ``low + width * rng.random()`` (``rng.uniform``), exponentiated when
    log-uniform.
    """
    low, high = spec.low, spec.high
    if low > 0 and high / low > _LOG_UNIFORM_SPREAD:
        log_low, log_high = math.log(low), math.log(high)
        return True, log_low, log_high - log_low
    return False, low, high - low


def _int_sampler(spec: AttributeSpec) -> Sampler:
    logarithmic, low, width = _scalar(spec)
    exp = math.exp
    if logarithmic:
        return lambda rng: round(exp(low + width * rng.random()))
    return lambda rng: round(low + width * rng.random())


def _float_sampler(spec: AttributeSpec) -> Sampler:
    logarithmic, low, width = _scalar(spec)
    exp, decimals = math.exp, spec.decimals
    if logarithmic:
        return lambda rng: round(float(exp(low + width * rng.random())), decimals) + 0.0
    return lambda rng: round(float(low + width * rng.random()), decimals) + 0.0


def _enum_sampler(spec: AttributeSpec) -> Sampler:
    choices = spec.choices
    count = len(choices)
    return lambda rng: choices[int(rng.random() * count)]


def _date_sampler(spec: AttributeSpec) -> Sampler:
    first = datetime.date(int(spec.low), 1, 1).toordinal()
    last = datetime.date(int(spec.high), 12, 31).toordinal()
    width, fromordinal = last - first + 1, datetime.date.fromordinal
    return lambda rng: fromordinal(first + int(rng.random() * width)).isoformat()


def _text_sampler(spec: AttributeSpec) -> Sampler:
    choices, fewest = spec.choices, spec.min_fragments
    spread = spec.max_fragments - fewest + 1

    def sample(rng: random.Random) -> Value:
        return tuple(rng.sample(choices, fewest + int(rng.random() * spread)))

    return sample


def _series_sampler(spec: AttributeSpec) -> Sampler:
    low, high, decimals, periods = spec.low, spec.high, spec.decimals, spec.periods
    span = high - low
    start = _uniform(low + 0.2 * span, high - 0.2 * span)
    slope = _uniform(-0.08, 0.08)
    noise = _uniform(-0.04, 0.04)

    def sample(rng: random.Random) -> Value:
        level = start(rng)
        drift = slope(rng) * span
        values = []
        for _ in range(periods):
            values.append(round(float(min(high, max(low, level))), decimals) + 0.0)
            level += drift + noise(rng) * span
        return tuple(values)

    return sample


_SAMPLER_BUILDERS: dict[str, Callable[[AttributeSpec], Sampler]] = {
    "int": _int_sampler,
    "float": _float_sampler,
    "enum": _enum_sampler,
    "date": _date_sampler,
    "text": _text_sampler,
    "list_float": _series_sampler,
}


@functools.cache
def value_sampler(spec: AttributeSpec) -> Sampler:
    """The sampler :func:`random_value` uses for an attribute, built once per spec.

    It makes exactly the RNG draws of the documented recipe: int and float values are
    uniform in ``[low, high]`` (log-uniform when ``high / low > 50``) and rounded to the
    display precision; enum picks one choice; dates are uniform days of the year range;
    text takes ``min..max`` distinct fragments; a series drifts from a level in the
    middle 60% of the range with ±4% noise per period, clamped to the range.

    Args:
        spec: The attribute.
    """
    return _SAMPLER_BUILDERS[spec.kind](spec)


def random_value(spec: AttributeSpec, rng: random.Random) -> Value:
    """Draw one value of an attribute.

    Args:
        spec: The attribute.
        rng: Seeded RNG.
    """
    return value_sampler(spec)(rng)


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
