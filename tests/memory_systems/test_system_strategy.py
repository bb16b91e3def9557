"""The ``system`` strategy on a task: scores, the write budget and the ledger's timings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.util import Store

from inspect_memgym.locomo.task import locomo
from inspect_memgym.memory.holdings import MemoryHoldings
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
    headline_table = result.stdout.split("**what the memory held**")[0]
    rows = [line for line in headline_table.splitlines() if line.startswith("| memgym/perfect")]
    assert sorted(row.split("|")[2].strip() for row in rows) == [
        "system:KeywordMemory",
        "system:langgraph",
    ]


ADAPTERS = '''
from inspect_memgym.memory_systems.system import MemorySystem, SystemHit


class Shouting(MemorySystem):
    """Keeps each input upper-cased, as its own memory, and lists them."""

    name = "shouting"

    def __init__(self):
        self.kept = {}

    async def add(self, items, scope):
        self.kept.setdefault(scope.user_id, []).extend(i.content.upper() for i in items)

    async def search(self, query, scope, k):
        return [SystemHit(text) for text in self.kept.get(scope.user_id, [])[:k]]

    async def reset(self, scope):
        self.kept.pop(scope.user_id, None)

    async def list_all(self, scope):
        return [SystemHit(text) for text in self.kept.get(scope.user_id, [])]


class Unlisted(Shouting):
    """The same memory, but it cannot list what it holds."""

    name = "unlisted"

    async def list_all(self, scope):
        return None
'''


def last_snapshot(log: EvalLog) -> dict[str, Any]:
    [sample] = log.samples or []
    return MemoryHoldings(store=Store(sample.store)).stages[-1]


def test_the_snapshot_is_what_the_system_lists_or_says_it_cannot_list(tmp_path: Path) -> None:
    adapters = tmp_path / "adapters.py"
    adapters.write_text(ADAPTERS)
    listed = last_snapshot(
        run(tmp_path, "memgym/perfect", system=f"{adapters}:Shouting", short_term_window=0)
    )
    assert listed["source"] == "system shouting: its list_all"
    assert listed["count"] == 3 and all(item == item.upper() for item in listed["items"])
    unlisted = last_snapshot(
        run(tmp_path, "memgym/perfect", system=f"{adapters}:Unlisted", short_term_window=0)
    )
    assert unlisted["source"] == "system unlisted: the inputs added (it cannot list what it holds)"
    assert unlisted["count"] == 3
    assert all(": " in item and item != item.upper() for item in unlisted["items"])
