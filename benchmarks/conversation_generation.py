"""User generation time and transcript size of the conversation task.

Usage: python benchmarks/conversation_generation.py [--users 100]

For each tier: median and p90 CPU milliseconds to generate one user (no model calls), and
the size of one user's conversation: sessions, user messages, and the characters and
estimated tokens (characters / 4) of the simulated user's side. The assistant's side
depends on the model; the last column adds replies of a fixed assumed length.
"""

from __future__ import annotations

import argparse
import statistics
import time

from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.tiers import CONVERSATION_TIERS
from inspect_memgym.kit.tokens import estimate_tokens

ASSUMED_REPLY_TOKENS = 600
"""A typical long-form assistant reply (an assumption, for the last column only)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--users", type=int, default=100)
    args = parser.parse_args()
    print(
        "| tier | ms/user median | ms/user p90 | sessions | user messages | user-side tokens "
        f"| with {ASSUMED_REPLY_TOKENS}-token replies |"
    )
    print("|---|---|---|---|---|---|---|")
    for tier in CONVERSATION_TIERS:
        timings = []
        sizes = []
        for seed in range(args.users):
            started = time.process_time()
            user = generate_user(tier, seed)
            timings.append((time.process_time() - started) * 1000)
            sessions = [s for period in user.periods for s in period.sessions]
            messages = [m for s in sessions for m in (s.opening, *s.follow_ups)]
            user_tokens = sum(estimate_tokens(message) for message in messages)
            sizes.append((len(sessions), len(messages), user_tokens))
        timings.sort()
        sessions = statistics.median(size[0] for size in sizes)
        messages = statistics.median(size[1] for size in sizes)
        user_tokens = statistics.median(size[2] for size in sizes)
        with_replies = user_tokens + messages * ASSUMED_REPLY_TOKENS
        print(
            f"| {tier} | {statistics.median(timings):.2f} | "
            f"{timings[int(0.9 * len(timings))]:.2f} | {sessions:.0f} | {messages:.0f} | "
            f"{user_tokens:,.0f} | {with_replies:,.0f} |"
        )


if __name__ == "__main__":
    main()
