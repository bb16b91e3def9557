"""What a conversation memory holds: the user's revealed values as gold points, scored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval

from inspect_memgym.conversation.memory_holds import (
    chose_outdated_option,
    user_points,
    value_vocabulary,
)
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import presented_choices
from inspect_memgym.scoring.operation_scores import measure_operations
from inspect_memgym.scoring.point_matching import stated_values

USER = generate_user("small", 0)


def scores(*items: str) -> dict[str, Any]:
    return measure_operations(
        user_points(USER), items, stated_values([]), value_vocabulary(USER), number_claims=False
    ).scores


def test_each_revealed_value_is_a_point_and_each_change_an_update() -> None:
    points = user_points(USER)
    revealed = {
        (key, value)
        for period in USER.periods
        for session in period.sessions
        for key, value in session.exposed.items()
    }
    assert {(point.attribute, point.value) for point in points} == revealed
    changed = {key for period in USER.periods for key in period.changes}
    updates = {point.attribute for point in points if point.kind == "update"}
    assert updates == changed
    final = USER.periods[-1].state
    assert all(point.value == final[point.attribute] for point in points if point.current)


def test_the_current_values_by_name_hold_everything_and_assert_nothing_stale() -> None:
    current = [point.value for point in user_points(USER) if point.current]
    result = scores(*(f"The user: {value}." for value in current))
    assert result["extraction_recall"] == 1.0
    assert result["precision"] == 1.0
    assert result["update_omission"] == 0.0
    assert result["stale_kept"] == 0.0


def test_the_first_values_kept_are_stale_and_a_value_never_revealed_is_invented() -> None:
    points = user_points(USER)
    first = {point.attribute: point.value for point in points if point.version == 0}
    result = scores(*(f"The user: {value}." for value in first.values()))
    # a value changed back to the first one (caffeine, here) is current again: neither
    # omitted nor stale
    updates = [point for point in points if point.kind == "update" and point.current]
    omitted = [point for point in updates if point.value != first[point.attribute]]
    superseded = [point for point in points if not point.current]
    current = {point.attribute: point.value for point in points if point.current}
    stale = [
        point
        for point in superseded
        if point.value == first[point.attribute] != current[point.attribute]
    ]
    assert 0 < len(omitted) < len(updates) and 0 < len(stale) < len(superseded)
    assert result["update_omission"] == len(omitted) / len(updates)
    assert result["stale_kept"] == len(stale) / len(superseded)
    variable = USER.variables[0]
    revealed = {point.value for point in user_points(USER) if point.attribute == variable.key}
    never = next(value for value in variable.values if value not in revealed)
    assert scores(f"The user: {never}.")["hallucination"] == 1.0


def test_an_answer_fitting_an_earlier_state_is_outdated() -> None:
    period = USER.periods[-1]
    question = next(q for q in USER.questions if any(key in period.changes for key in q.required))
    shown = presented_choices(USER, question, period)
    earlier = tuple(USER.periods[-2].state[key] for key in question.required)
    stale = next((i for i, c in enumerate(shown, 1) if c.state == earlier), None)
    gold = next(i for i, c in enumerate(shown, 1) if c == question.gold_choice(period.state))
    assert not chose_outdated_option(USER, period, question.qid, gold)
    assert not chose_outdated_option(USER, period, question.qid, None)
    if stale is not None:
        assert chose_outdated_option(USER, period, question.qid, stale)


@pytest.mark.slow
def test_native_history_holds_every_value_and_none_holds_nothing(tmp_path: Path) -> None:
    def run(agent: str) -> dict[str, Any]:
        [log] = eval(
            conversation(tier="small", seeds=1, agent=agent),
            model="memgym/perfect",
            log_dir=str(tmp_path),
            display="none",
        )
        assert log.samples and log.samples[0].scores
        metadata = next(iter(log.samples[0].scores.values())).metadata
        assert metadata is not None
        return {**metadata["operation_scores"], "stages": metadata["memory_holds"]["snapshots"]}

    native = run("native")
    assert native["extraction_recall"] == 1.0 and native["update_omission"] == 0.0
    assert native["stale_kept"] > 0.5  # the history keeps every old value in the user's words
    assert [stage["stage"] for stage in native["stages"]] == [
        *(f"period {period.index}" for period in USER.periods),
        "end",
    ]
    nothing = run("none")
    assert nothing["extraction_recall"] == 0.0 and nothing["precision"] is None
