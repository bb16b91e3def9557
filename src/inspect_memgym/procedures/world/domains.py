"""The domains (templates) of the procedures world: the same procedure in three trades.

A domain names the record, the remedy and the tools that look a record up and issue the
remedy; every other tool is the same in every domain. The domains themselves are data
(``domains.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.kit.catalogues import load_entries

CATALOGUE = "domains.toml"
"""The file the domains are read from, beside this module."""


@dataclass(frozen=True)
class Domain:
    """One trade's words for the record and the remedy.

    Attributes:
        name: Template name.
        record: What a record is (``order``).
        remedy: What is issued (``refund``).
        record_prefix: First letter of record ids.
        lookup_tool: The tool that shows a record.
        remedy_tool: The tool that issues the remedy.
        complaint: Why the customer writes (in the goal text).
    """

    name: str
    record: str
    remedy: str
    record_prefix: str
    lookup_tool: str
    remedy_tool: str
    complaint: str


DOMAINS: dict[str, Domain] = {
    domain.name: domain for domain in load_entries(Domain, __name__, CATALOGUE, "domains")
}
"""Every domain, by template name."""
TEMPLATE_NAMES = tuple(DOMAINS)
