"""The prose of a task's history: issue report, chat, debugging log, review, design notes.

Each grounding fact and each distractor is written verbatim into the file where such a
thing would be said: the bug into the issue report, the user's requirement into the chat,
the reproduction and bisection into the debugging log, the code-level facts into the
review, decisions and budgets into the design notes. A fact and the distractor that
mimics it always sit in the same file, in an order drawn per instance (`PAIRS`), so which
one comes first tells nothing; no header names the ticket or the customer, so every
ticket and customer of the history is named equally often. A needle fact is left out
here, and so is its distractor: both go among the context excerpts (``world.filler``).
"""

from __future__ import annotations

import random

from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.history_details import HistoryDetails
from inspect_memgym.code_qa.world.model import Distractor, GroundingFact
from inspect_memgym.code_qa.world.story_code import StoryCode
from inspect_memgym.kit.catalogues import load_value

CATALOGUE = "memory_files.toml"
"""The data file beside this module the story files' templates are read from."""

ISSUE_REPORT: str = load_value(str, __name__, CATALOGUE, "issue_report")

CHAT_WITH_USER: str = load_value(str, __name__, CATALOGUE, "chat_with_user")
CHAT_REQUIREMENT: str = load_value(str, __name__, CATALOGUE, "chat_requirement")
CHAT_OTHER_CUSTOMER: str = load_value(str, __name__, CATALOGUE, "chat_other_customer")

DEBUGGING_LOG: str = load_value(str, __name__, CATALOGUE, "debugging_log")
LOG_LINE: str = load_value(str, __name__, CATALOGUE, "log_line")
LOG_TIMES = {
    "repro_pair": ("10:20", "10:55"),
    "error_log_pair": ("11:30", "11:45"),
    "bisect_pair": ("14:10", "15:20"),
}
"""The two times of each pair's log lines (the first line gets the first time)."""

ERROR_LOG_PENDING: str = load_value(str, __name__, CATALOGUE, "error_log_pending")

REVIEW_COMMENTS: str = load_value(str, __name__, CATALOGUE, "review_comments")
REVIEW_COMMENT: str = load_value(str, __name__, CATALOGUE, "review_comment")
REVIEW_PAIRS = ("setting_pair", "error_code_pair", "call_path_pair", "batch_cap_pair")
"""The review's comment pairs, in order; speakers alternate between the two reviewers."""

DESIGN_NOTES: str = load_value(str, __name__, CATALOGUE, "design_notes")

UPSTREAM_PENDING: str = load_value(str, __name__, CATALOGUE, "upstream_pending")

STORY_FILE_KINDS: tuple[str, ...] = (
    "issue_report", "chat_with_user", "debugging_log", "review_comments", "design_notes",
)  # fmt: skip
"""The story files, in the order the agent met them."""

PAIRS: dict[str, tuple[str, str]] = {
    "bug_pair": ("bug_report", "other_ticket"),
    "requirement_pair": ("user_requirement", "other_customer"),
    "repro_pair": ("repro", "ruled_out_repro"),
    "error_log_pair": ("error_log", "staging_log"),
    "bisect_pair": ("bisect", "dead_end"),
    "setting_pair": ("setting_default", "twin_setting"),
    "error_code_pair": ("error_code", "sibling_error"),
    "call_path_pair": ("call_path", "twin_caller"),
    "batch_cap_pair": ("batch_cap", "twin_cap"),
    "design_pair": ("design_review", "superseded"),
    "budget_pair": ("compat_budget", "retired_budget"),
    "upstream_pair": ("upstream_response", "sandbox_response"),
}
"""Slot -> (fact recipe, the distractor recipe that mimics it), written together in one
file in an order drawn per instance."""
PAIR_BREAK = "\n\n"


def pair_orders(rng: random.Random) -> dict[str, tuple[str, str]]:
    """Each slot's two recipe names in the order they are written (a fair coin each).

    Args:
        rng: The layout stream.
    """
    orders = {}
    for slot, (fact, distractor) in PAIRS.items():
        orders[slot] = (fact, distractor) if rng.random() < 0.5 else (distractor, fact)
    return orders


def needle_slot(needle: str) -> str:
    """The slot of a needle fact's pair.

    Args:
        needle: The needle fact's recipe name.
    """
    [slot] = [slot for slot, pair in PAIRS.items() if pair[0] == needle]
    return slot


def buried_statements(
    orders: dict[str, tuple[str, str]],
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
) -> list[str]:
    """The statements written among the context excerpts, in their drawn order.

    The needle fact and the distractor that mimics it (none without a needle).

    Args:
        orders: The drawn order of each pair (`pair_orders`).
        facts: The grounding facts by recipe name.
        distractors: The distractors by name.
    """
    needle = next((name for name, grounding in facts.items() if grounding.needle), None)
    if needle is None:
        return []
    statements = {name: grounding.fact.statement for name, grounding in facts.items()}
    statements.update((name, distractor.fact.statement) for name, distractor in distractors.items())
    return [statements[name] for name in orders[needle_slot(needle)]]


def _said(
    code: StoryCode,
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
    needle: str | None,
) -> dict[str, str]:
    """What the story files say for each recipe: its statement, or a placeholder.

    The needle's slot holds a placeholder and its distractor's nothing: both are written
    among the excerpts instead.
    """
    said = {name: grounding.fact.statement for name, grounding in facts.items()}
    said.update({name: distractor.fact.statement for name, distractor in distractors.items()})
    pending = {
        "error_log": ERROR_LOG_PENDING,
        "upstream_response": UPSTREAM_PENDING.format(
            upstream=code.domain.upstream, noun=spaced(code.target.noun)
        ),
    }
    if needle is not None:
        slot = needle_slot(needle)
        said[PAIRS[slot][0]] = pending[needle]
        said[PAIRS[slot][1]] = ""
    return said


def _lines(orders: dict[str, tuple[str, str]], said: dict[str, str], slot: str) -> list[str]:
    return [said[name] for name in orders[slot] if said[name]]


def story_files(
    code: StoryCode,
    details: HistoryDetails,
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
    orders: dict[str, tuple[str, str]],
) -> dict[str, str]:
    """The text of every story file, by kind (see `STORY_FILE_KINDS`).

    Args:
        code: The story's code.
        details: The story's history-only details.
        facts: The grounding facts by recipe name.
        distractors: The distractors by name.
        orders: The drawn order of each fact and its distractor (`pair_orders`).
    """
    needle = next((name for name, grounding in facts.items() if grounding.needle), None)
    said = _said(code, facts, distractors, needle)
    common = {
        "caller": code.caller.name,
        "target": code.target.name,
        "path": code.target_module.path,
        "noun": spaced(code.target.noun),
        "plural": spaced(plural(code.target.noun)),
        "service": code.domain.service,
        "reporter": details.reporter,
    }
    first_name = details.reporter.split()[0]
    chat_lines = {"user_requirement": CHAT_REQUIREMENT, "other_customer": CHAT_OTHER_CUSTOMER}
    log_pairs = {
        slot: PAIR_BREAK.join(
            LOG_LINE.format(date=details.debug_date, time=time, statement=statement)
            for time, statement in zip(LOG_TIMES[slot], _lines(orders, said, slot), strict=False)
        )
        for slot in LOG_TIMES
    }
    reviewers = (details.reviewers[0], details.reviewers[1])
    comments = [statement for slot in REVIEW_PAIRS for statement in _lines(orders, said, slot)]
    noise_first, noise_second, noise_third = details.log_noise
    return {
        "issue_report": ISSUE_REPORT.format(
            **common, date=details.report_date, context_line=details.context_line,
            bug_pair=PAIR_BREAK.join(_lines(orders, said, "bug_pair")),
        ),
        "chat_with_user": CHAT_WITH_USER.format(
            **common, date=details.report_date, first_name=first_name,
            requirement_pair=PAIR_BREAK.join(
                chat_lines[name].format(statement=said[name])
                for name in orders["requirement_pair"]
            ),
        ),
        "debugging_log": DEBUGGING_LOG.format(
            **common, **log_pairs, date=details.debug_date, noise_first=noise_first,
            noise_second=noise_second, noise_third=noise_third,
        ),
        "review_comments": REVIEW_COMMENTS.format(
            **common, pull_request=details.pull_request,
            comments=PAIR_BREAK.join(
                REVIEW_COMMENT.format(speaker=reviewers[index % 2], statement=statement)
                for index, statement in enumerate(comments)
            ),
        ),
        "design_notes": DESIGN_NOTES.format(
            **common, topic=details.design.topic.capitalize(),
            flush_chunk=said["flush_chunk"],
            design_pair=PAIR_BREAK.join(_lines(orders, said, "design_pair")),
            budget_pair=PAIR_BREAK.join(_lines(orders, said, "budget_pair")),
            upstream_pair=PAIR_BREAK.join(_lines(orders, said, "upstream_pair")),
        ),
    }  # fmt: skip
