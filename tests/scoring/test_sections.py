"""Sections: a clause naming no subject is about the one subject its section names.

A document's title line over its ``Category:`` line, a Markdown heading over its fields, an
``Entity:`` line over a block: each lends its subject to the clauses under it. A structure
that names many subjects at once lends none, so a memory cannot gain recall or precision by
putting values under a list of names.
"""

from __future__ import annotations

import pytest

from inspect_memgym.scoring.memory_points import MemoryPoint, mark_superseded
from inspect_memgym.scoring.operation_scores import measure_operations
from inspect_memgym.scoring.point_matching import read_clauses, stated_values
from inspect_memgym.scoring.sections import sectioned_lines

WORDS = (
    "Argon", "Basalt", "Cobalt", "Dune", "Ember", "Flint", "Garnet", "Harbor", "Indigo",
    "Juniper", "Krypton", "Lumen", "Marble", "Nickel", "Onyx", "Pewter", "Quartz", "Russet",
    "Sable", "Topaz",
)  # fmt: skip
NAMES = [f"{word} Labs" for word in WORDS]
"""Twenty entities: entity i has revenue 1000.5 + 37 i, staff 11 + 13 i and a sector; Argon
Labs' staff was 9 before (superseded)."""


def revenue(index: int) -> float:
    return 1000.0 + 37 * index + 0.5


def staff(index: int) -> int:
    return 11 + 13 * index


def entity_points(index: int) -> list[MemoryPoint]:
    name = NAMES[index]
    return [
        MemoryPoint(f"{name}/revenue", name, "revenue", "", numbers=(revenue(index),)),
        MemoryPoint(
            f"{name}/staff", name, "staff", "", numbers=(float(staff(index)),), integer=True,
            version=1 if index == 0 else 0,
        ),
        MemoryPoint(f"{name}/category", name, "category", "", phrases=(f"Sector {WORDS[index]}",)),
    ]  # fmt: skip


ARGON_STAFF_BEFORE = MemoryPoint(
    "Argon Labs/staff/old", "Argon Labs", "staff", "", numbers=(9.0,), integer=True
)
POINTS = mark_superseded(
    [
        ARGON_STAFF_BEFORE,
        *(point for index in range(len(NAMES)) for point in entity_points(index)),
    ]
)
TARGETS = 3 * len(NAMES)
INPUTS = [
    f"{name} reports revenue of {revenue(index)}, {staff(index)} staff, Sector {WORDS[index]}. "
    for index, name in enumerate(NAMES)
] + ["Argon Labs had 9 staff."]
STATED = stated_values(INPUTS)
EVERY_VALUE = [
    f"revenue: {revenue(index)}\nstaff: {staff(index)}\ncategory: Sector {WORDS[index]}"
    for index in range(len(NAMES))
]
"""Every value of every entity, one per line, naming none."""


def scores(*items: str) -> dict[str, float]:
    """The figures this module's points define (there are no distractors to count)."""
    result = measure_operations(POINTS, items, STATED).scores
    return {key: value for key, value in result.items() if key != "distractors_stored"}


def held(*items: str) -> set[str]:
    return measure_operations(POINTS, items, STATED).held


def claims(*items: str) -> dict[str, int]:
    return measure_operations(POINTS, items, STATED).counts.claims


ARGON = {"Argon Labs/revenue", "Argon Labs/staff", "Argon Labs/category"}


def subjects(item: str) -> list[str | None]:
    return [line.subject for line in sectioned_lines(item, NAMES)]


def test_a_document_title_line_lends_its_subject_to_the_lines_of_its_block() -> None:
    document = (
        "Census digest — Argon Labs\nCategory: Sector Argon\n\n"
        "Argon Labs reports revenue of 1000.5. Staff: 11.\n\nRelations: none."
    )
    assert subjects(document) == ["Argon Labs", "Argon Labs", "Argon Labs", None]
    assert held(document) == ARGON
    assert scores(document)["precision"] == 1.0


def test_a_markdown_heading_holds_its_fields_across_blank_lines_and_sub_headings() -> None:
    note = (
        "# Argon Labs\n\n- revenue: 1000.5\n- staff: 11\n\n## Profile\n\ncategory: Sector Argon\n"
        "# Basalt Labs\nstaff: 24"
    )
    assert held(note) == ARGON | {"Basalt Labs/staff"}
    assert claims(note) == {"precise": 3, "history": 0, "stale": 0, "invented": 0, "unsupported": 0}


def test_an_entity_line_opens_a_section_until_the_next_one_or_a_blank_line() -> None:
    note = "Entity: Argon Labs\nrevenue: 1000.5\nEntity: Basalt Labs\nstaff: 24\n\nstaff: 11"
    assert subjects(note) == [
        "Argon Labs", "Argon Labs", "Basalt Labs", "Basalt Labs", None,
    ]  # fmt: skip
    assert held(note) == {"Argon Labs/revenue", "Basalt Labs/staff"}
    plain = "**Argon Labs**:\nstaff: 11\nCobalt Labs\nstaff: 37"
    assert held(plain) == {"Argon Labs/staff", "Cobalt Labs/staff"}


def test_a_title_line_opens_a_section_where_blank_lines_were_lost() -> None:
    # a stored entry keeps no blank line: two documents in one entry, one section per title
    entry = (
        "Census digest — Argon Labs\nCategory: Sector Argon\nArgon Labs reports staff of 11.\n"
        "Travel guide — Basalt Labs\nCategory: Sector Basalt\nRevenue: 1037.5."
    )
    assert subjects(entry) == [*["Argon Labs"] * 3, *["Basalt Labs"] * 3]
    assert held(entry) == {
        "Argon Labs/category", "Argon Labs/staff", "Basalt Labs/category", "Basalt Labs/revenue",
    }  # fmt: skip
    notes = "Argon Labs (fintech)\n- staff: 11\nBasalt Labs (retail)\n- staff: 24"
    assert held(notes) == {"Argon Labs/staff", "Basalt Labs/staff"}
    assert scores(notes)["precision"] == 1.0
    # a line stating a value, or a sentence, is no title
    assert subjects("Argon Labs\nBasalt Labs staff: 24\nstaff: 11") == ["Argon Labs"] * 3
    assert subjects("Argon Labs\nBasalt Labs is a firm.\nstaff: 11") == ["Argon Labs"] * 3


def test_a_clause_naming_a_subject_keeps_it_inside_another_subject_s_section() -> None:
    note = "# Argon Labs\nBasalt Labs staff: 24\nstaff: 11"
    assert held(note) == {"Basalt Labs/staff", "Argon Labs/staff"}
    assert scores(note)["precision"] == 1.0


def test_an_old_value_under_its_subject_s_section_is_kept_stale() -> None:
    stale = scores("# Argon Labs\nstaff: 9")
    assert stale["stale_kept"] == 1.0
    assert stale["precision"] == 0.0
    assert claims("# Argon Labs\nstaff: 9")["stale"] == 1
    as_history = claims("# Argon Labs\nstaff: 11, was 9")
    assert as_history["history"] == 1 and as_history["stale"] == 0


def test_a_value_is_judged_under_the_section_it_sits_in() -> None:
    # the same clause text means Basalt's staff under one heading and a stray value under
    # Argon's: each is judged in its own section
    verdicts = claims("# Argon Labs\nstaff: 24", "# Basalt Labs\nstaff: 24")
    assert verdicts == {"precise": 1, "history": 0, "stale": 0, "invented": 0, "unsupported": 1}
    assert held("# Argon Labs\nstaff: 24") == set()


# The adversaries: structure that names many subjects at once lends none of them.


@pytest.mark.parametrize(
    "opening",
    [
        "# " + ", ".join(NAMES),
        "Entity: " + ", ".join(NAMES),
        ", ".join(NAMES),
        "## " + " / ".join(NAMES) + "\n### Figures",
    ],
    ids=["heading", "entity line", "first line", "sub-heading under it"],
)
def test_values_under_a_list_of_every_name_hold_nothing(opening: str) -> None:
    dump = opening + "\n" + "\n".join(EVERY_VALUE)
    result = scores(dump)
    assert result["extraction_recall"] == 0.0
    assert result["precision"] == 0.0
    assert result["stale_kept"] == 0.0
    assert all(line.subject is None for line in sectioned_lines(dump, NAMES))


def test_under_a_list_of_names_only_a_clause_naming_its_subject_holds() -> None:
    dump = "# " + ", ".join(NAMES) + "\n" + "\n".join(EVERY_VALUE) + "\nArgon Labs staff: 11"
    assert held(dump) == {"Argon Labs/staff"}


def test_every_value_with_no_structure_holds_nothing() -> None:
    assert scores("\n".join(EVERY_VALUE))["extraction_recall"] == 0.0
    assert scores(" ".join(EVERY_VALUE).replace("\n", " "))["extraction_recall"] == 0.0
    assert scores("# Companies\n" + "\n\n".join(EVERY_VALUE))["extraction_recall"] == 0.0


def test_every_name_heading_its_own_copy_of_every_value_gains_no_precision() -> None:
    bag = "\n".join(EVERY_VALUE)
    headed = [f"# {name}\n{bag}" for name in NAMES]
    one_line = [f"{name} {bag}".replace("\n", " ") for name in NAMES]
    assert scores(*headed) == scores(*one_line)
    assert scores(*headed)["precision"] < 0.06


def test_a_section_gives_one_subject_no_more_than_a_clause_naming_it_does() -> None:
    bag = "\n".join(EVERY_VALUE)
    sectioned = scores(f"Argon Labs\n{bag}")
    in_one_clause = scores(f"Argon Labs {bag}".replace("\n", " "))
    assert sectioned == in_one_clause
    assert sectioned["extraction_recall"] == pytest.approx(3 / TARGETS)


def test_a_longer_name_holding_a_shorter_one_is_one_subject() -> None:
    names = ["Argon", "Argon Labs"]
    assert [line.subject for line in sectioned_lines("# Argon Labs\nstaff: 11", names)] == [
        "Argon Labs",
        "Argon Labs",
    ]


def test_without_subjects_there_are_no_sections() -> None:
    clauses = read_clauses(["# Argon Labs\nstaff: 11"], [""])
    assert [clause.owner for clause in clauses] == [None, None]
