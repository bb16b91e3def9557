"""Do option lengths point at the gold or the stale option of conversation's update_chain questions?

    python benchmarks/update_chain_lengths.py                 # base, users 0-199 and 1,700-10,199
    python benchmarks/update_chain_lengths.py --ranges 0:200  # one range
    python benchmarks/update_chain_lengths.py --smoke         # small, users 0-149

For each range of users prints, for the longest and the shortest option, how often it is the
gold and how often the stale option of an update_chain question, against chance and the
bound clustered by user (`conversation.gold_features.update_chain_verdicts`), and the mean
sign of (gold's length - stale's length) with its clustered z. A user's first and current
values are exchangeable (first values uniform, each change uniform among the other values,
which variables change chosen by counts only), so every figure is at chance in expectation;
a range that leans shows sampling, and a larger range says how much.
"""

from __future__ import annotations

import argparse
import math

from inspect_memgym.conversation.gold_features import update_chain_verdicts
from inspect_memgym.conversation.update_chain import stale_number
from inspect_memgym.conversation.world.generate import generate_user
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices

LENGTH_FEATURES = (
    "option length: the option with the most",
    "option length: the option with the fewest",
)
"""The two verdicts of `update_chain_verdicts` this script prints, each for gold and stale."""


def length_sign(tier: str, first_user: int, users: int) -> tuple[float, float, int]:
    """Mean sign of gold's minus stale's length over update_chain questions, its clustered z.

    Args:
        tier: The conversation tier.
        first_user: The first user's seed.
        users: How many users.

    Returns:
        (mean sign, z clustered by user, update_chain questions counted).
    """
    per_user: list[tuple[int, int]] = []
    for seed in range(first_user, first_user + users):
        user = generate_user(tier, seed)
        signs = counted = 0
        for period in user.periods:
            for question in user.questions:
                shown = presented_choices(user, question, period)
                stale = stale_number(user, question, period, shown)
                if stale is None:
                    continue
                gold = gold_number(shown, question.gold_choice(period.state))
                difference = len(shown[gold - 1].text) - len(shown[stale - 1].text)
                signs += (difference > 0) - (difference < 0)
                counted += 1
        per_user.append((signs, counted))
    total = sum(counted for _, counted in per_user)
    if total == 0 or len(per_user) < 2:
        return math.nan, math.nan, total
    mean = sum(signs for signs, _ in per_user) / total
    spread = sum((signs - mean * counted) ** 2 for signs, counted in per_user)
    error = math.sqrt(spread * len(per_user) / (len(per_user) - 1)) / total
    return mean, (mean / error if error else math.nan), total


def report(tier: str, first_user: int, users: int) -> list[str]:
    """The lines printed for one range of users.

    Args:
        tier: The conversation tier.
        first_user: The first user's seed.
        users: How many users.
    """
    last = first_user + users - 1
    lines = [f"{tier} users {first_user:,}-{last:,}"]
    verdicts = update_chain_verdicts(users, first_user=first_user, tiers=(tier,))
    for verdict in verdicts:
        if any(feature in verdict.name for feature in LENGTH_FEATURES):
            lines.append(f"  {verdict.line()}")
    mean, z, counted = length_sign(tier, first_user, users)
    lines.append(f"  gold longer than stale: mean sign {mean:+.3f}, z {z:+.2f} ({counted} rows)")
    return lines


def main() -> None:
    """Parse the arguments and print each range's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tier", default="base")
    parser.add_argument(
        "--ranges",
        nargs="+",
        default=["0:200", "1700:10200"],
        help="user ranges FIRST:END (END excluded)",
    )
    parser.add_argument("--smoke", action="store_true", help="small users 0-149")
    arguments = parser.parse_args()
    tier, ranges = ("small", ["0:150"]) if arguments.smoke else (arguments.tier, arguments.ranges)
    for text in ranges:
        first, end = (int(part) for part in text.split(":"))
        print("\n".join(report(tier, first, end - first)))


if __name__ == "__main__":
    main()
