"""Mem0 leaves the terminal quiet: no DeprecationWarnings turned on, no per-search notice.

Importing Mem0's client turns every DeprecationWarning on for the whole process (a module
level ``warnings.filterwarnings("default", category=DeprecationWarning)``), so third-party
deprecations (Inspect's retry settings, say) printed through every later run; and Mem0
logs on every search that ChromaDB, the store chosen on purpose, has no keyword search.
"""

from __future__ import annotations

import asyncio
import logging
import warnings

from inspect_memgym.memory_systems.mem0_system import KEYWORD_SEARCH_LOGGER, Mem0System


def _deprecations_shown() -> bool:
    return any(
        action == "default" and category is DeprecationWarning and module is None
        for action, _, category, module, _ in warnings.filters
    )


def test_building_a_mem0_memory_turns_no_warning_on_and_drops_the_notice() -> None:
    async def build() -> None:
        Mem0System()

    with warnings.catch_warnings():  # restores whatever the test run itself set
        shown_before = _deprecations_shown()
        asyncio.run(build())
        assert _deprecations_shown() == shown_before
    logger = logging.getLogger(KEYWORD_SEARCH_LOGGER)
    notice = logger.makeRecord(
        KEYWORD_SEARCH_LOGGER,
        logging.WARNING,
        __file__,
        1,
        "The '%s' vector store does not support keyword search. Hybrid scoring is off.",
        ("chroma",),
        None,
    )
    other = logger.makeRecord(
        KEYWORD_SEARCH_LOGGER, logging.WARNING, __file__, 1, "Something else.", (), None
    )
    assert not logger.filter(notice) and logger.filter(other)
