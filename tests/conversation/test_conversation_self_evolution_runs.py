"""Self-evolution curves of the learner over several users (slow: seven evals).

The learner keeps only the kinds of facts its memory brief names; the rewrite widens the
brief from the feedback on the period just ended. With more feedback, later periods
score higher (none < question < complete), and the gain must come from the feedback's
text: scrambled, it is gone; with every answer marked right, complete feedback teaches what
the questions alone do. Runs ask the questions only (the other passes never change memory
or the headline). The one-run checks (determinism, no later period in a request) are in
``test_conversation_self_evolution.py``.
"""

from __future__ import annotations

from statistics import fmean

import pytest

from inspect_memgym.conversation.self_evolution import EvolutionState

from .evolution_runs import (
    LEVELS,
    Run,
    all_marked_right,
    check_requests_hold_no_later_period,
    play,
    scrambled,
)

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    log_dir = str(tmp_path_factory.mktemp("self_evolution"))
    played = {level: play(log_dir, level) for level in LEVELS}
    played["scrambled"] = play(log_dir, "complete", scrambled)
    played["all right"] = play(log_dir, "complete", all_marked_right)
    return played


def test_more_feedback_scores_higher_in_later_periods(runs: dict[str, Run]) -> None:
    none, question, complete = (runs[level] for level in LEVELS)
    assert none.later() < question.later() < complete.later()
    assert complete.later() >= none.later() + 0.1
    for user in none.curves:
        assert fmean(none.curves[user][1:]) <= fmean(complete.curves[user][1:])
    # the first period is played before any rewrite
    for user, curve in none.curves.items():
        assert question.curves[user][0] == complete.curves[user][0] == curve[0]


def test_the_gain_comes_from_the_feedback_text(runs: dict[str, Run]) -> None:
    # Scrambled, the feedback teaches nothing: the brief never changes and every period
    # scores as without evolution. With every answer marked right, complete feedback
    # teaches what the questions alone do.
    assert runs["scrambled"].curves == runs["none"].curves
    assert runs["all right"].curves == runs["question"].curves
    for sample in runs["scrambled"].log.samples or []:
        rewrites = sample.store_as(EvolutionState).rewrites
        assert rewrites and all(rewrite["status"] == "unchanged" for rewrite in rewrites)


def test_each_question_only_request_holds_nothing_of_a_later_period(
    runs: dict[str, Run],
) -> None:
    for sample in runs["question"].log.samples or []:
        check_requests_hold_no_later_period(sample, "question")


def test_on_base_users_every_user_gains_more_from_more_feedback(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    log_dir = str(tmp_path_factory.mktemp("self_evolution_base"))
    base = {"tier": "base", "seeds": [0, 1, 2]}
    none, question, complete = (play(log_dir, level, **base) for level in LEVELS)
    for user in none.curves:
        later = [fmean(run.curves[user][1:]) for run in (none, question, complete)]
        assert later == sorted(later) and later[2] >= later[0] + 0.3, (user, later)
    assert play(log_dir, "question", scrambled, **base).curves == none.curves
