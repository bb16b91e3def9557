"""The structured form of a generated codebase, before it is rendered to source.

Facts about the code are read from these records, never parsed back out of the rendered
text: a function's setting, default, error code and callees are fields here, and the
renderer (``world.source_rendering``) is the only place that turns them into Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from inspect_memgym.code_qa.world.model import first_with

FunctionShape = Literal["each", "total", "retry", "cached", "orchestrate", "helper"]
"""How a function's body is built (see ``world.source_rendering``)."""


@dataclass(frozen=True)
class Setting:
    """A configuration key a function reads, with its module-level default.

    Attributes:
        key: The key read with ``settings.get(key, constant)``.
        constant: Name of the default constant (the key upper-cased).
        value: The default.
        variable: The local variable the value is read into (e.g. ``"window_days"``).
    """

    key: str
    constant: str
    value: int
    variable: str


@dataclass(frozen=True)
class RaisedError:
    """An error a function raises.

    Attributes:
        code: The code, e.g. ``"BIL-10417"``.
        message: The message passed with it.
    """

    code: str
    message: str


@dataclass(frozen=True)
class Function:
    """One function of a module.

    Attributes:
        name: Its name (a leading underscore for helpers).
        shape: How its body is built.
        noun: The singular noun it processes.
        summary: First docstring line.
        field: The item field its body checks or sets.
        setting: The configuration key it reads, if any.
        error: The error it raises, if any.
        calls: Names of the functions it calls, in call order.
        flag: Name of its keyword-only boolean flag, if any.
        cap: Name of a constant capping how many items it accepts, with the error raised
            above the cap.
        cap_error: The error raised when the cap is exceeded.
        record: For an orchestrating function, the record it runs over.
    """

    name: str
    shape: FunctionShape
    noun: str
    summary: str
    field: str
    setting: Setting | None = None
    error: RaisedError | None = None
    calls: tuple[str, ...] = ()
    flag: str | None = None
    cap: str | None = None
    cap_error: RaisedError | None = None
    record: str | None = None


@dataclass(frozen=True)
class Constant:
    """A module-level constant.

    Attributes:
        name: Upper-case name.
        value: The Python literal, as source text.
        comment: A comment line written above it (empty for none).
    """

    name: str
    value: str
    comment: str = ""


@dataclass(frozen=True)
class BufferClass:
    """A small class that buffers items and flushes them in chunks.

    Attributes:
        name: Class name.
        noun: The singular noun it buffers.
        chunk_constant: The constant holding the chunk size.
        chunk_key: The configuration key that may override it.
    """

    name: str
    noun: str
    chunk_constant: str
    chunk_key: str


@dataclass(frozen=True)
class Module:
    """One Python module of the codebase.

    Attributes:
        path: Repository path, e.g. ``"billing/ledger/entry_matching.py"``.
        summary: Module docstring.
        error_class: The exception class it raises.
        error_module: Dotted module defining that class.
        imports: (dotted module, function name) pairs it imports.
        constants: Module-level constants, in order.
        functions: Its functions, in order.
        classes: Its buffer classes.
        defines_error: True for a package's ``errors.py``, which defines ``error_class``.
    """

    path: str
    summary: str
    error_class: str
    error_module: str
    imports: tuple[tuple[str, str], ...]
    constants: tuple[Constant, ...]
    functions: tuple[Function, ...]
    classes: tuple[BufferClass, ...] = ()
    defines_error: bool = False

    @property
    def dotted(self) -> str:
        """The module's import path (``billing.ledger.entry_matching``)."""
        return self.path.removesuffix(".py").replace("/", ".")

    def function(self, name: str) -> Function:
        """The function with this name.

        Args:
            name: A function name.

        Raises:
            KeyError: If the module has no such function.
        """
        return first_with(self.functions, "name", name, f"{self.path} has no function {name!r}")

    def constant(self, name: str) -> Constant:
        """The constant with this name.

        Args:
            name: A constant name.

        Raises:
            KeyError: If the module has no such constant.
        """
        return first_with(self.constants, "name", name, f"{self.path} has no constant {name!r}")
