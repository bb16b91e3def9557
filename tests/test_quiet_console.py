"""The suite's quiet consoles skip rendering; consoles that are not quiet print as before."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from quiet_console import quiet_consoles_render_nothing


class CountedRenderable:
    """A renderable that counts how often a console lays it out."""

    def __init__(self) -> None:
        self.renders = 0

    def __rich_console__(self, console: Console, options: Any) -> Any:
        self.renders += 1
        yield "laid out"


def test_a_quiet_console_lays_nothing_out_and_writes_nothing() -> None:
    output = io.StringIO()
    console = Console(file=output, quiet=True, record=True)
    renderable = CountedRenderable()
    with quiet_consoles_render_nothing():
        console.print(renderable)
    assert renderable.renders == 0
    assert output.getvalue() == "" and console.export_text() == ""


def test_a_console_that_is_not_quiet_prints_as_before() -> None:
    output = io.StringIO()
    console = Console(file=output, record=True, width=40)
    renderable = CountedRenderable()
    with quiet_consoles_render_nothing():
        console.print(renderable)
    assert renderable.renders == 1
    assert output.getvalue() == "laid out\n"


def test_the_block_restores_print_on_leaving() -> None:
    before = Console.print
    with quiet_consoles_render_nothing():
        assert Console.print is not before
    assert Console.print is before


def test_the_suite_runs_with_quiet_consoles_rendering_nothing() -> None:
    """The session fixture (``conftest.py``) holds the block open for every test."""
    renderable = CountedRenderable()
    Console(file=io.StringIO(), quiet=True).print(renderable)
    assert renderable.renders == 0
