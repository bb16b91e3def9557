"""A fixture that takes Inspect's per-eval package scan out of test run time.

Every ``inspect_ai.eval`` call records which installed distribution a task comes from;
inspect-ai 0.3.285 finds it with ``importlib.metadata.packages_distributions()``, which
reads the file list of every installed distribution (about 0.2 s of CPU per eval here, half
of a tiny eval). The installed set cannot change during a test session, so the fixture
caches that mapping. Nothing a test asserts depends on it; with an Inspect that no longer
has the name, the fixture does nothing. Import it into a test module to use it there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

_PACKAGE_MODULE = "inspect_ai._util.package"
_cached: dict[str, Callable[[], Any]] = {}


@pytest.fixture(autouse=True)
def cached_distribution_scan(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Cache ``packages_distributions`` inside Inspect for the test."""
    import importlib

    module = importlib.import_module(_PACKAGE_MODULE)
    original = getattr(module, "packages_distributions", None)
    if original is not None:
        cached = _cached.setdefault("scan", functools.lru_cache(maxsize=1)(original))
        monkeypatch.setattr(module, "packages_distributions", cached)
    yield
