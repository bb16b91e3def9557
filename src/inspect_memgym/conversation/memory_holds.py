"""What a conversation memory holds, scored per operation (`scoring.operation_scores`).

The gold points come from the generated user, never from the text: each value a session's
opening message reveals (``Session.exposed``) is a point of its variable, with no subject
(there is one user). The first value revealed is ``primary``; a later, different value of
the same variable is an ``update`` and supersedes it. Time is the session's position; the
importance is one plus the number of questions that depend on the variable. A value is held
by its name (``sound sleeper``) or by one of the catalogue's own sentences revealing it
(its aliases: raw history keeps the user's words, not the name). Every variable's values
form a closed vocabulary, so a memory that keeps a value the user never revealed asserts an
invented value; numbers are not value claims here (they are times and counts). The inputs
are the user's messages (openings and follow-ups). There are no distractor points.

A wrong answer is ``outdated`` when the option it chose fits the user's state of an earlier
period and not the current one; otherwise it keeps its write / read / utilization label
(``failure``, when the task's probes ran). A question a limit cut before the memory pass
answered it gets no label. The memory is the strategy's last snapshot
(`memory.holdings`, one taken after every period and at the end). Beside the per-operation
scores go the update-aware multi-hop figures, ``update_chain_accuracy`` and
``stale_chain_rate`` (`update_chain`), averaged per run by the same metric; an update_chain
question answered with its stale option is ``outdated``, since that option fits the initial
period's state.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from inspect_memgym.conversation.grading import QuestionGrade
from inspect_memgym.conversation.update_chain import UPDATE_CHAIN
from inspect_memgym.conversation.world.catalogue import VARIABLES
from inspect_memgym.conversation.world.model import ConversationScenario, Period
from inspect_memgym.conversation.world.presentation import presented_choices
from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.scoring.memory_points import PRIMARY, UPDATE, MemoryPoint, mark_superseded
from inspect_memgym.scoring.operation_scores import (
    OPERATION_SCORE_KEYS,
    MemoryHolds,
    OperationCounts,
    failure_split,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.operation_scores import (
    update_chain_figures as shared_update_chain_figures,
)
from inspect_memgym.scoring.point_matching import Vocabulary, stated_values

USER_SUBJECT = ""
"""The points are about the one user, whom memory need not name."""
MEMORY_FAILURE = "memory_failure"
"""Key of each question row's memory failure label (None when right or unlabelled)."""


def user_points(scenario: ConversationScenario) -> list[MemoryPoint]:
    """Every value the user revealed, as gold points (``current`` as at the end).

    Args:
        scenario: The generated user.
    """
    weights = Counter(key for question in scenario.questions for key in question.required)
    reveals = value_reveals(scenario)
    versions: dict[str, list[str]] = {}
    points = []
    time = 0
    for period in scenario.periods:
        for session in period.sessions:
            for key, value in session.exposed.items():
                seen = versions.setdefault(key, [])
                if seen and seen[-1] == value:
                    continue
                points.append(
                    MemoryPoint(
                        point_id=f"{key}/v{len(seen)}",
                        subject=USER_SUBJECT,
                        attribute=key,
                        value=value,
                        phrases=(value,),
                        aliases=reveals.get(key, {}).get(value, ()),
                        version=len(seen),
                        time=time,
                        importance=1.0 + weights[key],
                        kind=UPDATE if seen else PRIMARY,
                    )
                )
                seen.append(value)
            time += 1
    return mark_superseded(points)


def value_reveals(scenario: ConversationScenario) -> dict[str, dict[str, tuple[str, ...]]]:
    """The catalogue's own sentences revealing each value (none for a released user's).

    Args:
        scenario: The user.

    Returns:
        Variable key -> value -> its reveal sentences (end punctuation dropped).
    """
    reveals: dict[str, dict[str, tuple[str, ...]]] = {}
    for variable in scenario.variables:
        if variable.key not in VARIABLES:
            continue
        reveals[variable.key] = {
            spec.name: tuple(sentence.rstrip(".!? ") for sentence in spec.reveals)
            for spec in VARIABLES[variable.key].values
        }
    return reveals


def value_vocabulary(scenario: ConversationScenario) -> Vocabulary:
    """Variable key -> each value -> its name and its reveal sentences (what asserts it).

    Args:
        scenario: The user.
    """
    reveals = value_reveals(scenario)
    return {
        variable.key: {
            value: (value, *reveals.get(variable.key, {}).get(value, ()))
            for value in variable.values
        }
        for variable in scenario.variables
    }


def user_messages(scenario: ConversationScenario) -> list[str]:
    """Every message the scripted user sends: each session's opening and follow-ups.

    Args:
        scenario: The generated user.
    """
    return [
        message
        for period in scenario.periods
        for session in period.sessions
        for message in (session.opening, *session.follow_ups)
    ]


def labelled_questions(
    scenario: ConversationScenario,
    rows: Sequence[QuestionGrade],
    unanswered: Collection[tuple[int, str]] = (),
) -> list[QuestionGrade]:
    """Each graded question with its `MEMORY_FAILURE` label.

    Args:
        scenario: The generated user.
        rows: One graded question per (period, question).
        unanswered: The (period, question id) the memory pass never answered
            (`grading.Grading.unanswered`): no label.
    """
    periods = {period.index: period for period in scenario.periods}
    return [
        replace(
            row,
            memory_failure=memory_failure(
                row.correct,
                row.failure,
                chose_outdated_option(scenario, periods[row.period], row.qid, row.choice),
                reached=(row.period, row.qid) not in unanswered,
            ),
        )
        for row in rows
    ]


def memory_holds(
    scenario: ConversationScenario, rows: Sequence[QuestionGrade], holdings: MemoryHoldings
) -> tuple[dict[str, float | None], MemoryHolds]:
    """The per-operation scores and the snapshots of one sample.

    Args:
        scenario: The generated user.
        rows: One graded question per (period, question), labelled (`labelled_questions`).
        holdings: The sample's snapshots.

    Returns:
        The scores (None where undefined), and the snapshots with the counts.
    """
    split = failure_split((row.memory_failure for row in rows), len(rows))
    snapshot = holdings.latest()
    scores: dict[str, float] = dict.fromkeys(OPERATION_SCORE_KEYS, math.nan)
    counts: OperationCounts | None = None
    if snapshot is not None:
        measured = measure_operations(
            user_points(scenario),
            snapshot.items,
            stated_values(user_messages(scenario)),
            value_vocabulary(scenario),
            number_claims=False,
        )
        scores, counts = measured.scores, measured.counts
    chains = update_chain_figures(rows)
    figures = {key: _json_number(value) for key, value in {**scores, **split, **chains}.items()}
    return figures, MemoryHolds(holdings.stages, counts)


def update_chain_figures(rows: Sequence[QuestionGrade]) -> dict[str, float]:
    """The sample's accuracy on update_chain questions and its share of stale answers.

    Args:
        rows: The graded questions.

    Returns:
        `scoring.operation_scores.UPDATE_CHAIN_KEYS` to their shares, both NaN when no row
        is update_chain.
    """
    chains = [row for row in rows if row.kind == UPDATE_CHAIN]
    return shared_update_chain_figures([(row.correct, row.choice == row.stale) for row in chains])


def _json_number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def chose_outdated_option(
    scenario: ConversationScenario, period: Period, qid: str, choice: int | None
) -> bool:
    """Whether a chosen option fits an earlier period's state and not the current one.

    Args:
        scenario: The generated user.
        period: The question's period.
        qid: The question's id.
        choice: The chosen option's number (1-based; None when unparsed).
    """
    if choice is None:
        return False
    question = next(item for item in scenario.questions if item.qid == qid)
    shown = presented_choices(scenario, question, period)
    if not 1 <= choice <= len(shown):
        return False
    chosen = shown[choice - 1].state
    current = _required_state(question.required, period.state)
    earlier = [
        _required_state(question.required, before.state)
        for before in scenario.periods
        if before.index < period.index
    ]
    return chosen != current and chosen in earlier


def _required_state(required: Sequence[str], state: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(state[key] for key in required)
