"""Runs of the learner with self-evolution, and what their logs say of the rewrites."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from statistics import fmean
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample, read_eval_log

import inspect_memgym.conversation.self_evolution as self_evolution
from inspect_memgym.conversation.grading import HEADLINE, ConversationAnswer
from inspect_memgym.conversation.self_evolution import (
    EVOLVE_SYSTEM_PROMPT,
    EvolutionState,
    evolution_request,
    period_feedback,
)
from inspect_memgym.conversation.state import ConversationState
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.world.model import ConversationScenario, Period

SEEDS = [1, 2, 5]
"""Small users on which the learner misses facts its context does not hold."""
LEVELS = ("none", "question", "complete")
Feedback = Callable[..., str]


@dataclass(frozen=True)
class Run:
    """One eval of the learner: its log (attachments resolved) and curves by user."""

    log: EvalLog
    curves: dict[str, list[float]]

    def later(self) -> float:
        """Mean over users of the mean headline from period 1 on."""
        return fmean(fmean(curve[1:]) for curve in self.curves.values())


def play(
    log_dir: str,
    level: str,
    feedback: Feedback | None = None,
    policy: str = "learner",
    **task_args: Any,
) -> Run:
    """A policy (the learner) on small users, questions only, optionally with other feedback."""
    args: dict[str, Any] = {
        "tier": "small",
        "seeds": SEEDS,
        "evolve": level,
        "memory_isolation": False,
        "diagnostics": False,
        "upper_bound": False,
        **task_args,
    }
    with pytest.MonkeyPatch.context() as patch:
        if feedback is not None:
            patch.setattr(self_evolution, "period_feedback", feedback)
        [log] = eval(
            conversation(**args), model=f"memgym/{policy}", display="none", log_dir=log_dir
        )
    assert log.status == "success", log.error
    log = read_eval_log(log.location, resolve_attachments=True)
    curves = {}
    for sample in log.samples or []:
        assert sample.error is None, sample.error
        metadata = sample.scores["conversation_scorer"].metadata or {}  # type: ignore[index]
        curves[str(sample.id)] = [row[HEADLINE] for row in metadata["periods"]]
    return Run(log, curves)


def scrambled(*args: Any) -> str:
    """The real feedback with its words in a fixed random order (the same words, no text)."""
    words = period_feedback(*args).split()
    random.Random(0).shuffle(words)
    return " ".join(words)


def all_marked_right(*args: Any) -> str:
    """Complete feedback in which every answer is marked right (no mistake seen)."""
    return period_feedback(*args).replace("Result: wrong", "Result: right")


def with_best_answers_shown(
    scenario: ConversationScenario, period: Period, answers: Any, level: str
) -> str:
    """Feedback as it was before no option reached the rewrite: options and the best one.

    Every option of each question's pool is shown, in pool order.
    """
    blocks = []
    for number, question in enumerate(scenario.questions, start=1):
        options = "\n".join(
            f"{index}. {choice.text}" for index, choice in enumerate(question.choices, start=1)
        )
        best = question.choices.index(question.gold_choice(period.state)) + 1
        blocks.append(
            f"Question {number}: {question.text}\nOptions shown:\n{options}\nBest answer: {best}"
        )
    return "\n\n".join(blocks)


def evolved_briefs(sample: EvalSample) -> list[str]:
    """The first period's brief, then each rewrite's."""
    state = sample.store_as(EvolutionState)
    return [state.initial_brief, *(rewrite["memory_brief"] for rewrite in state.rewrites)]


def evolve_requests(sample: EvalSample) -> Iterator[str]:
    """The user message of every rewrite call, in order."""
    system = EVOLVE_SYSTEM_PROMPT.split("\n", 1)[0]
    for event in sample.events:
        if event.event == "model" and event.input and event.input[0].text.startswith(system):
            yield event.input[1].text


def check_requests_hold_no_later_period(sample: EvalSample, level: str) -> None:
    """Every logged rewrite request is the one built from the user cut off after its period.

    So nothing of a later period (states, sessions, options, best answers) is in it; no
    later session's opening or time appears in it either.
    """
    scenario = ConversationScenario.from_dict(sample.metadata["scenario"])
    results = ConversationAnswer.all_of(sample.store_as(ConversationState).results)
    briefs = evolved_briefs(sample)
    requests = list(evolve_requests(sample))
    assert len(requests) == len(scenario.periods) - 1
    for period, request in zip(scenario.periods, requests, strict=False):
        cut = replace(scenario, periods=scenario.periods[: period.index + 1])
        answers = [record for record in results if record.period == period.index]
        feedback = period_feedback(cut, period, answers, level)
        assert request == evolution_request(briefs[period.index], period.index, level, feedback)
        for later in scenario.periods[period.index + 1 :]:
            for session in later.sessions:
                assert session.opening not in request and session.time not in request
