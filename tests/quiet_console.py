"""Rich consoles that Inspect silenced skip rendering, since nothing they render is kept.

``inspect_ai.eval(..., display="none")`` runs the rich display on a console it reconfigures
``quiet=True``: every refresh and the results table at the end of an eval are still laid out
(about 0.1 s of CPU per eval, as much as a small eval's samples), and the console then drops
the text (``Console._check_buffer``). `quiet_consoles_render_nothing` makes ``print`` on a
quiet console return at once: what reaches any output or record buffer is the same (nothing),
and consoles that are not quiet print as before.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import Any

from rich.console import Console


@contextlib.contextmanager
def quiet_consoles_render_nothing() -> Iterator[None]:
    """In the block, ``Console.print`` on a quiet console renders nothing (it kept nothing)."""
    original = Console.print

    @functools.wraps(original)
    def print_unless_quiet(self: Console, *objects: Any, **options: Any) -> None:
        if self.quiet:
            return
        original(self, *objects, **options)

    Console.print = print_unless_quiet  # type: ignore[method-assign]
    try:
        yield
    finally:
        Console.print = original  # type: ignore[method-assign]
