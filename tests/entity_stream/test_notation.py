"""The scripted policies' notation, entry packing, name extraction and recall from memory."""

from __future__ import annotations

import functools
import itertools
import json
import random
from typing import Any

import pytest

from inspect_memgym.entity_stream.policies.base import REFUSAL
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import (
    change_line,
    decode_entity,
    decode_value,
    encode_entity,
    encode_value,
    line_name,
)
from inspect_memgym.entity_stream.policies.recall import (
    fruitless_searches,
    next_read_start,
    recall_world,
    recalled_lines,
)
from inspect_memgym.entity_stream.policies.storing import (
    EDIT_HEADROOM_CHARS,
    MAX_ENTRY_CHARS,
    PERFECT,
    SEARCH_TOP_K,
    WIDE_SEARCH_TOP_K,
    candidate_names,
    pack_lines,
)
from inspect_memgym.entity_stream.world.model import Correction, Relation, Template
from inspect_memgym.entity_stream.world.scenario import Scenario, generate_scenario, json_value
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, TEMPLATES, get_template
from inspect_memgym.simulation.transcript import ToolExchange

COMPANY = get_template("company")


@functools.cache
def scenario(template: str, tier: str = "standard", seed: int = 5) -> Scenario:
    return generate_scenario(template, tier, seed)


def records_of(scn: Scenario) -> list[dict[str, Any]]:
    return [r for e in scn.events if e.kind == "ingest" for r in e.payload["entities"]]


def json_form(values: dict[str, Any]) -> Any:
    """Values after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps({key: json_value(value) for key, value in values.items()}))


def attribute_index(template: Template, key: str) -> int:
    return next(i for i, spec in enumerate(template.attributes) if spec.key == key)


def company_line(**overrides: Any) -> tuple[dict[str, Any], str]:
    """A hand-made company record (revenue, employees, sector focus) and its line."""
    record: dict[str, Any] = {
        "name": "Argon Labs",
        "category": COMPANY.categories[0],
        "values": {"revenue": 175720.5, "employees": 1234},
        "relations": {"supplies_to": ["Basalt Works", "Cobalt Forge"], "competes_with": []},
    }
    record.update(overrides)
    return record, encode_entity(COMPANY, record)


# ---------------------------------------------------------------------------------------
# encode / decode
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("template_name", TEMPLATE_NAMES)
def test_every_entity_of_a_scenario_round_trips(template_name: str) -> None:
    template = get_template(template_name)
    records = records_of(scenario(template_name))
    assert len(records) == 60
    for record in records:
        line = encode_entity(template, record)
        assert "\n" not in line
        assert line_name(line) == record["name"]
        decoded = decode_entity(template, line)
        assert decoded is not None, line
        entity, relations, changes = decoded
        assert entity.name == record["name"]
        assert entity.category == record["category"]
        assert json_form(entity.values) == json.loads(json.dumps(record["values"]))
        assert list(entity.values) == [s.key for s in template.attributes if s.key in entity.values]
        expected_edges = {
            (record["name"], kind, target)
            for kind, targets in record["relations"].items()
            for target in targets
        }
        assert {(r.source, r.kind, r.target) for r in relations} == expected_edges
        assert changes == ()


@pytest.mark.parametrize("template_name", TEMPLATE_NAMES)
def test_every_text_fragment_and_enum_choice_round_trips(template_name: str) -> None:
    template = TEMPLATES[template_name]
    for spec in template.attributes:
        if spec.kind == "text":
            samples: list[Any] = [list(spec.choices)]
        elif spec.kind == "enum":
            samples = list(spec.choices)
        else:
            continue
        for value in samples:
            text = encode_value(spec, value)
            assert "|" not in text and "~" not in text and "^" not in text
            assert json_value(decode_value(spec, text)) == value
            record = {"name": "Zeta Test", "category": "X", "values": {spec.key: value}}
            record["relations"] = {}
            decoded = decode_entity(template, encode_entity(template, record))
            assert decoded is not None
            assert json_value(decoded[0].values[spec.key]) == value


def test_encoding_is_compact_and_exact() -> None:
    _, line = company_line()
    revenue = attribute_index(COMPANY, "revenue")
    employees = attribute_index(COMPANY, "employees")
    first, second = sorted((revenue, employees))
    values = {revenue: "175720.5", employees: "1234"}
    assert line == (
        f"Argon Labs|c={COMPANY.categories[0]}|a{first}={values[first]}"
        f"|a{second}={values[second]}|r0=Basalt Works;Cobalt Forge"
    )


def test_float_and_series_keep_their_decimals() -> None:
    spec = next(s for s in COMPANY.attributes if s.kind == "float" and s.decimals == 2)
    assert encode_value(spec, 3.1) == "3.10"
    assert decode_value(spec, "3.10") == 3.1
    series = next(s for s in COMPANY.attributes if s.kind == "list_float")
    encoded = encode_value(series, [1.0, -0.5, 2.25])
    assert encoded.count("/") == 2
    assert decode_value(series, encoded) == tuple(
        round(x, series.decimals) for x in (1, -0.5, 2.25)
    )


# ---------------------------------------------------------------------------------------
# change_line keeps history
# ---------------------------------------------------------------------------------------


def test_correction_keeps_old_value_after_tilde() -> None:
    _, line = company_line()
    index = attribute_index(COMPANY, "employees")
    changed = change_line(COMPANY, line, "employees", 1500, "correction")
    assert changed is not None
    assert f"|a{index}=1500~1234" in changed
    assert changed.replace("1500~1234", "1234") == line
    decoded = decode_entity(COMPANY, changed)
    assert decoded is not None
    entity, relations, changes = decoded
    assert entity.values["employees"] == 1500
    assert entity.values["revenue"] == 175720.5
    assert changes == (Correction("Argon Labs", "employees", 1234, 1500, "correction"),)
    assert len(relations) == 2


def test_contradiction_keeps_old_value_after_caret() -> None:
    _, line = company_line()
    index = attribute_index(COMPANY, "revenue")
    changed = change_line(COMPANY, line, "revenue", 180000.5, "contradiction")
    assert changed is not None
    assert f"|a{index}=180000.5^175720.5" in changed
    decoded = decode_entity(COMPANY, changed)
    assert decoded is not None
    entity, _, changes = decoded
    assert entity.values["revenue"] == 180000.5
    assert changes == (Correction("Argon Labs", "revenue", 175720.5, 180000.5, "contradiction"),)


def test_second_change_keeps_the_latest_history() -> None:
    _, line = company_line()
    once = change_line(COMPANY, line, "employees", 1500, "correction")
    assert once is not None
    twice = change_line(COMPANY, once, "employees", 1600, "contradiction")
    assert twice is not None
    assert "1600^1500" in twice and "1234" not in twice
    decoded = decode_entity(COMPANY, twice)
    assert decoded is not None
    assert decoded[0].values["employees"] == 1600
    assert decoded[2] == (Correction("Argon Labs", "employees", 1500, 1600, "contradiction"),)


def test_a_line_is_parsed_once_and_its_result_shared() -> None:
    _, line = company_line()
    first = decode_entity(COMPANY, line)
    assert first is not None
    assert decode_entity(COMPANY, line) is first  # a policy re-reads its lines every call
    again = decode_entity(COMPANY, f"{line} ")
    assert again is not None and again is not first and again == first
    assert isinstance(first[1], tuple) and isinstance(first[2], tuple)  # nothing to change


def test_change_of_an_absent_attribute_is_none() -> None:
    _, line = company_line()
    absent = next(s.key for s in COMPANY.attributes if s.key not in ("revenue", "employees"))
    assert change_line(COMPANY, line, absent, 5, "correction") is None


def test_change_does_not_touch_an_attribute_sharing_the_index_prefix() -> None:
    template = next(t for t in TEMPLATES.values() if len(t.attributes) > 11)
    first, eleventh = template.attributes[1], template.attributes[11]
    assert first.kind in ("int", "float") or eleventh.kind in ("int", "float")
    numeric, other = (first, eleventh) if first.kind in ("int", "float") else (eleventh, first)
    sample = {"int": 7, "float": 7.0, "enum": None, "date": "2001-02-03"}
    values: dict[str, Any] = {numeric.key: sample[numeric.kind]}
    if other.kind in ("int", "float", "date"):
        values[other.key] = sample[other.kind]
    elif other.kind == "enum":
        values[other.key] = other.choices[0]
    elif other.kind == "text":
        values[other.key] = list(other.choices[:2])
    else:
        values[other.key] = [1.0] * other.periods
    record = {"name": "Argon Labs", "category": "X", "values": values, "relations": {}}
    line = encode_entity(template, record)
    changed = change_line(template, line, numeric.key, 9, "correction")
    assert changed is not None
    decoded = decode_entity(template, changed)
    assert decoded is not None
    assert json_form(decoded[0].values)[other.key] == values[other.key]
    assert decoded[0].values[numeric.key] == 9
    assert [c.attribute for c in decoded[2]] == [numeric.key]


@pytest.mark.parametrize("template_name", ["company", "hospital", "agentteam"])
def test_scenario_changes_applied_to_lines_give_the_final_values(template_name: str) -> None:
    scn = scenario(template_name)
    template = get_template(template_name)
    lines = {r["name"]: encode_entity(template, r) for r in records_of(scn)}
    changes = [e for e in scn.events if e.kind in ("correction", "contradiction")]
    assert changes
    for event in changes:
        name = event.payload["entity"]
        changed = change_line(
            template, lines[name], event.payload["attribute"], event.payload["new"], event.kind
        )
        assert changed is not None
        lines[name] = changed
    for entity in scn.world.entities:
        decoded = decode_entity(template, lines[entity.name])
        assert decoded is not None
        assert json_form(decoded[0].values) == json_form(entity.values)
    for change in scn.world.corrections:
        decoded = decode_entity(template, lines[change.entity])
        assert decoded is not None
        (history,) = [c for c in decoded[2] if c.attribute == change.attribute]
        assert history.kind == change.kind
        assert history.old == change.old
        assert history.new == change.new


# ---------------------------------------------------------------------------------------
# Malformed lines
# ---------------------------------------------------------------------------------------

INT_INDEX = next(i for i, s in enumerate(COMPANY.attributes) if s.kind == "int")


@pytest.mark.parametrize(
    "line",
    [
        "",
        "   ",
        "just some prose about Argon Labs",
        "Argon Labs",
        "Argon Labs|category=Fintech",
        "Argon Labs|a0=5|c=Fintech",
        "## entry 3 (score 0.912)",
        "Memory lines 1-30 of 75 (3 entries).",
        '2 results for "Argon Labs":',
        "Argon Labs|c=Fintech|a999=5",
        "Argon Labs|c=Fintech|r7=Basalt Works",
        "Argon Labs|c=Fintech|aX=5",
        "Argon Labs|c=Fintech|garbage",
        f"Argon Labs|c=Fintech|a{INT_INDEX}=lots",
        f"Argon Labs|c=Fintech|a{INT_INDEX}=12.5",
        f"Argon Labs|c=Fintech|a{INT_INDEX}=12~many",
    ],
)
def test_malformed_lines_decode_to_none(line: str) -> None:
    assert decode_entity(COMPANY, line) is None


@pytest.mark.parametrize("code", ["x", "b", "c"])
def test_unknown_field_code_decodes_to_none(code: str) -> None:
    assert decode_entity(COMPANY, f"Argon Labs|c=Fintech|{code}{INT_INDEX}=5") is None


# ---------------------------------------------------------------------------------------
# pack_lines
# ---------------------------------------------------------------------------------------


def test_pack_lines_is_greedy_ordered_and_bounded() -> None:
    lines = [f"{index:03d}" + "x" * 96 for index in range(10)]  # 100 characters each
    entries = pack_lines(lines, limit=350)
    # Three lines joined by newlines take 302 characters; a fourth would take 403.
    assert [entry.count("\n") + 1 for entry in entries] == [3, 3, 3, 1]
    assert all(len(entry) <= 350 for entry in entries)
    assert "\n".join(entries) == "\n".join(lines)


def test_pack_lines_random_lengths() -> None:
    rng = random.Random(7)
    for _ in range(200):
        limit = rng.randint(20, 400)
        lines = [
            "".join(rng.choice("abc|=;") for _ in range(rng.randint(1, limit)))
            for _ in range(rng.randint(0, 30))
        ]
        entries = pack_lines(lines, limit=limit)
        assert all(len(entry) <= limit for entry in entries)
        assert "\n".join(entries) == "\n".join(lines)
        assert all(entry for entry in entries)
        # Greedy: the next entry's first line would not have fitted into the previous one.
        for previous, following in itertools.pairwise(entries):
            assert len(previous) + 1 + len(following.split("\n")[0]) > limit


def test_pack_lines_edges() -> None:
    assert pack_lines([]) == []
    assert pack_lines(["a" * 10, "b" * 10], limit=21) == ["a" * 10 + "\n" + "b" * 10]
    assert pack_lines(["a" * 10, "b" * 10], limit=20) == ["a" * 10, "b" * 10]
    # A line longer than the limit stays on its own rather than being merged.
    assert pack_lines(["a" * 5, "b" * 30, "c" * 5], limit=20) == ["a" * 5, "b" * 30, "c" * 5]


def test_pack_lines_default_leaves_edit_headroom() -> None:
    assert MAX_ENTRY_CHARS == 2_000
    assert EDIT_HEADROOM_CHARS == 200
    scn = scenario("company", "hard", 2)
    lines = [encode_entity(COMPANY, r) for r in records_of(scn)]
    entries = pack_lines(lines)
    assert len(entries) > 1
    assert max(len(entry) for entry in entries) <= MAX_ENTRY_CHARS - EDIT_HEADROOM_CHARS
    assert "\n".join(entries) == "\n".join(lines)
    # Mostly full: packing is not wasting writes.
    assert sum(len(e) for e in entries[:-1]) / len(entries[:-1]) > 1_500
    # Every change of the scenario still fits in its entry after the edit.
    for event in scn.events:
        if event.kind not in ("correction", "contradiction"):
            continue
        name = event.payload["entity"]
        index = next(i for i, e in enumerate(entries) if f"\n{name}|" in f"\n{e}")
        line = next(text for text in entries[index].split("\n") if line_name(text) == name)
        new_line = change_line(
            COMPANY, line, event.payload["attribute"], event.payload["new"], event.kind
        )
        assert new_line is not None
        entries[index] = entries[index].replace(line, new_line)
        assert len(entries[index]) <= MAX_ENTRY_CHARS


# ---------------------------------------------------------------------------------------
# candidate_names
# ---------------------------------------------------------------------------------------


def test_candidate_names_keeps_names_only() -> None:
    category = COMPANY.categories[1]
    params = {
        "entities": ["Argon Labs", "Basalt Works"],
        "attribute": "revenue",
        "category": category,
        "categories": [COMPANY.categories[0], category],
        "direction": "highest",
        "threshold": 42.5,
        "top": 3,
        "nested": {"more": ["Cobalt Forge", "Argon Labs", "lowercase name"]},
        "entity": "Delphi Grid",
    }
    assert candidate_names(params, COMPANY) == [
        "Argon Labs",
        "Basalt Works",
        "Cobalt Forge",
        "Delphi Grid",
    ]


def test_candidate_names_on_real_questions() -> None:
    scn = scenario("company")
    for question in scn.questions:
        names = candidate_names(question.params, COMPANY)
        expected = [question.params["entity"]] if "entity" in question.params else []
        expected += question.params.get("entities", [])
        assert set(expected) <= set(names), question.params
        assert not set(names) & set(COMPANY.categories)
        assert len(names) == len(set(names))


# ---------------------------------------------------------------------------------------
# recall_world and next_read_start
# ---------------------------------------------------------------------------------------


def search_result(query: str, entries: list[tuple[int, float, str]]) -> str:
    """A memory_search result in the tool's output format."""
    lines = [f'{len(entries)} results for "{query}":']
    for entry_id, score, content in entries:
        lines.extend([f"## entry {entry_id} (score {score:.3f})", content, ""])
    return "\n".join(lines)


def read_result(first: int, entries: list[tuple[int, str]], total: int | None = None) -> str:
    """A memory_read result in the tool's output format."""
    lines: list[str] = []
    for entry_id, content in entries:
        lines.extend([f"## entry {entry_id}", *content.split("\n"), ""])
    last = first + len(lines) - 1
    header = f"Memory lines {first}-{last} of {total or last} ({len(entries)} entries)."
    return "\n".join([header, *lines])


def exchange(
    function: str, result: str, error: str | None = None, **arguments: Any
) -> ToolExchange:
    return ToolExchange(function=function, arguments=arguments, result=result, error=error)


def view(*exchanges: ToolExchange) -> EventView:
    return EventView(kind="question", payload={}, prompt="", exchanges=list(exchanges))


def lines_for(*names: str) -> dict[str, str]:
    made = {}
    for offset, name in enumerate(names):
        record = {
            "name": name,
            "category": COMPANY.categories[offset % len(COMPANY.categories)],
            "values": {"revenue": 100.5 + offset, "employees": 10 + offset},
            "relations": {"supplies_to": [n for n in names if n != name][:1]},
        }
        made[name] = encode_entity(COMPANY, record)
    return made


def test_recall_world_from_search_and_read_results() -> None:
    lines = lines_for("Argon Labs", "Basalt Works", "Cobalt Forge", "Delphi Grid")
    corrected = change_line(COMPANY, lines["Argon Labs"], "employees", 99, "correction")
    assert corrected is not None
    searched = search_result(
        "Argon Labs",
        [
            (4, 0.912, f"{corrected}\n{lines['Basalt Works']}"),
            (1, 0.201, lines["Cobalt Forge"]),
        ],
    )
    read = read_result(1, [(2, lines["Delphi Grid"])], total=40)
    recalled = view(
        exchange("memory_search", searched, query="Argon Labs", top_k=3),
        exchange("memory_read", read, start_line=1, num_lines=30),
    )
    world = recall_world(COMPANY, recalled)
    assert world.names() == ["Argon Labs", "Basalt Works", "Cobalt Forge", "Delphi Grid"]
    assert world.entity("Argon Labs").values == {"revenue": 100.5, "employees": 99}
    assert world.entity("Delphi Grid").values == {"revenue": 103.5, "employees": 13}
    assert world.entity("Basalt Works").category == COMPANY.categories[1]
    assert world.targets("Argon Labs", "supplies_to") == ["Basalt Works"]
    assert world.targets("Basalt Works", "supplies_to") == ["Argon Labs"]
    assert world.corrections == (Correction("Argon Labs", "employees", 10, 99, "correction"),)
    assert world.correction_for("Argon Labs", "employees") is not None
    assert len(recalled_lines(recalled)) == len(searched.splitlines()) + len(read.splitlines())


def test_recall_world_last_copy_wins() -> None:
    lines = lines_for("Argon Labs", "Basalt Works")
    updated = change_line(COMPANY, lines["Argon Labs"], "revenue", 250.0, "contradiction")
    assert updated is not None
    recalled = view(
        exchange("memory_search", search_result("Argon Labs", [(1, 0.5, lines["Argon Labs"])])),
        exchange("memory_search", search_result("Argon Labs", [(7, 0.9, updated)])),
    )
    world = recall_world(COMPANY, recalled)
    assert world.names() == ["Argon Labs"]
    assert world.entity("Argon Labs").values["revenue"] == 250.0
    assert [c.kind for c in world.corrections] == ["contradiction"]
    # The other order: the unchanged copy comes last and wins, history and all.
    reverse = view(*reversed(recalled.exchanges))
    world = recall_world(COMPANY, reverse)
    assert world.entity("Argon Labs").values["revenue"] == 100.5
    assert world.corrections == ()


def test_recall_world_ignores_errors_and_other_tools() -> None:
    lines = lines_for("Argon Labs", "Basalt Works", "Cobalt Forge")
    recalled = view(
        exchange(
            "memory_search",
            search_result("Basalt Works", [(2, 0.7, lines["Basalt Works"])]),
            error="top_k must be between 1 and 20, got 50.",
        ),
        exchange("memory_write", lines["Cobalt Forge"], content=lines["Cobalt Forge"]),
        exchange("submit_answer", lines["Cobalt Forge"], answer="x"),
        exchange("memory_read", "", error="start_line must be between 1 and 3, got 9."),
        exchange("memory_search", search_result("Argon Labs", [(1, 0.9, lines["Argon Labs"])])),
    )
    world = recall_world(COMPANY, recalled)
    assert world.names() == ["Argon Labs"]
    assert recall_world(COMPANY, view()).entities == ()


def test_recall_world_of_no_match_is_empty() -> None:
    recalled = view(exchange("memory_search", 'No entries match "Argon Labs".'))
    assert recall_world(COMPANY, recalled).entities == ()
    assert recall_world(COMPANY, view(exchange("memory_read", "Memory is empty."))).entities == ()


def question_view(*exchanges: ToolExchange) -> EventView:
    params = {"entity": "Argon Labs", "attribute": "employees"}
    payload = {"qid": "q01", "qtype": "retrieval", "params": params}
    return EventView("question", payload, "?", list(exchanges))


def test_a_search_that_found_something_else_is_widened_one_that_found_nothing_is_not() -> None:
    other = lines_for("Basalt Works")["Basalt Works"]
    found_other = search_result("Argon Labs", [(2, 0.4, other)])
    nothing = 'No entries match "Argon Labs".'
    searched = [
        exchange("memory_search", result, query="Argon Labs", top_k=SEARCH_TOP_K)
        for result in (found_other, nothing)
    ]
    assert fruitless_searches(question_view(*searched)) == {"Argon Labs"}
    widened = PERFECT.on_question(question_view(searched[0]), COMPANY)
    assert [(c.function, c.arguments) for c in widened.calls] == [
        ("memory_search", {"query": "Argon Labs", "top_k": WIDE_SEARCH_TOP_K})
    ]
    refused = PERFECT.on_question(question_view(searched[1]), COMPANY)
    assert [(c.function, c.arguments) for c in refused.calls] == [
        ("submit_answer", {"answer": REFUSAL})
    ]


def test_recall_relations_are_kept_per_entity() -> None:
    record = {
        "name": "Argon Labs",
        "category": COMPANY.categories[0],
        "values": {},
        "relations": {"supplies_to": ["Basalt Works"], "competes_with": ["Cobalt Forge"]},
    }
    recalled = view(exchange("memory_read", read_result(1, [(1, encode_entity(COMPANY, record))])))
    world = recall_world(COMPANY, recalled)
    assert set(world.relations) == {
        Relation("Argon Labs", "supplies_to", "Basalt Works"),
        Relation("Argon Labs", "competes_with", "Cobalt Forge"),
    }


def test_next_read_start_pages_through_memory() -> None:
    content = "\n".join(lines_for("Argon Labs", "Basalt Works").values())
    assert next_read_start(view()) == 1
    first_page = "Memory lines 1-30 of 75 (9 entries).\n## entry 1\n" + content
    assert next_read_start(view(exchange("memory_read", first_page))) == 31
    second_page = "Memory lines 31-60 of 75 (9 entries).\n## entry 4\n" + content
    pages = view(exchange("memory_read", first_page), exchange("memory_read", second_page))
    assert next_read_start(pages) == 61
    last_page = "Memory lines 61-75 of 75 (9 entries).\n## entry 8\n" + content
    assert next_read_start(view(exchange("memory_read", last_page))) is None
    assert next_read_start(view(exchange("memory_read", read_result(1, [(1, content)])))) is None


def test_next_read_start_ignores_errors_and_searches() -> None:
    failed = exchange("memory_read", "", error="num_lines must be between 1 and 500, got 0.")
    assert next_read_start(view(failed)) == 1
    page = exchange("memory_read", "Memory lines 1-30 of 75 (9 entries).")
    assert next_read_start(view(page, failed)) == 31
    search = exchange("memory_search", "Memory lines 1-75 of 75 (9 entries).")
    assert next_read_start(view(page, search)) == 31
    assert next_read_start(view(exchange("memory_read", "Memory is empty."))) is None
