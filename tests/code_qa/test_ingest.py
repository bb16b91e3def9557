"""Ingest groups: in order, within the size limit, nothing lost, MemGym's 3 x 15,000 at 10k."""

from __future__ import annotations

import re

import pytest

from inspect_memgym.code_qa.world.ingest import fitting_chars_per_group, group_memory_files

PIECE = re.compile(r"(?:^|\n\n)=== (\S+?)(?: \(continued\))? ===\n")


def reassemble(groups: list[str]) -> dict[str, str]:
    """File name -> text rebuilt from the groups' pieces."""
    parts: dict[str, list[str]] = {}
    for group in groups:
        pieces = PIECE.split(group)
        assert pieces[0] == ""
        for name, body in zip(pieces[1::2], pieces[2::2], strict=True):
            parts.setdefault(name, []).append(body)
    return {name: "\n\n".join(bodies) for name, bodies in parts.items()}


def test_small_files_share_one_group_in_order() -> None:
    groups = group_memory_files({"a.md": "one\n\ntwo", "b.md": "three"})
    assert groups == ["=== a.md ===\none\n\ntwo\n\n=== b.md ===\nthree"]


def test_a_file_that_does_not_fit_continues_in_the_next_group() -> None:
    files = {"a.md": "x" * 50 + "\n\n" + "y" * 50, "b.md": "z" * 10}
    groups = group_memory_files(files, chars_per_group=100)
    assert groups == [
        "=== a.md ===\n" + "x" * 50,
        "=== a.md (continued) ===\n" + "y" * 50 + "\n\n=== b.md ===\n" + "z" * 10,
    ]
    assert reassemble(groups) == files


def test_over_long_paragraphs_split_at_lines_then_inside_lines() -> None:
    lines = "\n".join(f"line {number:03d} " + "w" * 30 for number in range(20))
    files = {"long.md": lines, "huge.md": "q" * 500}
    groups = group_memory_files(files, chars_per_group=120)
    assert all(len(group) <= 120 for group in groups)
    rebuilt = reassemble(groups)
    assert rebuilt["long.md"].replace("\n\n", "\n") == lines
    assert rebuilt["huge.md"].replace("\n\n", "") == "q" * 500


def test_an_empty_file_keeps_its_header() -> None:
    assert group_memory_files({"empty.md": "", "b.md": "text"}) == [
        "=== empty.md ===\n\n\n=== b.md ===\ntext"
    ]
    assert group_memory_files({}) == []


def test_generated_histories_fit_memgym_groups_at_10k(grid) -> None:
    for instance in grid:
        groups = group_memory_files(instance.memory_files, 15_000, max_groups=3)
        assert len(groups) <= 3
        assert all(len(group) <= 15_000 for group in groups)
        assert reassemble(groups) == instance.memory_files


def test_larger_histories_need_more_groups_and_are_refused_at_three(large_grid) -> None:
    instance = large_grid[0]
    groups = group_memory_files(instance.memory_files)
    total = sum(len(text) for text in instance.memory_files.values())
    assert total / 15_000 <= len(groups) <= total / 15_000 * 1.05 + 1
    assert reassemble(groups) == instance.memory_files
    with pytest.raises(ValueError, match=rf"need {len(groups)} groups .* max_groups=3"):
        group_memory_files(instance.memory_files, max_groups=3)


def test_bad_limits_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot hold a file header"):
        group_memory_files({"notes.md": "text"}, chars_per_group=30)
    with pytest.raises(ValueError, match="max_groups must be at least 1"):
        group_memory_files({"notes.md": "text"}, max_groups=0)


def test_a_larger_history_gets_the_smallest_group_size_that_fits_three(grid, large_grid) -> None:
    assert fitting_chars_per_group(grid[0].memory_files, 3) == 15_000
    files = large_grid[0].memory_files
    size = fitting_chars_per_group(files, 3)
    total = sum(len(text) for text in files.values())
    assert total / 3 < size <= total / 3 * 1.03
    assert len(group_memory_files(files, size)) == 3
    assert len(group_memory_files(files, int(size / 1.02))) > 3
    assert fitting_chars_per_group(files, 1) >= total
    with pytest.raises(ValueError, match="max_groups must be at least 1"):
        fitting_chars_per_group(files, 0)


def test_every_statement_lies_whole_inside_one_group(grid, large_grid) -> None:
    for instance in [*grid[:5], *large_grid]:
        groups = group_memory_files(
            instance.memory_files, fitting_chars_per_group(instance.memory_files, 3)
        )
        for item in [*instance.grounding_facts, *instance.distractors]:
            assert any(item.fact.statement in group for group in groups), item.fact.fact_id
