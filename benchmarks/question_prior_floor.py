"""LoCoMo's memoryless floor: what a question-only prior buys, under a floor of 0 and the prior's.

Usage:
    python benchmarks/question_prior_floor.py --dataset locomo10.json
    python benchmarks/question_prior_floor.py --synthetic 4      # invented conversations

For every category 1-4 question of a LoCoMo file, two memoryless players are graded by the
task's rule (`locomo.grading.grade_reply`) and paired as the task pairs them
(`locomo.values.isolation`): the *prior switch* replies from the question alone with memory
shown ("2023" to a "When …" question, "2" to "How many/How long", "Yes" to a yes/no
question, else a decline) and declines with memory empty; *perfect memory* replies the
gold and declines with memory empty. Each conversation's figures are computed under a
floor of 0 (the rule before locomo 6) and under the question-only prior's floors
(`locomo.question_floor`), then averaged over conversations as the task's metrics are.
Also printed: the mean floor and the CPU the floors cost.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean

from inspect_memgym.locomo.grading import NOT_MENTIONED_OPTION, QuestionGrade, grade_reply
from inspect_memgym.locomo.question_floor import question_floors
from inspect_memgym.locomo.records import Conversation, QuestionItem, parse_locomo
from inspect_memgym.locomo.synthetic import write_synthetic_locomo
from inspect_memgym.locomo.values import isolation

YES_NO_OPENINGS = frozenset({"would", "is", "does", "did", "was", "are", "will", "could", "can"})
"""Question openings the prior answers "Yes"."""


def prior_reply(question: str) -> str:
    """What a memoryless model that knows the release's habits replies (the red-team prior).

    Args:
        question: The question.
    """
    lowered = question.lower()
    if lowered.startswith("when") or "what year" in lowered:
        return "2023"
    if lowered.startswith(("how many", "how long")):
        return "2"
    if lowered.split()[:1] and lowered.split()[0] in YES_NO_OPENINGS | {"do"}:
        return "Yes"
    return NOT_MENTIONED_OPTION


def _figures(
    conversation: Conversation,
    asked: Sequence[QuestionItem],
    replies: Sequence[str],
    floors: dict[str, float] | None,
) -> tuple[float, float, float]:
    speakers = (conversation.speaker_a, conversation.speaker_b)
    grades = [
        grade_reply(item, reply, None, speakers) for item, reply in zip(asked, replies, strict=True)
    ]
    declined: list[QuestionGrade | None] = [
        grade_reply(item, NOT_MENTIONED_OPTION, None, speakers) for item in asked
    ]
    same = [reply == NOT_MENTIONED_OPTION for reply in replies]  # a decline in both passes
    isolated = isolation(grades, declined, same, floors=floors)
    return fmean(grade.score for grade in grades), isolated.no_memory, isolated.memory_delta


def main(argv: Sequence[str] | None = None) -> int:
    """Print the two players' F1, no_memory and Δ under both floors."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--dataset", type=Path, help="a LoCoMo JSON file (locomo10.json)")
    source.add_argument("--synthetic", type=int, help="this many invented conversations")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path = args.dataset or write_synthetic_locomo(
            Path(folder) / "locomo.json", range(args.synthetic)
        )
        conversations = {c.sample_id: c for c in parse_locomo(json.loads(path.read_text()))}
    started = time.process_time()
    floors = {key: question_floors(conversations, key) for key in conversations}
    cost = time.process_time() - started
    rows: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for key, conversation in conversations.items():
        asked = [item for item in conversation.questions if not item.is_adversarial]
        if not asked:
            continue
        players = {
            "prior switch": [prior_reply(item.question) for item in asked],
            "perfect memory": [str(item.answer) for item in asked],
        }
        for player, replies in players.items():
            for rule, chosen in (("floor 0", None), ("question-only prior", floors[key])):
                rows.setdefault((player, rule), []).append(
                    _figures(conversation, asked, replies, chosen)
                )
    all_floors = [value for by_question in floors.values() for value in by_question.values()]
    print(
        f"{len(conversations)} conversations, {len(all_floors):,} category 1-4 questions; "
        f"mean floor {fmean(all_floors):.3f}; floors fitted in {cost:.2f} s CPU"
    )
    print("| player | floor | F1 | no_memory | memory_delta |")
    print("|---|---|---:|---:|---:|")
    for (player, rule), figures in rows.items():
        f1, no_memory, delta = (fmean(column) for column in zip(*figures, strict=True))
        print(f"| {player} | {rule} | {f1:.3f} | {no_memory:.3f} | {delta:+.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
