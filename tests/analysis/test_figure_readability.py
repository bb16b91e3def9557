"""Every series of a figure is visible, and every legend entry is accounted for in each panel."""

from __future__ import annotations

import pytest
from matplotlib.axes import Axes
from matplotlib.text import Text

from inspect_memgym.analysis.compare import ZERO_BY_DEFINITION, CompareCell, compare_figure
from inspect_memgym.analysis.intervals import PAIRED_BOOTSTRAP, Interval
from inspect_memgym.analysis.leaderboard import Estimate
from inspect_memgym.analysis.plot_curves import EQUAL_NOTE, curve_figure, equal_repeats
from inspect_memgym.analysis.plot_frontier import (
    CROWDED_NOTE,
    SHIFT_POINTS,
    FrontierPoint,
    crowd_shifts,
    frontier_figure,
)


def _texts(figure_texts: list[Text]) -> list[str]:
    return [text.get_text() for text in figure_texts]


def test_equal_curves_are_counted_as_repeats_of_earlier_ones() -> None:
    flat = ([0, 1], [1.0, 1.0], [0.0, 0.0])
    other = ([0, 1], [0.5, 0.7], [0.1, 0.1])
    assert equal_repeats([flat, other, flat, flat]) == [0, 0, 1, 2]


def test_a_curve_equal_to_an_earlier_one_is_drawn_lower_and_dashed() -> None:
    flat = ([0, 1, 2], [1.0, 1.0, 1.0], [0.0, 0.0, 0.0])
    figure = curve_figure("t", "x", "y", [("a", flat), ("b", flat)], legend_columns=2)
    axes = figure.axes[0]
    first, second = axes.get_lines()[:2]
    first_y = first.get_transform().transform((0, 1.0))[1]
    second_y = second.get_transform().transform((0, 1.0))[1]
    assert second_y < first_y
    assert second.get_linestyle() == "--" and first.get_linestyle() == "-"
    assert EQUAL_NOTE in _texts(axes.texts)


def test_distinct_curves_are_drawn_where_they_are() -> None:
    figure = curve_figure(
        "t", "x", "y", [("a", ([0], [1.0], [0.0])), ("b", ([0], [0.5], [0.0]))], 2
    )
    axes = figure.axes[0]
    assert [line.get_linestyle() for line in axes.get_lines()[:2]] == ["-", "-"]
    assert EQUAL_NOTE not in _texts(axes.texts)


def test_the_latency_panel_names_the_rows_it_has_no_point_for() -> None:
    headline = Estimate(0.5, 0.1)
    points = [
        FrontierPoint("with a store", headline, 400.0, 2.0, 15.0),
        FrontierPoint("no memory", headline, 0.0, None, None),
        FrontierPoint("notes", headline, 300.0, None, None),
    ]
    token_axes, latency_axes = frontier_figure("t", "score", points).axes[:2]
    note = latency_axes.get_title()
    assert "no memory" in note and "notes" in note and "with a store" not in note
    assert token_axes.get_title() == ""


def test_a_zero_delta_is_drawn_and_the_no_memory_row_says_why() -> None:
    interval = Interval(0.0, 0.0, PAIRED_BOOTSTRAP, 0.95)
    cells = [
        CompareCell("m", "rag", "conversation", Estimate(0.6, 0.1), 20, "no memory", interval),
        CompareCell("m", "none", "conversation", Estimate(0.0, 0.0), 20, "no memory", interval),
        CompareCell("n", "rag", "conversation", Estimate(0.0, 0.0), 20, "no memory", interval),
    ]
    panel = compare_figure(cells).axes[0]
    notes = [text.strip() for text in _texts(panel.texts)]
    assert notes == [ZERO_BY_DEFINITION.strip(), "Δ = 0"]
    zero_markers = [line for line in panel.get_lines() if line.get_marker() == "D"]
    assert [list(line.get_ydata()) for line in zero_markers] == [[1], [2]]


def _marker_position(axes: Axes, marker: str) -> tuple[float, float]:
    """Where a series' first marker of this shape is drawn (its p50 in the latency panel)."""
    line = next(line for line in axes.get_lines() if line.get_marker() == marker)
    x, y = line.get_xydata()[0]  # type: ignore[index]
    position = line.get_transform().transform((x, y))
    return float(position[0]), float(position[1])


def test_frontier_points_at_nearly_the_same_place_are_drawn_apart() -> None:
    """Two agents under ``perfect``: the same score at nearly the same cost."""
    perfect = Estimate(1.0, 0.0)
    points = [
        FrontierPoint("perfect (agent awe)", perfect, 435.6, 2.7, 18.7),
        FrontierPoint("perfect (agent awi)", perfect, 440.0, 2.7, 18.7),
        FrontierPoint("naive (agent awe)", Estimate(0.2, 0.05), 2325.5, 3.7, 12.7),
    ]
    figure = frontier_figure("t", "score", points)
    token_axes, latency_axes = figure.axes[:2]
    figure.draw_without_rendering()
    points_to_pixels = figure.dpi / 72
    for axes, axis in ((token_axes, 0), (latency_axes, 1)):
        awe, awi = _marker_position(axes, "o"), _marker_position(axes, "s")
        assert abs(awe[axis] - awi[axis]) >= SHIFT_POINTS * points_to_pixels - 0.5
        assert CROWDED_NOTE in _texts(axes.texts)
    # the lone point is where its figures are, inside the panel
    naive = _marker_position(token_axes, "D")
    assert naive == pytest.approx(tuple(token_axes.transData.transform((2325.5, 0.2))))
    assert token_axes.get_xlim()[0] < 435.6 and token_axes.get_xlim()[1] > 2325.5


def test_crowd_shifts_spread_only_the_points_that_cover_each_other() -> None:
    assert crowd_shifts([0.0, 1.0, 1000.0, None], [0.0, 0.0, 0.5, 0.0]) == [
        -SHIFT_POINTS / 2,
        SHIFT_POINTS / 2,
        0.0,
        0.0,
    ]
    # on a log scale closeness is by ratio: 1 ms and 1.02 ms cover each other, 100 ms not
    assert crowd_shifts([1.0, 1.02, 100.0], [1.0, 1.0, 1.0], logarithmic=True)[2] == 0.0
