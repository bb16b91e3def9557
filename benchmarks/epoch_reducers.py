"""What ``--epochs-reducer`` does to memory_delta: a memoryless random answerer per reducer.

    python benchmarks/epoch_reducers.py [--users 6] [--epochs 5] [--reducers mean,max]

Runs conversation (small tier, ``agent=none``: no memory at all) with a mock model that
names a random option of four to every call, once per reducer, and prints the headline,
``no_memory`` and ``memory_delta`` the eval reports. The metrics average each sample's
epochs whatever reducer is named (`kit.inspect_internals.epoch_mean_metric`), so every
row should equal the ``mean`` row.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections.abc import Iterator

from inspect_ai import Epochs, eval
from inspect_ai.model import ModelOutput, get_model

from inspect_memgym.conversation.task import conversation
from inspect_memgym.kit.inspect_internals import counting_text_tokens_with
from inspect_memgym.kit.tokens import estimate_tokens

KEYS = ("chance_corrected_accuracy", "no_memory", "memory_delta")


def random_options(seed: int) -> Iterator[ModelOutput]:
    """A model that names a random option of four to every call."""
    draws = random.Random(seed)
    while True:
        yield ModelOutput.from_content("mockllm/model", f'{{"answer": {draws.randint(1, 4)}}}')


def main() -> None:
    """Print one row per reducer."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=6)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--reducers", default="mean,max")
    args = parser.parse_args()
    print(f"conversation small, {args.users} users, {args.epochs} epochs, agent=none")
    print("| reducer | " + " | ".join(KEYS) + " |")
    print("|---|" + "---|" * len(KEYS))
    for reducer in args.reducers.split(","):
        with counting_text_tokens_with(estimate_tokens), tempfile.TemporaryDirectory() as logs:
            [log] = eval(
                conversation(tier="small", seeds=args.users, agent="none"),
                model=get_model("mockllm/model", custom_outputs=random_options(7)),
                epochs=Epochs(args.epochs, reducer),
                log_dir=logs,
                display="none",
            )
        scores = log.results.scores if log.results else []
        means = {s.name: s.metrics["mean"].value for s in scores if "mean" in s.metrics}
        print(f"| {reducer} | " + " | ".join(f"{means[key]:+.3f}" for key in KEYS) + " |")


if __name__ == "__main__":
    main()
