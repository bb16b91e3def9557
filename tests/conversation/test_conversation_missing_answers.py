"""A conversation answer a pass did not give scores exactly what the decline scores.

A limit that cuts the sample leaves the rest of its answers unrecorded. Left out of the
figures (as before: a period with none reached left the means), a model that stalled where
it could not answer chose which questions count. Now every missing answer of an asked pass
is graded as the decline, ``{"answer": "I don't know"}`` (no option named: 1/k), in the
headline, every period and both sides of ``memory_delta`` (`scoring.reached`); only
``not_reached`` tells the two states apart.
"""

from __future__ import annotations

import math
from pathlib import Path

from inspect_ai import eval
from inspect_ai.scorer import Score

from inspect_memgym.conversation.adversary_readers import DECLINE_REPLY
from inspect_memgym.conversation.explanation import conversation_grid
from inspect_memgym.conversation.grading import (
    NO_MEMORY_KIND,
    OFFICIAL_MEMORY_SCORE,
    SCORE_KEYS,
    AskedPasses,
    ConversationAnswer,
    PeriodGrade,
    grade_conversation,
)
from inspect_memgym.conversation.task import conversation
from inspect_memgym.scoring.failure_labels import FAILURE_RATE_KEYS
from inspect_memgym.scoring.reached import NOT_REACHED, NOTHING_REACHED

from .test_conversation_grading import perfect_results
from .tiny_user import tiny_user

NO_ISOLATION = AskedPasses(memory_isolation=False)


def defined(value: dict[str, float]) -> bool:
    """No key NaN but AMemGym's own memory ratio, undefined (as for a decliner) in a period
    whose declined upper bound equals random."""
    return all(
        not math.isnan(number) for key, number in value.items() if key != OFFICIAL_MEMORY_SCORE
    )


def same_figures(
    left: dict[str, float], right: dict[str, float], apart: tuple[str, ...] = ()
) -> bool:
    """Every key but ``not_reached`` (and ``apart``) equal (NaN equal to NaN)."""
    keys = set(SCORE_KEYS) - {NOT_REACHED, *apart}
    return all(
        left[key] == right[key] or (math.isnan(left[key]) and math.isnan(right[key]))
        for key in keys
    )


def failures(grade: PeriodGrade) -> float:
    """The period's share of questions with a failure label."""
    return grade.write_failure + grade.read_failure + grade.utilization_failure


def cut(
    results: list[ConversationAnswer], dropped: set[tuple[str, int]]
) -> list[ConversationAnswer]:
    """The records without the (kind, period) pairs a limit cut."""
    return [record for record in results if (record.kind, record.period) not in dropped]


def declined(
    results: list[ConversationAnswer], dropped: set[tuple[str, int]]
) -> list[ConversationAnswer]:
    """The records with the decline in place of the (kind, period) pairs a limit cut."""
    return [
        ConversationAnswer(record.kind, record.period, record.item, DECLINE_REPLY, record.choices)
        if (record.kind, record.period) in dropped
        else record
        for record in results
    ]


def period_cut(period: int) -> set[tuple[str, int]]:
    """Every pass of one period."""
    return {(kind, period) for kind in ("question", NO_MEMORY_KIND, "probe", "upper_bound")}


def test_a_cut_last_period_scores_its_declines() -> None:
    scenario = tiny_user()
    results = perfect_results(scenario)
    dropped = period_cut(2)
    missing = grade_conversation(scenario, cut(results, dropped))
    decline = grade_conversation(scenario, declined(results, dropped))
    assert missing.value[NOT_REACHED] == len(scenario.questions)  # two questions
    assert decline.value[NOT_REACHED] == 0.0
    assert same_figures(missing.value, decline.value, FAILURE_RATE_KEYS)
    # the cut questions were never asked with memory: no failure label, unlike the declines
    assert failures(missing.periods[2]) == 0.0 and failures(decline.periods[2]) == 1.0
    assert all(row.failure is None for row in missing.questions if row.period == 2)
    assert [failures(grade) for grade in missing.periods[:2]] == [
        failures(grade) for grade in decline.periods[:2]
    ]
    assert len(missing.periods) == 3  # the cut period is not left out of the means
    assert missing.periods[2].chance_corrected_accuracy == 0.0  # 1/k each: chance
    assert missing.value["accuracy"] < 1.0
    assert [row.not_reached for row in missing.questions if row.period == 2] == [True, True]
    assert not any(row.not_reached for row in missing.questions if row.period < 2)
    assert not any(row.not_reached for row in decline.questions)
    assert "–" in conversation_grid(missing.questions)
    assert defined(missing.value)


def test_a_cut_in_the_no_memory_pass_only_scores_its_decline_there() -> None:
    scenario = tiny_user()
    results = perfect_results(scenario)
    dropped = {(NO_MEMORY_KIND, 1), (NO_MEMORY_KIND, 2), ("probe", 2), ("upper_bound", 2)}
    missing = grade_conversation(scenario, cut(results, dropped))
    decline = grade_conversation(scenario, declined(results, dropped))
    assert missing.value[NOT_REACHED] == 2 * len(scenario.questions)  # in either pass
    assert same_figures(missing.value, decline.value)  # failure labels too: memory answered
    assert missing.value["accuracy"] == 1.0  # every memory answer given and right
    # the no-memory declines count a guess's 1/k: memory's gain over them in two periods
    assert missing.value["memory_delta"] == 2 / 3
    assert missing.value["memory_delta"] > 0.0
    assert missing.isolation["questions_in_delta"] == len(scenario.questions) * len(
        scenario.periods
    )
    assert missing.isolation["not_answered"] == 0


def test_a_sample_that_reached_nothing_scores_every_decline() -> None:
    scenario = tiny_user()
    results = perfect_results(scenario)
    everything = {key for period in range(3) for key in period_cut(period)}
    missing = grade_conversation(scenario, [])
    decline = grade_conversation(scenario, declined(results, everything))
    assert missing.value[NOT_REACHED] == len(scenario.questions) * len(scenario.periods)
    assert same_figures(missing.value, decline.value, FAILURE_RATE_KEYS)
    assert all(missing.value[key] == 0.0 for key in FAILURE_RATE_KEYS)
    assert missing.value["chance_corrected_accuracy"] == 0.0
    assert missing.value["memory_delta"] == 0.0
    assert defined(missing.value)


def test_without_isolation_the_no_memory_side_stays_nan() -> None:
    scenario = tiny_user()
    results = [record for record in perfect_results(scenario) if record.kind != NO_MEMORY_KIND]
    dropped = period_cut(1)
    missing = grade_conversation(scenario, cut(results, dropped), NO_ISOLATION)
    decline = grade_conversation(scenario, declined(results, dropped), NO_ISOLATION)
    assert missing.value[NOT_REACHED] == len(scenario.questions)  # the memory pass's only
    assert same_figures(missing.value, decline.value, FAILURE_RATE_KEYS)
    assert failures(missing.periods[1]) == 0.0
    assert math.isnan(missing.value["no_memory"]) and math.isnan(missing.value["memory_delta"])
    assert not math.isnan(missing.value["chance_corrected_accuracy"])


def scored(tmp_path: Path, model: str, **limits: int) -> Score:
    [log] = eval(
        conversation(tier="small", seed=0),
        model=model,
        display="none",
        log_dir=str(tmp_path / model.replace("/", "-")),
        **limits,
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.scores is not None
    return sample.scores["conversation_scorer"]


def test_a_run_cut_before_its_first_answer_scores_as_the_decliner(tmp_path: Path) -> None:
    """End to end: a message limit stops perfect at once; its score is the decliner's."""
    cut = scored(tmp_path, "memgym/perfect", message_limit=1)
    decliner = scored(tmp_path, "memgym/decliner")
    assert isinstance(cut.value, dict) and isinstance(decliner.value, dict)
    stalled = {str(key): float(number) for key, number in cut.value.items()}
    declined = {str(key): float(number) for key, number in decliner.value.items()}
    assert stalled[NOT_REACHED] == 12.0 and declined[NOT_REACHED] == 0.0
    assert same_figures(stalled, declined, FAILURE_RATE_KEYS)
    assert all(stalled[key] == 0.0 for key in FAILURE_RATE_KEYS)  # no question asked
    assert defined(stalled)
    assert str(cut.explanation).startswith(NOTHING_REACHED)
    assert cut.metadata is not None
    assert all(row["not_reached"] for row in cut.metadata["questions"])
