"""Convert AMemGym's released ``data.json`` items into `ConversationScenario`s.

Their schema (v1.base): a list of users, each with ``id``, ``start_time``,
``user_profile`` (``name``, ``age``, ``occupation``, ``hobbies_and_interests``...),
``state_schema`` (variable -> list of values), ``periods`` (each with ``period_start``,
``period_end``, ``state``, ``updates`` {variable: {old, new}} and ``sessions`` with
``session_time``, ``query``, ``exposed_states``, ``event``) and ``qas`` (``query``,
``required_info``, ``answer_choices`` [{``state``, ``answer``}]).

Differences from their harness, on purpose: every period shows a question's choices in a
fresh uniformly random order (`presentation`; all of them, since the released choices are
the whole set), and the scripted user's follow-ups come from our catalogue (their simulated
user is an LLM; bind one with ``--model-role user=...``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from inspect_memgym.conversation.world.catalogue import FOLLOW_UPS
from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
    Persona,
    Session,
    StateVariable,
)

AMEMGYM_ROUNDS = {"initial": 1, "update": 2}
"""User messages per session in v1.base (v1.extra uses 2 and 5)."""


class AmemgymFormatError(ValueError):
    """The data does not follow AMemGym's data.json schema."""


def scenarios_from_amemgym(
    data: Any, rounds_initial: int = 1, rounds_update: int = 2
) -> list[ConversationScenario]:
    """Every user of a parsed data.json.

    Args:
        data: The parsed JSON (a list of user items).
        rounds_initial: User messages per session in the initial period.
        rounds_update: User messages per session in later periods.

    Raises:
        AmemgymFormatError: If the data does not follow the schema (the message says where).
    """
    if not isinstance(data, list) or not data:
        raise AmemgymFormatError("expected a non-empty JSON list of users")
    return [
        _scenario(item, index, rounds_initial, rounds_update) for index, item in enumerate(data)
    ]


def _scenario(
    item: Any, index: int, rounds_initial: int, rounds_update: int
) -> ConversationScenario:
    where = f"user {index}"
    if not isinstance(item, dict):
        raise AmemgymFormatError(f"{where}: expected an object")
    try:
        user_id = str(item["id"])
        where = f"user {user_id!r}"
        schema = item["state_schema"]
        variables = tuple(
            StateVariable(key=str(key), label=str(key), values=tuple(str(v) for v in values))
            for key, values in schema.items()
        )
        periods = tuple(
            _period(user_id, number, period, rounds_initial if number == 0 else rounds_update)
            for number, period in enumerate(item["periods"])
        )
        questions = tuple(_question(number, qa) for number, qa in enumerate(item["qas"], start=1))
        persona = _persona(item.get("user_profile", {}))
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise AmemgymFormatError(f"{where}: {type(error).__name__}: {error}") from error
    scenario = ConversationScenario(
        scenario_id=user_id,
        tier="amemgym",
        seed=0,
        source="amemgym",
        persona=persona,
        variables=variables,
        questions=questions,
        periods=periods,
    )
    _check(scenario, where)
    return scenario


def _persona(profile: dict[str, Any]) -> Persona:
    hobbies = profile.get("hobbies_and_interests", "")
    if isinstance(hobbies, str):
        hobbies = [part.strip() for part in hobbies.split(",") if part.strip()]
    return Persona(
        name=str(profile.get("name", "the user")),
        age=int(profile.get("age", 0) or 0),
        occupation=str(profile.get("occupation", "unknown")).replace("_", " "),
        city=str(profile.get("city", profile.get("location", "unknown"))),
        hobbies=tuple(str(hobby) for hobby in hobbies[:5]),
    )


def _exposed(value: Any) -> dict[str, str]:
    """``exposed_states`` as a dict, whether given as a dict or a list of pairs/objects."""
    if isinstance(value, dict):
        return {str(key): str(item) for key, item in value.items()}
    exposed = {}
    for entry in value or []:
        if isinstance(entry, dict):
            key = entry.get("info_type", entry.get("name"))
            exposed[str(key)] = str(entry.get("value", entry.get("state")))
        else:
            key, item = entry
            exposed[str(key)] = str(item)
    return exposed


def _follow_ups(session_key: str, count: int) -> tuple[str, ...]:
    ranked = sorted(
        FOLLOW_UPS, key=lambda text: hashlib.sha256(f"{session_key}\x1f{text}".encode()).digest()
    )
    return tuple(ranked[:count])


def _period(user_id: str, number: int, period: dict[str, Any], rounds: int) -> Period:
    updates = period.get("updates") or {}
    changes = {
        str(key): (str(change["old"]), str(change["new"]))
        for key, change in updates.items()
        if number > 0 and change.get("old") is not None
    }
    sessions = []
    for session_number, session in enumerate(period["sessions"], start=1):
        session_id = f"p{number:02d}s{session_number:02d}"
        sessions.append(
            Session(
                session_id=session_id,
                time=str(session["session_time"])[:16],
                opening=str(session["query"]),
                exposed=_exposed(session.get("exposed_states")),
                rounds=rounds,
                follow_ups=_follow_ups(f"{user_id}/{session_id}", rounds - 1),
                event=session.get("event"),
            )
        )
    return Period(
        index=number,
        start=str(period.get("period_start") or ""),
        end=str(period.get("period_end") or ""),
        state={str(key): str(value) for key, value in period["state"].items()},
        changes=changes,
        sessions=tuple(sessions),
    )


def _question(number: int, qa: dict[str, Any]) -> ConversationQuestion:
    qid = f"q{number:02d}"
    choices = [
        Choice(state=tuple(str(value) for value in choice["state"]), text=str(choice["answer"]))
        for choice in qa["answer_choices"]
    ]
    return ConversationQuestion(
        qid=qid,
        text=str(qa["query"]),
        required=tuple(str(key) for key in qa["required_info"]),
        choices=tuple(choices),
    )


def _check(scenario: ConversationScenario, where: str) -> None:
    """Every question's gold answer must be among its choices in every period."""
    keys = {variable.key for variable in scenario.variables}
    for question in scenario.questions:
        missing = [key for key in question.required if key not in keys]
        if missing:
            raise AmemgymFormatError(f"{where}: {question.qid} requires unknown {missing}")
        for period in scenario.periods:
            try:
                question.gold_choice(period.state)
            except (KeyError, ValueError) as error:
                raise AmemgymFormatError(
                    f"{where}: period {period.index}: {question.qid} has no choice for the "
                    f"current state ({error})"
                ) from error
