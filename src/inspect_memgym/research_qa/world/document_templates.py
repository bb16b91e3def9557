"""Text templates of the documents a search turn returns (filler has its own, in ``filler``).

Every fact-bearing document has the same frame (a title naming its entity, a lead
sentence, the statement, a closing sentence), so neither title nor form tells a supporting
document from its near-miss siblings. A withdrawn claim says in the same sentence that it
was withdrawn, when, and by whom, so a note that copies the sentence keeps its status.
"""

from __future__ import annotations

import re

from inspect_memgym.kit.catalogues import load_value

CATALOGUE = "document_templates.toml"
"""The data file beside this module the lists below are read from."""

TITLES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "titles")
LEADS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "leads")
CLOSINGS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "closings")
WITHDRAWN_RELATION: str = load_value(str, __name__, CATALOGUE, "withdrawn_relation")
WITHDRAWN_ATTRIBUTE: str = load_value(str, __name__, CATALOGUE, "withdrawn_attribute")
ARCHIVE_SOURCES: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "archive_sources"
)
AUTHORITIES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "authorities")
DEAD_END: str = load_value(str, __name__, CATALOGUE, "dead_end")
ARCHIVE_YEARS = (1988, 2012)
"""Range of the years an archived source carries."""
LONGEST_CORRECTION = 9
"""Most years between an archived claim and its withdrawal."""

TEMPLATE_WORDS: frozenset[str] = frozenset(
    re.findall(
        r"[a-z]+",
        " ".join(
            (
                *TITLES,
                *LEADS,
                *CLOSINGS,
                WITHDRAWN_RELATION,
                WITHDRAWN_ATTRIBUTE,
                *ARCHIVE_SOURCES,
                *AUTHORITIES,
                DEAD_END,
            )
        ).lower(),
    )
)
"""Every word the templates use; invented names never equal one of them."""
