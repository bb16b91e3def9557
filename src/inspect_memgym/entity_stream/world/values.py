"""Random attribute values, and changed values for corrections."""

from __future__ import annotations

import datetime
import functools
import math
import random
from collections.abc import Callable, Collection
from math import floor

from inspect_memgym.entity_stream.world.model import AttributeSpec, Template, Value
from inspect_memgym.entity_stream.world.numbers import round_float, round_places, rounding_scale
from inspect_memgym.entity_stream.world.rng import sample

_LOG_UNIFORM_SPREAD = 50.0
"""Ranges whose high/low ratio exceeds this are sampled log-uniformly (sizes, money)."""


Sampler = Callable[[random.Random], Value]
"""Draws one value of a fixed attribute from a seeded RNG."""


def _bounds(low: float, high: float) -> tuple[float, float]:
    """``(low, width)`` so that ``low + width * rng.random()`` is ``rng.uniform(low, high)``."""
    return low, high - low


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
        return lambda rng: round_float(exp(low + width * rng.random()))
    return lambda rng: round_float(low + width * rng.random())


def _float_sampler(spec: AttributeSpec) -> Sampler:
    logarithmic, low, width = _scalar(spec)
    exp, decimals = math.exp, spec.decimals
    if logarithmic:
        return lambda rng: round_places(exp(low + width * rng.random()), decimals) + 0.0
    return lambda rng: round_places(float(low + width * rng.random()), decimals) + 0.0


def _enum_sampler(spec: AttributeSpec) -> Sampler:
    choices = spec.choices
    count = len(choices)
    return lambda rng: choices[floor(rng.random() * count)]


def _date_sampler(spec: AttributeSpec) -> Sampler:
    first = datetime.date(int(spec.low), 1, 1).toordinal()
    last = datetime.date(int(spec.high), 12, 31).toordinal()
    width, fromordinal = last - first + 1, datetime.date.fromordinal
    return lambda rng: fromordinal(first + floor(rng.random() * width)).isoformat()


def _text_sampler(spec: AttributeSpec) -> Sampler:
    choices, fewest = spec.choices, spec.min_fragments
    spread = spec.max_fragments - fewest + 1

    def sample_fragments(rng: random.Random) -> Value:
        return tuple(sample(rng, choices, fewest + floor(rng.random() * spread)))

    return sample_fragments


def _series_sampler(spec: AttributeSpec) -> Sampler:
    low, high, decimals, periods = spec.low, spec.high, spec.decimals, spec.periods
    span = high - low
    start_low, start_width = _bounds(low + 0.2 * span, high - 0.2 * span)
    slope_low, slope_width = _bounds(-0.08, 0.08)
    noise_low, noise_width = _bounds(-0.04, 0.04)
    lowest, highest = float(low), float(high)
    scale = rounding_scale(decimals)

    def sample_series(rng: random.Random) -> Value:
        random = rng.random
        level = start_low + start_width * random()
        drift = (slope_low + slope_width * random()) * span
        values = []
        for _ in range(periods):
            clamped = highest if level > highest else (lowest if level < lowest else level)
            # numbers.round_places(clamped, decimals) + 0.0, inline (see there why it is exact)
            scaled = clamped * scale
            if -1099511627776.0 < scaled < 1099511627776.0:
                nearest = round_float(scaled)
                if nearest and -0.499 < scaled - nearest < 0.499:
                    values.append(nearest / scale)
                else:
                    values.append(round(clamped, decimals) + 0.0)
            else:
                values.append(round(clamped, decimals) + 0.0)
            level += drift + (noise_low + noise_width * random()) * span
        return tuple(values)

    return sample_series


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
    """The sampler that draws an attribute's values, built once per spec.

    It makes exactly the RNG draws of the documented recipe: int and float values are
    uniform in ``[low, high]`` (log-uniform when ``high / low > 50``) and rounded to the
    display precision; enum picks one choice; dates are uniform days of the year range;
    text takes ``min..max`` distinct fragments; a series drifts from a level in the
    middle 60% of the range with ±4% noise per period, clamped to the range.

    Args:
        spec: The attribute.
    """
    return _SAMPLER_BUILDERS[spec.kind](spec)


_INT, _INT_LOG, _FLOAT, _FLOAT_LOG, _ENUM, _OTHER = range(6)
"""How a drawer makes one value: the common kinds inline, the rest through their sampler."""

ValuesDrawer = Callable[[random.Random, Collection[int]], dict[str, Value]]
"""Draws one entity's values, leaving out the attributes at the given indices."""


def _draw_step(spec: AttributeSpec) -> tuple[str, int, float, float, int, object]:
    """``(key, how, low, width, decimals, extra)`` for one attribute of a drawer."""
    if spec.kind in ("int", "float"):
        logarithmic, low, width = _scalar(spec)
        if spec.kind == "int":
            return spec.key, _INT_LOG if logarithmic else _INT, low, width, 0, None
        how = _FLOAT_LOG if logarithmic else _FLOAT
        return spec.key, how, low, width, spec.decimals, None
    if spec.kind == "enum":
        return spec.key, _ENUM, 0.0, float(len(spec.choices)), 0, spec.choices
    return spec.key, _OTHER, 0.0, 0.0, 0, value_sampler(spec)


def values_drawer(template: Template) -> ValuesDrawer:
    """One entity's values for a template, as a function built once.

    It makes exactly the draws of ``value_sampler(spec)(rng)`` for each attribute kept, in
    template order, with ints, floats and enums drawn inline rather than through a call.

    Args:
        template: The template.
    """
    steps = tuple(_draw_step(spec) for spec in template.attributes)
    scales = tuple(rounding_scale(step[4]) for step in steps)
    exp = math.exp

    # floor(), not int(): the same index, as the product is never negative, and
    # about half the cost of int()'s type call (pinned in test_fast_draws)
    def draw(rng: random.Random, left_out: Collection[int]) -> dict[str, Value]:
        random = rng.random
        values: dict[str, Value] = {}
        for index, (key, how, low, width, decimals, extra) in enumerate(steps):
            if index in left_out:
                continue
            # the kinds by how often templates declare them: log-uniform ones first
            if how == _INT_LOG:
                values[key] = round_float(exp(low + width * random()))
                continue
            if how == _FLOAT_LOG:
                drawn = exp(low + width * random())
            elif how == _FLOAT:
                drawn = low + width * random()
            else:
                if how == _INT:
                    values[key] = round_float(low + width * random())
                elif how == _ENUM:
                    values[key] = extra[floor(random() * width)]  # type: ignore[index]
                else:
                    values[key] = extra(rng)  # type: ignore[operator]
                continue
            # numbers.round_places(drawn, decimals) + 0.0, inline (see there why it is
            # exact); a nonzero result needs no + 0.0
            scale = scales[index]
            scaled = drawn * scale
            if -1099511627776.0 < scaled < 1099511627776.0:
                nearest = round_float(scaled)
                if nearest and -0.499 < scaled - nearest < 0.499:
                    values[key] = nearest / scale
                    continue
            values[key] = round(drawn, decimals) + 0.0
        return values

    return draw


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
    return value_changer(spec)(old, rng)


ValueChanger = Callable[[int | float, random.Random], Value]
"""``changed_value`` for one numeric attribute, its spec's work done once."""


@functools.cache
def value_changer(spec: AttributeSpec) -> ValueChanger:
    """:func:`changed_value` for one int or float attribute (the same draws and result).

    Args:
        spec: An int or float attribute.
    """
    low, high, decimals, key = spec.low, spec.high, spec.decimals, spec.key
    fraction_low, fraction_width = _bounds(0.1, 0.5)
    smallest_step = 10.0**-decimals
    lowest, highest = float(low), float(high)
    floor = math.floor
    # min(high, max(low, x)) and max(a, b) are written as comparisons below: the same
    # values, without a builtin call each

    def change_int(old: int | float, rng: random.Random) -> Value:
        fraction = fraction_low + fraction_width * rng.random()
        step = floor(abs(old) * fraction)
        if step < 1:
            step = 1
        direction = -1 if rng.random() < 0.5 else 1
        for sign in (direction, -direction):
            moved = old + sign * step
            floored = moved if moved > low else low
            new = round(floored if floored < high else high)
            if new != old:
                return new
        raise ValueError(f"cannot change {key}={old!r} within [{low}, {high}]")

    def change_float(old: int | float, rng: random.Random) -> Value:
        fraction = fraction_low + fraction_width * rng.random()
        step = abs(old) * fraction
        if step < smallest_step:
            step = smallest_step
        direction = -1 if rng.random() < 0.5 else 1
        for sign in (direction, -direction):
            moved = old + sign * step
            floored = moved if moved > lowest else lowest
            new = round_places(floored if floored < highest else highest, decimals) + 0.0
            if new != old:
                return new
        raise ValueError(f"cannot change {key}={old!r} within [{low}, {high}]")

    return change_int if spec.kind == "int" else change_float
