"""Catalogue data files: TOML tables shipped beside the modules that read them.

A catalogue (a template's attributes, a benchmark's vocabulary) is data, not code: it lives
in a ``.toml`` file inside its package, is read once per process and is checked entry by
entry into the frozen dataclasses the generators already use. A file that does not match
fails with one line naming the file, the entry and the field.

Values keep the type the file gives them: a float field written ``50`` holds the int ``50``
(as the Python literal ``50`` did), so what a seed generates does not depend on whether a
catalogue is code or data.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    NoReturn,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the TOML reader of the standard library arrived in 3.11
    import tomli as tomllib

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

Entry = TypeVar("Entry")

_UNION_TYPES = (Union, types.UnionType)
_INIT_FIELDS: dict[type[Any], dict[str, tuple[Any, bool]]] = {}
"""Each dataclass's constructor fields, resolved once (resolving type hints is slow)."""


class CatalogueError(ValueError):
    """A catalogue file that cannot be read or does not match its dataclasses."""


@cache
def read_catalogue(package: str, file_name: str) -> dict[str, Any]:
    """The parsed tables of a catalogue file, read once per process.

    Args:
        package: Dotted name of the package holding the file, or of a module in it (a
            reading module passes its ``__name__``).
        file_name: File name inside the package (e.g. ``"company.toml"``).

    Raises:
        CatalogueError: If the file is missing or is not valid TOML.
    """
    try:
        text = _directory(package).joinpath(file_name).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CatalogueError(f"{file_name}: {error}") from None


def _directory(package: str) -> Traversable:
    """The directory of a package, or of the package of a plain module (before 3.12)."""
    try:
        return resources.files(package)
    except TypeError:
        return resources.files(package.rpartition(".")[0])


def load_catalogue(kind: type[Entry], package: str, file_name: str) -> Entry:
    """A whole catalogue file as one dataclass (its top-level tables are the fields).

    Args:
        kind: The dataclass the file describes.
        package: Dotted name of the package holding the file, or of a module in it.
        file_name: File name inside the package.

    Raises:
        CatalogueError: If the file does not match ``kind`` (the message names the field).
    """
    catalogue: Entry = _checked(read_catalogue(package, file_name), kind, _Place(file_name, ()))
    return catalogue


def load_entries(kind: type[Entry], package: str, file_name: str, table: str) -> tuple[Entry, ...]:
    """The entries of one array of tables in a catalogue file, each as a ``kind``.

    Args:
        kind: The dataclass of one entry.
        package: Dotted name of the package holding the file, or of a module in it.
        file_name: File name inside the package.
        table: Name of the array of tables (``[[table]]`` in the file).

    Raises:
        CatalogueError: If the array is missing or an entry does not match ``kind``.
    """
    data = read_catalogue(package, file_name)
    place = _Place(file_name, (table,))
    if not isinstance(data.get(table), list):
        place.fail(f"expects an array of [[{table}]] tables")
    return tuple(
        _checked(entry, kind, place.item(index, entry)) for index, entry in enumerate(data[table])
    )


def load_value(annotation: Any, package: str, file_name: str, name: str) -> Any:
    """One top-level value of a catalogue file, checked against a type annotation.

    Args:
        annotation: The type the value must have (e.g. ``tuple[str, ...]``).
        package: Dotted name of the package holding the file, or of a module in it.
        file_name: File name inside the package.
        name: The value's key in the file.

    Raises:
        CatalogueError: If the key is missing or its value does not match ``annotation``.
    """
    data = read_catalogue(package, file_name)
    place = _Place(file_name, (name,))
    if name not in data:
        place.fail("is missing")
    return _checked(data[name], annotation, place)


@dataclasses.dataclass(frozen=True)
class _Place:
    """Where in a catalogue file a value sits, for the one-line error."""

    file_name: str
    path: tuple[str, ...]

    def field(self, name: str) -> _Place:
        return _Place(self.file_name, (*self.path, name))

    def item(self, index: int, value: object) -> _Place:
        label = f"[{index}]"
        if isinstance(value, Mapping):
            name = value.get("key", value.get("name"))
            label += f" ({name})" if isinstance(name, str) else ""
        return _Place(self.file_name, (*self.path[:-1], f"{self.path[-1]}{label}"))

    def fail(self, problem: str) -> NoReturn:
        where = ".".join(self.path) or "the file"
        raise CatalogueError(f"{self.file_name}: {where} {problem}")


def _checked(value: Any, annotation: Any, place: _Place) -> Any:
    """``value`` converted to ``annotation`` (lists become tuples, tables dataclasses)."""
    origin = get_origin(annotation)
    if dataclasses.is_dataclass(annotation) and isinstance(annotation, type):
        return _checked_dataclass(value, annotation, place)
    if origin is Literal:
        return value if value in get_args(annotation) else _mismatch(value, annotation, place)
    if origin is tuple:
        return _checked_tuple(value, get_args(annotation), place)
    if origin is dict:
        return _checked_dict(value, get_args(annotation), place)
    if origin in _UNION_TYPES:
        return _checked_union(value, get_args(annotation), place)
    if annotation is Any:
        return value
    return value if _is_scalar(value, annotation) else _mismatch(value, annotation, place)


def _is_scalar(value: object, annotation: Any) -> bool:
    if annotation is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation in (str, bool):
        return isinstance(value, annotation)
    raise TypeError(f"catalogues cannot hold a {annotation!r}")


def _checked_dataclass(value: Any, kind: type[Any], place: _Place) -> Any:
    if not isinstance(value, Mapping):
        _mismatch(value, kind, place)
    fields = _init_fields(kind)
    unknown = [name for name in value if name not in fields]
    if unknown:
        place.field(unknown[0]).fail(f"is not a field of {kind.__name__}")
    missing = [name for name, (_, required) in fields.items() if required and name not in value]
    if missing:
        place.field(missing[0]).fail("is missing")
    return kind(
        **{name: _checked(item, fields[name][0], place.field(name)) for name, item in value.items()}
    )


def _init_fields(kind: type[Any]) -> dict[str, tuple[Any, bool]]:
    """Each field a dataclass's constructor takes: its type and whether it is required."""
    if kind in _INIT_FIELDS:
        return _INIT_FIELDS[kind]
    hints = get_type_hints(kind)
    _INIT_FIELDS[kind] = {
        field.name: (
            hints[field.name],
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING,
        )
        for field in dataclasses.fields(kind)
        if field.init
    }
    return _INIT_FIELDS[kind]


def _checked_tuple(value: Any, arguments: tuple[Any, ...], place: _Place) -> tuple[Any, ...]:
    if not isinstance(value, list):
        _mismatch(value, tuple, place)
    if len(arguments) == 2 and arguments[1] is Ellipsis:
        arguments = (arguments[0],) * len(value)
    elif len(value) != len(arguments):
        place.fail(f"expects {len(arguments)} items, got {len(value)}")
    return tuple(
        _checked(item, argument, place.item(index, item))
        for index, (item, argument) in enumerate(zip(value, arguments, strict=True))
    )


def _checked_dict(value: Any, arguments: tuple[Any, ...], place: _Place) -> dict[Any, Any]:
    if not isinstance(value, Mapping):
        _mismatch(value, dict, place)
    key_type, value_type = arguments
    return {
        _checked(key, key_type, place.field(key)): _checked(item, value_type, place.field(key))
        for key, item in value.items()
    }


def _checked_union(value: Any, arguments: tuple[Any, ...], place: _Place) -> Any:
    for argument in arguments:
        try:
            return _checked(value, argument, place)
        except CatalogueError:
            continue
    _mismatch(value, " | ".join(map(_type_name, arguments)), place)


def _mismatch(value: object, expected: Any, place: _Place) -> NoReturn:
    expected_name = expected if isinstance(expected, str) else _type_name(expected)
    place.fail(f"expects {expected_name}, got {value!r}")


def _type_name(annotation: Any) -> str:
    if get_origin(annotation) is Literal:
        return "one of " + ", ".join(map(repr, get_args(annotation)))
    return getattr(annotation, "__name__", repr(annotation))
