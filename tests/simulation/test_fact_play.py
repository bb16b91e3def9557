"""A fact policy reads a statement verbatim or JSON-escaped, as awi's memory shows it."""

from __future__ import annotations

import json

from inspect_memgym.scoring.facts import Fact
from inspect_memgym.simulation.fact_play import FactBook

QUOTED = Fact("F1", 'It raises BIL-1 ("invoice has no amount") for a bare "row".', ("BIL-1",))
PLAIN = Fact("F2", "It reproduces only in Asia/Kolkata.", ("Asia/Kolkata",))
BOOK = FactBook(
    facts={"F1": QUOTED, "F2": PLAIN},
    needed=frozenset({"F1", "F2"}),
    answer=lambda item, known: " ".join(sorted(known)),
    guess=lambda item: "no idea",
)


def test_statements_are_known_verbatim_and_inside_json_strings() -> None:
    memory_json = json.dumps({"error": QUOTED.statement, "repro": PLAIN.statement}, indent=2)
    assert '\\"invoice has no amount\\"' in memory_json
    assert BOOK.known(memory_json) == ["F1", "F2"]
    assert BOOK.known(f"notes:\n{QUOTED.statement}") == ["F1"]
    assert BOOK.known("It raises BIL-1 for a bare row.") == []
