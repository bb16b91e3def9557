"""Names the generated source is made of: services, their areas, nouns, verbs and settings.

Every identifier, docstring and error message of a generated codebase comes from these
lists. None of them holds a digit, a hyphen, an ampersand or a slash, which is what keeps
the history-only vocabulary (``world.history_vocabulary``) out of the source.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.kit.catalogues import load_entries, load_value

CATALOGUE = "domains.toml"
"""The data file beside this module the lists below are read from."""


@dataclass(frozen=True)
class Domain:
    """One service a codebase package implements.

    Attributes:
        name: Package name (e.g. ``"billing"``).
        service: How people call it (e.g. ``"billing service"``).
        error_class: The package's exception class.
        error_prefix: Prefix of its error codes (``BIL`` in ``BIL-10417``).
        areas: Sub-packages (``legacy`` is added to every package).
        nouns: What its functions process (singular, snake case).
        fields: Item fields its code checks.
        measure: The numeric item field its totals add up.
        upstream: An external service it calls (named only in the history).
    """

    name: str
    service: str
    error_class: str
    error_prefix: str
    areas: tuple[str, ...]
    nouns: tuple[str, ...]
    fields: tuple[str, ...]
    measure: str
    upstream: str


DOMAINS: tuple[Domain, ...] = load_entries(Domain, __name__, CATALOGUE, "domains")
"""The services a generated monorepo is made of; one is the task's, a few others surround it."""

LEGACY_AREA = "legacy"
"""The sub-package every service has, where the same-name twin of the task's function lives."""

VERB_SUMMARIES: dict[str, str] = load_value(dict[str, str], __name__, CATALOGUE, "verb_summaries")
"""Verbs of public functions, with the first docstring line each one gets."""

HELPER_VERBS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "helper_verbs")
"""Verbs of private helpers (``_merge_entry``)."""

MODULE_ROLES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "module_roles")
"""Second word of module names (``entry_matching.py``)."""

FLAGS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "flags")
"""Keyword-only flags a public function may take; each means "compute but keep nothing"."""

CLASS_SUFFIXES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "class_suffixes")
"""Second word of class names (``EntryBuffer``)."""

RECORDS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "records")
"""What an orchestrating function runs over (``close_period``)."""

ORCHESTRATOR_VERBS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "orchestrator_verbs"
)
"""Verbs of orchestrating functions."""

SETTING_FAMILIES: tuple[tuple[str, str, int, int, int, int], ...] = load_value(
    tuple[tuple[str, str, int, int, int, int], ...], __name__, CATALOGUE, "setting_families"
)
"""Settings as (name, partner name, low, high, partner low, partner high).

A function reads ``<noun>_<name>``; the twin of the task's function reads the partner.
"""

ERROR_MESSAGES: dict[str, str] = load_value(dict[str, str], __name__, CATALOGUE, "error_messages")
"""The message each function shape raises with (``{noun}`` is the spaced noun)."""

DESIGN_COMMENTS: tuple[tuple[str, str], ...] = load_value(
    tuple[tuple[str, str], ...], __name__, CATALOGUE, "design_comments"
)
"""Source comments on the flush constant (the comment and the words a fact quotes)."""


def plural(noun: str) -> str:
    """English plural of a snake-case noun (only its last word changes).

    Args:
        noun: A singular noun such as ``"entry"`` or ``"tax_line"``.
    """
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def camel(noun: str) -> str:
    """``credit_note`` -> ``CreditNote``.

    Args:
        noun: A snake-case name.
    """
    return "".join(part.capitalize() for part in noun.split("_"))


def spaced(noun: str) -> str:
    """``credit_note`` -> ``credit note``.

    Args:
        noun: A snake-case name.
    """
    return noun.replace("_", " ")
