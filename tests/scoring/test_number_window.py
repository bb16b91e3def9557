"""A point's number window skips only numbers the full tolerance check would refuse."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from inspect_memgym.scoring.memory_points import MemoryPoint
from inspect_memgym.scoring.number_mentions import NumberMention
from inspect_memgym.scoring.point_matching import PointIndex, _point_matches

NUMBERS = st.one_of(
    st.floats(min_value=-1e12, max_value=1e12, allow_nan=False),
    st.integers(min_value=-(10**6), max_value=10**6).map(float),
    st.sampled_from([0.0, 0.004, -0.004, 0.006, 1.0, 100.0, 102.0, 98.0]),
)
SCALES = st.sampled_from([1.0, 1e3, 1e6, 1e9])


def nearby(number: float) -> st.SearchStrategy[float]:
    """Numbers at and around a point's number, where the tolerance's edges are."""
    return st.sampled_from([0.979, 0.98, 0.99999, 1.0, 1.00001, 1.02, 1.021]).map(
        lambda factor: number * factor
    )


@settings(max_examples=400, deadline=None)
@given(
    numbers=st.lists(NUMBERS, min_size=1, max_size=3),
    integer=st.booleans(),
    data=st.data(),
    scale=SCALES,
)
def test_the_window_decides_like_the_full_check(
    numbers: list[float], integer: bool, data: st.DataObject, scale: float
) -> None:
    point = MemoryPoint("p", "Argon", "revenue", "x", numbers=tuple(numbers), integer=integer)
    index = PointIndex([point])
    candidate = data.draw(st.one_of(NUMBERS, nearby(data.draw(st.sampled_from(numbers)))))
    for mention in (
        NumberMention(candidate, scale, "n"),
        NumberMention(candidate / scale, scale, "n"),
    ):
        assert index.number_matches(mention, point) == _point_matches(mention, point)


def test_a_number_at_the_tolerance_edge_still_reaches_the_full_check() -> None:
    point = MemoryPoint("p", "Argon", "revenue", "x", numbers=(100.0,))
    index = PointIndex([point])
    assert index.number_matches(NumberMention(102.0, 1.0, "102"), point)
    assert not index.number_matches(NumberMention(102.1, 1.0, "102.1"), point)
    assert index.number_matches(NumberMention(0.1, 1e3, "0.1k"), point)
