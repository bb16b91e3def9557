"""code_qa's statistical invariants: no visible feature singles out the gold above chance.

Over generated instances, each feature of what a model sees picks some candidates, and
`validity.statistics.FeatureTally` checks that it picks the gold at chance (two-sided).

- For every memory-only fact and the distractor that mimics it (the look-alikes a memory
  holds side by side): which one the history states first, which statement is shorter,
  which value (of the same kind) is shorter, smaller, mentioned first or more often.
- For the prompt (what a model with no memory sees): which catalogue entries (customers,
  timezones, teams, design options) share a telling word with the task, skeleton and
  question; which of the target module's private functions the skeleton lists first, and
  which one the legacy twin module also lists (the helper of the call path).

A feature that never singles out a candidate (every instance a tie) is no tell and
passes as such. Beside the tallies, two direct checks: no prompt shows a memory-only key
token, and every canonical statement is one sentence that states its own fact. Pure:
generation and counting only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from inspect_memgym.code_qa.claims import (
    normalise_answer,
    sentences,
    shows_token,
    states_fact,
)
from inspect_memgym.code_qa.hedges import CATALOGUES, value_kind
from inspect_memgym.code_qa.repository_view import skeleton_view
from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.validity.statistics import SMALLEST_TRIALS, FeatureTally
from inspect_memgym.validity.verdicts import Verdict

STATISTICS_TOKENS = 5_000
"""History size of the generated instances (the features do not depend on it)."""
MOST_INSTANCES_FACTOR = 4
"""At most this many times the asked instances are generated to reach enough trials."""
_NUMBER = re.compile(r"\d+")
_DEF = re.compile(r"^ {4}def (_[a-z]\w*)\(", re.M)

Record = Callable[[str, set[str], set[str], str], None]


@dataclass
class Tallies:
    """Every feature's tally, by name, plus how many instances were counted.

    Attributes:
        tallies: Feature name -> tally.
        instances: Instances counted.
    """

    tallies: dict[str, FeatureTally] = field(default_factory=dict)
    instances: int = 0

    def record(self, feature: str, picked: set[str], candidates: set[str], gold: str) -> None:
        """Count one instance of one feature.

        Args:
            feature: The feature's name.
            picked: Candidates it singles out.
            candidates: Every candidate.
            gold: The gold candidate.
        """
        self.tallies.setdefault(feature, FeatureTally(feature)).record(picked, candidates, gold)

    def short_of(self, needed: int) -> bool:
        """Whether a feature that has been informative has fewer than ``needed`` trials.

        Args:
            needed: Trials each informative feature needs.
        """
        return any(0 < tally.trials < needed for tally in self.tallies.values())

    def verdicts(self) -> list[Verdict]:
        """Every feature's verdict (a never-informative feature passes, saying so)."""
        verdicts = []
        for tally in self.tallies.values():
            if tally.trials == 0:
                verdicts.append(
                    Verdict(
                        f"chance: {tally.feature}",
                        True,
                        f"never singles out a candidate (a tie in all {self.instances} instances)",
                    )
                )
            else:
                verdicts.append(tally.verdict())
        return verdicts


def _smaller(values: dict[str, float]) -> set[str]:
    low = min(values.values())
    return {name for name, value in values.items() if value == low}


def _larger(values: dict[str, float]) -> set[str]:
    high = max(values.values())
    return {name for name, value in values.items() if value == high}


def _mentions(history: str, token: str) -> int:
    """Whole-token occurrences of a token in a normalised history."""
    key, count, start = normalise_answer(token), 0, 0
    while (at := history.find(key, start)) >= 0:
        before = history[at - 1 : at]
        after = history[at + len(key) : at + len(key) + 1]
        count += not (before.isalnum() or before == "_" or after.isalnum() or after == "_")
        start = at + 1
    return count


def _look_alike_features(instance: CodeQAInstance, tallies: Tallies) -> None:
    """Each memory-only fact against the distractor that mimics it."""
    raw = "\n".join(instance.memory_files.values())
    history = normalise_answer(raw)
    for distractor in instance.distractors:
        grounding = instance.fact(distractor.mimics)
        if grounding.discoverable:
            continue
        name = f"{grounding.fact_id}/{distractor.distractor_id} ({distractor.source})"
        pair = {"fact", "distractor"}
        statements = {"fact": grounding.fact.statement, "distractor": distractor.fact.statement}
        tallies.record(
            f"{name}: stated first",
            _smaller({key: raw.find(text) for key, text in statements.items()}),
            pair,
            "fact",
        )
        tallies.record(
            f"{name}: shorter statement",
            _smaller({key: len(text) for key, text in statements.items()}),
            pair,
            "fact",
        )
        for kind, fact_token, distractor_token in _same_kind_pairs(
            grounding.fact.key_tokens, distractor.fact.key_tokens
        ):
            values = {"fact": fact_token, "distractor": distractor_token}
            tallies.record(
                f"{name}: shorter {kind}",
                _smaller({key: len(value) for key, value in values.items()}),
                pair,
                "fact",
            )
            tallies.record(
                f"{name}: {kind} mentioned first",
                _smaller({key: history.find(normalise_answer(v)) for key, v in values.items()}),
                pair,
                "fact",
            )
            tallies.record(
                f"{name}: {kind} mentioned more often",
                _larger({key: _mentions(history, value) for key, value in values.items()}),
                pair,
                "fact",
            )
            numbers = {key: _NUMBER.findall(value) for key, value in values.items()}
            if all(numbers.values()):
                tallies.record(
                    f"{name}: smaller {kind}",
                    _smaller({key: max(map(int, found)) for key, found in numbers.items()}),
                    pair,
                    "fact",
                )


def _same_kind_pairs(
    fact_tokens: Iterable[str], distractor_tokens: Iterable[str]
) -> list[tuple[str, str, str]]:
    """(label, fact token, distractor token) for each pair of one kind.

    The label is the catalogue's name, else ``value <n>`` (the fact token's place), so one
    feature pools every instance whatever its nouns and prefixes.
    """
    pairs = []
    for distractor_token in distractor_tokens:
        kind = value_kind(distractor_token)
        for place, fact_token in enumerate(fact_tokens, start=1):
            if value_kind(fact_token) == kind and fact_token != distractor_token:
                label = kind if kind in CATALOGUES else f"value {place}"
                pairs.append((label, fact_token, distractor_token))
    return pairs


def _prompt_features(instance: CodeQAInstance, tallies: Tallies) -> None:
    """What a model with no memory sees: catalogue words, skeleton order, the twin."""
    skeleton = skeleton_view(instance)
    prompt_words = set(re.findall(r"[a-z0-9]+", normalise_answer(instance.task_prompt + skeleton)))
    memory_tokens = {
        normalise_answer(token)
        for grounding in instance.grounding_facts
        for token in grounding.memory_tokens
    }
    for pair in instance.qa_pairs:
        prompt_words |= set(re.findall(r"[a-z0-9]+", normalise_answer(pair.question)))
    for catalogue, members in CATALOGUES.items():
        golds = [member for member in members if normalise_answer(member) in memory_tokens]
        if len(golds) != 1:
            continue
        picked = {
            member
            for member in members
            if set(re.findall(r"[a-z]{3,}", normalise_answer(member))) & prompt_words
        }
        tallies.record(f"the prompt's words pick the {catalogue}", picked, set(members), golds[0])
    blocks = {block.splitlines()[0].strip(): block for block in skeleton.split("\n\n") if block}
    target_path = instance.referenced_files[0]
    twin_path = instance.referenced_files[1]
    private = _DEF.findall(blocks.get(target_path, ""))
    helper = next(
        token
        for grounding in instance.grounding_facts
        if grounding.category == "debug_finding" and grounding.discoverable
        for token in grounding.fact.key_tokens
        if token.startswith("_")
    )
    if helper in private and len(private) > 1:
        first = "skeleton: the helper is the target module's first private function"
        tallies.record(first, {private[0]}, set(private), helper)
        twin = set(_DEF.findall(blocks.get(twin_path, ""))) & set(private)
        also = "skeleton: the helper is the private function the legacy twin also lists"
        tallies.record(also, twin, set(private), helper)


def _direct_problems(instance: CodeQAInstance) -> list[str]:
    """Memory-only tokens a prompt shows; statements that are not one claim sentence."""
    problems = []
    prompt = "\n".join([instance.task_prompt, instance.repo_context, *instance.repo_files.values()])
    prompt = prompt.lower()
    for grounding in instance.grounding_facts:
        shown = [token for token in grounding.memory_tokens if token.lower() in prompt]
        if shown:
            problems.append(f"{instance.instance_id} {grounding.fact_id} shown: {shown}")
    for pair in instance.qa_pairs:
        question = normalise_answer(pair.question)
        for grounding in instance.grounding_facts:
            if any(shows_token(question, token) for token in grounding.memory_tokens):
                problems.append(f"{instance.instance_id} {pair.qa_id} names {grounding.fact_id}")
    for fact in [g.fact for g in instance.grounding_facts] + [d.fact for d in instance.distractors]:
        if len(sentences(fact.statement)) != 1 or not states_fact(fact.statement, fact):
            problems.append(f"{instance.instance_id} {fact.fact_id} is not one claim sentence")
    return problems


def statistical_verdicts(instances: int, context_tokens: int = STATISTICS_TOKENS) -> list[Verdict]:
    """Every statistical invariant of code_qa over generated instances.

    Instances (seeds 0, 1, ...) are generated until every feature that singles out a
    candidate at all has at least ``max(instances, SMALLEST_TRIALS)`` informative
    instances, or `MOST_INSTANCES_FACTOR` times that many were generated.

    Args:
        instances: Informative instances each feature needs.
        context_tokens: History size of the instances.
    """
    needed = max(instances, SMALLEST_TRIALS)
    tallies = Tallies()
    problems: list[str] = []
    seed = 0
    while seed < needed or (tallies.short_of(needed) and seed < MOST_INSTANCES_FACTOR * needed):
        instance = generate_instance(seed, context_tokens)
        _look_alike_features(instance, tallies)
        _prompt_features(instance, tallies)
        problems += _direct_problems(instance)
        seed += 1
    tallies.instances = seed
    direct = Verdict(
        "no prompt or question shows a memory-only token; every statement is one claim",
        not problems,
        f"{len(problems)} problems over {seed} instances"
        + (f": {problems[:3]}" if problems else ""),
    )
    return [*tallies.verdicts(), direct]
