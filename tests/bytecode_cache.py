"""Compiled modules written and reused for the whole test run, where Python keeps them.

With ``PYTHONDONTWRITEBYTECODE`` set (as on the machines that run this suite), every Python
process compiles the suite's source again: each test worker, and each of the few dozen
``inspect eval`` subprocesses the tests start, recompiles about 75,000 lines of
``inspect_memgym``, and pytest rewrites every test module's asserts again (about half of a
worker's 20 s collection). Importing this module, first thing in ``conftest.py``, turns
bytecode writing back on here and for every process the run starts (test workers and
subprocesses inherit ``os.environ``). Compiled files go where Python puts them by default,
``__pycache__`` beside each source, which git ignores and the checkout guard counts as the
interpreter's own cache (`checkout_guard.TOOL_CACHES`); the installed packages' files,
compiled at install, are read as they are. A prefix the caller set
(``PYTHONPYCACHEPREFIX``) still applies. A compiled file is used only while its source's
size and modification time match, so a stale one is never read.
"""

from __future__ import annotations

import os
import sys

NO_BYTECODE_VARIABLE = "PYTHONDONTWRITEBYTECODE"


def share_compiled_modules() -> None:
    """Write and reuse compiled modules here and in every child process."""
    sys.dont_write_bytecode = False
    os.environ.pop(NO_BYTECODE_VARIABLE, None)


share_compiled_modules()
