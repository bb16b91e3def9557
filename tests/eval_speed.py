"""A fixture that takes Inspect's per-eval package scan out of test run time.

Every ``inspect_ai.eval`` call records which installed distribution a task comes from;
inspect-ai 0.3.285 finds it with ``importlib.metadata.packages_distributions()``, which
reads the file list of every installed distribution (about 0.2 s of CPU per eval here, half
of a tiny eval). The installed set cannot change during a test session, so the fixture
caches that mapping (`kit.inspect_internals.distribution_scan_cached`). Nothing a test
asserts depends on it; with an Inspect that no longer scans this way, the fixture does
nothing. ``tests/conftest.py`` caches the scan for every test of a session (its
``distribution_scan_once_per_process``), so importing this per-test fixture adds nothing
now; the modules that still import it keep working unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from inspect_memgym.kit.inspect_internals import distribution_scan_cached


@pytest.fixture(autouse=True)
def cached_distribution_scan() -> Iterator[None]:
    """Cache ``packages_distributions`` inside Inspect for the test."""
    with distribution_scan_cached():
        yield
