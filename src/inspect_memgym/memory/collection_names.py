"""ChromaDB collection names that never collide across runs, samples and epochs.

Inside an Inspect sample the name is built from the eval id, the sample id
and the epoch, plus a short random suffix so two processes (or two backends
of one sample) can never pick the same name:
`memgym-<eval id>-<sample id>-e<epoch>-<8 hex>`. Outside a sample (scripts,
unit tests) it is `memgym-<32 hex>`. Every name obeys ChromaDB's rules:
3-512 characters from `[a-zA-Z0-9._-]`, starting and ending with a letter or
digit, no `..`, and never an IP address (the `memgym-` prefix sees to that).

`is_suite_collection_name` recognises exactly these two shapes, so a clean-up of what a
crashed run left (`inspect-memgym chroma-clean`) never touches a collection named by
anyone else, even one that merely starts with `memgym-`.
"""

import re
import uuid

from inspect_memgym.kit.inspect_internals import current_sample_identity

COLLECTION_PREFIX = "memgym-"
MIN_NAME_CHARS = 3
MAX_NAME_CHARS = 512
MAX_SAMPLE_ID_CHARS = 200
"""Sample ids are cut to this length so the whole name stays within ChromaDB's limit."""
RANDOM_SUFFIX_HEX_DIGITS = 8

_VALID_NAME = re.compile(r"^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$")
_INVALID_CHARACTERS = re.compile(r"[^a-zA-Z0-9._-]+")
_REPEATED_DOTS = re.compile(r"\.{2,}")
_SUITE_NAME = re.compile(
    rf"^{COLLECTION_PREFIX}(?:[0-9a-f]{{32}}"
    rf"|[a-zA-Z0-9._-]*-e\d+-[0-9a-f]{{{RANDOM_SUFFIX_HEX_DIGITS}}})$"
)


def sample_collection_name() -> str:
    """A fresh collection name for the current Inspect sample and epoch.

    Returns:
        `memgym-<eval id>-<sample id>-e<epoch>-<random>` inside a running
        sample, else `memgym-<uuid4 hex>`.
    """
    context = current_sample_identity()
    if context is None:
        return f"{COLLECTION_PREFIX}{uuid.uuid4().hex}"
    eval_id, sample_id, epoch = context
    suffix = uuid.uuid4().hex[:RANDOM_SUFFIX_HEX_DIGITS]
    parts = [
        sanitize_name_part(eval_id),
        sanitize_name_part(str(sample_id))[:MAX_SAMPLE_ID_CHARS].strip("._-"),
        f"e{epoch}",
        suffix,
    ]
    return COLLECTION_PREFIX + "-".join(part for part in parts if part)


def is_suite_collection_name(name: str) -> bool:
    """Whether a collection name has the shape `sample_collection_name` gives.

    Args:
        name: A collection name found on a server.

    Returns:
        True for `memgym-<32 hex>` and `memgym-<eval id>-<sample id>-e<epoch>-<8 hex>`.
    """
    return bool(_SUITE_NAME.match(name))


def sanitize_name_part(text: str) -> str:
    """Map text onto the characters ChromaDB allows in a collection name.

    Runs of other characters become one `-`, runs of dots one `.`, and
    leading or trailing punctuation is dropped.

    Args:
        text: Any text, e.g. a sample id.

    Returns:
        The sanitised text (possibly empty).
    """
    cleaned = _REPEATED_DOTS.sub(".", _INVALID_CHARACTERS.sub("-", text))
    return cleaned.strip("._-")


def check_collection_name(name: str) -> str:
    """Refuse a collection name ChromaDB would reject.

    Args:
        name: Proposed collection name.

    Returns:
        The name, unchanged.

    Raises:
        ValueError: Naming the `collection_name` parameter and the rule broken.
    """
    if not MIN_NAME_CHARS <= len(name) <= MAX_NAME_CHARS:
        raise ValueError(
            f"collection_name must have {MIN_NAME_CHARS}-{MAX_NAME_CHARS} characters, "
            f"got {len(name)}: {name!r}"
        )
    if not _VALID_NAME.match(name):
        raise ValueError(
            "collection_name may only contain letters, digits, '.', '_' and '-', and must "
            f"start and end with a letter or digit; got {name!r}"
        )
    if ".." in name:
        raise ValueError(f"collection_name must not contain '..'; got {name!r}")
    if re.fullmatch(r"\d{1,3}(?:\.\d{1,3}){3}", name):
        raise ValueError(f"collection_name must not be an IP address; got {name!r}")
    return name
