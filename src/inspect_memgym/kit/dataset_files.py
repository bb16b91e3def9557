"""Where downloaded public datasets are cached, how they are fetched and read.

Public benchmarks (LoCoMo, LongMemEval) are never committed: a task downloads its pinned file
on first use into a per-benchmark cache folder, or reads the copy the user names with
``-T dataset=<path or URL>``. The cache root is ``$MEMGYM_DATA_DIR`` when set, else the
platform's user cache folder for ``inspect_memgym``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Generic, TypeVar
from urllib.parse import urlsplit

import fsspec
import platformdirs

from inspect_memgym.kit.bounded_cache import BoundedCache

DATA_DIRECTORY_VARIABLE = "MEMGYM_DATA_DIR"
DOWNLOAD_TIMEOUT_SECONDS = 60.0
PROBE_TIMEOUT_SECONDS = 3.0
"""How long `connection_problem` waits for a host to accept a connection."""
Item = TypeVar("Item")


def data_directory(benchmark: str) -> Path:
    """The cache folder of one benchmark's downloaded files (not created here).

    Args:
        benchmark: The benchmark's folder name, e.g. ``"locomo"``.

    Returns:
        ``$MEMGYM_DATA_DIR/<benchmark>`` when the variable is set, else
        ``<user cache dir>/inspect_memgym/<benchmark>``.
    """
    root = os.environ.get(DATA_DIRECTORY_VARIABLE)
    base = Path(root).expanduser() if root else Path(platformdirs.user_cache_dir("inspect_memgym"))
    return base / benchmark


def sha256_of_file(path: Path) -> str:
    """The hex SHA-256 digest of a file's bytes.

    Args:
        path: The file.
    """
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download_url(url: str, destination: Path) -> None:
    """Download a URL to a file (the default fetch; tests replace it).

    Args:
        url: An https URL.
        destination: Where to write the bytes (its folder must exist).

    Raises:
        OSError: On any network or file error (``urllib.error.URLError`` is one).
    """
    with (
        urllib.request.urlopen(url, timeout=DOWNLOAD_TIMEOUT_SECONDS) as response,
        destination.open("wb") as handle,
    ):
        shutil.copyfileobj(response, handle)


def dataset_location(value: object) -> str | None:
    """A ``-T dataset=`` value checked to be one path or URL (None: the task's default).

    Args:
        value: The value as the task received it (``-T dataset=42`` arrives as an int).

    Raises:
        ValueError: One line when it is not a non-empty string.
    """
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"dataset must be a path or URL of one file, got {_shown(value)}")
    return value


def dataset_locations(value: object) -> str | list[str] | None:
    """A ``-T dataset=`` value that may also list several paths (``a.arrow,b.arrow``).

    Args:
        value: The value as the task received it.

    Raises:
        ValueError: One line when it is neither a path nor a list of paths.
    """
    if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
        return [str(item) for item in value]
    if value is None or (isinstance(value, str) and value.strip()):
        return value
    raise ValueError(f"dataset must be a path or URL, or a list of them, got {_shown(value)}")


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:39] + '…'}"


def read_json_source(source: str, label: str) -> object:
    """Decode a JSON file given as a local path or any fsspec URL (``s3://``, ``https://``).

    Args:
        source: The path or URL.
        label: What the file is, for error messages (e.g. ``"LoCoMo dataset"``).

    Raises:
        ValueError: One line naming the source when it is missing, unreadable or not JSON.
    """
    local = Path(source).expanduser()
    if "://" not in source and local.is_dir():
        raise ValueError(f"{label} at {source} is a folder; pass the file itself")
    if "://" not in source and not local.is_file():
        raise ValueError(f"{label} file not found: {source}")
    location = str(local) if "://" not in source else source
    try:
        with fsspec.open(location, "rb") as handle:
            return json.load(handle)
    except json.JSONDecodeError as error:
        raise ValueError(f"{label} at {source} is not valid JSON ({error.msg})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{label} at {source} is not valid JSON (not UTF-8 text)") from None
    except (OSError, ImportError, ValueError) as error:
        raise ValueError(read_failure(label, source, error)) from None


def connection_problem(url: str, timeout: float = PROBE_TIMEOUT_SECONDS) -> str | None:
    """Why a URL's host cannot be reached right now, from one quick connection attempt.

    One DNS lookup and one TCP connection, no retries: a download library that retries a
    dead network for half a minute can be skipped when this fails.

    Args:
        url: An ``http(s)://`` URL.
        timeout: Seconds to wait for the connection.

    Returns:
        ``"<host> (DNS lookup failed: ...)"`` or ``"<host> (<error>)"``; None when the host
        accepted a connection.
    """
    parts = urlsplit(url)
    host = parts.hostname or url
    port = parts.port or (80 if parts.scheme == "http" else 443)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return None
    except socket.gaierror as error:
        return f"{host} (DNS lookup failed: {error.strerror or error})"
    except OSError as error:
        return f"{host} ({error.strerror or type(error).__name__})"


def unreachable_host(source: str, error: BaseException) -> str | None:
    """The host a URL could not reach, if a connection failure (DNS, refused) caused the error.

    fsspec reports an HTTP URL whose host cannot be resolved or reached as
    ``FileNotFoundError``; the cause chain says what really happened.

    Args:
        source: The path or URL read.
        error: The exception raised while reading it.

    Returns:
        ``"<host> (<reason>)"``, or None when the error is not a connection failure.
    """
    host = urlsplit(source).hostname if "://" in source else None
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, socket.gaierror):
            return f"{host or source} (DNS lookup failed: {current.strerror or current})"
        if isinstance(current, (ConnectionError, TimeoutError, socket.timeout)):
            return f"{host or source} ({type(current).__name__})"
        if type(current).__name__.startswith("ClientConnector"):  # aiohttp, without importing it
            cause = current.__cause__ or current.__context__
            if not isinstance(cause, socket.gaierror):
                return f"{host or source} (connection failed)"
        current = current.__cause__ or current.__context__
    return None


def read_failure(label: str, source: str, error: BaseException) -> str:
    """One line saying why a dataset could not be read: unreachable, missing, or other.

    Args:
        label: What the file is (e.g. ``"LoCoMo dataset"``).
        source: The path or URL.
        error: The exception raised while reading it.
    """
    unreachable = unreachable_host(source, error)
    if unreachable is not None:
        return f"could not reach {unreachable} to read {label} {source}; check the URL and network"
    if isinstance(error, FileNotFoundError):
        return f"{label} file not found: {source}"
    if isinstance(error, IsADirectoryError):
        return f"{label} at {source} is a folder; pass the file itself"
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    return f"could not read {label} from {source}: {reason}"


class ParsedFiles(Generic[Item]):
    """A dataset file's items by id, each file parsed once while kept (`BoundedCache`)."""

    def __init__(
        self,
        label: str,
        noun: str,
        parse: Callable[[object], Sequence[Item]],
        item_id: Callable[[Item], str],
        size: int,
    ) -> None:
        """Keep no file yet.

        Args:
            label: What the files are, for error messages (e.g. ``"LoCoMo dataset"``).
            noun: What an item is, for the missing item's error (e.g. ``"conversation"``).
            parse: The decoded JSON to its items (raises ValueError when malformed).
            item_id: An item's id.
            size: Most files kept parsed (past it the least recently used goes).
        """
        self.label = label
        self.noun = noun
        self._parse = parse
        self._item_id = item_id
        self._by_source = BoundedCache[dict[str, Item]](size)

    def items_at(self, source: str) -> dict[str, Item]:
        """The items of one file by id, parsed on first use.

        Args:
            source: A local path or fsspec URL.

        Raises:
            ValueError: One line when the file cannot be read or is malformed.
        """
        return self._by_source.get(source, lambda: self._parsed(source))

    def item(self, source: str, item_id: str) -> Item:
        """The item a sample names.

        Args:
            source: The file the sample was built from.
            item_id: The item's id.

        Raises:
            RuntimeError: If the file no longer holds the item.
        """
        item = self.items_at(source).get(item_id)
        if item is None:
            data = self.label.removesuffix(" dataset")
            raise RuntimeError(f"{data} data at {source} has no {self.noun} {item_id!r}")
        return item

    def __len__(self) -> int:
        """How many files are kept parsed."""
        return len(self._by_source)

    def _parsed(self, source: str) -> dict[str, Item]:
        items = self._parse(read_json_source(source, self.label))
        return {self._item_id(item): item for item in items}
