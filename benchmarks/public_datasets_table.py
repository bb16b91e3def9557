"""Wall time per LoCoMo conversation and per LongMemEval question, with the memgym policies.

    python benchmarks/public_datasets_table.py                      # native, perfect and guesser
    python benchmarks/public_datasets_table.py --agents native rag awe none
    python benchmarks/public_datasets_table.py --loading            # building full-size tasks

Nothing of either dataset is used: the script writes files in their exact schemas, sized like
the real ones. LoCoMo: one conversation of 25 dated sessions and 600 turns (~25k tokens),
plus two dated sessions without turns, 199 questions in the real category mix, integer
answers, adversarial items without ``answer``. LongMemEval: two questions (one ``_abs``)
with 50 sessions of 12 turns each (~110k tokens), listed out of date order. After a warm-up
eval, each row is ``--repeats`` evals through ``inspect_ai.eval``: the median wall and CPU
time per sample, then the model calls, estimated tokens and mean scores of one of them.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from statistics import median
from typing import Any

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval

WORD_TEXT = (
    "garden bakery violin marathon harbour recipe festival puppy mountain lantern painting "
    "camera holiday library concert bicycle museum picnic workshop ceramics novel volunteer "
    "kitchen sunrise beach hiking project school friend sister brother neighbour weekend"
)
WORDS = tuple(WORD_TEXT.split())
CATEGORY_MIX = {1: 28, 2: 32, 3: 10, 4: 84, 5: 45}
"""Questions per category in one conversation (LoCoMo's 1,986 over 10, rounded)."""
BUILD_IN_CHILD = """
import resource, sys, time
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
name, path = sys.argv[1], sys.argv[2]
started = time.perf_counter()
task = (locomo if name == "locomo" else longmemeval)(dataset=path)
seconds = time.perf_counter() - started
print(len(task.dataset), seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""
"""Builds one task in a fresh interpreter: samples, seconds, peak resident kilobytes."""
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August")


def sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def locomo_conversation(sessions: int = 25, turns_per_session: int = 24) -> dict[str, Any]:
    """One conversation in ``locomo10.json``'s schema, with its traps."""
    rng = random.Random("locomo-wall-time")
    conversation: dict[str, Any] = {"speaker_a": "Ada", "speaker_b": "Bo"}
    turn_ids: list[str] = []
    for number in range(1, sessions + 1):
        day = number % 27 + 1
        conversation[f"session_{number}_date_time"] = (
            f"{number % 12 + 1}:05 pm on {day} {MONTHS[number % 8]}, 2023"
        )
        session = []
        for index in range(1, turns_per_session + 1):
            dia_id = f"D{number}:{index}"
            turn = {"speaker": "Ada" if index % 2 else "Bo", "dia_id": dia_id}
            turn["text"] = sentence(rng, rng.randint(12, 30))
            session.append(turn)
            turn_ids.append(dia_id)
        conversation[f"session_{number}"] = session
    for number in (sessions + 1, sessions + 2):  # dated, no turns
        conversation[f"session_{number}_date_time"] = "9:00 am on 1 September, 2023"
    qa: list[dict[str, Any]] = []
    for category, count in CATEGORY_MIX.items():
        for index in range(count):
            evidence = rng.sample(turn_ids, 2 if category == 1 else 1)
            item: dict[str, Any] = {
                "question": f"Question {category}.{index}: {sentence(rng, 6)}",
                "evidence": evidence,
                "category": category,
            }
            if category == 5:
                item["adversarial_answer"] = sentence(rng, 3)
            elif category == 2 and index % 5 == 0:
                item["answer"] = 2019 + index % 4  # an integer answer
            else:
                item["answer"] = ", ".join(
                    rng.choice(WORDS) for _ in range(2 if category == 1 else 1)
                )
            qa.append(item)
    return {"sample_id": "conv-bench", "conversation": conversation, "qa": qa}


def longmemeval_instances(questions: int = 2, sessions: int = 50, turns: int = 12) -> list[Any]:
    """LongMemEval instances with s-sized histories (one of them an ``_abs`` question)."""
    rng = random.Random("longmemeval-wall-time")
    instances = []
    for index in range(questions):
        ids, dates, bodies = [], [], []
        for number in range(sessions):
            ids.append(f"s{index}_{number}")
            dates.append(f"2023/{number % 12 + 1:02d}/{number % 27 + 1:02d} (Mon) 10:00")
            body = []
            for turn in range(turns):
                role = "user" if turn % 2 == 0 else "assistant"
                content = sentence(rng, 40 if role == "user" else 180)
                entry: dict[str, Any] = {"role": role, "content": content}
                if number == sessions // 2 and turn == 0:
                    entry["has_answer"] = True
                body.append(entry)
            bodies.append(body)
        rng.shuffle(order := list(range(sessions)))  # listed out of date order
        abstention = index % 2 == 1
        instances.append(
            {
                "question_id": f"bench{index}{'_abs' if abstention else ''}",
                "question_type": "single-session-user",
                "question": sentence(rng, 8).rstrip(".") + "?",
                "answer": "not in the history" if abstention else 3,
                "question_date": "2024/01/15 (Mon) 12:00",
                "haystack_session_ids": [ids[i] for i in order],
                "haystack_dates": [dates[i] for i in order],
                "haystack_sessions": [bodies[i] for i in order],
                "answer_session_ids": [] if abstention else [ids[sessions // 2]],
            }
        )
    return instances


def run(task: Task, policy: str) -> tuple[EvalLog, float, float]:
    """One eval: its log, wall seconds and CPU seconds of this process."""
    started, cpu_started = time.perf_counter(), time.process_time()
    [log] = inspect_eval(
        task,
        model=f"memgym/{policy}",
        model_roles={"grader": "memgym/judge"},
        display="none",
        log_dir="logs/public_datasets",
    )
    assert log.status == "success", log.error
    return log, time.perf_counter() - started, time.process_time() - cpu_started


def loading_figures(folder: Path) -> None:
    """Task build time (download excluded) for full-size files: 10 conversations, 500 questions.

    Args:
        folder: Where to write the files.
    """
    conversation = locomo_conversation()
    conversations = [{**conversation, "sample_id": f"conv-{index}"} for index in range(10)]
    locomo_file = folder / "locomo10-full.json"
    locomo_file.write_text(json.dumps(conversations), encoding="utf-8")
    template = longmemeval_instances(questions=1)[0]
    instances = [{**template, "question_id": f"q{index}"} for index in range(500)]
    longmemeval_file = folder / "longmemeval-full.json"
    longmemeval_file.write_text(json.dumps(instances), encoding="utf-8")
    for name, path in (("locomo", locomo_file), ("longmemeval", longmemeval_file)):
        child = subprocess.run(
            [sys.executable, "-c", BUILD_IN_CHILD, name, str(path)],
            capture_output=True,
            text=True,
            check=True,
        )
        samples, seconds, peak_kilobytes = child.stdout.split()
        print(
            f"| {name} | {path.stat().st_size / 1e6:.1f} MB | {samples} | "
            f"{float(seconds):.2f} s | {int(peak_kilobytes) / 1e6:.2f} GB |"
        )


def usage(log: EvalLog) -> tuple[int, int]:
    samples = log.samples or []
    calls = sum(1 for sample in samples for event in sample.events if event.event == "model")
    tokens = sum(usage.total_tokens for sample in samples for usage in sample.model_usage.values())
    return calls, tokens


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", nargs="+", default=["native"])
    parser.add_argument("--policies", nargs="+", default=["perfect", "guesser"])
    parser.add_argument("--repeats", type=int, default=3, help="runs per row (medians shown)")
    parser.add_argument(
        "--loading", action="store_true", help="only time building tasks over full-size files"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="memgym-bench-"))
    if args.loading:
        print("| task | file | samples | build time | peak memory of the process |")
        print("|---|---:|---:|---:|---|")
        loading_figures(folder)
        return
    locomo_file = folder / "locomo10.json"
    locomo_file.write_text(json.dumps([locomo_conversation()]), encoding="utf-8")
    longmemeval_file = folder / "longmemeval_s_cleaned.json"
    longmemeval_file.write_text(json.dumps(longmemeval_instances()), encoding="utf-8")
    run(locomo(dataset=str(locomo_file), agent="none", categories="4"), "guesser")  # warm-up
    print(
        "| task | agent | policy | samples | wall s per sample | CPU s per sample | model calls | "
        "tokens | headline | no_memory | memory_delta |"
    )
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for agent in args.agents:
        for policy in args.policies:
            for name, build, key in (
                ("locomo", partial(locomo, dataset=str(locomo_file)), "f1"),
                ("longmemeval", partial(longmemeval, dataset=str(longmemeval_file)), "accuracy"),
            ):
                runs = [run(build(agent=agent), policy) for _ in range(args.repeats)]
                log = runs[0][0]
                wall = median(seconds for _, seconds, _ in runs)
                cpu = median(seconds for _, _, seconds in runs)
                assert log.results is not None
                means = {
                    score.name: score.metrics["mean"].value
                    for score in log.results.scores
                    if "mean" in score.metrics  # the scorer's memory-cost entry has none
                }
                calls, tokens = usage(log)
                samples = len(log.samples or [])
                print(
                    f"| {name} | {agent} | {policy} | {samples} | {wall / samples:.1f} | "
                    f"{cpu / samples:.1f} | {calls:,} | {tokens:,} | {means[key]:.3f} | "
                    f"{means['no_memory']:.3f} | {means['memory_delta']:.3f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
