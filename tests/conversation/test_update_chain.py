"""Update-aware multi-hop questions of conversation: which asked questions are update_chain.

The kind is read from the generated user (tagging changes no sample); the figures sit beside
the headline; perfect answers every such question, naive (which never applies a change)
answers exactly the stale option, labelled ``outdated``, and every memoryless reader picks
the gold and the stale option at the chance rate: the options are a block around the gold
(`world.presentation`), where every option shares as many sentences with the others.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessageSystem, ChatMessageUser

from inspect_memgym.conversation.adversaries import ADVERSARIES
from inspect_memgym.conversation.grading import QuestionGrade
from inspect_memgym.conversation.memory_holds import update_chain_figures
from inspect_memgym.conversation.policies import Situation, get_conversation_policy
from inspect_memgym.conversation.prompts import question_prompt
from inspect_memgym.conversation.state import PHASE_QUESTION
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.update_chain import ADVICE, UPDATE_CHAIN, stale_number
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.scoring.operation_scores import (
    OUTDATED,
    STALE_CHAIN_RATE,
    UPDATE_CHAIN_ACCURACY,
)
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    CONVERSATION_MEMORY_LABEL,
)
from inspect_memgym.validity.statistics import FeatureTally

MEMORY_SHOWN = f"{ASSISTANT_SYSTEM_PROMPT}\n\n" + AWE_MEMORY_SECTION.format(
    label=CONVERSATION_MEMORY_LABEL, entries="- [2025-04-02] The user cycles to work."
)
MEMORYLESS = (
    "first_option",
    "last_option",
    "longest_option",
    "shortest_option",
    "question_overlap",
    "position_prior",
    "text_prior",
    "shared_sentences",
    "stated_state",
    "period_counter",
    "upper_bound_sandbagger",
    "no_memory_sandbagger",
)
"""Every adversary reader that names one option of a question call."""
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
"""Where the sentence-sharing reader splits an option (`adversary_readers`)."""


def chain_rows(user: ConversationScenario) -> list[tuple[int, str, int, int]]:
    """(period, qid, stale number, gold number) of every update_chain question of a user."""
    rows = []
    for period in user.periods:
        for question in user.questions:
            shown = presented_choices(user, question, period)
            stale = stale_number(user, question, period, shown)
            if stale is not None:
                gold = gold_number(shown, question.gold_choice(period.state))
                rows.append((period.index, question.qid, stale, gold))
    return rows


def test_counts_of_the_small_and_base_users() -> None:
    assert [len(chain_rows(generate_user("small", seed))) for seed in range(3)] == [3, 0, 3]
    assert len(chain_rows(generate_user("base", 0))) == 27


def test_a_question_is_update_chain_exactly_when_a_change_makes_a_shown_stale_option() -> None:
    # Read from the periods' changes, not from the initial state the module compares with.
    tagged = 0
    for seed in range(40):
        user = generate_user("small", seed)
        for period in user.periods:
            for question in user.questions:
                shown = presented_choices(user, question, period)
                before = dict(period.state)
                for later in reversed(user.periods[1 : period.index + 1]):
                    before.update({key: old for key, (old, _) in later.changes.items()})
                stale = tuple(before[key] for key in question.required)
                gold = question.gold_choice(period.state)
                expected = (
                    stale != gold.state
                    and stale in [choice.state for choice in shown]
                    and len(question.required) >= 2
                )
                number = stale_number(user, question, period, shown)
                assert (number is not None) == expected
                if number is not None:
                    tagged += 1
                    assert period.index > 0 and shown[number - 1].state == stale
                    assert number != gold_number(shown, gold)
    assert tagged == 87


def graded(kind: str, stale: int | None, choice: int | None, correct: bool) -> QuestionGrade:
    """A graded question of that kind; the fields the figures do not read are arbitrary."""
    return QuestionGrade(
        period=1,
        qid="q01",
        choice=choice,
        gold=1 if correct else 5,
        choices=5,
        correct=correct,
        parse_failure=choice is None,
        failure=None,
        no_memory_choice=None,
        no_memory_correct=None,
        kind=kind,
        stale=stale,
    )


def test_the_figures_count_right_and_stale_answers_of_update_chain_rows_only() -> None:
    rows = [
        graded(UPDATE_CHAIN, stale=2, choice=2, correct=False),
        graded(UPDATE_CHAIN, stale=3, choice=1, correct=True),
        graded(UPDATE_CHAIN, stale=1, choice=None, correct=False),
        graded(UPDATE_CHAIN, stale=4, choice=4, correct=False),
        graded(ADVICE, stale=None, choice=None, correct=False),
    ]
    assert update_chain_figures(rows) == {UPDATE_CHAIN_ACCURACY: 0.25, STALE_CHAIN_RATE: 0.5}
    figures = update_chain_figures(rows[-1:])
    assert all(math.isnan(value) for value in figures.values())


def pick_rates(pick: Any, users: range) -> tuple[FeatureTally, FeatureTally]:
    """How often a reader's pick is the gold, and the stale option, on update_chain rows."""
    gold_tally, stale_tally = FeatureTally("gold"), FeatureTally("stale")
    for seed in users:
        user = generate_user("small", seed)
        periods = {period.index: period for period in user.periods}
        questions = {question.qid: question for question in user.questions}
        for period_index, qid, stale, gold in chain_rows(user):
            shown = presented_choices(user, questions[qid], periods[period_index])
            prompt = question_prompt(questions[qid].text, [choice.text for choice in shown])
            numbers = range(1, len(shown) + 1)
            picked = parse_choice(pick(user, period_index, qid, prompt), len(shown))
            gold_tally.record([picked], numbers, gold)
            stale_tally.record([picked], numbers, stale)
    return gold_tally, stale_tally


def adversary_pick(name: str) -> Any:
    def pick(user: ConversationScenario, period: int, qid: str, prompt: str) -> str:
        messages = [ChatMessageSystem(content=MEMORY_SHOWN), ChatMessageUser(content=prompt)]
        return ADVERSARIES[name].act(messages, []).text

    return pick


def guesser_pick(user: ConversationScenario, period: int, qid: str, prompt: str) -> str:
    situation = Situation(scenario=user, phase=PHASE_QUESTION, period=period, item_id=qid)
    action = get_conversation_policy("guesser").act(
        [ChatMessageUser(content=prompt)], [], situation
    )
    return action.text


@pytest.mark.parametrize("name", [*MEMORYLESS, "guesser"])
def test_memoryless_readers_pick_the_gold_and_the_stale_option_at_chance(name: str) -> None:
    pick = guesser_pick if name == "guesser" else adversary_pick(name)
    for tally in pick_rates(pick, range(150)):
        verdict = tally.verdict()
        assert tally.trials > 300 and verdict.passed, verdict.detail


def test_every_option_of_an_update_chain_question_shares_as_many_sentences() -> None:
    # In a block every option stands to the others as the gold does, so sentence sharing,
    # which singled out the gold and stale pair of a uniform draw, ties every option.
    blocks = 0
    for seed in range(40):
        user = generate_user("small", seed)
        questions = {question.qid: question for question in user.questions}
        for period_index, qid, _, _ in chain_rows(user):
            shown = presented_choices(user, questions[qid], user.periods[period_index])
            sentences = [set(SENTENCE_END.split(choice.text)) for choice in shown]
            shared = {
                sum(len(mine & theirs) for other, theirs in enumerate(sentences) if other != index)
                for index, mine in enumerate(sentences)
            }
            assert len(shared) == 1
            blocks += 1
    assert blocks == 87


def test_the_stale_option_is_shown_as_often_as_a_uniform_draw_would_show_it() -> None:
    # 3 of the 8 others of a two-variable pool: 3/8 of the asked questions whose stale
    # combination differs from the gold show it.
    changed = shown = 0
    for seed in range(150):
        user = generate_user("small", seed)
        for period in user.periods:
            for question in user.questions:
                stale = tuple(user.periods[0].state[key] for key in question.required)
                if stale == question.gold_choice(period.state).state:
                    continue
                changed += 1
                choices = presented_choices(user, question, period)
                shown += stale_number(user, question, period, choices) is not None
    assert changed > 800
    assert abs(shown / changed - 3 / 8) < 3 * math.sqrt(3 / 8 * 5 / 8 / changed)


def chain_scores(policy: str, tmp_path: Path) -> list[dict[str, Any]]:
    """Each sample's figures and update_chain rows, small users 0-2 through awi."""
    [log] = eval(
        conversation(
            tier="small",
            seeds=3,
            agent="awi",
            memory_isolation=False,
            diagnostics=False,
            upper_bound=False,
        ),
        model=f"memgym/{policy}",
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success" and log.samples, log.error
    samples = []
    for sample in log.samples:
        assert sample.scores
        metadata = sample.scores["conversation_scorer"].metadata or {}
        rows = [row for row in metadata["questions"] if row["kind"] == UPDATE_CHAIN]
        samples.append({"figures": metadata["operation_scores"], "rows": rows})
    assert [len(sample["rows"]) for sample in samples] == [3, 0, 3]
    return samples


def test_perfect_answers_every_update_chain_question(tmp_path: Path) -> None:
    samples = chain_scores("perfect", tmp_path)
    none = [samples[1]["figures"][key] for key in (UPDATE_CHAIN_ACCURACY, STALE_CHAIN_RATE)]
    assert none == [None, None]  # asked none: undefined (null in the log)
    for sample in samples[::2]:
        assert sample["figures"][UPDATE_CHAIN_ACCURACY] == 1.0
        assert sample["figures"][STALE_CHAIN_RATE] == 0.0


def test_naive_answers_the_stale_option_labelled_outdated(tmp_path: Path) -> None:
    for sample in chain_scores("naive", tmp_path)[::2]:
        assert sample["figures"][UPDATE_CHAIN_ACCURACY] == 0.0
        assert sample["figures"][STALE_CHAIN_RATE] == 1.0
        for row in sample["rows"]:
            assert row["choice"] == row["stale"] != row["gold"]
            assert row["memory_failure"] == OUTDATED
