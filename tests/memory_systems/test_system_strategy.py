"""The ``system`` strategy on a task: scores, the write budget and the ledger's timings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.locomo.task import locomo
from locomo_sample import locomo_raw, write_locomo

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SYSTEMS = {
    "langgraph": {"system": "langgraph"},
    "example": {"system": f"{EXAMPLES / 'keyword_memory_system.py'}:KeywordMemory"},
}


def run(tmp_path: Path, model: str, **options: Any) -> EvalLog:
    data = tmp_path / "locomo10.json"
    write_locomo(data, locomo_raw()[:1])
    [log] = eval(
        locomo(dataset=str(data), agent={"name": "system", **options}),
        model=model,
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success", log.error
    return log


def scores(log: EvalLog) -> dict[str, float]:
    [sample] = log.samples or []
    value = sample.scores["locomo_scorer"].value  # type: ignore[index]
    assert isinstance(value, dict)
    return {str(key): float(number) for key, number in value.items()}


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_perfect_memory_through_a_system_earns_the_headline(system: str, tmp_path: Path) -> None:
    perfect = scores(run(tmp_path, "memgym/perfect", **SYSTEMS[system]))
    guesser = scores(run(tmp_path, "memgym/guesser", **SYSTEMS[system]))
    assert perfect["f1"] >= 0.9 and perfect["memory_delta"] >= 0.9 * perfect["f1"]
    assert abs(guesser["memory_delta"]) <= 0.05


def test_the_write_budget_holds_and_every_operation_is_timed(tmp_path: Path) -> None:
    log = run(tmp_path, "memgym/perfect", write_budget=1, short_term_window=0, **SYSTEMS["example"])
    [sample] = log.samples or []
    operations = sample.store["MemoryLedger:operations"]
    adds = [op for op in operations if op["tool"] == "system_add"]
    searches = [op for op in operations if op["tool"] == "retrieve"]
    assert sum(op["cost"] for op in adds) == 1
    assert any(op["error"] and "Write budget exhausted" in op["error"] for op in adds)
    assert searches and all(op["ms"] >= 0 for op in adds + searches)
    assert scores(log)["f1"] < 0.9  # one of three inputs holds too little


def test_compare_shows_each_system_as_a_strategy_of_its_own(tmp_path: Path) -> None:
    for arguments in ({"system": "langgraph"}, SYSTEMS["example"]):
        run(tmp_path, "memgym/perfect", **arguments)
    result = subprocess.run(
        [str(Path(sys.executable).with_name("inspect-memgym")), "compare", str(tmp_path / "logs")],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = [line for line in result.stdout.splitlines() if line.startswith("| memgym/perfect")]
    assert sorted(row.split("|")[2].strip() for row in rows) == [
        "system:KeywordMemory",
        "system:langgraph",
    ]
