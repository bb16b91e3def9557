"""The generator's shortcuts give exactly what the standard library gives.

``world.rng.shuffle``/``sample`` must make the draws ``random.Random`` makes,
``world.numbers`` must round and format exactly as ``round`` and ``format`` do, and the
prepared ``shown_value`` must write what ``format_value`` writes: the golden digest would
catch a difference only for the values the grid happens to draw.
"""

from __future__ import annotations

import datetime
import itertools
import math
import random
import struct
from typing import Any

import pytest

from inspect_memgym.entity_stream.world.formatting import format_value
from inspect_memgym.entity_stream.world.generate import generate_entities, sampled_facts
from inspect_memgym.entity_stream.world.model import AttributeSpec, Entity, Template, Value, World
from inspect_memgym.entity_stream.world.numbers import (
    grouped_decimal,
    grouped_decimal_format,
    grouped_integer,
    round_float,
    round_places,
    round_series,
)
from inspect_memgym.entity_stream.world.questions.common import clear_leader
from inspect_memgym.entity_stream.world.questions.relations import _clear_highest
from inspect_memgym.entity_stream.world.questions.temporal import (
    _BOUNDARIES,
    TREND_BOUNDARY_GAP,
    near_boundary,
    normalised_slope,
)
from inspect_memgym.entity_stream.world.questions.text_match import (
    pick_text_match,
    unique_combinations,
)
from inspect_memgym.entity_stream.world.rng import sample, shuffle
from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.entity_stream.world.value_text import shown_value
from inspect_memgym.entity_stream.world.values import value_changer, value_sampler, values_drawer

EDGE_VALUES = (
    0.0,
    -0.0,
    2.675,
    0.125,
    0.375,
    -0.125,
    -0.04,
    0.05,
    998.96,
    999.0,
    999.96,
    -998.96,
    -999.96,
    1e300,
    -1e-300,
    2.0**41,
    float("inf"),
    float("-inf"),
)


def _bits(value: float) -> bytes:
    return struct.pack("<d", value)


def test_shuffle_and_sample_match_random() -> None:
    for seed in range(400):
        size = (seed * 37) % 700
        population = list(range(size))
        ours, theirs = random.Random(seed), random.Random(seed)
        shuffled, expected = list(population), list(population)
        shuffle(ours, shuffled)
        theirs.shuffle(expected)
        assert shuffled == expected
        count = (seed * 11) % (size + 1)
        assert sample(ours, population, count) == theirs.sample(population, count)
        assert ours.random() == theirs.random()  # same state afterwards


def test_sample_refuses_a_count_the_population_cannot_give() -> None:
    with pytest.raises(ValueError):
        sample(random.Random(0), [1, 2], 3)


def _values(rng: random.Random, count: int) -> list[float]:
    values = []
    for index in range(count):
        shape = index % 4
        if shape == 0:
            values.append(rng.uniform(-1e6, 1e6))
        elif shape == 1:
            values.append(math.exp(rng.uniform(-10, 16)) * rng.choice((-1, 1)))
        elif shape == 2:  # close to a rounding half at 0-3 places
            values.append(rng.randrange(-(10**6), 10**6) / 1000 + rng.choice((5e-4, 5e-3, 0.05)))
        else:
            values.append(rng.randrange(-(10**7), 10**7) / 8.0)
    return values + list(EDGE_VALUES)


def test_round_places_and_round_series_match_round() -> None:
    values = _values(random.Random(7), 8_000)
    for places in (0, 1, 2, 3):
        for value in values:
            assert _bits(round_places(value, places)) == _bits(round(value, places)), value
        expected = [_bits(round(value, places)) for value in values]
        assert [_bits(value) for value in round_series(values, places)] == expected
    assert math.isnan(round_places(float("nan"), 1))


def test_round_float_matches_round() -> None:
    values = [value for value in _values(random.Random(13), 8_000) if math.isfinite(value)]
    values += [0.5, 1.5, 2.5, -0.5, -2.5, 1e300, math.nextafter(0.5, 0.0)]
    for value in values:
        assert round_float(value) == round(value) and type(round_float(value)) is int, value
    with pytest.raises(OverflowError):
        round_float(float("inf"))


def test_grouped_numbers_match_format() -> None:
    for value in range(-3000, 3000, 7):
        assert grouped_integer(value) == format(value, ",")
    assert grouped_integer(10**12) == format(10**12, ",")
    for places in (1, 2, 3):
        short, grouped = grouped_decimal_format(places)
        for value in _values(random.Random(places), 3_000):
            assert grouped_decimal(value, short, grouped) == format(value, grouped), value


@pytest.mark.parametrize("unit", ["{value}%", "${value}M", "{value} pct%", "x{value}y{value}"])
def test_shown_values_match_format_value(unit: str) -> None:
    rng = random.Random(3)
    for kind, decimals in (("list_float", 1), ("list_float", 2), ("float", 2), ("int", 0)):
        spec = AttributeSpec("g", "growth", kind, unit, -5, 15, decimals, periods=5)  # type: ignore[arg-type]
        shown = shown_value(spec)
        for _ in range(500):
            numbers = [rng.uniform(-2000, 2000), rng.uniform(-10, 10), 998.96, -999.0]
            value: Value
            if kind == "list_float":
                value = tuple(rng.choice(numbers) for _ in range(rng.choice((5, 5, 4, 0))))
            elif kind == "float":
                value = rng.choice(numbers)
            else:
                value = round(rng.choice(numbers))
            assert shown(value) == format_value(spec, value), (unit, value)


def test_shown_series_of_other_items_match_format_value() -> None:
    spec = AttributeSpec("g", "growth", "list_float", "{value}%", -5, 15, 1, periods=3)
    shown = shown_value(spec)
    nan, inf = float("nan"), float("inf")
    for value in ((1, 2, 3), (True, 2.5, -4), (nan, 1.0, 2.0), (1.0, nan, 5000.0), (inf, 1.0, 2.0)):
        assert shown(value) == format_value(spec, value), value  # type: ignore[arg-type]
    for value in (("1.5", 2.0, 3.0), (1.0, "2.5")):
        assert shown(value) == format_value(spec, value), value  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        shown((1.0, None, 2.0))  # type: ignore[arg-type]


def test_shown_fragments_match_format_value() -> None:
    spec = AttributeSpec("notes", "notes", "text", choices=("alpha", "beta", "gamma", "delta"))
    shown = shown_value(spec)
    rng = random.Random(5)
    for _ in range(200):
        fragments = tuple(rng.sample(spec.choices, rng.randint(0, 4)))
        assert shown(fragments) == format_value(spec, fragments)
    mixed: Value = ("alpha", 3)  # type: ignore[assignment]
    assert shown(mixed) == format_value(spec, mixed) == "alpha and 3"


def _changed_by_the_recipe(spec: AttributeSpec, old: float, rng: random.Random) -> Value:
    """``changed_value`` as its docstring states it, with builtins only."""
    fraction = rng.uniform(0.1, 0.5)
    step: float = (
        max(1, math.floor(abs(old) * fraction)) if spec.kind == "int" else abs(old) * fraction
    )
    if spec.kind == "float":
        step = max(step, 10.0**-spec.decimals)
    direction = -1 if rng.random() < 0.5 else 1
    for sign in (direction, -direction):
        candidate = min(spec.high, max(spec.low, old + sign * step))
        new = round(candidate) if spec.kind == "int" else round(float(candidate), spec.decimals)
        if new != old:
            return new + 0.0 if spec.kind == "float" else new
    raise ValueError("no change")


def test_value_changer_follows_the_recipe() -> None:
    rng = random.Random(9)
    for _ in range(20_000):
        kind = rng.choice(("int", "float"))
        low = rng.choice((0, 0.0, 1, 5, 0.5, 10))
        high = low + rng.choice((1, 2, 10, 1000, 250_000, 0.5))
        places = rng.choice((0, 1, 2)) if kind == "float" else 0
        spec = AttributeSpec("k", "k", kind, "{value}", low, high, places)  # type: ignore[arg-type]
        old = rng.choice((low, high, rng.uniform(low, high)))
        old = round(old) if kind == "int" else round(old, places)
        seed = rng.random()
        expected_rng, rng_used = random.Random(seed), random.Random(seed)
        try:
            expected: Value | None = _changed_by_the_recipe(spec, old, expected_rng)
        except ValueError:
            expected = None
        try:
            changed: Value | None = value_changer(spec)(old, rng_used)
        except ValueError:
            changed = None
        assert type(changed) is type(expected) and changed == expected, (spec, old)
        if isinstance(changed, float) and isinstance(expected, float):
            assert _bits(changed) == _bits(expected)
        assert rng_used.random() == expected_rng.random()


def _series_by_the_recipe(spec: AttributeSpec, rng: random.Random) -> tuple[float, ...]:
    """A series as ``value_sampler`` documents it, with builtins only."""
    span = spec.high - spec.low
    level = rng.uniform(spec.low + 0.2 * span, spec.high - 0.2 * span)
    drift = rng.uniform(-0.08, 0.08) * span
    values = []
    for _ in range(spec.periods):
        values.append(round(float(min(spec.high, max(spec.low, level))), spec.decimals) + 0.0)
        level += drift + rng.uniform(-0.04, 0.04) * span
    return tuple(values)


@pytest.mark.parametrize(("low", "high", "places"), [(-12, 30, 1), (0.1, 90, 2), (5, 2400, 0)])
def test_series_sampler_follows_the_recipe(low: float, high: float, places: int) -> None:
    spec = AttributeSpec("s", "s", "list_float", "{value}", low, high, places, periods=8)
    sample_series = value_sampler(spec)
    for seed in range(500):
        expected = _series_by_the_recipe(spec, random.Random(seed))
        drawn = sample_series(random.Random(seed))
        assert [_bits(value) for value in drawn] == [_bits(value) for value in expected]  # type: ignore[arg-type]


def test_values_drawer_makes_each_samplers_draws() -> None:
    for name in TEMPLATE_NAMES:
        template = get_template(name)
        draw = values_drawer(template)
        for seed in range(60):
            left_out = set(random.Random(seed).sample(range(len(template.attributes)), seed % 6))
            ours, theirs = random.Random(seed), random.Random(seed)
            drawn = draw(ours, left_out)
            expected = {
                spec.key: value_sampler(spec)(theirs)
                for index, spec in enumerate(template.attributes)
                if index not in left_out
            }
            assert list(drawn) == list(expected)
            for key, value in expected.items():
                assert type(drawn[key]) is type(value) and drawn[key] == value, (name, key)
                if isinstance(value, float):
                    assert _bits(drawn[key]) == _bits(value)  # type: ignore[arg-type]
            assert ours.random() == theirs.random()  # same state afterwards


def _sampled_facts_by_the_recipe(
    template: Template,
    entities: list[Entity],
    count: int,
    taken: set[tuple[str, str]],
    rng: random.Random,
) -> list[tuple[Entity, AttributeSpec]]:
    """The candidate list built in full and sampled by ``random.Random.sample``."""
    candidates = [
        (entity, spec)
        for entity in entities
        for spec in template.attributes
        if spec.kind in ("int", "float")
        and spec.key in entity.values
        and (entity.name, spec.key) not in taken
    ]
    return rng.sample(candidates, min(count, len(candidates)))


def test_sampled_facts_match_sampling_the_candidate_list() -> None:
    for index, name in enumerate(TEMPLATE_NAMES):
        template = get_template(name)
        entities = generate_entities(template, 40, random.Random(index))
        picker = random.Random(index)
        for seed in range(40):
            chosen = entities[: picker.choice((0, 1, 5, 40))]
            facts = [(entity.name, key) for entity in chosen for key in entity.values]
            taken = set(picker.sample(facts, min(len(facts), seed % 7)))
            count = picker.choice((0, 1, 5, 10_000))
            ours, theirs = random.Random(seed), random.Random(seed)
            expected = _sampled_facts_by_the_recipe(template, chosen, count, taken, theirs)
            assert sampled_facts(template, chosen, count, taken, ours) == expected
            assert ours.random() == theirs.random()  # same state afterwards


def _index_draw_by_the_recipe(spec: AttributeSpec, rng: random.Random) -> Value:
    """An enum, date or text value as ``value_sampler`` documents it, indices by ``int``."""
    if spec.kind == "enum":
        return spec.choices[int(rng.random() * len(spec.choices))]
    if spec.kind == "date":
        first = datetime.date(int(spec.low), 1, 1).toordinal()
        width = datetime.date(int(spec.high), 12, 31).toordinal() - first + 1
        return datetime.date.fromordinal(first + int(rng.random() * width)).isoformat()
    spread = spec.max_fragments - spec.min_fragments + 1
    return tuple(rng.sample(spec.choices, spec.min_fragments + int(rng.random() * spread)))


def test_index_draws_follow_the_recipe() -> None:
    choices = tuple(f"choice {index}" for index in range(7))
    specs = [
        AttributeSpec("e", "e", "enum", choices=choices),
        AttributeSpec("d", "d", "date", low=1990, high=2024),
        AttributeSpec("t", "t", "text", choices=choices, min_fragments=1, max_fragments=4),
    ]
    for spec in specs:
        sampler = value_sampler(spec)
        for seed in range(400):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert sampler(ours) == _index_draw_by_the_recipe(spec, theirs), (spec.kind, seed)
            assert ours.random() == theirs.random()  # same state afterwards


def _unique_combinations_by_the_recipe(world: World, size: int) -> list[dict[str, Any]]:
    """Each combination counted one at a time, the unique ones listed in first-seen order."""
    unique: list[dict[str, Any]] = []
    for spec in world.template.attributes:
        if spec.kind != "text":
            continue
        counts: dict[tuple[str, ...], int] = {}
        for entity in world.entities:
            value = entity.values.get(spec.key)
            if isinstance(value, tuple):
                for combination in itertools.combinations(sorted({str(v) for v in value}), size):
                    counts[combination] = counts.get(combination, 0) + 1
        unique += [
            {"attribute": spec.key, "fragments": list(combination)}
            for combination, count in counts.items()
            if count == 1
        ]
    return unique


def test_text_match_combinations_match_counting_one_by_one() -> None:
    for name in TEMPLATE_NAMES:
        for tier, seed in (("lite", 0), ("standard", 1)):
            world = generate_scenario(name, tier, seed).world
            for size in (1, 2, 3):
                expected = _unique_combinations_by_the_recipe(world, size)
                assert unique_combinations(world, size) == expected, (name, size)
            ours, theirs = random.Random(seed), random.Random(seed)
            first = next(
                unique
                for size in (1, 2, 3)
                if (unique := _unique_combinations_by_the_recipe(world, size))
            )
            assert pick_text_match(world, ours) == theirs.choice(first)
            assert ours.random() == theirs.random()  # same state afterwards


def test_trend_slope_matches_its_formula() -> None:
    rng = random.Random(11)
    for _ in range(2_000):
        count = rng.choice((0, 1, 2, 5, 6, 8))
        series = tuple(round(rng.uniform(-20, 60), rng.choice((1, 2))) for _ in range(count))
        if rng.random() < 0.05:
            series = (0.0,) * count
        mean_index = (count - 1) / 2
        scale = sum(abs(value) for value in series) / count if count else 0.0
        expected = None
        if count >= 2 and scale != 0:
            mean_value = sum(series) / count
            covariance = sum([(i - mean_index) * (v - mean_value) for i, v in enumerate(series)])
            variance = sum((i - mean_index) ** 2 for i in range(count))
            expected = covariance / variance * (count - 1) / scale
        slope = normalised_slope(series)
        assert (slope is None and expected is None) or _bits(slope) == _bits(expected), series
        if slope is not None:
            close = any([abs(slope - boundary) < TREND_BOUNDARY_GAP for boundary in _BOUNDARIES])
            assert near_boundary(slope) == close
    for boundary in _BOUNDARIES:
        for offset in (-0.01, -0.0099999, 0.0, 0.0099999, 0.01):
            close = any([abs(boundary + offset - b) < TREND_BOUNDARY_GAP for b in _BOUNDARIES])
            assert near_boundary(boundary + offset) == close


def test_clear_highest_matches_clear_leader() -> None:
    rng = random.Random(13)
    for _ in range(3_000):
        pool = [rng.choice((0.0, -0.0, 1.0, 1.02, 1.04, -3.0, 100.0)), rng.uniform(-50, 50)]
        values = [rng.choice([*pool, round(rng.uniform(-5, 5))]) for _ in range(rng.randint(0, 5))]
        scored = [(f"e{index}", value) for index, value in enumerate(values)]
        assert _clear_highest(list(values)) == clear_leader(scored, "highest"), values
