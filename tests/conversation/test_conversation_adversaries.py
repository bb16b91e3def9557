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
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.tool import ToolInfo, ToolParams

from inspect_memgym.conversation.adversaries import ADVERSARIES
from inspect_memgym.conversation.grading import HEADLINE, UPPER_BOUND_FLAG
from inspect_memgym.conversation.prompts import (
    UPPER_BOUND_SYSTEM,
    probe_prompt,
    question_prompt,
    upper_bound_prompt,
)
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.visible_call import (
    MEMORY_UPDATE,
    PROBE,
    QUESTION,
    REPLY,
    UPPER_BOUND,
    read_call,
)
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import presented_choices
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.simulation.policy_registry import benchmark_policies
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    AWE_UPDATE_PROMPT,
    CONVERSATION_MEMORY_LABEL,
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
    names = benchmark_policies("conversation").names
    assert set(ADVERSARIES) <= set(names)
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
    if name in ("hedger", "malformed"):
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
        assert scores["upper_bound"] == 0.0 and scores[UPPER_BOUND_FLAG] == 1.0
        # AMemGym's memory score, inflated by the sandbagging, is clipped and flagged
        assert -1.0 <= scores["memory_score"] <= 1.0


def test_sandbagging_the_no_memory_pass_gains_nothing(tmp_path: Path) -> None:
    scores = play("no_memory_sandbagger", tmp_path, agent="awe", upper_bound=False)
    for value in scores.values():
        assert value["parse_failure"] == 0.0  # memory is shown: option 1, parsed
        assert value["no_memory"] == 0.0  # malformed there: a guess's credit, exactly chance
        assert value["memory_delta"] == value[HEADLINE]


def test_hedges_are_parse_failures(tmp_path: Path) -> None:
    for value in play("hedger", tmp_path, agent="none", upper_bound=False).values():
        assert value["parse_failure"] == 1.0
        assert value[HEADLINE] == pytest.approx(-1 / 3)  # (0 - 1/4) / (1 - 1/4)
        assert value["no_memory"] == pytest.approx(0.0)
        assert value["memory_delta"] == pytest.approx(-1 / 3)


@pytest.mark.slow
def test_the_full_suite_holds(tmp_path: Path) -> None:
    report = get_suite("conversation").validate(ValidateOptions(log_dir=str(tmp_path), workers=1))
    assert report.passed, report.markdown()
