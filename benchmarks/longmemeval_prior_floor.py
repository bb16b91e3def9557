"""LongMemEval's memoryless floor: what a question-only prior buys, under floor 0 and the prior's.

Usage:
    python benchmarks/longmemeval_prior_floor.py --dataset longmemeval_s_cleaned.json
    python benchmarks/longmemeval_prior_floor.py --synthetic 20     # invented stories

For every answerable question of a LongMemEval file, two memoryless players and one with
perfect memory are graded by the floor's grader (the rule judge, with a bare list of
candidates refused: `longmemeval.question_floor.rule_credit`) and paired as the task pairs
them (`longmemeval.values.isolation`): the *red-team prior* replies from the question
alone with memory shown ("2" to "How many/How long", "2023" to "When …", "Yes" to a yes/no
question, else a decline) and declines with memory empty; the *fitted prior* replies the
leave-one-out `QuestionPrior` reply; *perfect memory* replies the gold. Every figure is the
mean over questions under a floor of 0 (the rule before longmemeval 5) and under the
question-only prior's floors. Also printed: the share of questions with a floor of 1 and
the CPU the floors cost.
"""

from __future__ import annotations

import argparse
import json
import math
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean

from inspect_memgym.longmemeval.question_floor import (
    DECLINE,
    FITTING,
    prior_floors,
    rule_credit,
)
from inspect_memgym.longmemeval.records import LongMemEvalRecord, parse_longmemeval
from inspect_memgym.longmemeval.synthetic import write_synthetic_longmemeval
from inspect_memgym.longmemeval.values import isolation
from inspect_memgym.scoring.question_prior import leave_one_out_replies

YES_NO_OPENINGS = frozenset({"would", "is", "does", "did", "was", "are", "will", "do", "have"})
"""Question openings the red-team prior answers "Yes"."""


def red_team_reply(question: str) -> str:
    """What a memoryless model that knows the release's habits replies.

    Args:
        question: The question.
    """
    words = question.lower().split()
    if words[:2] in (["how", "many"], ["how", "long"]):
        return "2"
    if words[:1] == ["when"]:
        return "2023"
    if words[:1] and words[0] in YES_NO_OPENINGS:
        return "Yes"
    return DECLINE


def _figures(
    records: Sequence[LongMemEvalRecord],
    replies: Sequence[str],
    floors: dict[str, float] | None,
) -> tuple[float, float, float]:
    accuracy, no_memory, delta = [], [], []
    for record, reply in zip(records, replies, strict=True):
        correct = rule_credit(record, reply) == 1.0
        floor = None if floors is None else floors[record.question_id]
        isolated = isolation(record, correct, False, reply == DECLINE, floor)
        accuracy.append(float(correct))
        if not math.isnan(isolated.memory_delta):
            no_memory.append(isolated.no_memory)
            delta.append(isolated.memory_delta)
    return fmean(accuracy), fmean(no_memory or [math.nan]), fmean(delta or [math.nan])


def main(argv: Sequence[str] | None = None) -> int:
    """Print the three players' accuracy, no_memory and Δ under both floors."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--dataset", type=Path, help="a LongMemEval JSON file")
    source.add_argument("--synthetic", type=int, help="this many invented stories")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = args.dataset or write_synthetic_longmemeval(
            Path(folder) / "longmemeval.json", range(args.synthetic)
        )
        records = parse_longmemeval(json.loads(path.read_text(encoding="utf-8")))
    rule_credit(records[0], DECLINE)  # the grader's first call loads its stemmer
    started = time.process_time()
    floors = prior_floors(records)
    cost = time.process_time() - started
    answerable = [record for record in records if not record.is_abstention]
    players = {
        "red-team prior": [red_team_reply(record.question) for record in answerable],
        "fitted prior": leave_one_out_replies(answerable, FITTING),
        "perfect memory": [record.answer for record in answerable],
    }
    decided = sum(value == 1.0 for value in floors.values())
    print(
        f"{len(answerable):,} answerable questions; floor 1 on {decided} "
        f"({decided / max(1, len(answerable)):.1%}); floors fitted in {cost:.2f} s CPU"
    )
    print("| player | floor | accuracy | no_memory | memory_delta |")
    print("|---|---|---:|---:|---:|")
    for player, replies in players.items():
        for rule, chosen in (("floor 0", None), ("question-only prior", floors)):
            accuracy, no_memory, delta = _figures(answerable, replies, chosen)
            print(f"| {player} | {rule} | {accuracy:.3f} | {no_memory:.3f} | {delta:+.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
