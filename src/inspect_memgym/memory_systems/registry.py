"""Memory systems by name, and the user's choice of one checked before any sample runs.

Built in: ``mem0`` (Mem0 OSS, the ``mem0`` extra), ``mcp`` (any MCP memory server over
stdio, the ``mcp`` extra) and ``langgraph`` (a LangGraph store with a vector index, the
``langgraph`` extra). Any other adapter is named by where its class lives:
``package.module:Class`` or ``path/to/file.py:Class`` (a subclass of
`system.MemorySystem`, created with the ``system_config`` options as keyword arguments).
Each built-in adapter's module is imported only when a sample opens it.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from hashlib import sha1
from pathlib import Path
from typing import Any

from inspect_memgym.memory_systems.system import MemorySystem


@dataclass(frozen=True)
class BuiltInSystem:
    """Where a built-in adapter lives and what it needs installed.

    Attributes:
        location: ``module:Class`` of the adapter.
        packages: Import names the adapter needs.
        extra: The suite's optional extra that installs them.
    """

    location: str
    packages: tuple[str, ...]
    extra: str


BUILT_IN_SYSTEMS: dict[str, BuiltInSystem] = {
    "mem0": BuiltInSystem(
        "inspect_memgym.memory_systems.mem0_system:Mem0System", ("mem0", "langchain"), "mem0"
    ),
    "mcp": BuiltInSystem("inspect_memgym.memory_systems.mcp_system:McpSystem", ("mcp",), "mcp"),
    "langgraph": BuiltInSystem(
        "inspect_memgym.memory_systems.langgraph_system:LangGraphSystem",
        ("langgraph",),
        "langgraph",
    ),
}
"""The adapters that come with the suite, by the ``system`` name of the ``agent`` mapping."""


@dataclass(frozen=True)
class SystemChoice:
    """A memory system and its options, as the task's ``agent`` mapping chose them.

    Attributes:
        name: A built-in name or ``module:Class`` / ``file.py:Class``.
        options: Keyword arguments of the adapter (from ``system_config`` and
            ``mcp_command``).
    """

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def open(self, **context: Any) -> MemorySystem:
        """Create the adapter (inside a sample; the caller closes it).

        Args:
            **context: The task's settings an adapter may take (e.g. ``embedding``); each
                is passed only to an adapter whose constructor names it, and the options
                win over them.

        Raises:
            ValueError: If the adapter refuses its options.
        """
        adapter_class = _adapter_class(self.name)
        accepted = inspect.signature(adapter_class.__init__).parameters
        given = {key: value for key, value in context.items() if key in accepted}
        try:
            return adapter_class(**{**given, **self.options})
        except TypeError as error:
            raise ValueError(f"memory system {self.name!r}: {error}") from None


def choose_system(
    name: str | None, mcp_command: str | None = None, system_config: str | None = None
) -> SystemChoice:
    """Check a task's memory-system arguments (at task creation, before any sample).

    Args:
        name: The ``system`` option: a built-in name or ``module:Class`` /
            ``file.py:Class``.
        mcp_command: The ``mcp_command`` option: the command that starts an MCP memory
            server (``mcp`` only), e.g. ``"python server.py --flag"``.
        system_config: The ``system_config`` option: the adapter's options as a JSON object,
            or the path of a JSON file holding one.

    Returns:
        The choice, its adapter importable and its options parsed.

    Raises:
        ValueError: One line naming what is wrong: no system, an unknown one, a missing
            extra, an adapter that is not a `MemorySystem`, or unreadable options.
    """
    if not name:
        raise ValueError(
            'agent=system needs its system: -T agent="{name: system, system: <name>}", one of '
            f"{', '.join(BUILT_IN_SYSTEMS)}, or module:Class / file.py:Class of your adapter"
        )
    options = dict(_parse_config(system_config))
    if mcp_command is not None:
        if name != "mcp":
            raise ValueError("mcp_command is an option of system=mcp only")
        options["command"] = shlex.split(mcp_command)
    elif name == "mcp" and "command" not in options:
        raise ValueError(
            "system=mcp needs the command that starts the server: "
            '-T agent="{name: system, system: mcp, mcp_command: <command>}"'
        )
    _adapter_class(name)
    return SystemChoice(name, options)


def _adapter_class(name: str) -> type[MemorySystem]:
    built_in = BUILT_IN_SYSTEMS.get(name)
    if built_in is not None:
        _check_packages(name, built_in)
        location = built_in.location
    elif ":" in name:
        location = name
    else:
        raise ValueError(
            f"unknown memory system {name!r}: use one of {', '.join(BUILT_IN_SYSTEMS)}, "
            "or module:Class / file.py:Class of your adapter"
        )
    module_name, _, class_name = location.rpartition(":")
    module = _import(module_name)
    adapter = getattr(module, class_name, None)
    if adapter is None:
        raise ValueError(f"no class {class_name} in {module_name}")
    if not (isinstance(adapter, type) and issubclass(adapter, MemorySystem)):
        raise ValueError(f"{location} is not a MemorySystem subclass")
    return adapter


def _check_packages(name: str, built_in: BuiltInSystem) -> None:
    missing = [
        package for package in built_in.packages if importlib.util.find_spec(package) is None
    ]
    if missing:
        raise ValueError(
            f"memory system {name!r} needs {', '.join(missing)}: "
            f"pip install 'inspect_memgym[{built_in.extra}]' "
            f"(in a clone: pip install -e '.[{built_in.extra}]')"
        )


def _import(module_name: str) -> Any:
    if module_name.endswith(".py"):
        path = Path(module_name)
        if not path.is_file():
            raise ValueError(f"memory system file not found: {module_name}")
        unique = f"memgym_system_{path.stem}_{sha1(str(path.resolve()).encode()).hexdigest()[:12]}"
        if unique in sys.modules:
            return sys.modules[unique]
        spec = importlib.util.spec_from_file_location(unique, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"cannot load memory system file {module_name}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[unique] = module
        spec.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import memory system module {module_name!r}: {error}") from None


def _parse_config(system_config: str | None) -> Mapping[str, Any]:
    if system_config is None or not system_config.strip():
        return {}
    text = system_config.strip()
    if not text.startswith("{"):
        path = Path(text)
        if not path.is_file():
            raise ValueError(f"system_config: no such file {text!r} (give a JSON object or a path)")
        text = path.read_text(encoding="utf-8")
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"system_config is not valid JSON: {error}") from None
    if not isinstance(parsed, dict):
        raise ValueError("system_config must be a JSON object of the adapter's options")
    return parsed
