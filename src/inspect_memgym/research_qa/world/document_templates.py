"""Text templates of the documents a search turn returns (filler has its own, in ``filler``).

Every fact-bearing document has the same frame (a title naming its entity, a lead
sentence, the statement, a closing sentence), so neither title nor form tells a supporting
document from its near-miss siblings. A withdrawn claim says in the same sentence that it
was withdrawn, when, and by whom, so a note that copies the sentence keeps its status.
"""

from __future__ import annotations

import re

TITLES: tuple[str, ...] = (
    "{name}: register entry",
    "{name}: archive summary",
    "Notes on {name}",
    "{name}: public record",
    "{name}: directory listing",
)
LEADS: tuple[str, ...] = (
    "This entry gathers the public record of {subject}.",
    "The notes below concern {subject}.",
    "Records on {subject} were collated from open sources.",
    "{subject} appears in several regional registers.",
)
CLOSINGS: tuple[str, ...] = (
    "The entry was last reviewed by the records office.",
    "Further material is held in a regional archive.",
    "Other details could not be confirmed at the time of writing.",
    "Corrections may be sent to the records office.",
)
WITHDRAWN_RELATION = (
    "An archived {source} from {old_year} named {wrong} as {role}, but {authority} withdrew "
    "that entry in {fix_year}, so the claim is superseded and no longer current."
)
WITHDRAWN_ATTRIBUTE = (
    "An archived {source} from {old_year} gave {wrong} as the {label} of {subject}, but "
    "{authority} withdrew that figure in {fix_year}, so the claim is superseded and no longer "
    "current."
)
ARCHIVE_SOURCES: tuple[str, ...] = (
    "directory",
    "register",
    "yearbook",
    "catalogue",
    "almanac",
    "bulletin",
)
AUTHORITIES: tuple[str, ...] = (
    "the issuing office",
    "the regional records board",
    "the editors of the register",
    "an official correction notice",
    "the national archive",
)
DEAD_END = (
    "The scanned {source} entry for {subject} is missing the page that gives the {label}, "
    "so this source cannot settle it."
)
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
