"""The paired delta against an ``agent=none`` run, bought by sandbagging that run.

``inspect-memgym leaderboard --baseline none`` and ``compare --baseline none`` publish
"Δ vs none (paired)": per sample, a strategy run's headline minus the headline of the same
model's ``agent=none`` run (`analysis.paired`). Unlike ``memory_delta``, nothing floors
the baseline: its figure is the ``none`` run's headline as graded. A model can tell that run
(its memory section is empty and no history is shown, visible by design) and reply there
without a valid option, which conversation's headline scores as a wrong pick,
``-1/(k-1)`` on its chance-corrected scale (the README's ``no_memory_sandbagger/none``
row: -0.333). A model that picks blindly in the strategy run and declines in the ``none``
run then shows a paired delta of about +0.333 while never using memory; measured with
six small-tier samples under native: +0.333 [+0.22, +0.48], against +0.000 for the same
blind picker in both runs, and an in-run ``memory_delta`` of +0.000 in every run.
LongMemEval (the ``_abs`` questions stay in the headline: answering them in the ``none``
run and declining in the other bought +0.167 on six invented users) and LoCoMo (a
question-only prior, see `test_locomo_question_prior`) give the same gap.

This test plays that model on conversation (two samples: +0.222) and bounds the paired
delta as the validity suites bound every adversary's ``memory_delta``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.analysis.paired import paired_deltas
from inspect_memgym.conversation import BENCHMARK_NAME
from inspect_memgym.conversation.task import conversation
from inspect_memgym.simulation.policy_registry import (
    PolicyTurn,
    benchmark_policies,
    register_policies,
)
from inspect_memgym.strategies.call_context import current_call_context

DELTA_BOUND = 0.05
"""What the validity suites allow any adversary on ``memory_delta``."""
EMPTY_AWARE = "empty_run_decliner"
"""Declines (no valid option) in an ``agent=none`` run, picks blindly in any other."""
NO_MEMORY_STRATEGY = "none"
DECLINER = "abstainer"
BLIND_PICKER = "guesser"
TASK_ARGUMENTS = {"tier": "small", "seeds": 2}


@pytest.fixture
def empty_aware_policy() -> Iterator[None]:
    """The policy registered beside conversation's own, for this test only.

    It tells the ``none`` run by the strategy playing it, as a model tells it by the empty
    memory section and the missing history.
    """
    conversation(**TASK_ARGUMENTS, agent=NO_MEMORY_STRATEGY)  # registers the policies
    original = benchmark_policies(BENCHMARK_NAME)

    def play(policy: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
        if policy != EMPTY_AWARE:
            return original.play(policy, messages, tools)
        empty_run = current_call_context().strategy == NO_MEMORY_STRATEGY
        return original.play(DECLINER if empty_run else BLIND_PICKER, messages, tools)

    register_policies(BENCHMARK_NAME, (*original.names, EMPTY_AWARE), play)
    try:
        yield
    finally:
        register_policies(BENCHMARK_NAME, original.names, original.play)


@pytest.mark.usefixtures("empty_aware_policy")
def test_declining_only_in_the_none_run_buys_no_paired_delta(tmp_path: Path) -> None:
    log_dir = tmp_path / "logs"
    for agent in (NO_MEMORY_STRATEGY, "native"):
        [log] = eval(
            conversation(**TASK_ARGUMENTS, agent=agent),
            model=f"memgym/{EMPTY_AWARE}",
            display="none",
            log_dir=str(log_dir),
        )
        assert log.status == "success", log.error
    board = load_leaderboard([str(log_dir)])
    [delta] = paired_deltas(board, NO_MEMORY_STRATEGY)
    assert delta.strategy == "native" and delta.pairs == TASK_ARGUMENTS["seeds"]
    # Neither run reads memory: the strategy run's blind picks average chance.
    assert abs(delta.strategy_mean) <= 0.2
    # Replying without an option where memory is empty must not become a memory delta.
    assert delta.delta.mean <= DELTA_BOUND
