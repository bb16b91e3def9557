"""Sharding a validity grid: disjoint balanced shares, and ``--shard``/``--merge`` refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspect_memgym.cli import main
from inspect_memgym.validity.shards import Shard, parse_shard, share


def test_parse_shard_reads_k_of_n() -> None:
    assert parse_shard("1/4") == Shard(1, 4)
    assert parse_shard(" 3 / 3 ") == Shard(3, 3)
    assert str(Shard(2, 5)) == "2/5"


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "1/0", "a/b", "-1/2", "1/2/3", ""])
def test_parse_shard_refuses_anything_else(text: str) -> None:
    with pytest.raises(ValueError, match="use K/N with 1 <= K <= N"):
        parse_shard(text)


def test_shares_are_disjoint_cover_the_grid_and_balance_longest_first() -> None:
    costs = {"a": 140, "b": 101, "c": 101, "d": 99, "e": 52, "f": 52, "g": 52}
    shares = [share(list(costs), costs.__getitem__, Shard(k, 3)) for k in (1, 2, 3)]
    assert shares == [["a", "f"], ["b", "d"], ["c", "e", "g"]]
    assert sorted(job for part in shares for job in part) == sorted(costs)
    assert [sum(costs[job] for job in part) for part in shares] == [192, 200, 205]


def test_equal_costs_keep_the_given_order_round_robin() -> None:
    jobs = ["r1", "r2", "r3", "r4", "r5"]
    assert share(jobs, lambda job: 1.0, Shard(1, 2)) == ["r1", "r3", "r5"]
    assert share(jobs, lambda job: 1.0, Shard(2, 2)) == ["r2", "r4"]
    assert share(jobs, lambda job: 1.0, Shard(4, 4)) == ["r4"]
    assert share(jobs[:2], lambda job: 1.0, Shard(3, 3)) == []


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--shard", "3/2"], "invalid --shard '3/2': use K/N with 1 <= K <= N, e.g. 1/4"),
        (["--shard", "1/2", "--merge"], "--merge checks what every shard played"),
    ],
)
def test_a_bad_shard_is_one_line_and_no_traceback(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "--task", "feedback", *arguments]) == 2
    error = capsys.readouterr().err
    assert error.strip().count("\n") == 0, error
    assert error.startswith("inspect-memgym validate: error: ") and message in error


def test_a_merge_without_every_log_names_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as raised:
        main(
            [
                "validate",
                "--task",
                "feedback",
                "--runs",
                "perfect/bm25_dialog,guesser/bm25_dialog",
                "--merge",
                "--log-dir",
                str(tmp_path),
            ]
        )
    assert raised.value.code == 2
    error = capsys.readouterr().err
    assert "3 of 3 evals have no log of this grid" in error
    assert "perfect/bm25_dialog, guesser/bm25_dialog, perfect/bm25_dialog (rerun)" in error
    assert "Traceback" not in error
