"""Where LongMemEval's data lives and how it is fetched.

The pinned files are in the Hugging Face dataset ``xiaowu0162/longmemeval-cleaned`` (the
September 2025 cleaned release, MIT licence) at revision
``98d7416c24c778c2fee6e6f3006e7a073259d48f``. Three variants, 500 questions each:

* ``s``: ``longmemeval_s_cleaned.json``, about 115k tokens of history per question
  (~40-50 sessions; 277,383,467 bytes);
* ``m``: ``longmemeval_m_cleaned.json``, about 500 sessions per question (~2.7 GB);
* ``oracle``: ``longmemeval_oracle.json``, only the evidence sessions (15,388,478 bytes).

A variant is downloaded on first use with ``huggingface_hub`` into the cache folder (see
``kit.dataset_files.data_directory``); the hub checks the file against the revision.
Offline (``HF_HUB_OFFLINE=1``, or the hub not answering one quick connection) only the
cached copy is used, so a missing file fails at once instead of after the hub client's
retries. ``dataset=`` instead names a local copy or any fsspec URL of such a file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from inspect_memgym.kit.dataset_files import (
    connection_problem,
    data_directory,
    read_json_source,
)
from inspect_memgym.kit.named import lookup
from inspect_memgym.longmemeval.records import LongMemEvalRecord, parse_longmemeval

LONGMEMEVAL_REPOSITORY = "xiaowu0162/longmemeval-cleaned"
LONGMEMEVAL_REVISION = "98d7416c24c778c2fee6e6f3006e7a073259d48f"
VARIANT_FILES: dict[str, str] = {
    "s": "longmemeval_s_cleaned.json",
    "m": "longmemeval_m_cleaned.json",
    "oracle": "longmemeval_oracle.json",
}
VARIANT_SHA256: dict[str, str | None] = {
    "s": "d6f21ea9d60a0d56f34a05b609c79c88a451d2ae03597821ea3d5a9678c3a442",
    "m": None,
    "oracle": "821a2034d219ab45846873dd14c14f12cfe7776e73527a483f9dac095d38620c",
}
"""Published digests of the pinned files (recorded for reference; ``m``'s is not known)."""
LONGMEMEVAL_LABEL = "LongMemEval dataset"
LONGMEMEVAL_QUESTIONS = 500
"""Questions in each pinned variant (30 of them abstention questions)."""

Fetch = Callable[[str, str, str, Path], str]
"""Downloads ``(repository, filename, revision, cache_dir)`` and returns the local path."""


def hub_download(repository: str, filename: str, revision: str, cache_directory: Path) -> str:
    """Download one file of a Hugging Face dataset at a revision (the default fetch).

    Args:
        repository: The dataset repository, ``owner/name``.
        filename: The file inside it.
        revision: The commit to fetch.
        cache_directory: The hub cache folder to use.

    Returns:
        The local path of the file (reused from the cache when present).

    Raises:
        OSError: At once, when the hub is offline or unreachable and the file is not cached.
    """
    from huggingface_hub import constants, hf_hub_download

    problem = "the hub is offline (HF_HUB_OFFLINE is set)" if constants.HF_HUB_OFFLINE else None
    if problem is None and (unreachable := connection_problem(constants.ENDPOINT)) is not None:
        problem = f"cannot reach {unreachable}"
    try:
        return hf_hub_download(
            repo_id=repository,
            filename=filename,
            repo_type="dataset",
            revision=revision,
            cache_dir=cache_directory,
            local_files_only=problem is not None,
        )
    except Exception:
        if problem is None:
            raise
        raise OSError(f"{problem} and no cached copy exists") from None


fetch_file: Fetch = hub_download
"""The default fetch (module attribute, so tests can replace it)."""


def variant_file(variant: str) -> str:
    """The file name of a variant.

    Args:
        variant: ``"s"``, ``"m"`` or ``"oracle"``.

    Raises:
        ValueError: For an unknown variant (the message lists the valid ones).
    """
    return lookup(VARIANT_FILES, variant, "LongMemEval variant")


def download_longmemeval(variant: str = "s", fetch: Fetch | None = None) -> str:
    """The local path of a variant's pinned file, downloading it on first use.

    Args:
        variant: ``"s"``, ``"m"`` or ``"oracle"``.
        fetch: Replaces the default download (for tests or mirrors).

    Raises:
        ValueError: One line when the variant is unknown or the download fails (offline,
            for instance); it says how to pass a local copy.
    """
    filename = variant_file(variant)
    cache_directory = data_directory("longmemeval")
    try:
        return (fetch or fetch_file)(
            LONGMEMEVAL_REPOSITORY, filename, LONGMEMEVAL_REVISION, cache_directory
        )
    except Exception as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ValueError(
            f"could not download {LONGMEMEVAL_LABEL} {filename} from {LONGMEMEVAL_REPOSITORY} "
            f"at revision {LONGMEMEVAL_REVISION} ({reason}); download it elsewhere and pass "
            f"it with -T dataset=/path/to/{filename}"
        ) from None


def longmemeval_source(
    variant: str = "s", dataset: str | None = None, fetch: Fetch | None = None
) -> str:
    """The path or URL the LongMemEval data is read from.

    Args:
        variant: The pinned variant used when ``dataset`` is not given.
        dataset: A local path or fsspec URL; None for the pinned, cached file.
        fetch: Replaces the default download.
    """
    if dataset:
        return dataset
    return download_longmemeval(variant, fetch)


def load_longmemeval(
    variant: str = "s", dataset: str | None = None, fetch: Fetch | None = None
) -> list[LongMemEvalRecord]:
    """Load and parse LongMemEval records.

    Args:
        variant: ``"s"``, ``"m"`` or ``"oracle"`` (ignored when ``dataset`` is given).
        dataset: A local path or fsspec URL of a LongMemEval-shaped file; None for the
            pinned release (downloaded on first use).
        fetch: Replaces the default download.

    Raises:
        ValueError: One line when the data cannot be fetched or read, or is malformed.
    """
    source = longmemeval_source(variant, dataset, fetch)
    return parse_longmemeval(read_json_source(source, LONGMEMEVAL_LABEL))
