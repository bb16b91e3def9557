"""The prose of a task's history: issue report, chat, debugging log, review, design notes.

Each grounding fact and each distractor is written verbatim into the file where such a
thing would be said: the bug into the issue report, the user's requirement into the chat,
the reproduction and bisection into the debugging log, the code-level facts into the
review, decisions and budgets into the design notes. The needle fact is left out here; it
goes once among the context excerpts (``world.filler``).
"""

from __future__ import annotations

from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.history_details import HistoryDetails
from inspect_memgym.code_qa.world.model import Distractor, GroundingFact
from inspect_memgym.code_qa.world.story_code import StoryCode

ISSUE_REPORT = """# {ticket}: nightly `{caller}` run gets {plural} wrong

Reporter: {reporter} ({customer})
Service: {service}
Opened: {date}

{bug_report}

{context_line}

{other_ticket}

Expected: every {noun} handed to `{caller}` is processed exactly once.
"""

CHAT_WITH_USER = """# Chat with {reporter}, {date}

**{first_name}:** The numbers were off again this morning. Can you look at it today?

**Assistant:** Yes. I will start from `{target}` in `{path}`, since the nightly job goes \
through it.

**{first_name}:** Good. Please make sure the fix does what we actually need.

**Assistant:** To confirm what you need: {user_requirement}

**{first_name}:** Right. Other teams depend on this code too.

**Assistant:** Understood, so: {compat_budget}

**Assistant:** Noting this separately so it does not get mixed up: {other_customer}

**{first_name}:** Thanks. Ping me when you have a reproduction.
"""

DEBUGGING_LOG = """# Debugging log: {ticket}

[{date} 09:05] Reading `{target}` and its tests; the unit tests all pass.

[{date} 09:40] {noise_first}

[{date} 10:20] {repro}

[{date} 10:55] {ruled_out_repro}

[{date} 11:30] {error_log}

[{date} 11:45] {staging_log}

[{date} 13:10] {noise_second}

[{date} 14:10] {bisect}

[{date} 15:20] {dead_end}

[{date} 16:00] {noise_third}

[{date} 16:45] Next: a failing test for the boundary case, then the fix.
"""

ERROR_LOG_PENDING = "Asked operations for the production log of the failing run."

REVIEW_COMMENTS = """# Review: fix for {ticket} (PR #{pull_request})

**{reviewer_a}** on `{path}`: {setting_default}

**{reviewer_b}:** {error_code}

**{reviewer_a}:** {sibling_error}

**Author:** {call_path}

**{reviewer_b}:** {twin_caller}

**{reviewer_a}:** {twin_setting}

**{reviewer_b}:** {batch_cap}

**{reviewer_a}:** {twin_cap}

**Author:** Thanks, all addressed in the next push.
"""

DESIGN_NOTES = """# Design notes: {service}

## {topic}

{design_review}

{superseded}

## Flushing

{flush_chunk}

## Budgets

{retired_budget}

## Upstream

{upstream_response}

{sandbox_response}
"""

UPSTREAM_PENDING = "How the {upstream} answers a locked {noun} is still to be written up here."

STORY_FILE_KINDS: tuple[str, ...] = (
    "issue_report", "chat_with_user", "debugging_log", "review_comments", "design_notes",
)  # fmt: skip
"""The story files, in the order the agent met them."""


def story_files(
    code: StoryCode,
    details: HistoryDetails,
    facts: dict[str, GroundingFact],
    distractors: dict[str, Distractor],
) -> dict[str, str]:
    """The text of every story file, by kind (see `STORY_FILE_KINDS`).

    Args:
        code: The story's code.
        details: The story's history-only details.
        facts: The grounding facts by recipe name.
        distractors: The distractors by name.
    """
    said = {name: grounding.fact.statement for name, grounding in facts.items()}
    said.update({name: distractor.fact.statement for name, distractor in distractors.items()})
    if facts["error_log"].needle:
        said["error_log"] = ERROR_LOG_PENDING
    if facts["upstream_response"].needle:
        said["upstream_response"] = UPSTREAM_PENDING.format(
            upstream=code.domain.upstream, noun=spaced(code.target.noun)
        )
    common = {
        "ticket": details.ticket,
        "caller": code.caller.name,
        "target": code.target.name,
        "path": code.target_module.path,
        "noun": spaced(code.target.noun),
        "plural": spaced(plural(code.target.noun)),
        "service": code.domain.service,
        "reporter": details.reporter,
        "customer": details.customer,
    }
    noise_first, noise_second, noise_third = details.log_noise
    return {
        "issue_report": ISSUE_REPORT.format(
            **common, **said, date=details.report_date, context_line=details.context_line
        ),
        "chat_with_user": CHAT_WITH_USER.format(
            **common, **said, date=details.report_date,
            first_name=details.reporter.split()[0],
        ),
        "debugging_log": DEBUGGING_LOG.format(
            **common, **said, date=details.debug_date, noise_first=noise_first,
            noise_second=noise_second, noise_third=noise_third,
        ),
        "review_comments": REVIEW_COMMENTS.format(
            **common, **said, pull_request=details.pull_request,
            reviewer_a=details.reviewers[0], reviewer_b=details.reviewers[1],
        ),
        "design_notes": DESIGN_NOTES.format(
            **common, **said, topic=details.design.topic.capitalize()
        ),
    }  # fmt: skip
