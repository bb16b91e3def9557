"""The optional extras: a missing one stops with one line naming what to install.

A core install (``pip install inspect-memgym``) runs every task. What only some commands
need is an extra (``pyproject.toml``): the figures (``plot``), the trainers' interfaces
(``gym``, ``openenv``) and the memory systems (``mem0``, ``mcp``, ``langgraph``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

INSTALL_HINT = "pip install 'inspect-memgym[{extra}]'"
"""How to install an extra (in a clone: ``pip install -e '.[<extra>]'``)."""


class MissingExtraError(ImportError):
    """An optional package is not installed; the message names the extra that brings it."""


def missing_extra(module: str, extra: str, needed_by: str) -> MissingExtraError:
    """The one-line error for an extra's package that is not installed.

    Args:
        module: The package's module name (e.g. ``matplotlib``).
        extra: The extra that installs it (e.g. ``plot``).
        needed_by: What needs it, for the message (e.g. ``inspect-memgym plot``).
    """
    return MissingExtraError(
        f"{needed_by} needs {module}, which is not installed: {INSTALL_HINT.format(extra=extra)}"
    )


def import_extra(module: str, extra: str, needed_by: str) -> ModuleType:
    """Import an extra's package, or stop with one line naming the extra.

    Args:
        module: The package's module name (e.g. ``matplotlib``).
        extra: The extra that installs it (e.g. ``plot``).
        needed_by: What needs it, for the message (e.g. ``inspect-memgym plot``).

    Raises:
        MissingExtraError: If the module cannot be imported.
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise missing_extra(module, extra, needed_by) from None
