"""Print one generated research_qa instance: question, chain, per-hop answers, documents.

Usage: PYTHONPATH=src python benchmarks/research_qa_example.py [--seed 3] [--hops 3]
       [--context-tokens 2000] [--turn 0]

Shows the question and its gold answer, one row per hop (sub-query, answer, the chain fact,
the turn that shows it and how many turns it must be kept), each turn's documents by kind,
and the text of every non-filler document of one turn.
"""

from __future__ import annotations

import argparse
from collections import Counter

from inspect_memgym.research_qa.world import check_instance, generate_instance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--hops", type=int, default=3)
    parser.add_argument("--context-tokens", type=int, default=2_000)
    parser.add_argument("--turn", type=int, default=0)
    args = parser.parse_args()
    instance = generate_instance(args.seed, args.hops, args.context_tokens)
    valid = not check_instance(instance)
    print(f"{instance.instance_id} ({instance.total_tokens:,} tokens, valid: {valid})")
    print(f"Question: {instance.question}")
    print(f"Gold answer: {instance.gold.text} ({instance.gold.kind})\n")
    facts = {grounding.fact.fact_id: grounding for grounding in instance.grounding_facts}
    print("| hop | sub-query | answer | chain fact | shown in turn | kept for turns |")
    print("|---|---|---|---|---|---|")
    for hop in instance.chain:
        grounding = facts[hop.fact_id]
        print(
            f"| {hop.hop} | {hop.sub_query} | {hop.answer} | {grounding.fact.statement} | "
            f"{grounding.first_available_turn} | {grounding.retention_span} |"
        )
    print("\n| turn | searches hop | documents by kind |")
    print("|---|---|---|")
    for turn in instance.turns:
        kinds = Counter(document.kind for document in turn.documents)
        listed = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
        print(f"| {turn.turn_index} | {turn.hop} | {listed} |")
    print(f"\nTurn {args.turn}'s documents other than filler, in the order shown:\n")
    for document in instance.turns[args.turn].documents:
        if document.kind != "filler":
            print(f"[{document.kind}] {document.title}\n    {document.text}\n")


if __name__ == "__main__":
    main()
