"""conversation's switch adversaries: their memoryless behaviours, and what a switch earns.

A switch plays one memoryless reader with memory shown and another with memory empty
(`kit.pass_switch`). The decline and the dump are tried on a call outside any sample; one
switch is played through ``inspect_ai.eval`` on a small user; the suite's switch runs are
checked for their shape and bounds.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessageSystem, ChatMessageUser

from inspect_memgym.conversation import policy_play  # noqa: F401  (registers the memgym policies)
from inspect_memgym.conversation.adversaries import ADVERSARIES, SWITCH_BEHAVIOURS
from inspect_memgym.conversation.adversary_readers import DECLINE_REPLY
from inspect_memgym.conversation.grading import HEADLINE
from inspect_memgym.conversation.prompts import question_prompt
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.validity_suite import CONVERSATION_SUITE, SWITCH_FAMILIES
from inspect_memgym.conversation.world.catalogue import VARIABLES
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import presented_choices
from inspect_memgym.kit.pass_switch import SWITCH_POLICIES
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.simulation.policy_registry import benchmark_policies
from inspect_memgym.strategies.prompts import (
    ASSISTANT_SYSTEM_PROMPT,
    AWE_MEMORY_SECTION,
    CONVERSATION_MEMORY_LABEL,
)
from inspect_memgym.strategies.settings import StrategySettings

USER = generate_user("small", 0)
QUESTION_ITEM = USER.questions[0]
OPTIONS = [choice.text for choice in presented_choices(USER, QUESTION_ITEM, USER.periods[1])]
PROMPT = question_prompt(QUESTION_ITEM.text, OPTIONS)
SYSTEM = f"{ASSISTANT_SYSTEM_PROMPT}\n\n" + AWE_MEMORY_SECTION.format(
    label=CONVERSATION_MEMORY_LABEL, entries="- [2025-04-02] Maya cycles 12 km to work."
)
CALL = [ChatMessageSystem(content=SYSTEM), ChatMessageUser(content=PROMPT)]
SCORER = "conversation_scorer"


def test_the_decliner_names_no_option() -> None:
    reply = ADVERSARIES["decliner"].act(CALL, []).text
    assert reply == DECLINE_REPLY == json.dumps({"answer": "I don't know"})
    assert parse_choice(reply, len(OPTIONS)) is None


def test_the_dump_names_every_option_and_everything_in_view_at_once() -> None:
    reply = ADVERSARIES["name_dumper"].act(CALL, []).text
    assert parse_choice(reply, len(OPTIONS)) is None
    parts = json.loads(reply)["answer"].split("; ")
    assert parts[0] == ", ".join(str(n) for n in range(1, len(OPTIONS) + 1))
    assert {"Maya", "2025-04-02", "12"} <= set(parts)
    catalogue = {value.name for variable in VARIABLES.values() for value in variable.values}
    assert catalogue <= set(parts)
    assert len(parts) == len(set(parts))


def test_every_behaviour_plays_an_adversary_and_every_switch_is_registered() -> None:
    assert SWITCH_BEHAVIOURS == {
        "decline": "decliner",
        "hedge": "hedger",
        "dump": "name_dumper",
        "guess": "first_option",
    }
    assert set(SWITCH_BEHAVIOURS.values()) <= set(ADVERSARIES)
    assert set(SWITCH_POLICIES) <= set(benchmark_policies("conversation").names)


def play(policy: str, tmp_path: Path, **task_args: Any) -> list[tuple[dict[str, float], Any]]:
    """(score value, question rows) per sample of one small user, no auxiliary passes."""
    arguments = {"tier": "small", "seed": 1, "diagnostics": False, "upper_bound": False}
    [log] = eval(
        conversation(**arguments, **task_args),
        model=f"memgym/{policy}",
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    played = []
    for sample in log.samples or []:
        assert sample.error is None and sample.scores
        score = sample.scores[SCORER]
        played.append((dict(score.value), score.metadata["questions"]))  # type: ignore[arg-type, index]
    return played


def test_a_switch_that_picks_with_memory_and_declines_without_gains_nothing(
    tmp_path: Path,
) -> None:
    [(value, rows)] = play("switch_guess_decline", tmp_path, agent="awe")
    # it switched: option 1 with memory shown, no option with memory empty
    assert {row["choice"] for row in rows} == {1}
    assert {row["no_memory_choice"] for row in rows} == {None}
    # the decline counts a blind guess's 1/k: exactly chance, so Δ is the headline itself
    assert value["no_memory"] == pytest.approx(0.0)
    assert value["memory_delta"] == pytest.approx(value[HEADLINE])
    assert value[HEADLINE] <= 0.05
    assert value["memory_delta"] <= 0.05


def test_the_suite_plays_twelve_switches_under_awe_and_six_under_each_other_family() -> None:
    switches = [run for run in CONVERSATION_SUITE.runs if run.policy in SWITCH_POLICIES]
    labels = [label for label, _ in SWITCH_FAMILIES]
    assert labels == ["awe", "awi", "native", "notes", "rag", "bm25_dialog", "agentic", "system"]
    assert len(switches) == 12 + 6 * (len(labels) - 1)
    assert sum(run.name.endswith("/awe") for run in switches) == 12
    for run in switches:
        assert StrategySettings.read(run.task_args["agent"]).name == run.name.split("/", 1)[1]
        assert not run.task_args["diagnostics"] and not run.task_args["upper_bound"]
        bounds = {(bound.key, bound.at_most) for bound in run.bounds}
        assert bounds == {(HEADLINE, 0.05), ("memory_delta", 0.05)}
