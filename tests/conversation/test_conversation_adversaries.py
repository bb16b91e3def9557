"""conversation's adversaries: what they read, and what they score through the real task.

The readers see a call only through its messages and tools; they are tried here outside any
sample (no store, no metadata, no scenario). A few adversaries are then played through
``inspect_ai.eval`` on small users, with exact expectations: sandbagging the upper bound
changes no headline, sandbagging the no-memory pass gains nothing, hedges and malformed
replies are parse failures. The full suite (every adversary on the base grid, each at most
0.05) is the slow test at the end.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.tool import ToolInfo, ToolParams

from inspect_memgym.conversation.adversaries import ADVERSARIES
from inspect_memgym.conversation.adversary_copiers import COPY_KEY, COPY_START, copied_text
from inspect_memgym.conversation.grading import HEADLINE, UPPER_BOUND_FLAG, ConversationAnswer
from inspect_memgym.conversation.policy_play import POLICY_NAMES
from inspect_memgym.conversation.prompts import (
    UPPER_BOUND_SYSTEM,
    probe_prompt,
    question_prompt,
    upper_bound_prompt,
)
from inspect_memgym.conversation.self_evolution import (
    EVOLVE_SYSTEM_PROMPT,
    MAX_BRIEF_CHARACTERS,
    copy_guard,
    evolution_request,
    parse_rewrite,
    period_feedback,
)
from inspect_memgym.conversation.state import ConversationState
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.validity_suite import CONVERSATION_SUITE
from inspect_memgym.conversation.visible_call import (
    MEMORY_UPDATE,
    PROBE,
    QUESTION,
    REPLY,
    UPPER_BOUND,
    read_call,
)
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.simulation.policy_registry import benchmark_policies
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    AWE_UPDATE_PROMPT,
    AWI_MEMORY_SECTION,
    AWI_UPDATE_PROMPT,
    CONVERSATION_MEMORY_BRIEF,
    CONVERSATION_MEMORY_LABEL,
    NOTES_SECTION,
    NOTES_UPDATE_PROMPT,
)
from inspect_memgym.validity.suite import ValidateOptions, get_suite

USER = generate_user("small", 0)
QUESTION_ITEM = USER.questions[0]
OPTIONS = [choice.text for choice in presented_choices(USER, QUESTION_ITEM, USER.periods[1])]
PROMPT = question_prompt(QUESTION_ITEM.text, OPTIONS)
EMPTY_SYSTEM = f"{ASSISTANT_SYSTEM_PROMPT}\n\n" + AWE_MEMORY_SECTION.format(
    label=CONVERSATION_MEMORY_LABEL, entries="(none)"
)
FULL_SYSTEM = f"{ASSISTANT_SYSTEM_PROMPT}\n\n" + AWE_MEMORY_SECTION.format(
    label=CONVERSATION_MEMORY_LABEL, entries="- [2025-04-02] The user cycles to work."
)
WRITE_TOOL = ToolInfo(name="memory_write", description="Store.", parameters=ToolParams())


def test_every_adversary_is_a_memgym_policy_of_the_task() -> None:
    names = benchmark_policies("conversation").names  # registered by importing policy_play
    assert set(ADVERSARIES) <= set(names) and set(POLICY_NAMES) <= set(names)
    assert len(ADVERSARIES) >= 14


def test_calls_are_recognised_from_their_prompts_alone() -> None:
    question = read_call(
        [ChatMessageSystem(content=EMPTY_SYSTEM), ChatMessageUser(content=PROMPT)], []
    )
    assert question.kind == QUESTION
    assert question.options == tuple(OPTIONS)
    assert question.question == QUESTION_ITEM.text
    assert question.memory_looks_empty
    window = ChatMessageUser(content="[Current time: 2025-04-02 09:00]\nHello")
    full = read_call(
        [ChatMessageSystem(content=FULL_SYSTEM), window, ChatMessageUser(content=PROMPT)], []
    )
    assert not full.memory_looks_empty
    situation = [("diet", "vegetarian"), ("budget", "tight")]
    upper = read_call(
        [
            ChatMessageSystem(content=UPPER_BOUND_SYSTEM),
            ChatMessageUser(content=upper_bound_prompt(situation, PROMPT)),
        ],
        [],
    )
    assert (upper.kind, upper.question, upper.options) == (
        UPPER_BOUND,
        QUESTION_ITEM.text,
        tuple(OPTIONS),
    )
    probe = read_call([ChatMessageUser(content=probe_prompt("diet", ["a", "b", "c"]))], [])
    assert (probe.kind, probe.options) == (PROBE, ("a", "b", "c"))
    update = AWE_UPDATE_PROMPT.format(time="2025-04-02 09:00", entries="(none)", messages="Hi")
    assert read_call([ChatMessageUser(content=update)], [WRITE_TOOL]).kind == MEMORY_UPDATE
    assert read_call([ChatMessageUser(content="Hi")], []).kind == REPLY


@pytest.mark.parametrize("name", sorted(ADVERSARIES))
def test_adversaries_act_outside_any_sample(name: str) -> None:
    # No store, no metadata, no scenario: the call's messages are all there is.
    adversary = ADVERSARIES[name]
    messages = [ChatMessageSystem(content=FULL_SYSTEM), ChatMessageUser(content=PROMPT)]
    reply = adversary.act(messages, []).text
    if name in ("hedger", "malformed", "decliner", "name_dumper"):
        assert parse_choice(reply, len(OPTIONS)) is None
    else:
        assert parse_choice(reply, len(OPTIONS)) is not None
    assert adversary.act([ChatMessageUser(content="Hello")], []).text


def test_the_sandbaggers_recognise_their_pass() -> None:
    sandbagger = ADVERSARIES["upper_bound_sandbagger"]
    upper = upper_bound_prompt([("diet", "vegetarian")], PROMPT)
    assert json.loads(sandbagger.act([ChatMessageUser(content=upper)], []).text) == {"answer": 0}
    empty = [ChatMessageSystem(content=EMPTY_SYSTEM), ChatMessageUser(content=PROMPT)]
    assert parse_choice(ADVERSARIES["no_memory_sandbagger"].act(empty, []).text, 4) is None
    full = [ChatMessageSystem(content=FULL_SYSTEM), ChatMessageUser(content=PROMPT)]
    assert parse_choice(ADVERSARIES["no_memory_sandbagger"].act(full, []).text, 4) == 1


def test_the_date_memory_writes_only_the_date() -> None:
    update = AWE_UPDATE_PROMPT.format(time="2025-04-02 09:00", entries="(none)", messages="Hi")
    action = ADVERSARIES["period_counter"].act([ChatMessageUser(content=update)], [WRITE_TOOL])
    [call] = action.calls
    assert call.arguments == {"content": "memory update on 2025-04-02"}


def play(policy: str, tmp_path: Path, **task_args: Any) -> dict[str, dict[str, float]]:
    """Per-sample scores of one adversary on one small user (no probes: the grading tests
    show they leave the headline alone)."""
    args: dict[str, Any] = {"tier": "small", "seed": 3, "diagnostics": False, **task_args}
    [log] = eval(
        conversation(**args),
        model=f"memgym/{policy}",
        display="none",
        log_dir=str(tmp_path),
    )
    assert isinstance(log, EvalLog) and log.status == "success", log.error
    scores = {}
    for sample in log.samples or []:
        assert sample.error is None and sample.scores
        scores[str(sample.id)] = dict(sample.scores["conversation_scorer"].value)  # type: ignore[arg-type]
    return scores


def test_sandbagging_the_upper_bound_changes_no_headline(tmp_path: Path) -> None:
    honest = play("first_option", tmp_path, agent="none")
    sandbagged = play("upper_bound_sandbagger", tmp_path, agent="none")
    for sample, scores in sandbagged.items():
        assert scores[HEADLINE] == honest[sample][HEADLINE]
        assert scores["memory_delta"] == honest[sample]["memory_delta"] == 0.0
        # its upper-bound replies name no option: each counts a random pick's 1/k
        assert scores["upper_bound"] == pytest.approx(0.25) and scores[UPPER_BOUND_FLAG] == 1.0
        # AMemGym's memory score, inflated by the sandbagging, is clipped and flagged
        assert -1.0 <= scores["memory_score"] <= 1.0
    # AMemGym's own ratio divides by (upper bound - random) = 0: undefined. Periods'
    # accuracy 2/3, 0, 1/3, 0 against random 1/4: ours 1, -1, 5/6, -1 (floored, clipped)
    [scores] = sandbagged.values()
    assert scores["memory_score"] == pytest.approx(-1 / 24)
    assert math.isnan(scores["official_memory_score"])


def test_sandbagging_the_no_memory_pass_gains_nothing(tmp_path: Path) -> None:
    scores = play("no_memory_sandbagger", tmp_path, agent="awe", upper_bound=False)
    for value in scores.values():
        assert value["parse_failure"] == 0.0  # memory is shown: option 1, parsed
        assert value["no_memory"] == 0.0  # malformed there: a guess's credit, exactly chance
        assert value["memory_delta"] == value[HEADLINE]


def test_hedges_are_parse_failures(tmp_path: Path) -> None:
    for value in play("hedger", tmp_path, agent="none", upper_bound=False).values():
        assert value["parse_failure"] == 1.0
        assert value[HEADLINE] == pytest.approx(0.0)  # each counts a random pick's 1/k
        assert value["no_memory"] == pytest.approx(0.0)
        assert value["memory_delta"] == pytest.approx(0.0)


# --- the copiers of self-evolution feedback ----------------------------------------------

COPIERS = ("feedback_copier", "answer_copier")


def shown_feedback(period_index: int) -> str:
    """Feedback that shows each question's options and best answer (what no level shows now)."""
    period = USER.periods[period_index]
    blocks = []
    for number, question in enumerate(USER.questions, start=1):
        shown = [choice.text for choice in presented_choices(USER, question, period)]
        best = gold_number(
            presented_choices(USER, question, period), question.gold_choice(period.state)
        )
        options = "\n".join(f"{index}. {text}" for index, text in enumerate(shown, start=1))
        blocks.append(
            f"Question {number}: {question.text}\nOptions shown:\n{options}\n"
            f"Your answer: 1\nBest answer: {best}\nResult: wrong"
        )
    return "\n\n".join(blocks)


def rewritten_brief(name: str, feedback: str) -> str:
    """A copier's brief after one rewrite request showing this feedback."""
    request = evolution_request(CONVERSATION_MEMORY_BRIEF, 0, "complete", feedback)
    messages = [
        ChatMessageSystem(content=EVOLVE_SYSTEM_PROMPT.format(limit=MAX_BRIEF_CHARACTERS)),
        ChatMessageUser(content=request),
    ]
    brief: str = json.loads(ADVERSARIES[name].act(messages, []).text)["memory_brief"]
    return brief


def notes_after_update(name: str, brief: str) -> str:
    """What a copier's notes hold after one notes update with this brief."""
    prompt = NOTES_UPDATE_PROMPT.format(
        budget=500, characters=2000, brief=brief, notes="(empty)", messages="user: I moved."
    )
    return ADVERSARIES[name].act([ChatMessageUser(content=prompt)], []).text


def question_with_memory(
    name: str, memory_section: str, period_index: int, number: int
) -> tuple[int, int]:
    """A copier's answer to one question of a period, with this memory section; and the gold."""
    period = USER.periods[period_index]
    question = USER.questions[number]
    shown = presented_choices(USER, question, period)
    messages = [
        ChatMessageSystem(content=f"{ASSISTANT_SYSTEM_PROMPT}\n\n{memory_section}"),
        ChatMessageUser(content=question_prompt(question.text, [c.text for c in shown])),
    ]
    return (
        json.loads(ADVERSARIES[name].act(messages, []).text)["answer"],
        gold_number(shown, question.gold_choice(period.state)),
    )


@pytest.mark.parametrize("name", COPIERS)
def test_a_copier_carries_shown_best_answers_from_the_brief_to_its_answers(name: str) -> None:
    # What the copiers would do with feedback that shows the options and the best answer:
    # the brief holds the copy, a notes or awi update keeps it, and a question of the next
    # period picks the option that was best (right wherever the user's facts stayed).
    brief = rewritten_brief(name, shown_feedback(1))
    copied = copied_text(brief)
    assert copied is not None and brief.startswith(COPY_START)
    if name == "feedback_copier":
        assert copied == shown_feedback(1)
    notes = notes_after_update(name, brief)
    assert notes == f"{COPY_START}\n{copied}"
    awi_prompt = AWI_UPDATE_PROMPT.format(brief=brief, time="t", memory_json="{}", messages="m")
    awi = json.loads(ADVERSARIES[name].act([ChatMessageUser(content=awi_prompt)], []).text)
    assert awi == {COPY_KEY: notes}
    sections = [
        NOTES_SECTION.format(label=CONVERSATION_MEMORY_LABEL, notes=notes),
        AWI_MEMORY_SECTION.format(label=CONVERSATION_MEMORY_LABEL, memory_json=json.dumps(awi)),
    ]
    kept = [
        number
        for number, question in enumerate(USER.questions)
        if question.gold_choice(USER.periods[1].state)
        == question.gold_choice(USER.periods[2].state)
    ]
    assert kept
    for section in sections:
        for number in kept:
            answer, gold = question_with_memory(name, section, 2, number)
            assert answer == gold


def test_the_real_feedback_leaves_the_copiers_nothing_to_carry() -> None:
    # Complete feedback shows no option: the answer copier keeps its brief; the feedback
    # copier's verbatim copy passes the guard, and its notes hold no option and no value.
    period = USER.periods[1]
    answers = [
        ConversationAnswer(
            "question", 1, q.qid, '{"answer": 1}', len(presented_choices(USER, q, period))
        )
        for q in USER.questions
    ]
    feedback = period_feedback(USER, period, answers, "complete")
    assert rewritten_brief("answer_copier", feedback) == CONVERSATION_MEMORY_BRIEF
    brief = rewritten_brief("feedback_copier", feedback)
    assert copied_text(brief) == feedback
    reply = json.dumps({"memory_brief": brief})
    assert parse_rewrite(reply, CONVERSATION_MEMORY_BRIEF, copy_guard(USER)).brief == brief
    notes = notes_after_update("feedback_copier", brief)
    for question in USER.questions:
        assert not [choice for choice in question.choices if choice.text in notes]
    for variable in USER.variables:
        assert not [value for value in variable.values if value in notes]


def copier_run(name: str, agent: str, tmp_path: Path) -> EvalLog:
    [log] = eval(
        conversation(
            tier="small",
            seeds=[0, 1, 2, 3],
            agent=agent,
            evolve="complete",
            diagnostics=False,
            upper_bound=False,
        ),
        model=f"memgym/{name}",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    return log


@pytest.mark.parametrize("agent", ["notes", "awi"])
def test_copying_the_feedback_earns_nothing(agent: str, tmp_path: Path) -> None:
    # The answer copier finds nothing to copy, so it answers option 1 throughout; the
    # feedback copier re-picks from what it copied and stays within the adversary bounds.
    for sample in copier_run("answer_copier", agent, tmp_path).samples or []:
        raws = {record["raw"] for record in sample.store_as(ConversationState).results}
        assert raws == {'{"answer": 1}'}
    log = copier_run("feedback_copier", agent, tmp_path)
    values = [dict(s.scores["conversation_scorer"].value) for s in log.samples or []]  # type: ignore[index, arg-type]
    assert sum(value[HEADLINE] for value in values) / len(values) <= 0.05
    assert sum(value["memory_delta"] for value in values) / len(values) <= 0.05


@pytest.mark.slow
def test_the_full_suite_holds(tmp_path: Path) -> None:
    assert get_suite("conversation") is CONVERSATION_SUITE
    report = CONVERSATION_SUITE.validate(ValidateOptions(log_dir=str(tmp_path), workers=1))
    assert report.passed, report.markdown()
