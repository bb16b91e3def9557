"""Self-evolution (``-T evolve=``): the option, the feedback, the rewrite and the learner.

Pure checks and a few small runs; the curves over several users (none <= question <=
complete, and the gain gone when the feedback is scrambled) are in the slow
``test_conversation_self_evolution_runs.py``.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessageSystem, ChatMessageUser

from inspect_memgym.conversation.grading import HEADLINE, ConversationAnswer
from inspect_memgym.conversation.notation import read_keep_lines
from inspect_memgym.conversation.policies import Situation, get_conversation_policy
from inspect_memgym.conversation.self_evolution import (
    COPY_WORDS,
    EVOLVE_SYSTEM_PROMPT,
    MAX_BRIEF_CHARACTERS,
    STATUS_COPIES_OPTION,
    STATUS_NAMES_VALUE,
    STATUS_REWRITTEN,
    STATUS_TOO_LONG,
    STATUS_UNCHANGED,
    STATUS_UNPARSED,
    CopyGuard,
    EvolutionState,
    copy_guard,
    evolution_request,
    evolution_rows,
    evolution_table,
    parse_rewrite,
    period_feedback,
)
from inspect_memgym.conversation.state import PHASE_EVOLVE
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario, Period
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.kit.inspect_internals import TaskArgumentError
from inspect_memgym.strategies.prompts import CONVERSATION_MEMORY_BRIEF

from .evolution_runs import (
    Run,
    check_requests_hold_no_later_period,
    evolved_briefs,
    play,
    with_best_answers_shown,
)

LEVELS = ("question", "complete")


def answers_of(
    scenario: ConversationScenario, period: Period, pick: int
) -> list[ConversationAnswer]:
    """Raw question records of one period: option ``pick`` for every question."""
    return [
        ConversationAnswer(
            kind="question",
            period=period.index,
            item=q.qid,
            raw=f'{{"answer": {pick}}}',
            choices=len(presented_choices(scenario, q, period)),
        )
        for q in scenario.questions
    ]


def rewrite_reply(policy: str, scenario: ConversationScenario, request: str) -> dict[str, Any]:
    """A scripted policy's reply to a rewrite request, decoded."""
    messages = [
        ChatMessageSystem(content=EVOLVE_SYSTEM_PROMPT.format(limit=MAX_BRIEF_CHARACTERS)),
        ChatMessageUser(content=request),
    ]
    situation = Situation(scenario=scenario, phase=PHASE_EVOLVE, period=0, item_id="")
    reply: dict[str, Any] = json.loads(
        get_conversation_policy(policy).act(messages, [], situation).text
    )
    return reply


# --- the option ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"evolve": "sometimes"}, "evolve must be one of none, question, complete, got"),
        ({"evolve": "complete", "agent": "rag"}, "only agentic, awe, awi, notes, summary follow"),
        ({"evolve": "question", "agent": "native"}, "agent=native has none"),
    ],
)
def test_a_bad_evolve_value_is_refused_in_one_line(
    arguments: dict[str, Any], expected: str
) -> None:
    with pytest.raises(TaskArgumentError) as raised:
        conversation(tier="small", seeds=1, **arguments)
    message = str(raised.value)
    assert message.startswith("conversation: ") and expected in message
    assert "\n" not in message


def test_evolve_is_recorded_only_when_on() -> None:
    default = conversation(tier="small", seeds=1)
    explicit = conversation(tier="small", seeds=1, evolve="none")
    evolving = conversation(tier="small", seeds=1, evolve="complete", agent="awi")
    assert default.metadata == explicit.metadata and "evolve" not in (default.metadata or {})
    assert (evolving.metadata or {})["evolve"] == "complete"
    for task in (default, explicit):
        [sample] = list(task.dataset)
        assert "evolve" not in (sample.metadata or {})["conversation_options"]
    [sample] = list(evolving.dataset)
    assert (sample.metadata or {})["conversation_options"]["evolve"] == "complete"


# --- the feedback: only the period just ended ------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 7])
def test_the_request_for_period_k_is_the_same_with_every_later_period_removed(
    level: str, seed: int
) -> None:
    # Computed from a user cut off after period k, the request is identical: nothing of a
    # later period (its states, sessions, options or best answers) can be in it.
    user = generate_user("base", seed)
    for period in user.periods[:-1]:
        answers = answers_of(user, period, 1)
        cut = replace(user, periods=user.periods[: period.index + 1])
        full = evolution_request(
            "brief", period.index, level, period_feedback(user, period, answers, level)
        )
        alone = evolution_request(
            "brief", period.index, level, period_feedback(cut, period, answers, level)
        )
        assert full == alone


def test_complete_feedback_shows_each_answer_its_result_and_the_kinds_it_needs() -> None:
    user = generate_user("base", 3)
    period = user.periods[2]
    feedback = period_feedback(user, period, answers_of(user, period, 2), "complete")
    for number, question in enumerate(user.questions, start=1):
        shown = presented_choices(user, question, period)
        best = gold_number(shown, question.gold_choice(period.state))
        block = feedback.split(f"Question {number}: {question.text}\n", 1)[1].split("\n\n")[0]
        kinds = "; ".join(f"the user's {user.variable(key).label}" for key in question.required)
        assert block.splitlines() == [
            "Your answer: 2",
            f"Result: {'right' if best == 2 else 'wrong'}",
            f"The best answer depends on: {kinds}",
        ]


@pytest.mark.parametrize("seed", [0, 3])
def test_no_feedback_shows_an_option_or_a_value(seed: int) -> None:
    # Neither an option's text (not even its opening sentence) nor any value a fact of this
    # user can take, in any period: nothing a copy into the brief could carry to an answer.
    user = generate_user("base", seed)
    values = [value for variable in user.variables for value in variable.values]
    sentences = {
        sentence
        for question in user.questions
        for choice in question.choices
        for sentence in choice.text.split(". ")
    }
    for period in user.periods:
        for level in LEVELS:
            feedback = period_feedback(user, period, answers_of(user, period, 1), level)
            assert not [sentence for sentence in sentences if sentence in feedback]
            assert not [value for value in values if value in feedback]
            assert copy_guard(user).refusal(feedback, "") is None


def test_question_feedback_shows_the_questions_alone() -> None:
    user = generate_user("base", 3)
    period = user.periods[2]
    feedback = period_feedback(user, period, answers_of(user, period, 2), "question")
    assert feedback.splitlines() == [
        f"{number}. {question.text}" for number, question in enumerate(user.questions, 1)
    ]
    assert not any(choice.text in feedback for q in user.questions for choice in q.choices)


def test_an_unparsed_answer_is_shown_as_none_and_wrong() -> None:
    user = generate_user("small", 0)
    period = user.periods[1]
    answers = [replace(record, raw="no idea") for record in answers_of(user, period, 1)]
    feedback = period_feedback(user, period, answers, "complete")
    assert feedback.count("Your answer: none (the reply named no option)") == len(user.questions)
    assert feedback.count("Result: wrong") == len(user.questions)


# --- the rewrite's reply ---------------------------------------------------------------


NO_GUARD = CopyGuard(option_phrases=frozenset(), values=())


def test_a_usable_reply_replaces_the_brief_and_anything_else_keeps_it() -> None:
    reply = json.dumps({"memory_brief": "Keep the diet.", "changes": ["diet"]})
    assert parse_rewrite(reply, "old", NO_GUARD) == parse_rewrite(
        f"```json\n{reply}\n```", "old", NO_GUARD
    )
    rewritten = parse_rewrite(reply, "old", NO_GUARD)
    assert (rewritten.brief, rewritten.changes, rewritten.status) == (
        "Keep the diet.",
        ["diet"],
        STATUS_REWRITTEN,
    )
    assert parse_rewrite(reply, "Keep the diet.", NO_GUARD).status == STATUS_UNCHANGED
    for unusable in ("I would keep more.", '{"brief": "x"}', '{"memory_brief": "  "}'):
        assert parse_rewrite(unusable, "old", NO_GUARD).brief == "old"
        assert parse_rewrite(unusable, "old", NO_GUARD).status == STATUS_UNPARSED
    long = json.dumps({"memory_brief": "x" * (MAX_BRIEF_CHARACTERS + 1)})
    refused = parse_rewrite(long, "old", NO_GUARD)
    assert (refused.brief, refused.status) == ("old", STATUS_TOO_LONG)


def brief_reply(brief: str) -> str:
    return json.dumps({"memory_brief": brief, "changes": ["kept more"]})


def test_a_brief_copying_an_option_or_naming_a_value_is_refused() -> None:
    user = generate_user("base", 0)
    guard = copy_guard(user)
    question = user.questions[0]
    advice = question.choices[-1].text.split(". ")[-1]  # one value's advice sentence
    kinds = "\n".join(f"- the user's {variable.label}" for variable in user.variables)
    value = next(name for variable in user.variables for name in variable.values if " " in name)
    briefs = {
        f"{CONVERSATION_MEMORY_BRIEF}\n{kinds}": (STATUS_REWRITTEN, ""),
        f"{CONVERSATION_MEMORY_BRIEF}\nRemember: {advice}": (
            STATUS_COPIES_OPTION,
            " ".join(re.findall(r"[a-z0-9']+", advice.lower())[:COPY_WORDS]),
        ),
        f"{CONVERSATION_MEMORY_BRIEF}\nThe user is {value.upper()}.": (
            STATUS_NAMES_VALUE,
            value,
        ),
        # what the brief in force holds is no copy ("vegetarian" is its own example)
        CONVERSATION_MEMORY_BRIEF.replace("new value", "latest value"): (STATUS_REWRITTEN, ""),
        # a question's words are public, even where an option opens with them
        f"Keep what answers: {question.text}": (STATUS_REWRITTEN, ""),
    }
    for brief, (status, refused) in briefs.items():
        rewrite = parse_rewrite(brief_reply(brief), CONVERSATION_MEMORY_BRIEF, guard)
        assert rewrite.status == status, brief
        if status == STATUS_REWRITTEN:
            assert (rewrite.brief, rewrite.refused) == (brief, "")
        else:
            assert (rewrite.brief, rewrite.changes) == (CONVERSATION_MEMORY_BRIEF, [])
            assert rewrite.refused == refused
    fresh = parse_rewrite(brief_reply("Keep the diet, e.g. vegetarian."), "Keep the diet.", guard)
    assert (fresh.status, fresh.refused) == (STATUS_NAMES_VALUE, "vegetarian")


def test_each_period_row_shows_the_brief_in_force_during_it() -> None:
    periods = [{"period": index, HEADLINE: index / 10, "accuracy": 0.5} for index in range(3)]
    rewrites = [
        {"after_period": 0, "status": "rewritten", "memory_brief": "B1", "changes": ["c"]},
        {
            "after_period": 1,
            "status": STATUS_NAMES_VALUE,
            "memory_brief": "B1",
            "changes": [],
            "refused": "vegan",
        },
    ]
    rows = evolution_rows(periods, "B0", rewrites, (HEADLINE,))
    assert [
        (row["period"], row["memory_brief"], row["brief_status"], row["brief_refused"])
        for row in rows
    ] == [
        (0, "B0", "initial", ""),
        (1, "B1", "rewritten", ""),
        (2, "B1", STATUS_NAMES_VALUE, "vegan"),
    ]
    assert rows[1]["brief_changes"] == ["c"] and rows[2][HEADLINE] == 0.2
    assert "| 2 | 0.200 | names a value (“vegan”), old brief kept | – |" in evolution_table(
        "complete", rows
    )


# --- the scripted policies' rewrites ---------------------------------------------------


def test_the_learner_learns_one_fact_per_question_and_more_from_wrong_answers() -> None:
    user = generate_user("base", 0)
    period = user.periods[0]
    answers = answers_of(user, period, 1)
    replies = {
        level: rewrite_reply(
            "learner",
            user,
            evolution_request(
                CONVERSATION_MEMORY_BRIEF, 0, level, period_feedback(user, period, answers, level)
            ),
        )
        for level in LEVELS
    }
    kept = {level: read_keep_lines(reply["memory_brief"]) for level, reply in replies.items()}
    assert len(kept["question"]) == len(user.questions)
    assert kept["question"] < kept["complete"]
    labels = {variable.label for variable in user.variables}
    assert kept["complete"] <= labels
    for reply in replies.values():
        assert reply["memory_brief"].startswith(CONVERSATION_MEMORY_BRIEF)
        assert len(reply["changes"]) == len(read_keep_lines(reply["memory_brief"]))


@pytest.mark.parametrize("feedback", ["", "the questions were about something else"])
def test_the_learner_learns_nothing_without_feedback(feedback: str) -> None:
    user = generate_user("base", 0)
    request = evolution_request(CONVERSATION_MEMORY_BRIEF, 0, "complete", feedback)
    reply = rewrite_reply("learner", user, request)
    assert reply == {"memory_brief": CONVERSATION_MEMORY_BRIEF, "changes": []}


@pytest.mark.parametrize("policy", ["perfect", "strategic", "naive", "guesser", "abstainer"])
def test_every_other_policy_keeps_its_brief(policy: str) -> None:
    user = generate_user("base", 0)
    period = user.periods[0]
    feedback = period_feedback(user, period, answers_of(user, period, 1), "complete")
    request = evolution_request("my brief", 0, "complete", feedback)
    assert rewrite_reply(policy, user, request) == {"memory_brief": "my brief", "changes": []}


# --- one-user runs ---------------------------------------------------------------------


def run(policy: str, log_dir: str, **task_args: Any) -> EvalLog:
    args = {"tier": "small", "seeds": [1], **task_args}
    [log] = eval(conversation(**args), model=f"memgym/{policy}", display="none", log_dir=log_dir)
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def score_of(log: EvalLog) -> tuple[dict[str, Any], dict[str, Any]]:
    [sample] = log.samples or []
    score = sample.scores["conversation_scorer"]  # type: ignore[index]
    return dict(score.value), dict(score.metadata or {})  # type: ignore[arg-type]


def test_evolve_none_plays_and_scores_exactly_as_without_the_option(tmp_path: Any) -> None:
    default = run("strategic", str(tmp_path))
    explicit = run("strategic", str(tmp_path), evolve="none")
    assert score_of(default)[0] == score_of(explicit)[0]
    for log in (default, explicit):
        _, metadata = score_of(log)
        assert "evolution" not in metadata and "evolve" not in metadata
        [sample] = log.samples or []
        assert not any(key.startswith("EvolutionState") for key in sample.store)
        assert not any(
            event.event == "info" and event.source == "evolve" for event in sample.events
        )


@pytest.mark.parametrize("level", LEVELS)
def test_perfect_stays_at_its_maximum_under_every_level(tmp_path: Any, level: str) -> None:
    log = run("perfect", str(tmp_path), evolve=level, seeds=[0, 1])
    for sample in log.samples or []:
        score = sample.scores["conversation_scorer"]  # type: ignore[index]
        assert dict(score.value)[HEADLINE] == pytest.approx(1.0)  # type: ignore[arg-type]
        rows = (score.metadata or {})["evolution"]
        assert [row[HEADLINE] for row in rows] == pytest.approx([1.0] * len(rows))
        assert all(row["brief_status"] in ("initial", "unchanged") for row in rows)
        assert {row["memory_brief"] for row in rows} == {CONVERSATION_MEMORY_BRIEF}


@pytest.fixture(scope="module")
def complete_twice(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Run]:
    log_dir = str(tmp_path_factory.mktemp("complete_twice"))
    return play(log_dir, "complete", seeds=[1, 5]), play(log_dir, "complete", seeds=[1, 5])


def test_the_same_seed_evolves_the_same_briefs(complete_twice: tuple[Run, Run]) -> None:
    first, second = (run.log.samples or [] for run in complete_twice)
    assert [evolved_briefs(sample) for sample in first] == [
        evolved_briefs(sample) for sample in second
    ]
    assert complete_twice[0].curves == complete_twice[1].curves
    assert all(len(set(evolved_briefs(sample))) > 1 for sample in first)


def test_each_rewrite_request_holds_nothing_of_a_later_period(
    complete_twice: tuple[Run, Run],
) -> None:
    for sample in complete_twice[0].log.samples or []:
        check_requests_hold_no_later_period(sample, "complete")


def test_the_learner_writes_kinds_of_facts_never_values(complete_twice: tuple[Run, Run]) -> None:
    for sample in complete_twice[0].log.samples or []:
        scenario = ConversationScenario.from_dict(sample.metadata["scenario"])
        values = {value for variable in scenario.variables for value in variable.values}
        for brief in evolved_briefs(sample):
            added = brief.removeprefix(CONVERSATION_MEMORY_BRIEF)
            assert not [value for value in values if value in added]


def test_the_score_shows_each_period_brief_and_the_transcript_each_rewrite(
    complete_twice: tuple[Run, Run],
) -> None:
    for sample in complete_twice[0].log.samples or []:
        score = sample.scores["conversation_scorer"]  # type: ignore[index]
        metadata = score.metadata or {}
        assert metadata["evolve"] == "complete"
        rows = metadata["evolution"]
        assert [row["memory_brief"] for row in rows] == evolved_briefs(sample)
        assert [row[HEADLINE] for row in rows] == [row[HEADLINE] for row in metadata["periods"]]
        assert "Self-evolution (complete feedback)" in (score.explanation or "")
        infos = [e for e in sample.events if e.event == "info" and e.source == "evolve"]
        assert len(infos) == len(rows) - 1


@pytest.mark.parametrize("agent", ["notes", "awi"])
def test_a_brief_copying_the_best_answers_is_refused_and_the_refusal_recorded(
    tmp_path: Any, agent: str
) -> None:
    # Shown each best answer's text (as complete feedback once was), the answer copier puts
    # them in its brief: every such brief is refused, the old one stays in force, and its
    # answers are those it gives without evolution. The refusal is in the store, the
    # transcript and the score.
    args: dict[str, Any] = {"seeds": [1, 5], "agent": agent, "policy": "answer_copier"}
    copying = play(str(tmp_path), "complete", with_best_answers_shown, **args)
    assert copying.curves == play(str(tmp_path), "none", **args).curves
    for sample in copying.log.samples or []:
        rewrites = sample.store_as(EvolutionState).rewrites
        assert rewrites and {rewrite["status"] for rewrite in rewrites} == {STATUS_COPIES_OPTION}
        assert all(rewrite["refused"] for rewrite in rewrites)
        assert set(evolved_briefs(sample)) == {CONVERSATION_MEMORY_BRIEF}
        infos = [
            event.data["self_evolution"]  # type: ignore[index, union-attr]
            for event in sample.events
            if event.event == "info" and event.source == "evolve"
        ]
        assert [(info["status"], info["refused"]) for info in infos] == [
            (rewrite["status"], rewrite["refused"]) for rewrite in rewrites
        ]
        rows = (sample.scores["conversation_scorer"].metadata or {})["evolution"]  # type: ignore[index]
        assert [(row["brief_status"], row["brief_refused"]) for row in rows[1:]] == [
            (rewrite["status"], rewrite["refused"]) for rewrite in rewrites
        ]
