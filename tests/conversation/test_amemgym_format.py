import json

import pytest

from inspect_memgym.conversation.dataset import amemgym_dataset
from inspect_memgym.conversation.world.amemgym_format import (
    AmemgymFormatError,
    scenarios_from_amemgym,
)
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import presented_choices


def amemgym_user(user_id: str) -> dict:
    """One user in AMemGym's released data.json schema (v1.base layout)."""
    schema = {
        "Cooking style": ["quick meals", "batch cooking", "elaborate dishes"],
        "Weekly budget": ["under $50", "$50-100", "over $100"],
    }
    states = [
        {"Cooking style": "quick meals", "Weekly budget": "under $50"},
        {"Cooking style": "batch cooking", "Weekly budget": "under $50"},
    ]
    return {
        "id": user_id,
        "start_time": "2021-01-01",
        "user_profile": {
            "uuid": user_id,
            "name": "Morgan Vale",
            "age": 41,
            "occupation": "production_worker",
            "hobbies_and_interests": "Gardening, Chess, Board games",
            "formatted_str": "name: Morgan Vale",
        },
        "state_schema": schema,
        "periods": [
            {
                "period_start": None,
                "period_end": "2021-01-01",
                "period_summary": None,
                "sessions": [
                    {
                        "event": None,
                        "exposed_states": {"Cooking style": "quick meals"},
                        "query": "I barely have 15 minutes in the evening. Dinner ideas?",
                        "messages": [],
                        "session_time": "2020-11-02 19:00:00",
                    },
                    {
                        "event": None,
                        "exposed_states": {"Weekly budget": "under $50"},
                        "query": "Money is tight, I spend little on groceries. Tips?",
                        "messages": [],
                        "session_time": "2020-12-02 19:00:00",
                    },
                ],
                "state": states[0],
                "updates": {k: {"old": None, "new": v} for k, v in states[0].items()},
                "update_cnts": {"Cooking style": 1, "Weekly budget": 0},
            },
            {
                "period_start": "2021-01-01",
                "period_end": "2021-04-01",
                "period_summary": "New job with long weekends.",
                "sessions": [
                    {
                        "event": "Started a job with long weekends.",
                        "exposed_states": {"Cooking style": "batch cooking"},
                        "query": "I now cook everything on Sunday for the week. Containers?",
                        "messages": [],
                        "session_time": "2021-02-10 10:30:00",
                    }
                ],
                "state": states[1],
                "updates": {"Cooking style": {"old": "quick meals", "new": "batch cooking"}},
                "update_cnts": {"Cooking style": 1, "Weekly budget": 0},
            },
        ],
        "qas": [
            {
                "query": "What should I make for dinner this week?",
                "required_info": ["Cooking style", "Weekly budget"],
                "answer_choices": [
                    {
                        "state": ["quick meals", "under $50"],
                        "answer": "Fast cheap pasta.",
                        "type": "experience",
                    },
                    {
                        "state": ["batch cooking", "under $50"],
                        "answer": "A big pot of lentil stew.",
                        "type": "experience",
                    },
                    {
                        "state": ["elaborate dishes", "over $100"],
                        "answer": "A tasting menu.",
                        "type": "random",
                    },
                    {
                        "state": ["quick meals", "over $100"],
                        "answer": "Premium meal kits.",
                        "type": "random",
                    },
                ],
            }
        ],
    }


def write_data(tmp_path, data) -> str:
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_loads_users_in_the_released_schema(tmp_path):
    location = write_data(tmp_path, [amemgym_user("u1"), amemgym_user("u2")])
    dataset = amemgym_dataset(location, {"diagnostics": True}, rounds_initial=1, rounds_update=2)
    assert [sample.id for sample in dataset] == ["u1", "u2"]
    scenario = ConversationScenario.from_dict(dataset[0].metadata["scenario"])
    assert scenario.source == "amemgym"
    assert [v.key for v in scenario.variables] == ["Cooking style", "Weekly budget"]
    assert scenario.persona.occupation == "production worker"
    assert scenario.persona.hobbies == ("Gardening", "Chess", "Board games")
    assert len(scenario.periods) == 2
    first, second = scenario.periods
    assert [s.exposed for s in first.sessions] == [
        {"Cooking style": "quick meals"},
        {"Weekly budget": "under $50"},
    ]
    assert first.sessions[0].time == "2020-11-02 19:00"
    assert first.sessions[0].rounds == 1 and second.sessions[0].rounds == 2
    assert len(second.sessions[0].follow_ups) == 1
    assert second.changes == {"Cooking style": ("quick meals", "batch cooking")}
    question = scenario.questions[0]
    assert question.required == ("Cooking style", "Weekly budget")
    assert question.gold_choice(second.state).text == "A big pot of lentil stew."
    assert scenario.choices_shown == 0  # every released choice is shown


def test_every_choice_is_shown_in_an_order_drawn_per_user_and_period(tmp_path):
    users = [amemgym_user(f"user-{n}") for n in range(8)]
    scenarios = scenarios_from_amemgym(users)
    released = {choice.text for choice in scenarios[0].questions[0].choices}
    orders = set()
    for scenario in scenarios:
        question = scenario.questions[0]
        for period in scenario.periods:
            shown = presented_choices(scenario, question, period)
            assert {choice.text for choice in shown} == released
            orders.add(tuple(choice.text for choice in shown))
            assert shown == presented_choices(scenario, question, period)  # fixed by the seed
    assert len(orders) > 4
    again = scenarios_from_amemgym(users)
    assert [s.to_dict() for s in again] == [s.to_dict() for s in scenarios]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda data: data[0].pop("qas"), r"users\[0\] \('u1'\): the field 'qas' is missing"),
        (
            lambda data: data[0]["periods"][1]["state"].update({"Weekly budget": "$50-100"}),
            "no choice",
        ),
        (
            lambda data: data[0]["qas"][0]["required_info"].append("Sleep"),
            r"qas\[0\]\.required_info: \['Sleep'\] are not state variables",
        ),
        # a malformed user: the schema as a list of names, not an object of values
        (
            lambda data: data[0].update(state_schema=["Cooking style"]),
            r"^users\[0\] \('u1'\)\.state_schema: expected an object, got a list of 1$",
        ),
        (lambda data: data.__setitem__(0, ["u1"]), r"^users\[0\]: expected a user object"),
        (
            lambda data: data[0]["periods"][1].update(state=[["Cooking style", "x"]]),
            r"periods\[1\]\.state: expected an object, got a list of 1",
        ),
        # a choice's state as one string, not a list of values
        (
            lambda data: data[0]["qas"][0]["answer_choices"][1].update(state="batch cooking"),
            r"^users\[0\] \('u1'\)\.qas\[0\]\.answer_choices\[1\]\.state: expected a list "
            r"of 2 values \(one per required_info entry\), got a string 'batch cooking'$",
        ),
        (
            lambda data: data[0]["qas"][0]["answer_choices"][0].update(state=["quick meals"]),
            r"answer_choices\[0\]\.state: expected 2 values .*, got 1$",
        ),
        (
            lambda data: data[0]["periods"][0]["sessions"][1].pop("query"),
            r"periods\[0\]\.sessions\[1\]: the field 'query' is missing",
        ),
        (lambda data: data[0].update(user_profile="Morgan"), r"user_profile: expected an object"),
        (lambda data: data.clear(), "non-empty JSON list"),
    ],
)
def test_schema_errors_are_clear(tmp_path, mutate, message):
    data = [amemgym_user("u1")]
    mutate(data)
    with pytest.raises(AmemgymFormatError, match=message) as raised:
        scenarios_from_amemgym(data)
    assert "\n" not in str(raised.value)


def test_unreadable_files_give_clear_errors(tmp_path):
    with pytest.raises(ValueError, match="dataset file not found"):
        amemgym_dataset(str(tmp_path / "missing.json"), {}, 1, 2)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="is not valid JSON"):
        amemgym_dataset(str(broken), {}, 1, 2)
