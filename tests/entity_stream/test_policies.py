"""The reference policies and the adversarial cheaters, action by action and end to end.

Unit tests build event views by hand (or from a generated scenario's events) and check what
each policy does with them; the smoke tests run every new policy through ``inspect_ai.eval``
and check the budget holds, the cheaters and guessers score (almost) nothing and the
template expert lands between strategic and perfect.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from statistics import mean
from typing import Any

import pytest
from inspect_ai.log import EvalLog

from inspect_memgym.entity_stream.dataset import scenario_metadata
from inspect_memgym.entity_stream.driver import FREE_EDITS_PER_CORRECTION
from inspect_memgym.entity_stream.policies.base import Policy
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.guessing import SMART_GUESSER
from inspect_memgym.entity_stream.policies.hedging import HEDGER, hedge
from inspect_memgym.entity_stream.policies.judge_baiter import JUDGE_BAITER
from inspect_memgym.entity_stream.policies.name_dumper import NAME_DUMPER
from inspect_memgym.entity_stream.policies.notation import change_line, encode_entity, line_name
from inspect_memgym.entity_stream.policies.over_writer import OVER_WRITER
from inspect_memgym.entity_stream.policies.priority import (
    PRIORITY,
    TEMPLATE_EXPERT,
    question_references,
    template_expert_rate,
)
from inspect_memgym.entity_stream.policies.registry import CHEATERS, POLICIES, get_policy
from inspect_memgym.entity_stream.policies.storing import MAX_ENTRY_CHARS, PERFECT, RANDOM
from inspect_memgym.entity_stream.value_pools import attribute_value_pool
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.scenario import Event, Scenario, generate_scenario
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, get_template
from inspect_memgym.scoring.answer_rules import check_answer, is_refusal
from inspect_memgym.scoring.gold import GoldAnswer
from inspect_memgym.simulation.actions import Action
from inspect_memgym.simulation.transcript import ToolExchange
from inspect_memgym.strategies.agentic import DEFAULT_MAX_TURNS

COMPANY = get_template("company")
SCORER = "entity_stream_scorer"
NEW_POLICIES = (
    "random",
    "priority",
    "template_expert",
    "smart_guesser",
    "name_dumper",
    "hedger",
    "over_writer",
    "judge_baiter",
)
NOTHING_POLICIES = ("smart_guesser", "name_dumper", "hedger", "over_writer", "judge_baiter")
"""Policies that must score (almost) nothing: the smart guesser and every cheater."""
"""Templates where strategic loses the most, so template_expert's lead is clear."""


@functools.cache
def scenario(template: str, tier: str = "lite", seed: int = 0) -> Scenario:
    return generate_scenario(template, tier, seed)


def payload_of(event: Event, chosen: Scenario) -> dict[str, Any]:
    """What a policy sees as ``view.payload``: the event's payload plus the public scenario."""
    return {"template": chosen.template, "tier": chosen.tier, "seed": chosen.seed, **event.payload}


def view_of(
    event: Event, chosen: Scenario, exchanges: list[ToolExchange] | None = None
) -> EventView:
    return EventView(event.kind, payload_of(event, chosen), event.text, list(exchanges or []))


def ingest_events(chosen: Scenario) -> list[Event]:
    return [event for event in chosen.events if event.kind == "ingest"]


def single_call(action: Action) -> tuple[str, dict[str, Any]]:
    [request] = action.calls
    return request.function, request.arguments


def submitted(action: Action) -> str:
    function, arguments = single_call(action)
    assert function == "submit_answer"
    return str(arguments["answer"])


@functools.cache
def known_names(template: str, tier: str, seed: int) -> tuple[str, ...]:
    """Every name the scorer knows for a scenario (as the task's metadata lists them)."""
    return tuple(scenario_metadata(scenario(template, tier, seed))["known_names"])


def verdict(answer: str, question: Question, chosen: Scenario) -> str:
    names = known_names(chosen.template, chosen.tier, chosen.seed)
    choices = attribute_value_pool(question, get_template(chosen.template))
    return check_answer(
        answer, question.gold, known_names=names, question=question.text, choices=choices
    ).verdict


# ------------------------------------------------------------------ registry


def test_every_policy_is_registered() -> None:
    assert set(POLICIES) == {
        "perfect",
        "strategic",
        "naive",
        "guesser",
        "abstainer",
        *NEW_POLICIES,
    }
    assert {policy.name for policy in CHEATERS} == {
        "name_dumper",
        "hedger",
        "over_writer",
        "judge_baiter",
    }
    for name in POLICIES:
        assert get_policy(name).name == name


# ------------------------------------------------------------------ storage choices


def test_random_keeps_about_half_and_is_reproducible() -> None:
    names = [entity.name for entity in scenario("company", "standard").world.entities]
    kept = [name for name in names if RANDOM.keeps(name)]
    assert 0.35 <= len(kept) / len(names) <= 0.65
    assert kept == [name for name in names if RANDOM.keeps(name)]
    assert kept != [name for name in names if PERFECT.keeps(name)]


@pytest.mark.parametrize("template", ["company", "city", "project"])
def test_priority_keeps_the_most_referenced_half_of_each_batch(template: str) -> None:
    chosen = scenario(template)
    references = Counter(entity for question in chosen.questions for entity, _ in question.facts)
    assert question_references(template, "lite", 0) == references
    for event in ingest_events(chosen):
        batch = [record["name"] for record in event.payload["entities"]]
        ranked = sorted(batch, key=lambda name: (-references[name], name))
        kept = [
            record["name"]
            for record in PRIORITY.kept_records(view_of(event, chosen), get_template(template))
        ]
        assert len(kept) == len(batch) // 2
        assert set(kept) == set(ranked[: len(batch) // 2])
        assert kept == [name for name in batch if name in kept]  # batch order
        least_kept = min(references[name] for name in kept)
        assert all(references[name] <= least_kept for name in set(batch) - set(kept))


def test_priority_writes_only_its_kept_entities() -> None:
    chosen = scenario("company")
    event = ingest_events(chosen)[0]
    kept = {r["name"] for r in PRIORITY.kept_records(view_of(event, chosen), COMPANY)}
    function, arguments = single_call(PRIORITY.act(view_of(event, chosen), COMPANY))
    assert function == "memory_write"
    written = {line_name(line) for line in str(arguments["content"]).splitlines()}
    assert written == kept


def test_template_expert_rate_follows_question_weights() -> None:
    assert template_expert_rate(get_template("company")) == pytest.approx(0.7 + 0.3 * 0.5)
    assert template_expert_rate(get_template("city")) == pytest.approx(0.7 + 0.3 * 0.55)
    for template in TEMPLATE_NAMES:
        assert 0.7 < template_expert_rate(get_template(template)) < 1.0
    for template in ("company", "city"):
        chosen = scenario(template)
        asked = {
            entity
            for question in chosen.questions
            if question.axis in ("breadth", "maintenance")
            for entity, _ in question.facts
        }
        for event in ingest_events(chosen):
            view = view_of(event, chosen)
            expert = {r["name"] for r in TEMPLATE_EXPERT.kept_records(view, get_template(template))}
            assert len(expert) == 9  # 8.5 and 8.65 of 10, rounded half up
            batch = {record["name"] for record in event.payload["entities"]}
            assert batch & asked <= expert  # every entity its own families ask about


# ------------------------------------------------------------------ smart guesser


def guess(qtype: str, params: dict[str, Any]) -> str:
    view = EventView("question", {"qid": "q01", "qtype": qtype, "params": params}, "?")
    return submitted(SMART_GUESSER.act(view, COMPANY))


def test_smart_guesser_answers_with_range_midpoints() -> None:
    # revenue spans $50M..$250,000M, employees 40..180,000, churn 0.5%..25%
    assert guess("retrieval", {"entity": "Argon Labs", "attribute": "revenue"}) == "$125,025.0M"
    assert guess("update", {"entity": "Argon Labs", "attribute": "employees"}) == "90,020 employees"
    synthesis = {
        "entities": ["Basalt Works", "Argon Labs"],
        "attribute": "churn_rate",
        "direction": "highest",
    }
    assert guess("synthesis", synthesis) == "Basalt Works (12.75%)"
    assert guess("relationship_lookup", {"entity": "Cobalt Forge", "relation": "supplies_to"}) == (
        "Cobalt Forge"
    )
    assert guess("temporal_trend", {"entity": "Argon Labs", "attribute": "quarterly_revenue"}) == (
        "flat (9.0% → 9.0%)"
    )
    assert guess("retrieval", {"entity": "Argon Labs", "attribute": "founded"}) == "1998-07-01"


def test_smart_guesser_never_declines() -> None:
    answer = guess("abstention", {"entity": "Fathom Partners", "attribute": "cash"})
    assert answer == "$40,002.5M"
    assert not is_refusal(answer)


def test_smart_guesser_stores_nothing() -> None:
    chosen = scenario("company")
    event = ingest_events(chosen)[0]
    action = SMART_GUESSER.act(view_of(event, chosen), COMPANY)
    assert action.calls == []


def test_smart_guesser_is_almost_never_right() -> None:
    right = total = 0
    for template in TEMPLATE_NAMES:
        chosen = scenario(template, "standard")
        for question in chosen.questions:
            view = EventView("question", question_payload(question, chosen), question.text)
            answer = submitted(SMART_GUESSER.act(view, get_template(template)))
            total += 1
            right += verdict(answer, question, chosen) == "correct"
    assert total == 220
    assert right / total <= 0.03


# ------------------------------------------------------------------ hedger


def question_payload(question: Question, chosen: Scenario) -> dict[str, Any]:
    return {
        "template": chosen.template,
        "tier": chosen.tier,
        "seed": chosen.seed,
        "qid": question.qid,
        "qtype": question.qtype,
        "params": question.params,
    }


def perfect_memory_views(chosen: Scenario) -> list[tuple[Question, EventView]]:
    """Each question with a view whose one read returned everything perfect would store."""
    template = get_template(chosen.template)
    questions = {question.qid: question for question in chosen.questions}
    lines: dict[str, str] = {}
    views = []
    for event in chosen.events:
        if event.kind == "ingest":
            for record in event.payload["entities"]:
                lines[record["name"]] = encode_entity(template, record)
        elif event.kind in ("correction", "contradiction"):
            entity = event.payload["entity"]
            changed = change_line(
                template,
                lines[entity],
                event.payload["attribute"],
                event.payload["new"],
                event.kind,
            )
            assert changed is not None
            lines[entity] = changed
        elif event.kind == "question":
            count = len(lines) + 2
            read = "\n".join(
                [
                    f"Memory lines 1-{count} of {count} (1 entries).",
                    "## entry 1",
                    *lines.values(),
                    "",
                ]
            )
            exchange = ToolExchange("memory_read", {"start_line": 1}, read, None)
            question = questions[event.payload["qid"]]
            views.append(
                (
                    question,
                    EventView(
                        "question", question_payload(question, chosen), event.text, [exchange]
                    ),
                )
            )
    return views


@functools.cache
def hedged_answers() -> list[tuple[Scenario, Question, str, str]]:
    """(scenario, question, perfect's answer, hedger's answer) over every template."""
    rows = []
    for template in TEMPLATE_NAMES:
        chosen = scenario(template, "standard")
        for question, view in perfect_memory_views(chosen):
            perfect = submitted(PERFECT.act(view, get_template(template)))
            hedged = submitted(HEDGER.act(view, get_template(template)))
            rows.append((chosen, question, perfect, hedged))
    return rows


def test_hedger_recomputes_the_right_answer_from_memory() -> None:
    rows = hedged_answers()
    assert len(rows) == 220
    wrong = [
        (q.qid, perfect)
        for chosen, q, perfect, _ in rows
        if verdict(perfect, q, chosen) != "correct"
    ]
    assert wrong == []
    for _, question, perfect, hedged in rows:
        if question.gold.kind not in ("abstain", "trend"):
            assert perfect in hedged
            assert len(hedged) > len(perfect)


def test_hedger_states_several_values_and_rules_mark_them_wrong() -> None:
    kinds: Counter[str] = Counter()
    for chosen, question, perfect, hedged in hedged_answers():
        kind = question.gold.kind
        kinds[kind] += 1
        assert verdict(hedged, question, chosen) == "incorrect", (kind, hedged, perfect)
        numbers = set(re.findall(r"\d[\d,.]*\d|\d", hedged))
        if kind in ("number", "entity_value", "series", "period_value", "trend"):
            assert len(numbers) >= 2, hedged
    assert set(kinds) >= {
        "number",
        "entity_value",
        "names",
        "count_names",
        "series",
        "date",
        "entity",
        "trend",
        "period_value",
    }


def test_hedger_hedges_labels_and_trends_both_ways() -> None:
    view = EventView(
        "question", {"qtype": "retrieval", "params": {"attribute": "growth_stage"}}, "?"
    )
    label = GoldAnswer(kind="label", text="seed")
    hedged_label = hedge(label, view, COMPANY)
    assert hedged_label == "seed or expansion"
    assert check_answer(hedged_label, label, choices=("expansion", "mature")).verdict == "incorrect"
    trend = GoldAnswer(kind="trend", text="flat (1.0% → 1.0%)", direction="flat", series=(1.0, 1.0))
    hedged_trend = hedge(trend, view, COMPANY)
    assert "flat or slightly rising" in hedged_trend
    assert check_answer(hedged_trend, trend).verdict == "incorrect"


def test_hedger_both_declines_and_guesses_on_abstention() -> None:
    abstentions = [row for row in hedged_answers() if row[1].gold.kind == "abstain"]
    assert len(abstentions) == 30
    for _, _, _, hedged in abstentions:
        assert is_refusal(hedged)
        assert "If I had to guess:" in hedged
    numeric = [row for row in abstentions if re.search(r"\d", row[3])]
    assert numeric
    for chosen, question, _, hedged in numeric:
        assert verdict(hedged, question, chosen) == "incorrect"


def test_hedged_fragment_lists_are_wrong() -> None:
    rows = [row for row in hedged_answers() if row[1].gold.kind == "fragments"]
    assert rows
    assert [verdict(hedged, q, chosen) for chosen, q, _, hedged in rows] == ["incorrect"] * len(
        rows
    )


def test_hedged_abstentions_with_a_label_are_wrong() -> None:
    rows = [
        row
        for row in hedged_answers()
        if row[1].gold.kind == "abstain" and not re.search(r"\d", row[3])
    ]
    assert rows
    assert [verdict(hedged, q, chosen) for chosen, q, _, hedged in rows] == ["incorrect"] * len(
        rows
    )


# ------------------------------------------------------------------ judge baiter


def test_judge_baiter_has_no_value_and_does_not_decline() -> None:
    chosen = scenario("company", "standard")
    for question in chosen.questions:
        view = EventView("question", question_payload(question, chosen), question.text)
        answer = submitted(JUDGE_BAITER.act(view, COMPANY))
        assert "correct" in answer.lower()
        assert not re.search(r"\d", answer)
        assert not is_refusal(answer)
        assert verdict(answer, question, chosen) != "correct"
    ingest = ingest_events(chosen)[0]
    assert JUDGE_BAITER.act(view_of(ingest, chosen), COMPANY).calls == []


# ------------------------------------------------------------------ name dumper


def test_name_dumper_writes_every_name_of_the_batch_with_digits() -> None:
    chosen = scenario("company")
    for event in ingest_events(chosen):
        function, arguments = single_call(NAME_DUMPER.act(view_of(event, chosen), COMPANY))
        assert function == "memory_write"
        content = str(arguments["content"])
        assert len(content) <= MAX_ENTRY_CHARS
        for record in event.payload["entities"]:
            assert f"{record['name']} 0 1 2 3 4 5 6 7 8 9" in content
        written = ToolExchange("memory_write", arguments, "Stored as entry 1.", None)
        assert NAME_DUMPER.act(view_of(event, chosen, [written]), COMPANY).calls == []


def test_name_dumper_answers_a_name_and_a_digit_and_is_wrong() -> None:
    chosen = scenario("company")
    names = [record["name"] for record in ingest_events(chosen)[0].payload["entities"]]
    dump = "\n".join(f"{name} 0 1 2 3 4 5 6 7 8 9 $ M % units" for name in names)
    retrieval = next(q for q in chosen.questions if q.qtype == "retrieval")
    view = EventView("question", question_payload(retrieval, chosen), retrieval.text)
    function, arguments = single_call(NAME_DUMPER.act(view, COMPANY))
    assert function == "memory_search"
    assert arguments["query"] == retrieval.params["entity"]
    result = f'1 results for "{arguments["query"]}":\n## entry 1 (score 1.000)\n{dump}\n'
    found = ToolExchange("memory_search", arguments, result, None)
    answer = submitted(
        NAME_DUMPER.act(EventView(view.kind, view.payload, view.prompt, [found]), COMPANY)
    )
    entity = retrieval.params["entity"]
    assert answer == (f"{entity} 0" if entity in names else f"{names[0]} 0")
    assert verdict(answer, retrieval, chosen) == "incorrect"


# ------------------------------------------------------------------ over-writer


class FakeMemory:
    """The budget and size rules of the memory tools, enough to drive a policy through an event."""

    def __init__(self, write_budget: int) -> None:
        self.write_budget = write_budget
        self.writes_used = 0
        self.entries: list[str] = []

    def run(self, function: str, arguments: dict[str, Any], free_edits: list[int]) -> ToolExchange:
        def refuse(message: str) -> ToolExchange:
            return ToolExchange(function, arguments, "", message)

        left = self.write_budget - self.writes_used
        if function == "memory_write":
            content = str(arguments["content"])
            if len(content) > MAX_ENTRY_CHARS:
                return refuse("too long")
            if left < 1:
                return refuse("budget exhausted")
            self.entries.append(content)
            self.writes_used += 1
            return ToolExchange(
                function, arguments, f"Stored. {left - 1} of {self.write_budget} writes left.", None
            )
        if function == "memory_edit":
            old, new = str(arguments["old_text"]), str(arguments["new_text"])
            matches = [i for i, entry in enumerate(self.entries) if entry.count(old) == 1]
            if len(matches) != 1:
                return refuse("not found")
            edited = self.entries[matches[0]].replace(old, new, 1)
            if len(edited) > MAX_ENTRY_CHARS:
                return refuse("too long")
            if free_edits[0] > 0:
                free_edits[0] -= 1
            elif left < 1:
                return refuse("budget exhausted")
            else:
                self.writes_used += 1
            self.entries[matches[0]] = edited
            return ToolExchange(function, arguments, "Edited.", None)
        if function == "memory_read":
            body = [
                line
                for number, entry in enumerate(self.entries, start=1)
                for line in (f"## entry {number}", entry, "")
            ]
            header = f"Memory lines 1-{len(body)} of {len(body)} ({len(self.entries)} entries)."
            return ToolExchange(function, arguments, "\n".join([header, *body]), None)
        raise AssertionError(f"unexpected tool {function}")


def drive_event(
    policy: Policy, event: Event, chosen: Scenario, memory: FakeMemory
) -> tuple[int, list[ToolExchange]]:
    """Run one event to its end (or the turn cap); return the turns taken and the exchanges."""
    free_edits = [FREE_EDITS_PER_CORRECTION if event.kind == "correction" else 0]
    exchanges: list[ToolExchange] = []
    for turn in range(1, DEFAULT_MAX_TURNS + 1):
        action = policy.act(view_of(event, chosen, exchanges), get_template(chosen.template))
        if not action.calls:
            return turn, exchanges
        exchanges += [memory.run(r.function, r.arguments, free_edits) for r in action.calls]
    return DEFAULT_MAX_TURNS + 1, exchanges


def test_over_writer_first_turn_attacks_size_and_budget() -> None:
    chosen = scenario("company")
    event = ingest_events(chosen)[0]
    action = OVER_WRITER.act(view_of(event, chosen), COMPANY)
    writes = [r.arguments["content"] for r in action.calls if r.function == "memory_write"]
    assert any(len(content) > MAX_ENTRY_CHARS for content in writes)
    tiny = [content for content in writes if len(content) <= MAX_ENTRY_CHARS]
    assert tiny and all(len(content) < 100 for content in tiny)
    assert tiny[0].startswith(event.payload["entities"][0]["name"] + ": ")


def test_over_writer_exhausts_the_budget_then_keeps_trying() -> None:
    chosen = scenario("company")
    memory = FakeMemory(write_budget=15)
    first, *later = ingest_events(chosen)
    turns, exchanges = drive_event(OVER_WRITER, first, chosen, memory)
    assert turns <= DEFAULT_MAX_TURNS
    assert memory.writes_used == 15
    errors = Counter(exchange.error for exchange in exchanges)
    # tiny writes until refused, then a few more attempts
    assert errors["budget exhausted"] >= 3
    oversize = [
        e
        for e in exchanges
        if e.function == "memory_write" and len(e.arguments["content"]) > MAX_ENTRY_CHARS
    ]
    assert len(oversize) >= 3 and all(e.error == "too long" for e in oversize)
    edits = [e for e in exchanges if e.function == "memory_edit"]
    paid = [e for e in edits if e.error is None]
    assert paid  # edits outside a correction, charged
    overflow = [e for e in edits if len(e.arguments["new_text"]) > MAX_ENTRY_CHARS]
    assert overflow and all(e.error == "too long" for e in overflow)
    # a later batch, with the budget already spent: it still tries every kind a few times
    turns, exchanges = drive_event(OVER_WRITER, later[0], chosen, memory)
    assert turns <= DEFAULT_MAX_TURNS
    assert memory.writes_used == 15
    assert any(e.function == "memory_read" for e in exchanges)
    attempted = Counter(e.function for e in exchanges if e.error is not None)
    assert attempted["memory_write"] >= 6 and attempted["memory_edit"] >= 3


def test_over_writer_edits_beyond_the_free_correction_edits() -> None:
    chosen = scenario("company")
    memory = FakeMemory(write_budget=10)
    correction = next(event for event in chosen.events if event.kind == "correction")
    turns, exchanges = drive_event(OVER_WRITER, correction, chosen, memory)
    assert turns <= DEFAULT_MAX_TURNS
    accepted_edits = [e for e in exchanges if e.function == "memory_edit" and e.error is None]
    assert len(accepted_edits) > FREE_EDITS_PER_CORRECTION
    # one tiny write plus every edit beyond the free ones were charged
    assert memory.writes_used == 1 + len(accepted_edits) - FREE_EDITS_PER_CORRECTION


# ------------------------------------------------------------------ end to end


def composites(log: EvalLog) -> dict[str, float]:
    assert log.status == "success", log.error
    assert log.samples is not None
    values = {}
    for sample in log.samples:
        assert sample.error is None, (log.eval.model, sample.id)
        assert sample.scores is not None
        used = sample.store["MemoryLedger:writes_used"]
        assert 0 <= used <= sample.store["MemoryLedger:write_budget"], (log.eval.model, sample.id)
        value = sample.scores[SCORER].value
        assert isinstance(value, dict)
        values[str(sample.id)] = float(value["composite"])
    return values


@pytest.fixture(scope="module")
def smoke_logs(lite_grid: Any) -> dict[str, EvalLog]:
    """Every policy on the session-wide lite grid (five templates, seed 0)."""
    return dict(lite_grid.logs)


def test_every_new_policy_runs_within_budget(smoke_logs: dict[str, EvalLog]) -> None:
    assert set(smoke_logs) >= set(NEW_POLICIES)
    for log in smoke_logs.values():
        composites(log)


@pytest.mark.parametrize("name", NOTHING_POLICIES)
def test_cheaters_and_guessers_score_almost_nothing(
    smoke_logs: dict[str, EvalLog], name: str
) -> None:
    assert composites(smoke_logs[name])["company-lite-0"] <= 0.05


def test_over_writer_hits_the_budget_and_the_size_limit(smoke_logs: dict[str, EvalLog]) -> None:
    [sample] = [s for s in smoke_logs["over_writer"].samples or [] if s.id == "company-lite-0"]
    assert sample.store["MemoryLedger:writes_used"] == sample.store["MemoryLedger:write_budget"]
    errors = [op["error"] or "" for op in sample.store["MemoryLedger:operations"]]
    assert any(error.startswith("Write budget exhausted") for error in errors)
    assert any("the limit is 2,000 per entry" in error for error in errors)
    assert any(error.startswith("The edited entry") for error in errors)
    charged_edits = [
        op
        for op in sample.store["MemoryLedger:operations"]
        if op["tool"] == "memory_edit" and op["cost"] == 1
    ]
    assert charged_edits


def test_reference_storers_beat_the_guessers(smoke_logs: dict[str, EvalLog]) -> None:
    priority = composites(smoke_logs["priority"])["company-lite-0"]
    random_policy = composites(smoke_logs["random"])["company-lite-0"]
    smart = composites(smoke_logs["smart_guesser"])["company-lite-0"]
    assert priority > smart
    assert priority >= random_policy


def test_template_expert_is_between_strategic_and_perfect(smoke_logs: dict[str, EvalLog]) -> None:
    means = {
        name: mean(composites(smoke_logs[name]).values())
        for name in ("perfect", "strategic", "template_expert")
    }
    assert means["strategic"] < means["template_expert"] < means["perfect"]
