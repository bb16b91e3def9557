"""Words only the task history uses: customers, tickets, timezones, teams, design choices.

Memory-only facts are pinned by tokens drawn from here. Each has a shape the generated
source never has (an ampersand, a slash, a hyphen between lower-case words, a number
followed by a unit, a date, a hex id with digits), which is why none of them can appear in
a repository; the validity checks confirm it for every instance.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.kit.catalogues import load_entries, load_value

CATALOGUE = "history_vocabulary.toml"
"""The data file beside this module the lists below are read from."""

CUSTOMERS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "customers")
TICKET_PREFIXES: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "ticket_prefixes"
)
TIMEZONES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "timezones")
TEAMS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "teams")
PEOPLE: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "people")
HTTP_STATUSES: tuple[int, ...] = load_value(tuple[int, ...], __name__, CATALOGUE, "http_statuses")
SYMPTOM_VERBS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "symptom_verbs")
REQUIREMENTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "requirements")
"""What a customer may require; the task's customer and the other one ask for two of these."""
FINDINGS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "findings")
CONTEXT_LINES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "context_lines")
LOG_NOISE: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "log_noise")


@dataclass(frozen=True)
class DesignOption:
    """One way a design review may settle a topic, and why.

    Attributes:
        plan: The decision, as a verb phrase ("take a per-tenant lock around each run").
        key: Words of the decision an answer must contain.
        reason: Why, as prose ("so one slow tenant cannot stall the others").
        reason_key: Words of the reason an answer must contain.
    """

    plan: str
    key: str
    reason: str
    reason_key: str


@dataclass(frozen=True)
class DesignTopic:
    """What a design review decided about, and the options it chose between.

    Attributes:
        topic: What the decision is about (a heading of the design notes).
        options: The options; an instance takes one and supersedes another.
    """

    topic: str
    options: tuple[DesignOption, ...]


@dataclass(frozen=True)
class DesignChoice:
    """One instance's design decision: the option taken and the one it superseded.

    Attributes:
        topic: What the decision is about.
        chosen: The option the review took.
        rejected: The earlier plan it superseded (another option of the same topic).
    """

    topic: str
    chosen: DesignOption
    rejected: DesignOption


DESIGN_TOPICS: tuple[DesignTopic, ...] = load_entries(
    DesignTopic, __name__, CATALOGUE, "design_topics"
)
"""Design topics a review may have settled (one per instance), each with the options it
chose between: an instance takes one option and supersedes another of the same topic, so
naming every option of a topic always names the superseded one too."""
