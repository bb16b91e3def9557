"""What code_qa's adversaries read: value tokens, candidate kinds, and the source's facts.

Everything here works on text a model call shows plus the public catalogues and templates
of this repository (``world.history_vocabulary``, ``world.question_plans``): a bag of the
value-like tokens of a text (numbers with their noun, codes, ids, catalogue entries), the
kinds of value each question plan asks for, and what a reader of the shown source can
read off it (the target's error code, setting, caps). Never a sample's gold or metadata.
Pure: no Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from inspect_memgym.code_qa.world.history_vocabulary import (
    CUSTOMERS,
    DESIGN_TOPICS,
    TEAMS,
    TICKET_PREFIXES,
    TIMEZONES,
)

DESIGN_KEYS = tuple(option.key for topic in DESIGN_TOPICS for option in topic.options)
DESIGN_REASONS = {
    option.key: option.reason_key for topic in DESIGN_TOPICS for option in topic.options
}
CATALOGUE_ENTRIES = (*CUSTOMERS, *TIMEZONES, *TEAMS, *DESIGN_KEYS, *DESIGN_REASONS.values())
_VALUE = re.compile(
    r"HTTP \d+|\d+ of \d+|\d+ ms\b|\d+ [a-z]+s\b"
    r"|\b[A-Za-z][\w-]*\d[\w-]*|\b\d[0-9a-f]{6}\b"
)
_TICKET = re.compile(rf"^(?:{'|'.join(TICKET_PREFIXES)})-\d+$")
KINDS: dict[str, Callable[[str], bool]] = {
    "customer": lambda value: value in CUSTOMERS,
    "count": lambda value: bool(re.fullmatch(r"\d+ [a-z]+s", value)) and "seconds" not in value,
    "ticket": lambda value: bool(_TICKET.match(value)),
    "lost_of_total": lambda value: bool(re.fullmatch(r"\d+ of \d+", value)),
    "timezone": lambda value: value in TIMEZONES,
    "request": lambda value: value.startswith("rq-"),
    "host": lambda value: bool(re.search(r"-worker-\d+$", value)),
    "commit": lambda value: bool(re.fullmatch(r"\d[0-9a-f]{6}", value)),
    "status": lambda value: value.startswith("HTTP "),
    "seconds": lambda value: value.endswith(" seconds"),
    "design": lambda value: value in DESIGN_KEYS,
    "team": lambda value: value in TEAMS,
    "latency": lambda value: bool(re.fullmatch(r"\d+ ms", value)),
}
"""A kind of value a memory-only fact holds, as a test on one bag value."""
RECIPE_KINDS: dict[str, tuple[str, ...]] = {
    "user_requirement": ("customer", "count"),
    "bug_report": ("ticket", "lost_of_total"),
    "repro": ("timezone", "count"),
    "error_log": ("request", "host"),
    "bisect": ("commit",),
    "upstream_response": ("status", "seconds"),
    "design_review": ("design",),
    "compat_budget": ("team", "latency"),
}
"""The kinds of value each memory-only recipe's answer names (public: the fact templates)."""


def value_bag(text: str) -> list[str]:
    """The value-like tokens of a text, each once, in order of first appearance.

    Numbers with the noun after them, ``N of M``, ``HTTP N``, codes and ids holding a
    digit, hex commits, and entries of the public catalogues (customers, timezones, teams,
    design options and reasons).

    Args:
        text: Any text a call shows.
    """
    found: list[tuple[int, str]] = [(m.start(), m.group(0)) for m in _VALUE.finditer(text)]
    for entry in CATALOGUE_ENTRIES:
        at = text.find(entry)
        if at >= 0:
            found.append((at, entry))
    ordered: list[str] = []
    for _, value in sorted(found):
        if value not in ordered:
            ordered.append(value)
    return ordered


def candidates(bag: list[str], kind: str) -> list[str]:
    """The bag's values of one kind, in bag order.

    Args:
        bag: A value bag.
        kind: A key of `KINDS`.
    """
    return [value for value in bag if KINDS[kind](value)]


def function_body(source: str, name: str) -> str:
    """A top-level function's text in a module's source ("" if absent).

    Args:
        source: The module source (or several, as shown).
        name: The function's name.
    """
    match = re.search(rf"^def {re.escape(name)}\(.*?(?=^def |^class |\Z)", source, re.S | re.M)
    return match.group(0) if match else ""


def module_source(files: str, path: str) -> str:
    """One module's source among the shown files ("" if not shown).

    Args:
        files: The shown files section.
        path: The module path.
    """
    match = re.search(rf"### {re.escape(path)}\n```python\n(.*?)\n```", files, re.S)
    return match.group(1) if match else ""


def constant_value(source: str, name: str) -> str:
    """A module constant's value in its source ("" if absent).

    Args:
        source: The module source.
        name: The constant.
    """
    match = re.search(rf"^{re.escape(name)} = (\S+)", source, re.M)
    return match.group(1) if match else ""


def source_claims(files: str, path: str, target: str) -> dict[str, str]:
    """What the shown source states of the discoverable recipes, as claim sentences.

    Args:
        files: The shown files section ("" when none is shown).
        path: The target module's path.
        target: The target function.
    """
    source = module_source(files, path)
    body = function_body(source, target)
    claims: dict[str, str] = {}
    raised = re.search(r'raise (\w+)\("([A-Z]+-\d+)", "[^"]*has no', body)
    if raised:
        claims["error_code"] = f"`{target}` raises `{raised.group(1)}` with code {raised.group(2)}."
    setting = re.search(r'settings\.get\("(\w+)", (\w+)\)', body)
    if setting:
        value = constant_value(source, setting.group(2))
        claims["setting_default"] = (
            f'`{target}` reads `settings.get("{setting.group(1)}")` and falls back to '
            f"`{setting.group(2)}` = {value}."
        )
    flush = re.search(r"^(\w+_FLUSH_ROWS) = (\d+)", source, re.M)
    if flush:
        claims["flush_chunk"] = f"It flushes in chunks of {flush.group(2)} (`{flush.group(1)}`)."
    cap = re.search(r"^(MAX_\w+) = (\d+)", source, re.M)
    if cap:
        claims["batch_cap"] = f"`{target}` refuses more than `{cap.group(1)}` = {cap.group(2)}."
    return claims
