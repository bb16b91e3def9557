"""Compiled modules kept for the whole test run, outside the checkout.

With ``PYTHONDONTWRITEBYTECODE`` set (as on the machines that run this suite), every Python
process compiles the suite's source again: each test worker, and each of the few dozen
``inspect eval`` subprocesses the tests start, recompiles about 75,000 lines of
``inspect_memgym`` and pytest rewrites every test module's asserts again (about half of a
worker's 20 s collection). Importing this module, first thing in ``conftest.py``, turns
bytecode writing on with ``sys.pycache_prefix`` pointing at a directory under the system's
temporary folder, and exports the same setting to every process the run starts (test
workers and subprocesses inherit ``os.environ``). Nothing is written into the checkout, and
a compiled file is used only while its source's size and modification time match, so a
stale cache is never read. A prefix the caller set (``PYTHONPYCACHEPREFIX``) is kept.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

PREFIX_VARIABLE = "PYTHONPYCACHEPREFIX"
NO_BYTECODE_VARIABLE = "PYTHONDONTWRITEBYTECODE"


def shared_prefix() -> Path:
    """The directory compiled modules go to: the caller's prefix, else one per user in /tmp."""
    chosen = os.environ.get(PREFIX_VARIABLE) or sys.pycache_prefix
    if chosen:
        return Path(chosen)
    owner = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"inspect-memgym-bytecode-{owner}"


def share_compiled_modules() -> Path:
    """Write and read compiled modules under `shared_prefix`, here and in child processes.

    Returns:
        The prefix directory.
    """
    prefix = shared_prefix()
    prefix.mkdir(parents=True, exist_ok=True)
    sys.pycache_prefix = str(prefix)
    sys.dont_write_bytecode = False
    os.environ[PREFIX_VARIABLE] = str(prefix)
    os.environ.pop(NO_BYTECODE_VARIABLE, None)
    return prefix


share_compiled_modules()
