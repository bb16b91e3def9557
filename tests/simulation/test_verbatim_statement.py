"""Fact statements taken verbatim from free text survive every memory unchanged."""

from __future__ import annotations

import json

from inspect_memgym.memory.content import normalize_content
from inspect_memgym.simulation.fact_play import STATEMENT_CHARS, verbatim_statement


def test_the_longest_run_without_quotes_backslashes_or_line_breaks() -> None:
    text = 'She said "hi" to me.\nThen we walked to the old harbour and back.'
    statement = verbatim_statement(text)
    assert statement == "Then we walked to the old harbour and back."
    assert statement in text
    assert statement in json.dumps({"fact": text}, ensure_ascii=False)  # awi's JSON memory
    assert statement in normalize_content(text)  # a stored entry


def test_statements_are_cut_to_size_and_taken_from_the_opening() -> None:
    long_run = "word " * 100
    assert len(verbatim_statement(long_run)) <= STATEMENT_CHARS
    assert verbatim_statement("x" * 1600 + '"' + "y" * 2000) == "x" * STATEMENT_CHARS


def test_a_text_of_quotes_only_has_no_statement() -> None:
    assert verbatim_statement('"\\"') == ""
