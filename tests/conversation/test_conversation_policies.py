import json

from inspect_ai.model import ChatMessageUser

from inspect_memgym.conversation.policies import Situation, get_conversation_policy
from inspect_memgym.conversation.prompts import question_prompt
from inspect_memgym.conversation.state import PHASE_QUESTION
from inspect_memgym.conversation.world.generate import generate_user


def test_a_repeated_opening_takes_the_time_of_the_session_already_held() -> None:
    # base-0015 reveals a luxury travel budget with the same words in periods 3 and 10;
    # in period 6 the budget changed to mid-range. At period 6, the period-3 words must
    # not be dated to period 10.
    user = generate_user("base", 15)
    repeated = user.periods[3].sessions[0]
    assert repeated.opening == user.periods[10].sessions[2].opening
    change = user.periods[6].sessions[1]
    assert change.exposed == {"travel_budget": "mid-range"}
    question = next(q for q in user.questions if q.qid == "q04")
    holiday = user.periods[4].sessions[2]
    prompt = question_prompt(question.text, [choice.text for choice in question.choices])
    messages = [
        ChatMessageUser(content=text)
        for text in (repeated.opening, holiday.opening, change.opening, prompt)
    ]
    situation = Situation(scenario=user, phase=PHASE_QUESTION, period=6, item_id="q04")
    action = get_conversation_policy("perfect").act(messages, [], situation)
    assert json.loads(action.text)["answer"] == question.gold_index(user.periods[6].state) + 1
