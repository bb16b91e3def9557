"""Show that each validity invariant fails when the thing it guards is broken.

Usage: python benchmarks/break_invariants.py [--templates company,city,sport] [--smoke]

`--smoke` breaks one invariant (the write budget, one policy) on one template: a check that
the script still runs, in the default tests.

For each invariant, monkeypatch one piece of the suite (a policy, an answer rule, the
budget check, determinism), run the policies that invariant compares through the real
``validate`` path on a small lite grid, and print the invariant's verdict. Every break must
print FAIL; the last line reports whether all of them did. Nothing is patched on disk.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import inspect_memgym.entity_stream.policies.priority as priority_module
import inspect_memgym.entity_stream.policies.storing as storing_module
import inspect_memgym.entity_stream.rule_grading as rule_grading_module
import inspect_memgym.memory.operations as memory_operations
from inspect_memgym.entity_stream.policies.registry import POLICIES
from inspect_memgym.entity_stream.validity_suite import SUITE
from inspect_memgym.entity_stream.world.scenario import generate_scenario
from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.scoring.answer_rules import RuleVerdict
from inspect_memgym.validity.report import SuiteReport
from inspect_memgym.validity.suite import ValidateOptions

ORIGINAL_REFERENCES = priority_module.question_references


@contextmanager
def patched(target: Any, name: str, value: Any) -> Iterator[None]:
    original = getattr(target, name)
    setattr(target, name, value)
    try:
        yield
    finally:
        setattr(target, name, original)


def first_number_only(answer: str, gold: Any, **_: Any) -> RuleVerdict:
    """MemoryGym's validator hole (flaw 5): any mention of the gold value passes."""
    mentioned = gold.text.lower() in answer.lower() or (
        gold.entity is not None and gold.entity.lower() in answer.lower()
    )
    return RuleVerdict("correct" if mentioned else "incorrect", "broken", "substring")


def least_asked_first(template: str, tier: str, seed: int, axes: Any = None) -> Counter[str]:
    """Priority's ranking turned upside down: the least-referenced entities rank first."""
    counts = (
        ORIGINAL_REFERENCES(template, tier, seed)
        if axes is None
        else ORIGINAL_REFERENCES(template, tier, seed, axes)
    )
    scenario_names = {
        entity.name for entity in generate_scenario(template, tier, seed).world.entities
    }
    return Counter({name: -counts[name] for name in scenario_names})


def crashing_search(self: Any, query: str, top_k: int = 5) -> Any:
    raise RuntimeError("search backend crashed")


def nondeterministic_fraction(*parts: str) -> float:
    return random.random()


BREAKS: list[tuple[str, str, list[str], Callable[[], Any]]] = [
    (
        "perfect ≥ 99% right and composite ≥ 0.95",
        "perfect stores only 80% of entities",
        ["perfect"],
        lambda: patched(POLICIES["perfect"], "store_rate", 0.8),
    ),
    (
        "cheaters, guessers, abstainer ≤ 0.05 composite",
        "answer rules accept an answer that merely contains the gold text (hedging passes)",
        ["hedger"],
        lambda: patched(rule_grading_module, "check_answer", first_number_only),
    ),
    (
        "perfect > template_expert > strategic on composite",
        "template_expert stores only 30%",
        ["perfect", "template_expert", "strategic"],
        lambda: patched(POLICIES["template_expert"], "batch_store_rate", lambda template: 0.3),
    ),
    (
        "strategic > naive on maintenance",
        "strategic ignores corrections",
        ["strategic", "naive"],
        lambda: patched(POLICIES["strategic"], "apply_changes", False),
    ),
    (
        "priority ≥ random − 0.05",
        "priority keeps the least-asked-about entities first",
        ["priority", "random"],
        lambda: patched(priority_module, "question_references", least_asked_first),
    ),
    (
        "budget never exceeded",
        "memory_write no longer checks the budget",
        ["over_writer"],
        lambda: patched(memory_operations, "can_afford", lambda cost, left: True),
    ),
    (
        "no sample errors",
        "memory search crashes instead of refusing",
        ["perfect"],
        lambda: patched(ChromaBackend, "search", crashing_search),
    ),
    (
        "strategic: a rerun is identical",
        "storage choices drawn from an unseeded RNG",
        ["strategic"],
        lambda: patched(storing_module, "stable_fraction", nondeterministic_fraction),
    ),
]


STATISTICAL_INSTANCES = 20
"""Generated instances of the statistical invariants (not broken here: a few will do)."""
SMOKE_INVARIANT = "budget never exceeded"
"""The break `--smoke` runs: one policy, so one short eval."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--templates", default="company,city,sport")
    parser.add_argument("--smoke", action="store_true", help="one break on one template")
    args = parser.parse_args()
    templates = ["company"] if args.smoke else args.templates.split(",")
    breaks = [entry for entry in BREAKS if entry[0] == SMOKE_INVARIANT] if args.smoke else BREAKS
    for _, _, _, patch in BREAKS:  # every break still finds what it patches
        with patch():
            pass
    print(f"all {len(BREAKS)} breaks find what they patch", flush=True)
    all_failed = True
    for invariant, breakage, policies, patch in breaks:
        with patch(), tempfile.TemporaryDirectory() as log_dir:
            options = ValidateOptions(
                log_dir,
                seeds=(0,),
                tier="lite",
                templates=",".join(templates),
                policies=",".join(policies),
                instances=STATISTICAL_INSTANCES,
            )
            report = SUITE.validate(options)
            assert isinstance(report, SuiteReport)
        verdicts = [verdict for verdict in report.verdicts if verdict.name == invariant]
        failed = [v for v in verdicts if not v.passed]
        all_failed &= bool(failed)
        shown = failed[0] if failed else (verdicts[0] if verdicts else None)
        status = "FAIL (as it must)" if failed else "still PASSES"
        detail = f"{shown.name}: {shown.detail}" if shown else "invariant not checked"
        print(f"- broke '{breakage}' -> {status}: {detail}", flush=True)
    print("every invariant failed when broken" if all_failed else "SOME INVARIANT DID NOT FAIL")


if __name__ == "__main__":
    main()
