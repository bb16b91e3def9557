"""Remove the ChromaDB collections a crashed run left on a server.

Every sample's backend deletes its collection when the sample ends; a run that is killed,
or that loses its server, cannot. `clean_collections` finds the collections this suite
named (`collection_names.is_suite_collection_name`) and deletes them, except those created
with `keep_memory` (recorded in the collection's metadata) unless asked. Collections with
any other name are never touched. It is what `inspect-memgym chroma-clean` runs; run it
when no eval is using the server, since a running eval's collections look the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from inspect_memgym.memory.collection_names import is_suite_collection_name

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

KEEP_METADATA_KEY = "inspect_memgym_keep"
"""Collection metadata the chroma backend writes: True for `keep_memory` collections."""


@dataclass
class CleanReport:
    """What a clean-up found and did.

    Attributes:
        removed: Suite collections deleted (or, on a dry run, that would be).
        kept: Suite collections left because they were created with `keep_memory`.
        others: How many collections with other names were left alone.
    """

    removed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    others: int = 0


def clean_collections(
    client: ClientAPI, *, dry_run: bool = False, include_kept: bool = False
) -> CleanReport:
    """Delete the collections this suite named on a server.

    Args:
        client: A client of the server.
        dry_run: Only report what would be deleted.
        include_kept: Also delete collections created with `keep_memory`.

    Returns:
        The collections removed, kept and left alone, names sorted.
    """
    report = CleanReport()
    for collection in client.list_collections():
        name = collection.name
        if not is_suite_collection_name(name):
            report.others += 1
            continue
        kept = bool((collection.metadata or {}).get(KEEP_METADATA_KEY, False))
        if kept and not include_kept:
            report.kept.append(name)
            continue
        if not dry_run:
            client.delete_collection(name)
        report.removed.append(name)
    report.removed.sort()
    report.kept.sort()
    return report
