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
from collections.abc import Mapping
from typing import Any

from inspect_memgym.conversation.world import amemgym_fields as fields
from inspect_memgym.conversation.world.amemgym_fields import AmemgymFormatError
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


def scenarios_from_amemgym(
    data: Any, rounds_initial: int = 1, rounds_update: int = 2
) -> list[ConversationScenario]:
    """Every user of a parsed data.json.

    Args:
        data: The parsed JSON (a list of user items).
        rounds_initial: User messages per session in the initial period.
        rounds_update: User messages per session in later periods.

    Raises:
        AmemgymFormatError: If the data does not follow the schema: one line naming the
            field's path (``users[0] ('u1').qas[2].required_info``) and what was expected.
    """
    if not isinstance(data, list) or not data:
        raise fields.AmemgymFormatError(
            f"expected a non-empty JSON list of users, got {fields.describe(data)}"
        )
    return [
        _scenario(item, index, rounds_initial, rounds_update) for index, item in enumerate(data)
    ]


def _scenario(
    item: Any, index: int, rounds_initial: int, rounds_update: int
) -> ConversationScenario:
    user = fields.obj(item, f"users[{index}]", "a user object")
    user_id = fields.scalar(fields.field(user, "id", f"users[{index}]"), f"users[{index}].id")
    where = f"users[{index}] ({user_id!r})"
    schema = fields.obj(fields.field(user, "state_schema", where), f"{where}.state_schema")
    variables = tuple(
        StateVariable(
            key=str(key),
            label=str(key),
            values=fields.scalars(values, f"{where}.state_schema.{key}"),
        )
        for key, values in schema.items()
    )
    periods = tuple(
        _period(
            user_id,
            number,
            fields.obj(period, f"{where}.periods[{number}]"),
            rounds_initial if number == 0 else rounds_update,
            f"{where}.periods[{number}]",
        )
        for number, period in enumerate(
            fields.items(fields.field(user, "periods", where), f"{where}.periods")
        )
    )
    questions = tuple(
        _question(
            number,
            fields.obj(qa, f"{where}.qas[{number - 1}]"),
            f"{where}.qas[{number - 1}]",
            {variable.key for variable in variables},
        )
        for number, qa in enumerate(
            fields.items(fields.field(user, "qas", where), f"{where}.qas"), start=1
        )
    )
    persona = _persona(fields.obj(user.get("user_profile") or {}, f"{where}.user_profile"))
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


def _persona(profile: Mapping[str, Any]) -> Persona:
    hobbies = profile.get("hobbies_and_interests", "")
    if isinstance(hobbies, str):
        hobbies = [part.strip() for part in hobbies.split(",") if part.strip()]
    elif not isinstance(hobbies, list):
        hobbies = []
    age = profile.get("age", 0)
    return Persona(
        name=str(profile.get("name", "the user")),
        age=int(age) if isinstance(age, (int, float)) and not isinstance(age, bool) else 0,
        occupation=str(profile.get("occupation", "unknown")).replace("_", " "),
        city=str(profile.get("city", profile.get("location", "unknown"))),
        hobbies=tuple(str(hobby) for hobby in hobbies[:5]),
    )


def _exposed(value: Any, path: str) -> dict[str, str]:
    """``exposed_states`` as a dict, whether given as a dict or a list of pairs/objects."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {str(key): str(item) for key, item in value.items()}
    exposed = {}
    expected = "an object, or a list of [name, value] pairs or {info_type, value} objects"
    for index, entry in enumerate(fields.items(value, path, expected)):
        if isinstance(entry, Mapping):
            key = entry.get("info_type", entry.get("name"))
            exposed[str(key)] = str(entry.get("value", entry.get("state")))
        elif isinstance(entry, list) and len(entry) == 2:
            exposed[str(entry[0])] = str(entry[1])
        else:
            raise fields.fail(f"{path}[{index}]", "a [name, value] pair or an object", entry)
    return exposed


def _follow_ups(session_key: str, count: int) -> tuple[str, ...]:
    ranked = sorted(
        FOLLOW_UPS, key=lambda text: hashlib.sha256(f"{session_key}\x1f{text}".encode()).digest()
    )
    return tuple(ranked[:count])


def _period(user_id: str, number: int, period: Mapping[str, Any], rounds: int, path: str) -> Period:
    updates = fields.obj(period.get("updates") or {}, f"{path}.updates")
    changes = {}
    for key, change in updates.items():
        change = fields.obj(change, f"{path}.updates.{key}", "an object {old, new}")
        if number > 0 and change.get("old") is not None:
            changes[str(key)] = (
                str(change["old"]),
                str(fields.field(change, "new", f"{path}.updates.{key}")),
            )
    sessions = []
    listed = fields.items(fields.field(period, "sessions", path), f"{path}.sessions")
    for session_number, raw in enumerate(listed, start=1):
        where = f"{path}.sessions[{session_number - 1}]"
        session = fields.obj(raw, where)
        session_id = f"p{number:02d}s{session_number:02d}"
        event = session.get("event")
        sessions.append(
            Session(
                session_id=session_id,
                time=fields.scalar(
                    fields.field(session, "session_time", where), f"{where}.session_time"
                )[:16],
                opening=fields.scalar(fields.field(session, "query", where), f"{where}.query"),
                exposed=_exposed(session.get("exposed_states"), f"{where}.exposed_states"),
                rounds=rounds,
                follow_ups=_follow_ups(f"{user_id}/{session_id}", rounds - 1),
                event=None if event is None else fields.scalar(event, f"{where}.event"),
            )
        )
    state = fields.obj(fields.field(period, "state", path), f"{path}.state")
    return Period(
        index=number,
        start=str(period.get("period_start") or ""),
        end=str(period.get("period_end") or ""),
        state={
            str(key): fields.scalar(value, f"{path}.state.{key}") for key, value in state.items()
        },
        changes=changes,
        sessions=tuple(sessions),
    )


def _question(
    number: int, qa: Mapping[str, Any], path: str, variables: set[str]
) -> ConversationQuestion:
    required = fields.scalars(
        fields.field(qa, "required_info", path),
        f"{path}.required_info",
        "a list of state variable names",
    )
    unknown = [name for name in required if name not in variables]
    if unknown:
        raise fields.AmemgymFormatError(
            f"{path}.required_info: {unknown} are not state variables (not in state_schema)"
        )
    choices = []
    listed = fields.items(fields.field(qa, "answer_choices", path), f"{path}.answer_choices")
    for index, raw in enumerate(listed):
        where = f"{path}.answer_choices[{index}]"
        choice = fields.obj(raw, where)
        state = fields.scalars(
            fields.field(choice, "state", where),
            f"{where}.state",
            f"a list of {len(required)} values (one per required_info entry)",
        )
        if len(state) != len(required):
            raise fields.AmemgymFormatError(
                f"{where}.state: expected {len(required)} values (one per required_info "
                f"entry), got {len(state)}"
            )
        choices.append(
            Choice(
                state=state,
                text=fields.scalar(fields.field(choice, "answer", where), f"{where}.answer"),
            )
        )
    return ConversationQuestion(
        qid=f"q{number:02d}",
        text=fields.scalar(fields.field(qa, "query", path), f"{path}.query"),
        required=required,
        choices=tuple(choices),
    )


def _check(scenario: ConversationScenario, where: str) -> None:
    """Every question's gold answer must be among its choices in every period."""
    for question in scenario.questions:
        for period in scenario.periods:
            try:
                question.gold_choice(period.state)
            except (KeyError, ValueError) as error:
                raise AmemgymFormatError(
                    f"{where}: period {period.index}: {question.qid} has no choice for the "
                    f"current state ({error})"
                ) from error


__all__ = ["AMEMGYM_ROUNDS", "AmemgymFormatError", "scenarios_from_amemgym"]
