"""The grounding facts of a task, one recipe each, built from its code and its history.

Five facts are discoverable (the source shows them: an error code, a call path, a setting
default, a chunk size with its reason, a batch cap); eight live only in the history. Each
fact's key tokens are what a correct answer must contain; for a memory-only fact, its
``memory_tokens`` are the key tokens drawn from ``world.history_vocabulary``.
"""

from __future__ import annotations

from inspect_memgym.code_qa.world.code_model import Function
from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.history_details import HistoryDetails
from inspect_memgym.code_qa.world.model import FactCategory, GroundingFact, Relevance
from inspect_memgym.code_qa.world.story_code import StoryCode
from inspect_memgym.scoring.facts import Fact

USER_REQUIREMENT = (
    "{customer} requires that `{target}` {requirement}; they will accept the fix once a "
    "replay of {acceptance} from {date} matches their own export."
)
BUG_REPORT = (
    "Ticket {ticket} reports that since {date} the nightly `{caller}` run {verb} {lost} of "
    "{total} {plural} for {customer}."
)
REPRO = (
    "The failure reproduces only when the tenant's timezone is {timezone} and one call passes "
    "more than {count}; with `{flag}=True` it never shows."
)
ERROR_CODE = (
    '`{target}` in `{path}` raises `{error_class}` with code {code} ("{message}") when a '
    "{noun} has no `{field}`."
)
ERROR_LOG = (
    "The production log of the failing run shows `{error_class}` {code} raised in `{target}` "
    "for request {request_id} on host {host}."
)
BISECT = (
    "Bisecting found that commit {commit} introduced the regression: it made `{helper}` {finding}."
)
CALL_PATH = (
    "Tracing showed that `{caller}` in `{caller_path}` calls `{target}`, which hands each "
    "{noun} to `{helper}`."
)
SETTING_DEFAULT = (
    '`{target}` in `{path}` reads `settings.get("{key}")` and falls back to `{constant}` = '
    "{value} when the key is missing."
)
UPSTREAM_RESPONSE = (
    "The {upstream} answers a locked {noun} with HTTP {status} and a Retry-After of {seconds} "
    "seconds; `{target}` does not retry it."
)
DESIGN_REVIEW = "Decided in the design review on {date}: {choice}, {reason}."
FLUSH_CHUNK = (
    "`{path}` flushes {plural} in chunks of {value} (`{constant}`); the comment says the "
    "chunking is there so that {reason}."
)
BATCH_CAP = "`{target}` refuses more than `{cap}` = {value} {plural} in one call, raising {code}."
COMPAT_BUDGET = (
    "A fix must keep the signature of `{target}` unchanged because the {team} team calls it "
    "directly, and `{caller}` must finish under {latency} at p95."
)

FACT_ORDER: tuple[str, ...] = (
    "user_requirement", "bug_report", "repro", "error_code", "error_log", "bisect",
    "call_path", "setting_default", "upstream_response", "design_review", "flush_chunk",
    "batch_cap", "compat_budget",
)  # fmt: skip
"""Recipe names in fact-id order (``F01`` is the user requirement)."""

Tokens = tuple[str, ...]
MEMORY = None
"""Marks a recipe whose key tokens are all memory-only."""

NEEDLE_CANDIDATES: tuple[str, ...] = ("error_log", "upstream_response")
"""Memory-only facts that may be buried once among the context excerpts."""


def _topic(module_dotted: str, function: Function | None = None) -> str:
    return f"{module_dotted}.{function.name}" if function else module_dotted


def build_facts(code: StoryCode, details: HistoryDetails, needle: str) -> dict[str, GroundingFact]:
    """Every grounding fact of a task, by recipe name, with ids ``F01``... in `FACT_ORDER`.

    Args:
        code: The story's code.
        details: The story's history-only details.
        needle: The recipe name of the fact buried among the context excerpts.
    """
    target, noun = code.target, code.target.noun
    items = spaced(plural(noun))
    path, dotted = code.target_module.path, code.target_module.dotted
    target_topic = _topic(dotted, target)
    caller_topic = _topic(code.caller_module.dotted, code.caller)
    assert target.error and target.cap_error and target.setting and target.flag
    acceptance = f"{details.acceptance_count} {items}"
    lost = f"{details.symptom_lost} of {details.symptom_total}"
    repro_count = f"{details.repro_count} {items}"
    latency = f"{details.latency_ms} ms"
    status, seconds = f"HTTP {details.status}", f"{details.retry_seconds} seconds"
    design = details.design
    requirement = details.requirement.format(plural=items, noun=spaced(noun), field=target.field)
    finding = details.finding.format(plural=items, noun=spaced(noun), field=target.field)
    recipes: dict[str, tuple[str, FactCategory, Relevance, str, Tokens, Tokens | None]] = {
        # name: (statement, category, relevance, topic, key tokens, memory-only tokens),
        # where MEMORY means "every key token"
        "user_requirement": (
            USER_REQUIREMENT.format(
                customer=details.customer, target=target.name, requirement=requirement,
                acceptance=acceptance, date=details.report_date,
            ),
            "user_requirement", "critical", target_topic, (details.customer, acceptance), MEMORY,
        ),
        "bug_report": (
            BUG_REPORT.format(
                ticket=details.ticket, date=details.since_date, caller=code.caller.name,
                verb=details.symptom_verb, lost=details.symptom_lost,
                total=details.symptom_total, plural=items, customer=details.customer,
            ),
            "bug_description", "critical", caller_topic, (details.ticket, lost), MEMORY,
        ),
        "repro": (
            REPRO.format(timezone=details.timezone, count=repro_count, flag=target.flag),
            "repro_condition", "critical", target_topic, (details.timezone, repro_count), MEMORY,
        ),
        "error_code": (
            ERROR_CODE.format(
                target=target.name, path=path, error_class=code.domain.error_class,
                code=target.error.code, message=target.error.message, noun=spaced(noun),
                field=target.field,
            ),
            "error_detail", "critical", target_topic,
            (code.domain.error_class, target.error.code), (),
        ),
        "error_log": (
            ERROR_LOG.format(
                error_class=code.domain.error_class, code=target.error.code,
                target=target.name, request_id=details.request_id, host=details.host,
            ),
            "error_detail", "helpful", target_topic, (details.request_id, details.host), MEMORY,
        ),
        "bisect": (
            BISECT.format(commit=details.commit, helper=code.helper.name, finding=finding),
            "debug_finding", "critical", _topic(dotted, code.helper),
            (details.commit, code.helper.name), (details.commit,),
        ),
        "call_path": (
            CALL_PATH.format(
                caller=code.caller.name, caller_path=code.caller_module.path,
                target=target.name, noun=spaced(noun), helper=code.helper.name,
            ),
            "debug_finding", "helpful", caller_topic, (code.caller.name, code.helper.name), (),
        ),
        "setting_default": (
            SETTING_DEFAULT.format(
                target=target.name, path=path, key=target.setting.key,
                constant=target.setting.constant, value=target.setting.value,
            ),
            "api_behavior", "helpful", target_topic,
            (target.setting.key, str(target.setting.value)), (),
        ),
        "upstream_response": (
            UPSTREAM_RESPONSE.format(
                upstream=code.domain.upstream, noun=spaced(noun), status=details.status,
                seconds=details.retry_seconds, target=target.name,
            ),
            "api_behavior", "helpful", target_topic, (status, seconds), MEMORY,
        ),
        "design_review": (
            DESIGN_REVIEW.format(
                date=details.decision_date, choice=design.chosen.plan,
                reason=design.chosen.reason,
            ),
            "design_decision", "background", dotted,
            (design.chosen.key, design.chosen.reason_key), MEMORY,
        ),
        "flush_chunk": (
            FLUSH_CHUNK.format(
                path=path, plural=items, value=code.flush.value, constant=code.flush.name,
                reason=code.flush_reason,
            ),
            "design_decision", "background", dotted, (code.flush.name, code.flush.value), (),
        ),
        "batch_cap": (
            BATCH_CAP.format(
                target=target.name, cap=code.cap.name, value=code.cap.value, plural=items,
                code=target.cap_error.code,
            ),
            "constraint", "helpful", target_topic, (code.cap.name, code.cap.value), (),
        ),
        "compat_budget": (
            COMPAT_BUDGET.format(
                target=target.name, team=details.team, caller=code.caller.name,
                latency=latency,
            ),
            "constraint", "critical", target_topic, (details.team, latency), MEMORY,
        ),
    }  # fmt: skip
    facts: dict[str, GroundingFact] = {}
    for index, name in enumerate(FACT_ORDER, start=1):
        statement, category, relevance, topic, key_tokens, memory_tokens = recipes[name]
        memory_tokens = key_tokens if memory_tokens is MEMORY else memory_tokens
        assert memory_tokens is not None
        facts[name] = GroundingFact(
            fact=Fact(f"F{index:02d}", statement, key_tokens),
            category=category,
            discoverable=not memory_tokens,
            relevance=relevance,
            topic=topic,
            memory_tokens=memory_tokens,
            needle=name == needle,
        )
    return facts
