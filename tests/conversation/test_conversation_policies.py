import json

from inspect_ai.model import ChatMessageUser

from inspect_memgym.conversation.policies import Situation, get_conversation_policy
from inspect_memgym.conversation.prompts import question_prompt
from inspect_memgym.conversation.state import PHASE_QUESTION
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices


def test_a_repeated_opening_takes_the_time_of_the_session_already_held() -> None:
    # base-0040 reveals "early bird" with the same words in periods 1 and 6; in period 3
    # peak focus changed to "night owl". At period 3, the period-1 words must not be dated
    # to period 6 (which would make them the latest).
    user = generate_user("base", 40)
    repeated = user.periods[1].sessions[2]
    assert repeated.opening == user.periods[6].sessions[1].opening
    assert repeated.exposed == {"peak_focus": "early bird"}
    change, remote = user.periods[3].sessions[0], user.periods[3].sessions[1]
    assert change.exposed["peak_focus"] == "night owl"
    question = next(q for q in user.questions if q.qid == "q09")
    assert question.required == ("work_location", "peak_focus")
    period = user.periods[3]
    shown = presented_choices(user, question, period)
    prompt = question_prompt(question.text, [choice.text for choice in shown])
    messages = [
        ChatMessageUser(content=text)
        for text in (repeated.opening, change.opening, remote.opening, prompt)
    ]
    situation = Situation(scenario=user, phase=PHASE_QUESTION, period=3, item_id="q09")
    action = get_conversation_policy("perfect").act(messages, [], situation)
    gold = gold_number(shown, question.gold_choice(period.state))
    assert json.loads(action.text)["answer"] == gold
