"""In-process evals of the test run keep no realtime sample buffer unless a test asks for one.

By default every ``inspect_ai.eval`` also writes each sample's events, as they happen, to a
SQLite buffer beside the log, so ``inspect view`` can show a running sample. Nothing the
in-process tests assert reads that buffer, and it costs 15–25% of a small eval's CPU (an
entity_stream lite eval of two samples 2.2 → 1.8 s, a conversation small eval 1.3 → 1.0 s,
2026-11-29). Importing this module, early in ``conftest.py`` and before any module binds
``from inspect_ai import eval``, makes ``log_realtime=False`` the default of the in-process
``eval``; a test that passes ``log_realtime`` gets what it passed. The evals the tests start
as ``inspect eval`` subprocesses keep Inspect's default (realtime on), so the path users
meet is still run end to end.
"""

from __future__ import annotations

import functools
from typing import Any

import inspect_ai
from inspect_ai.log import EvalLog

_inspect_eval = inspect_ai.eval


@functools.wraps(_inspect_eval)
def eval_without_realtime_buffer(*args: Any, **kwargs: Any) -> list[EvalLog]:
    """``inspect_ai.eval`` with ``log_realtime=False`` unless the caller chose."""
    kwargs.setdefault("log_realtime", False)
    return _inspect_eval(*args, **kwargs)


inspect_ai.eval = eval_without_realtime_buffer
