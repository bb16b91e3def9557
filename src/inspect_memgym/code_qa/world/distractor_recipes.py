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
    "Not this bug: ticket {ticket}, closed on {date}, was about `{sibling}`, which {verb} "
    "{lost} of {total} {plural} for {customer}."
)
RULED_OUT_REPRO = (
    "Ruled out on {date}: an early guess was that any call with more than {count} fails; "
    "such calls pass when the timezone is UTC."
)
SIBLING_ERROR = (
    '`{sibling}`, the sibling of `{target}` in the same module, raises {code} ("{message}"): '
    "a different function and a different code."
)
STAGING_LOG = (
    "Unrelated staging log line from the same night: request {request_id} on host {host} "
    "failed in `{sibling}`."
)
DEAD_END = "Dead end: commit {commit} looked suspicious, but reverting it changed nothing."
TWIN_CALLER = (
    "Careful: `{twin_path}` defines its own `{target}`, called by `{twin_caller}`; that is "
    "not the path the failing run takes."
)
TWIN_SETTING = (
    'The other `{target}`, in `{twin_path}`, reads `settings.get("{key}")` instead and '
    "defaults to {value}."
)
SANDBOX_RESPONSE = (
    "In the {upstream} sandbox, not production, the same call is answered with HTTP {status}."
)
SUPERSEDED = (
    "Superseded on {date} by the {choice_key} decision: the earlier plan, from {old_date}, "
    "was {rejected}."
)
TWIN_CAP = "`{twin_path}` defines its own `{cap}` = {value}; it does not apply to `{path}`."
RETIRED_BUDGET = (
    "Retired on {date} together with the old exporter: the {latency} p95 budget no longer applies."
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
                requirement=details.other_requirement.format(plural=items),
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
            RULED_OUT_REPRO.format(date=details.debug_date, count=ruled_out),
            "ruled_out", "repro", (ruled_out,),
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
                request_id=details.staging_request_id, host=details.staging_host,
                sibling=sibling.name,
            ),
            "other_environment", "error_log", (details.staging_request_id,),
        ),
        "dead_end": (
            DEAD_END.format(commit=details.dead_end_commit),
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
            SANDBOX_RESPONSE.format(upstream=code.domain.upstream, status=details.sandbox_status),
            "other_environment", "upstream_response", (sandbox,),
        ),
        "superseded": (
            SUPERSEDED.format(
                date=details.decision_date, choice_key=details.design.choice_key,
                old_date=details.plan_date,
                rejected=details.design.rejected,
            ),
            "superseded", "design_review", (details.design.rejected_key,),
        ),
        "twin_cap": (
            TWIN_CAP.format(
                twin_path=twin_path, cap=code.twin_cap.name, value=code.twin_cap.value,
                path=code.target_module.path,
            ),
            "same_function", "batch_cap", (code.twin_cap.name, code.twin_cap.value),
        ),
        "retired_budget": (
            RETIRED_BUDGET.format(date=details.retired_date, latency=retired),
            "retired", "compat_budget", (retired,),
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
