"""Time-series question types over list_float attributes: temporal_trend, temporal_extreme.

The trend of a series is its normalised slope ``s = slope * (n - 1) / mean(|values|)``
(``slope`` from an ordinary least-squares fit against the period index), so ``s`` is the
fitted change over the whole series relative to its typical size. The question text states
the rule, so the gold is exact; ``pick`` skips series whose ``s`` lies near a boundary.
"""

from __future__ import annotations

import functools
import random
from itertools import repeat
from operator import mul, sub

from inspect_memgym.entity_stream.world.formatting import possessive
from inspect_memgym.entity_stream.world.model import AttributeSpec, Template, World
from inspect_memgym.entity_stream.world.numbers import round_series
from inspect_memgym.entity_stream.world.questions.common import (
    DIRECTIONS,
    attributes_of_kind,
    clear_leader,
    completed_draw,
    format_amount,
    get_series,
    parse_direction,
    pool_picker,
    rank,
    single_fact,
)
from inspect_memgym.entity_stream.world.questions.registry import Params, QuestionType, register
from inspect_memgym.scoring.gold import GoldAnswer

TREND_PHRASES = (
    "strongly rising",
    "slightly rising",
    "flat",
    "slightly falling",
    "strongly falling",
)
"""The five allowed trend answers, from most rising to most falling."""

STRONG_TREND = 0.15
"""Normalised slope beyond which a trend is "strongly" rising or falling."""

SLIGHT_TREND = 0.03
"""Normalised slope beyond which a trend is no longer "flat"."""

TREND_BOUNDARY_GAP = 0.01
"""Series whose normalised slope lies this close to a boundary are not asked about."""

TREND_QUESTION = (
    "Over its {periods} periods, how did {possessive} {label} move? Answer with exactly one "
    "of: {phrases}. Judge by the least-squares slope across periods, times (periods - 1), "
    "divided by the mean absolute value of the series: above 0.15 is strongly rising, above "
    "0.03 slightly rising, from -0.03 to 0.03 flat, below -0.03 slightly falling, below "
    "-0.15 strongly falling. Also give the first and the last value of the series."
)
"""Wording of the temporal_trend type."""

TREND_ANSWER = "{direction} ({first} → {last})"
"""Canonical gold text of a trend question."""

EXTREME_QUESTION = (
    "In which period (1 to {periods}) was {possessive} {label} at its {direction}? Give the "
    "period number and the value."
)
"""Wording of the temporal_extreme type."""

EXTREME_ANSWER = "period {period} ({value})"
"""Canonical gold text of a temporal_extreme question."""

MIN_PERIODS = 2
"""Shortest series a temporal question asks about."""


def displayed_series(spec: AttributeSpec, world: World, entity: str) -> tuple[float, ...]:
    """A series as documents print it (rounded to the attribute's decimals).

    Args:
        spec: The list_float attribute.
        world: The (possibly partial) world.
        entity: Entity name.

    Raises:
        MissingFact: If the entity or the series is absent.
    """
    return round_series(get_series(world, entity, spec.key), spec.decimals)


def normalised_slope(series: tuple[float, ...]) -> float | None:
    """OLS slope times ``(n - 1)`` divided by the mean absolute value.

    Args:
        series: The values in period order.

    Returns:
        The normalised slope, or None for a series shorter than two or averaging zero.
    """
    count = len(series)
    if count < MIN_PERIODS:
        return None
    scale = sum(map(abs, series)) / count
    if scale == 0:
        return None
    offsets, variance = _period_offsets(count)
    mean_value = sum(series) / count
    # sum(offset * (value - mean_value)), the same products added in the same order
    covariance: float = sum(map(mul, offsets, map(sub, series, repeat(mean_value, count))))
    return covariance / variance * (count - 1) / scale


@functools.cache
def _period_offsets(count: int) -> tuple[tuple[float, ...], float]:
    """Each period index minus the mean index, and the sum of their squares."""
    mean_index = (count - 1) / 2
    offsets = tuple(i - mean_index for i in range(count))
    return offsets, sum((i - mean_index) ** 2 for i in range(count))


def trend_phrase(slope: float | None) -> str:
    """The trend phrase for a normalised slope (a zero-mean series counts as flat).

    Args:
        slope: Normalised slope, or None.
    """
    if slope is None:
        return "flat"
    if slope > STRONG_TREND:
        return "strongly rising"
    if slope > SLIGHT_TREND:
        return "slightly rising"
    if slope >= -SLIGHT_TREND:
        return "flat"
    if slope >= -STRONG_TREND:
        return "slightly falling"
    return "strongly falling"


def near_boundary(slope: float) -> bool:
    """Whether a normalised slope lies within the boundary gap of a trend threshold.

    Args:
        slope: Normalised slope.
    """
    # each threshold of _BOUNDARIES in turn, written out: this runs for every series
    return (
        abs(slope - STRONG_TREND) < TREND_BOUNDARY_GAP
        or abs(slope - SLIGHT_TREND) < TREND_BOUNDARY_GAP
        or abs(slope + SLIGHT_TREND) < TREND_BOUNDARY_GAP
        or abs(slope + STRONG_TREND) < TREND_BOUNDARY_GAP
    )


_BOUNDARIES = (STRONG_TREND, SLIGHT_TREND, -SLIGHT_TREND, -STRONG_TREND)
"""The trend class thresholds."""


def _series_facts(world: World) -> tuple[Params, ...]:
    keys = [spec.key for spec in attributes_of_kind(world.template, ("list_float",))]
    found: list[Params] = []
    for entity in world.entities:
        values = entity.values
        for key in keys:
            value = values.get(key)
            if isinstance(value, tuple) and len(value) >= MIN_PERIODS:
                found.append({"entity": entity.name, "attribute": key})
    return tuple(found)


# ---------------------------------------------------------------------------------------
# temporal_trend
# ---------------------------------------------------------------------------------------


def _clear_trends(world: World) -> tuple[Params, ...]:
    """The series facts whose normalised slope is not near a class boundary."""
    pool = []
    entity = world.entity
    attribute = world.template.attribute
    for params in world.memo("series_facts", lambda: _series_facts(world)):
        spec = attribute(params["attribute"])
        series = entity(params["entity"]).values[spec.key]
        # displayed_series, without the checks _series_facts has made
        slope = normalised_slope(round_series(map(float, series), spec.decimals))  # type: ignore[arg-type]
        if slope is not None and not near_boundary(slope):
            pool.append(params)
    return tuple(pool)


pick_temporal_trend = pool_picker("temporal_trend_pool", _clear_trends)
"""Choose a series whose trend is clearly inside one class."""


def series_fields(params: Params, template: Template) -> dict[str, object]:
    """Text fields shared by every question about one entity's series.

    Args:
        params: ``entity`` and ``attribute``.
        template: The world's template.
    """
    spec = template.attribute(params["attribute"])
    return {
        "periods": spec.periods,
        "possessive": possessive(params["entity"]),
        "label": spec.label,
    }


def render_temporal_trend(params: Params, template: Template) -> str:
    """Ask for a series' trend class and its first and last values.

    Args:
        params: ``entity`` and ``attribute``.
        template: The world's template.
    """
    return TREND_QUESTION.format(
        phrases=", ".join(TREND_PHRASES), **series_fields(params, template)
    )


def compute_temporal_trend(params: Params, world: World) -> GoldAnswer:
    """Gold: the trend phrase and the series' first and last values.

    Args:
        params: ``entity`` and ``attribute``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the series is absent.
    """
    spec = world.template.attribute(params["attribute"])
    series = displayed_series(spec, world, params["entity"])
    direction = trend_phrase(normalised_slope(series))
    first, last = series[0], series[-1]
    text = TREND_ANSWER.format(
        direction=direction, first=format_amount(spec, first), last=format_amount(spec, last)
    )
    return GoldAnswer(kind="trend", text=text, direction=direction, series=(first, last))


TEMPORAL_TREND = register(
    QuestionType(
        name="temporal_trend",
        axis="reasoning",
        pick=pick_temporal_trend,
        render=render_temporal_trend,
        compute=compute_temporal_trend,
        facts=single_fact,
    )
)


# ---------------------------------------------------------------------------------------
# temporal_extreme
# ---------------------------------------------------------------------------------------


def periods_of(series: tuple[float, ...]) -> list[tuple[str, float]]:
    """``(period, value)`` pairs with 1-based, zero-padded period labels.

    Zero padding keeps ties broken by the earlier period when ranking.

    Args:
        series: The values in period order.
    """
    width = len(str(len(series)))
    return [(str(index).zfill(width), value) for index, value in enumerate(series, start=1)]


def pick_temporal_extreme(world: World, rng: random.Random) -> Params | None:
    """Choose a series and a direction whose extreme period is clear.

    Args:
        world: The world.
        rng: The seeded RNG.
    """

    def with_clear_extreme(params: Params) -> Params | None:
        params["direction"] = rng.choice(DIRECTIONS)
        spec = world.template.attribute(params["attribute"])
        series = displayed_series(spec, world, params["entity"])
        if clear_leader(periods_of(series), parse_direction(params["direction"])):
            return params
        return None

    pool = world.memo("series_facts", lambda: _series_facts(world))
    return completed_draw(rng, pool, with_clear_extreme)


def render_temporal_extreme(params: Params, template: Template) -> str:
    """Ask in which period a series peaked (or bottomed out), and the value then.

    Args:
        params: ``entity``, ``attribute`` and ``direction``.
        template: The world's template.
    """
    return EXTREME_QUESTION.format(direction=params["direction"], **series_fields(params, template))


def compute_temporal_extreme(params: Params, world: World) -> GoldAnswer:
    """Gold: the 1-based period of the extreme value, and that value.

    Args:
        params: ``entity``, ``attribute`` and ``direction``.
        world: The (possibly partial) world.

    Raises:
        MissingFact: If the series is absent.
    """
    spec = world.template.attribute(params["attribute"])
    series = displayed_series(spec, world, params["entity"])
    label, value = rank(periods_of(series), parse_direction(params["direction"]))[0]
    period = int(label)
    text = EXTREME_ANSWER.format(period=period, value=format_amount(spec, value))
    return GoldAnswer(kind="period_value", text=text, value=value, period=period)


TEMPORAL_EXTREME = register(
    QuestionType(
        name="temporal_extreme",
        axis="reasoning",
        pick=pick_temporal_extreme,
        render=render_temporal_extreme,
        compute=compute_temporal_extreme,
        facts=single_fact,
    )
)
