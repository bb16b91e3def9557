"""procedures plays the shared switch adversaries: each behaviour's tool calls, its pass.

On the smoke shop world (rules: note before the refund, approval above 300.00, basic cases
escalated, premium exempt from the fee, notes ``<customer id>:<record id>``) a switch plays
one memoryless behaviour in the memory pass and another in the no-memory pass, tells them
apart in the tool loop (its calls are marked with their pass), and earns nothing; the
marks keep the no-memory pass's case out of the trajectories.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.analysis.trajectories import (
    TrajectoryOptions,
    TrajectoryTally,
    log_trajectories,
)
from inspect_memgym.kit.answer_meter import PASS_METADATA_KEY
from inspect_memgym.procedures.switch_plans import DECLINED
from inspect_memgym.procedures.task import procedures

SCORER = "procedures_scorer"
SMOKE_SHOP = {"tier": "smoke", "templates": "shop", "agent": "notes"}
LOOKUPS = ["lookup_customer", "lookup_order"]


def run(policy: str, log_dir: Path) -> EvalLog:
    [log] = eval(
        procedures(**SMOKE_SHOP), model=f"memgym/{policy}", display="none", log_dir=str(log_dir)
    )
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def passes_of(sample: EvalSample) -> dict[str, list[dict[str, Any]]]:
    """Pass name -> its world tool calls."""
    score = sample.scores[SCORER]  # type: ignore[index]
    assert score.metadata is not None
    return {record["pass"]: record["calls"] for record in score.metadata["passes"]}


def sample_for(log: EvalLog, task_id: str) -> EvalSample:
    assert log.samples is not None
    [sample] = [s for s in log.samples if str(s.id).endswith(f"-{task_id}")]
    return sample


def loop_replies(sample: EvalSample, pass_name: str) -> list[str]:
    """The completions of the tool loop's calls marked with a pass (calls offering tools)."""
    return [
        event.output.completion
        for event in sample.events
        if isinstance(event, ModelEvent)
        and event.tools
        and (event.metadata or {}).get(PASS_METADATA_KEY) == pass_name
    ]


@pytest.fixture(scope="module")
def dump_hedge_log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    return run("switch_dump_hedge", tmp_path_factory.mktemp("switch_dump_hedge"))


def test_dump_with_memory_shown_and_hedge_with_memory_empty(dump_hedge_log: EvalLog) -> None:
    log = dump_hedge_log
    calls = passes_of(sample_for(log, "T1"))  # order O1009 of Rosa Dahl (C109), premium
    dumped = calls["memory"]
    # every tool, every candidate amount (full, then less each catalogue fee), every note
    assert [call["function"] for call in dumped] == [
        *LOOKUPS,
        "escalate_case",
        "request_approval",
        *["issue_refund"] * 5,
        *["add_note"] * 6,
        "close_case",
    ]
    refunds = [call["arguments"]["amount"] for call in dumped if call["function"] == "issue_refund"]
    assert refunds == [338.53, 321.6, 304.68, 287.75, 270.82]
    notes = [call["arguments"]["text"] for call in dumped if call["function"] == "add_note"]
    assert notes == [
        "O1009",
        "REF-O1009",
        "O1009/premium",
        "C109:O1009",
        "#O1009-RD",
        "case-O1009-done",
    ]
    # the refund before the note puts the case on hold; the dump goes on regardless
    assert [call["refused"] for call in dumped].index(True) == 4
    assert all(call["refused"] for call in dumped[4:])
    # the hedge: escalate and approve every case, the full amount, stop at the refusal
    hedged = calls["no_memory"]
    assert [call["function"] for call in hedged] == [
        *LOOKUPS,
        "escalate_case",
        "request_approval",
        "issue_refund",
    ]
    assert hedged[-1]["arguments"]["amount"] == 338.53 and hedged[-1]["refused"]
    assert_earns_nothing(log)


def test_decline_with_memory_shown_and_guess_with_memory_empty(tmp_path: Path) -> None:
    log = run("switch_decline_guess", tmp_path)
    assert log.samples is not None
    for sample in log.samples:
        calls = passes_of(sample)
        assert calls["memory"] == []
        assert loop_replies(sample, "memory") == [DECLINED]
        guessed = [call["function"] for call in calls["no_memory"]]
        assert guessed[:2] == LOOKUPS and "add_note" not in guessed[:-1]
        assert guessed[-1] == "issue_refund" and calls["no_memory"][-1]["refused"]
        assert len(loop_replies(sample, "no_memory")) == len(guessed) + 1
    assert_earns_nothing(log)


def test_trajectories_keep_the_memory_pass_case_only(dump_hedge_log: EvalLog) -> None:
    """The no-memory pass is a control: its case conversation stays out of the SFT data."""
    records = list(
        log_trajectories([dump_hedge_log.location], TrajectoryOptions(), TrajectoryTally())
    )
    cases = [record for record in records if "tools" in record]
    assert [record["metadata"]["pass"] for record in cases] == ["memory", "memory"]
    assert {record["metadata"]["sample_id"] for record in cases} == {
        "shop-smoke-0-T1",
        "shop-smoke-0-T2",
    }


def assert_earns_nothing(log: EvalLog) -> None:
    assert log.results is not None
    figures = {
        score.name: score.metrics["mean"].value
        for score in log.results.scores
        if "mean" in score.metrics
    }
    assert figures["pass_at_1"] == 0.0
    assert figures["no_memory"] == 0.0
    assert figures["memory_delta"] == 0.0
