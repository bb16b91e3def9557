"""Lines packed into parts of bounded size, each opening with a header."""

from __future__ import annotations

import pytest

from inspect_memgym.kit.text_chunks import pack_lines


def test_lines_are_packed_whole_and_every_part_opens_with_the_header() -> None:
    parts = pack_lines("H", ["aaaa", "bbbb", "cccc"], max_chars=11)
    assert parts == ["H\naaaa\nbbbb", "H\ncccc"]
    assert all(len(part) <= 11 for part in parts)


def test_a_line_longer_than_the_bound_is_a_part_of_its_own() -> None:
    assert pack_lines("H", ["x" * 30, "y"], max_chars=10) == ["H\n" + "x" * 30, "H\ny"]


def test_no_lines_no_parts_and_the_bound_must_be_positive() -> None:
    assert pack_lines("H", [], max_chars=5) == []
    with pytest.raises(ValueError, match="at least 1"):
        pack_lines("H", ["a"], max_chars=0)
