"""Near-miss statements, each clearly framed, each mimicking one grounding fact.

Three point at real code that nearly matches (the same function name in the legacy module,
its own cap, the sibling's next error code); the rest are history that nearly matches
(another ticket, a ruled-out guess, a dead-end commit, a staging log line, the sandbox's
answer, a superseded plan, a retired budget, another customer's request). A distractor's
key tokens are what distinguishes it: an answer holding them, and not the fact it mimics,
was misled.
"""

from __future__ import annotations

from inspect_memgym.code_qa.world.domains import plural, spaced
from inspect_memgym.code_qa.world.history_details import HistoryDetails
from inspect_memgym.code_qa.world.model import Distractor, DistractorSource, GroundingFact
from inspect_memgym.code_qa.world.story_code import StoryCode
from inspect_memgym.scoring.facts import Fact

OTHER_CUSTOMER = (
    "Not this customer: {customer} asked in ticket {ticket} that `{sibling}` {requirement}, "
    "checked on a replay of {acceptance}; that request is closed."
)
OTHER_TICKET = (
    "Not this bug: ticket {ticket}, closed on {date}, said `{sibling}` {verb} {lost} of {total} "
    "{plural} for {customer}."
)
RULED_OUT_REPRO = (
    "Ruled out: the guess it fails when the tenant's timezone is {timezone} and one call "
    "passes more than {count}; with `{flag}=True` it fails too."
)
SIBLING_ERROR = (
    '`{sibling}`, the sibling of `{target}` in the same module, raises {code} ("{message}"): '
    "a different function and a different code."
)
STAGING_LOG = (
    "A staging log line, not in production, shows `{error_class}` {code} raised in `{sibling}` for "
    "request {request_id} on host {host}."
)
DEAD_END = (
    "Dead end: commit {commit} made `{helper}` {finding}, but reverting it changed nothing at all."
)
TWIN_CALLER = (
    "Careful: `{twin_path}` defines its own `{target}`, called by `{twin_caller}`; that is "
    "not the path the failing run takes."
)
TWIN_SETTING = (
    'The other `{target}`, in `{twin_path}`, reads `settings.get("{key}")` instead and '
    "defaults to {value}."
)
SANDBOX_RESPONSE = (
    "The {upstream} sandbox (not production) answers a locked {noun} with HTTP {status} and "
    "a Retry-After of {seconds} seconds in tests only."
)
SUPERSEDED = "Superseded on {date}: the first plan to {rejected}, {reason}."
TWIN_CAP = "`{twin_path}` defines its own `{cap}` = {value}; it does not apply to `{path}`."
RETIRED_BUDGET = (
    "Retired with the old exporter on {date}: the {team} team's budget that `{caller}` must "
    "finish under {latency} at p95 no longer applies to any fix of it."
)

DISTRACTOR_ORDER: tuple[str, ...] = (
    "other_customer", "other_ticket", "ruled_out_repro", "sibling_error", "staging_log",
    "dead_end", "twin_caller", "twin_setting", "sandbox_response", "superseded", "twin_cap",
    "retired_budget",
)  # fmt: skip
"""Distractor names in id order (``D01``...)."""


def build_distractors(
    code: StoryCode, details: HistoryDetails, facts: dict[str, GroundingFact]
) -> dict[str, Distractor]:
    """Every distractor of a task, by name, with ids ``D01``... in `DISTRACTOR_ORDER`.

    Args:
        code: The story's code.
        details: The story's history-only details.
        facts: The grounding facts by recipe name (gives the ids they mimic).
    """
    target, sibling, twin = code.target, code.sibling, code.twin
    items = spaced(plural(target.noun))
    assert sibling.error and twin.setting
    other_acceptance = f"{details.other_acceptance_count} {items}"
    other_lost = f"{details.other_symptom_lost} of {details.other_symptom_total}"
    ruled_out = f"{details.ruled_out_count} {items}"
    sandbox = f"HTTP {details.sandbox_status}"
    retired = f"{details.retired_latency_ms} ms"
    twin_path = code.twin_module.path
    recipes: dict[str, tuple[str, DistractorSource, str, tuple[str, ...]]] = {
        # name: (statement, source, mimicked recipe, distinguishing tokens)
        "other_customer": (
            OTHER_CUSTOMER.format(
                customer=details.other_customer, ticket=details.third_ticket,
                sibling=sibling.name, acceptance=other_acceptance,
                requirement=details.other_requirement.format(
                    plural=items, noun=spaced(target.noun), field=sibling.field,
                ),
            ),
            "other_ticket", "user_requirement", (details.other_customer, other_acceptance),
        ),
        "other_ticket": (
            OTHER_TICKET.format(
                ticket=details.other_ticket, date=details.retired_date, sibling=sibling.name,
                verb=details.symptom_verb, lost=details.other_symptom_lost,
                total=details.other_symptom_total, plural=items,
                customer=details.other_customer,
            ),
            "other_ticket", "bug_report", (details.other_ticket, other_lost),
        ),
        "ruled_out_repro": (
            RULED_OUT_REPRO.format(
                timezone=details.other_timezone, count=ruled_out, flag=target.flag,
            ),
            "ruled_out", "repro", (details.other_timezone, ruled_out),
        ),
        "sibling_error": (
            SIBLING_ERROR.format(
                sibling=sibling.name, target=target.name, code=sibling.error.code,
                message=sibling.error.message,
            ),
            "sibling_function", "error_code", (sibling.error.code,),
        ),
        "staging_log": (
            STAGING_LOG.format(
                error_class=code.domain.error_class, code=sibling.error.code,
                request_id=details.staging_request_id, host=details.staging_host,
                sibling=sibling.name,
            ),
            "other_environment", "error_log",
            (details.staging_request_id, details.staging_host),
        ),
        "dead_end": (
            DEAD_END.format(
                commit=details.dead_end_commit, helper=code.other_helper.name,
                finding=details.other_finding.format(
                    plural=items, noun=spaced(target.noun), field=sibling.field,
                ),
            ),
            "ruled_out", "bisect", (details.dead_end_commit,),
        ),
        "twin_caller": (
            TWIN_CALLER.format(
                twin_path=twin_path, target=target.name, twin_caller=code.twin_caller.name,
            ),
            "same_function", "call_path", (code.twin_caller.name,),
        ),
        "twin_setting": (
            TWIN_SETTING.format(
                target=target.name, twin_path=twin_path, key=twin.setting.key,
                value=twin.setting.value,
            ),
            "same_function", "setting_default", (twin.setting.key, str(twin.setting.value)),
        ),
        "sandbox_response": (
            SANDBOX_RESPONSE.format(
                upstream=code.domain.upstream, noun=spaced(target.noun),
                status=details.sandbox_status, seconds=details.sandbox_retry_seconds,
            ),
            "other_environment", "upstream_response",
            (sandbox, f"{details.sandbox_retry_seconds} seconds"),
        ),
        "superseded": (
            SUPERSEDED.format(
                date=details.plan_date, rejected=details.design.rejected.plan,
                reason=details.design.rejected.reason,
            ),
            "superseded", "design_review",
            (details.design.rejected.key, details.design.rejected.reason_key),
        ),
        "twin_cap": (
            TWIN_CAP.format(
                twin_path=twin_path, cap=code.twin_cap.name, value=code.twin_cap.value,
                path=code.target_module.path,
            ),
            "same_function", "batch_cap", (code.twin_cap.name, code.twin_cap.value),
        ),
        "retired_budget": (
            RETIRED_BUDGET.format(
                date=details.retired_date, team=details.other_team, caller=code.caller.name,
                latency=retired,
            ),
            "retired", "compat_budget", (details.other_team, retired),
        ),
    }  # fmt: skip
    distractors: dict[str, Distractor] = {}
    for index, name in enumerate(DISTRACTOR_ORDER, start=1):
        statement, source, mimicked, tokens = recipes[name]
        distractors[name] = Distractor(
            fact=Fact(f"D{index:02d}", statement, tokens),
            source=source,
            mimics=facts[mimicked].fact_id,
        )
    return distractors
