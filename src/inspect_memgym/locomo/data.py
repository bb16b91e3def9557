"""Where LoCoMo's data lives and how it is fetched.

The pinned file is ``data/locomo10.json`` of snap-research/locomo at commit
``3eb6f2c585f5e1699204e3c3bdf7adc5c28cb376`` (2,805,274 bytes, SHA-256 below), served by
raw.githubusercontent.com. It is downloaded once into the cache folder (see
``kit.dataset_files.data_directory``) and its digest checked. ``dataset=`` instead names a
local copy or any fsspec URL (a refined or corrected release, for example); it is read as
is, without the digest check.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from inspect_memgym.kit.dataset_files import (
    data_directory,
    download_url,
    read_json_source,
    sha256_of_file,
)
from inspect_memgym.locomo.records import Conversation, parse_locomo

LOCOMO_COMMIT = "3eb6f2c585f5e1699204e3c3bdf7adc5c28cb376"
LOCOMO_FILE_NAME = "locomo10.json"
LOCOMO_URL = (
    f"https://raw.githubusercontent.com/snap-research/locomo/{LOCOMO_COMMIT}/data/"
    f"{LOCOMO_FILE_NAME}"
)
LOCOMO_SHA256 = "79fa87e90f04081343b8c8debecb80a9a6842b76a7aa537dc9fdf651ea698ff4"
LOCOMO_LABEL = "LoCoMo dataset"
LOCOMO_CONVERSATIONS = 10
"""Conversations in the pinned file (1,986 questions; 1,540 outside category 5)."""

Fetch = Callable[[str, Path], None]
"""Downloads a URL to a local file; raises on failure."""

fetch_file: Fetch = download_url
"""The default fetch (module attribute, so tests can replace it)."""


def cached_locomo_path() -> Path:
    """Where the pinned file is cached: ``<data dir>/locomo/<commit>/locomo10.json``."""
    return data_directory("locomo") / LOCOMO_COMMIT / LOCOMO_FILE_NAME


def _offline_error(reason: str) -> ValueError:
    return ValueError(
        f"could not download {LOCOMO_LABEL} from {LOCOMO_URL} ({reason}); download "
        f"{LOCOMO_FILE_NAME} elsewhere and pass it with -T dataset=/path/to/{LOCOMO_FILE_NAME}"
    )


def download_locomo(fetch: Fetch | None = None) -> Path:
    """The pinned file in the cache, downloading and checking it first if absent.

    Args:
        fetch: Replaces the default download (for tests, mirrors or proxies).

    Returns:
        The cached file's path.

    Raises:
        ValueError: One line when the download fails (offline, for instance) or the
            downloaded bytes do not have the pinned digest; it says how to pass a copy.
    """
    destination = cached_locomo_path()
    if destination.is_file():
        return destination
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_suffix(".part")
    try:
        (fetch or fetch_file)(LOCOMO_URL, partial)
    except Exception as error:
        partial.unlink(missing_ok=True)
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise _offline_error(reason) from None
    digest = sha256_of_file(partial)
    if digest != LOCOMO_SHA256:
        partial.unlink(missing_ok=True)
        raise _offline_error(f"SHA-256 {digest} is not the pinned {LOCOMO_SHA256}")
    partial.replace(destination)
    return destination


def locomo_source(dataset: str | None = None, fetch: Fetch | None = None) -> str:
    """The path or URL the LoCoMo data is read from.

    Args:
        dataset: A local path or fsspec URL; None for the pinned, cached file.
        fetch: Replaces the default download when the pinned file is not cached yet.
    """
    if dataset:
        return dataset
    return str(download_locomo(fetch))


def load_locomo(dataset: str | None = None, fetch: Fetch | None = None) -> list[Conversation]:
    """Load and parse the LoCoMo conversations.

    Args:
        dataset: A local path or fsspec URL of a ``locomo10.json``-shaped file; None for
            the pinned release (downloaded on first use).
        fetch: Replaces the default download.

    Raises:
        ValueError: One line when the data cannot be fetched or read, or is malformed.
    """
    source = locomo_source(dataset, fetch)
    return parse_locomo(read_json_source(source, LOCOMO_LABEL))
