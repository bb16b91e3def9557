import json
from dataclasses import replace as replaced

import pytest

from inspect_memgym.conversation.grading import (
    HEADLINE,
    NO_MEMORY_KIND,
    SCORE_KEYS,
    UPPER_BOUND_FLAG,
    ConversationAnswer,
    grade_conversation,
)
from inspect_memgym.conversation.normalisation import MEMORY_SCORE_RANGE, MIN_HEADROOM
from inspect_memgym.conversation.world.model import ConversationScenario
from inspect_memgym.conversation.world.presentation import (
    gold_number,
    presented_choices,
    presented_values,
)
from inspect_memgym.conversation.world.probes import probed_variables
from inspect_memgym.scoring.multiple_choice import parse_choice

from .tiny_user import tiny_user


def answer(number: int) -> str:
    return json.dumps({"answer": number})


def gold_of(scenario: ConversationScenario, period_index: int, qid: str) -> int:
    """The number the gold option is shown under in that period."""
    question = next(q for q in scenario.questions if q.qid == qid)
    period = scenario.periods[period_index]
    shown = presented_choices(scenario, question, period)
    return gold_number(shown, question.gold_choice(period.state))


def perfect_results(scenario: ConversationScenario) -> list[ConversationAnswer]:
    """Every question, probe and upper bound answered right (and right with no memory)."""
    results: list[ConversationAnswer] = []
    for period in scenario.periods:
        for question in scenario.questions:
            gold = gold_of(scenario, period.index, question.qid)
            shown = len(presented_choices(scenario, question, period))
            for kind in ("question", "upper_bound", NO_MEMORY_KIND):
                results.append(
                    ConversationAnswer(kind, period.index, question.qid, answer(gold), shown)
                )
        for variable in probed_variables(scenario):
            values = presented_values(scenario, variable, period.index)
            number = values.index(period.state[variable.key]) + 1
            results.append(
                ConversationAnswer("probe", period.index, variable.key, answer(number), len(values))
            )
    return results


def replace(results, kind, period, item, raw):
    return [
        replaced(r, raw=raw) if (r.kind, r.period, r.item) == (kind, period, item) else r
        for r in results
    ]


def wrong_choice(scenario, period_index, qid):
    gold = gold_of(scenario, period_index, qid)
    return answer(1 if gold != 1 else 2)


def wrong_probe(scenario, period_index, key):
    variable = scenario.variable(key)
    values = presented_values(scenario, variable, period_index)
    right = values.index(scenario.periods[period_index].state[key]) + 1
    return answer(1 if right != 1 else 2)


class TestParseChoice:
    @pytest.mark.parametrize(
        ("text", "expected"),
        [
            ('{"answer": 2}', 2),
            ('```json\n{"answer": 3}\n```', 3),
            ('Sure. {"answer": "4"}', 4),
            ('{"answer": 1} then {"answer": 2}', 2),
            ('{"answer": 9}', None),
            ('{"answer": 0}', None),
            ('{"answer": true}', None),
            ('{"answer": 2.5}', None),
            ("2", None),
            ("I think option 2.", None),
            ("", None),
            ('{"choice": 2}', None),
            ("{not json}", None),
        ],
    )
    def test_cases(self, text, expected):
        assert parse_choice(text, 4) == expected


class TestGrading:
    def test_all_right(self):
        scenario = tiny_user()
        grading = grade_conversation(scenario, perfect_results(scenario))
        assert list(grading.value) == list(SCORE_KEYS)
        assert grading.value[HEADLINE] == pytest.approx(1.0)
        assert grading.value["accuracy"] == 1.0
        assert grading.value["upper_bound"] == 1.0
        assert grading.value[UPPER_BOUND_FLAG] == 0.0
        assert grading.value["memory_score"] == pytest.approx(1.0)
        assert grading.value["no_memory"] == pytest.approx(1.0)
        assert grading.value["memory_delta"] == pytest.approx(0.0)
        assert grading.value["parse_failure"] == 0.0
        for key in ("write_failure", "read_failure", "utilization_failure"):
            assert grading.value[key] == 0.0
        # random = mean of 1/4 and 1/5 (the tiny user shows its whole pool)
        assert grading.value["random"] == pytest.approx((1 / 4 + 1 / 5) / 2)

    def test_utilization_failure_when_every_variable_recalled(self):
        scenario = tiny_user()
        results = replace(
            perfect_results(scenario), "question", 1, "q01", wrong_choice(scenario, 1, "q01")
        )
        grading = grade_conversation(scenario, results)
        period = grading.periods[1]
        assert period.accuracy == 0.5
        assert period.utilization_failure == 0.5
        assert period.write_failure == period.read_failure == 0.0

    def test_read_failure_when_recalled_right_after_writing(self):
        scenario = tiny_user()
        # budget was revealed in period 0 and probed right then; wrong at period 2.
        results = perfect_results(scenario)
        results = replace(results, "question", 2, "q01", wrong_choice(scenario, 2, "q01"))
        results = replace(results, "probe", 2, "budget", wrong_probe(scenario, 2, "budget"))
        grading = grade_conversation(scenario, results)
        assert grading.periods[2].read_failure == 0.5
        assert grading.periods[2].write_failure == 0.0
        row = next(r for r in grading.questions if r.period == 2 and r.qid == "q01")
        assert row.failure == "read_failure"

    def test_write_failure_when_probe_failed_right_after_reveal(self):
        scenario = tiny_user()
        # diet last revealed in period 1; the period-1 probe failed too.
        results = perfect_results(scenario)
        results = replace(results, "probe", 1, "diet", wrong_probe(scenario, 1, "diet"))
        results = replace(results, "probe", 2, "diet", wrong_probe(scenario, 2, "diet"))
        results = replace(results, "question", 2, "q01", wrong_choice(scenario, 2, "q01"))
        grading = grade_conversation(scenario, results)
        assert grading.periods[2].write_failure == 0.5
        assert grading.periods[2].read_failure == 0.0

    def test_diagnostics_add_up_every_period(self):
        scenario = tiny_user()
        results = perfect_results(scenario)
        for period in range(3):
            results = replace(results, "question", period, "q02", "no idea")
            results = replace(
                results, "probe", period, "pace", wrong_probe(scenario, period, "pace")
            )
        results = replace(results, "question", 0, "q01", wrong_choice(scenario, 0, "q01"))
        grading = grade_conversation(scenario, results)
        for index, period in enumerate(grading.periods):
            total = period.write_failure + period.read_failure + period.utilization_failure
            wrong = [row for row in grading.questions if row.period == index and not row.correct]
            assert total == pytest.approx(len(wrong) / len(scenario.questions))

    def test_parse_failures_count_a_blind_guess_and_are_counted(self):
        scenario = tiny_user()
        results = replace(perfect_results(scenario), "question", 0, "q02", "Option 1 for sure")
        grading = grade_conversation(scenario, results)
        [row] = [row for row in grading.questions if row.period == 0 and row.qid == "q02"]
        assert grading.periods[0].parse_failures == 1 and not row.correct
        # AMemGym replaces the reply by a random pick: its expectation, 1/k, counts
        assert grading.periods[0].accuracy == pytest.approx((1 + 1 / row.choices) / 2)
        assert grading.value["parse_failure"] == pytest.approx(1 / 6)

    def test_questions_without_an_answer_were_not_reached_and_score_the_decline(self):
        scenario = tiny_user()
        grading = grade_conversation(scenario, [])
        assert grading.value["not_reached"] == len(scenario.questions) * len(scenario.periods)
        # every pass's missing answer is the decline: no option named, a guess's 1/k
        assert grading.value[HEADLINE] == 0.0 and grading.value["memory_delta"] == 0.0
        assert grading.value["accuracy"] == pytest.approx(grading.value["random"])
        assert grading.value["parse_failure"] == 1.0
        assert grading.value["upper_bound"] == pytest.approx(grading.value["random"])
        assert grading.value["memory_score"] == 0.0
        # no question was asked with memory: none gets a failure label (nor blames memory)
        assert grading.value["write_failure"] == grading.value["read_failure"] == 0.0
        assert grading.value["utilization_failure"] == 0.0
        assert all(row.failure is None for row in grading.questions)
        assert grading.unanswered == {(row.period, row.qid) for row in grading.questions}
        assert all(row.not_reached for row in grading.questions)

    def test_headline_is_chance_corrected_accuracy(self):
        scenario = tiny_user()
        results = perfect_results(scenario)
        for period in range(3):
            results = replace(
                results, "question", period, "q02", wrong_choice(scenario, period, "q02")
            )
        grading = grade_conversation(scenario, results)
        random = (1 / 4 + 1 / 5) / 2
        assert grading.value["accuracy"] == 0.5
        assert grading.value[HEADLINE] == pytest.approx((0.5 - random) / (1 - random))

    def test_memory_score_is_floored_clipped_and_flagged(self):
        scenario = tiny_user()
        results = perfect_results(scenario)
        for period in range(3):
            results = replace(results, "upper_bound", period, "q01", "nothing")
            results = replace(results, "upper_bound", period, "q02", "nothing")
        grading = grade_conversation(scenario, results)
        random = (1 / 4 + 1 / 5) / 2
        # upper bound 0 <= random: the denominator is floored, then the score clipped.
        assert (1 - random) / MIN_HEADROOM > MEMORY_SCORE_RANGE[1]
        assert grading.value["memory_score"] == MEMORY_SCORE_RANGE[1]
        assert grading.value[UPPER_BOUND_FLAG] == 1.0

    def test_no_auxiliary_pass_reaches_the_headline(self):
        scenario = tiny_user()
        results = perfect_results(scenario)
        sandbagged = [
            replaced(r, raw="nothing") if r.kind in ("upper_bound", "probe") else r for r in results
        ]
        honest = grade_conversation(scenario, results).value
        gamed = grade_conversation(scenario, sandbagged).value
        for key in (HEADLINE, "accuracy", "no_memory", "memory_delta", "no_memory_accuracy"):
            assert gamed[key] == honest[key], key
        assert gamed["memory_score"] == honest["memory_score"] == 1.0
        assert gamed[UPPER_BOUND_FLAG] == 1.0 and honest[UPPER_BOUND_FLAG] == 0.0

    def test_an_unparsed_no_memory_reply_counts_as_a_guess(self):
        scenario = tiny_user()
        results = [
            replaced(r, raw=answer(1) if r.kind == "question" else "no idea")
            if r.kind in ("question", NO_MEMORY_KIND)
            else r
            for r in perfect_results(scenario)
        ]
        grading = grade_conversation(scenario, results)
        # Sandbagging the no-memory pass cannot push the baseline below chance.
        assert grading.value["no_memory"] == pytest.approx(0.0)
        assert grading.value["no_memory_accuracy"] == pytest.approx((1 / 4 + 1 / 5) / 2)
        assert grading.value["memory_delta"] == pytest.approx(grading.value[HEADLINE])

    def test_guessing_option_one_scores_its_hits(self):
        scenario = tiny_user()
        results = [
            replaced(r, raw=answer(1)) if r.kind == "question" else r
            for r in perfect_results(scenario)
        ]
        grading = grade_conversation(scenario, results)
        expected = [
            sum(gold_of(scenario, p.index, q.qid) == 1 for q in scenario.questions) / 2
            for p in scenario.periods
        ]
        assert [g.accuracy for g in grading.periods] == expected


def test_graded_rows_keep_their_logged_keys_in_order() -> None:
    scenario = tiny_user()
    grading = grade_conversation(scenario, perfect_results(scenario))
    row = grading.questions[0].as_metadata()
    assert list(row) == [
        "period",
        "qid",
        "choice",
        "gold",
        "choices",
        "correct",
        "parse_failure",
        "failure",
        "no_memory_choice",
        "no_memory_correct",
        "kind",
        "stale",
        "memory_failure",
        "not_reached",
    ]
    assert row["correct"] is True and row["choice"] == row["gold"]
