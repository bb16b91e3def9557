"""conversation's validity suite: references and adversaries on one grid of generated users.

Registered for ``inspect-memgym validate --task conversation``. The grid is the base tier
(the task's default, sized like AMemGym's v1.base), users 0-11; a sample of the bounds is
one question of one period of one user (12 x 11 x 10 = 1,320 per run). Every run plays
the real task through ``inspect_ai.eval`` with a ``memgym`` policy:

- references: ``perfect`` under awe (at least 0.95, and memory adds at least 0.65: its
  Δ is the share of questions its no-memory pass got wrong), and two memoryless ones,
  ``guesser`` under awe and ``perfect`` under none (at most 0.05);
- every adversary of `adversaries` under awe, the default strategy they attack; those that
  read beyond the evaluation prompt (the memory section, the history, the pass they are
  in) also under none, native and rag. Each may score at most 0.05 chance-corrected
  accuracy and gain at most 0.05 over its own no-memory answers;
- the copiers of self-evolution feedback (`adversary_copiers`) instead under notes and awi
  with ``-T evolve=question`` and ``-T evolve=complete``, with the same bounds: the feedback
  a rewrite of the memory brief is shown must carry nothing that reaches an answer;
- the switch adversaries (`validity.switch_runs`): one memoryless behaviour (decline, hedge
  every option, dump every name and number, a blind pick) with memory shown and another
  with memory empty, all twelve under awe and the six decline pairs under awi, native,
  notes, rag, bm25_dialog, agentic and a memory system (Mem0), on users 0-3: headline at
  most the floor (0, a blind pick's) + 0.05 and memory delta at most 0.05.

Runs whose attack is not an auxiliary pass leave the probes and the upper bound out
(``diagnostics=False, upper_bound=False``): neither reaches the headline (the grader reads
only the question answers), and the runs that do attack them (first option, the
upper-bound sandbagger, the stated-state reader) and the references keep both. A cross-run
check asserts that sandbagging the upper bound changes no sample's headline, and that the
upper bound is flagged. ``period_counter`` under awe (it writes memory) is run twice for
determinism. The statistical invariants (`gold_features`) count ``--instances`` generated
users of the small and base tiers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspect_memgym.conversation.adversaries import ADVERSARIES
from inspect_memgym.conversation.gold_features import feature_verdicts
from inspect_memgym.conversation.grading import HEADLINE, UPPER_BOUND_FLAG
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.viewer import SCORER_NAME
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import Bound, RunResult, SuiteRun, adversary_bounds
from inspect_memgym.validity.suite import register_suite
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.verdicts import Verdict

GRID: Mapping[str, Any] = {"tier": "base", "seeds": list(range(12))}
"""Users 0-11 of the base tier: 1,320 questions answered per run."""
WITHOUT_AUXILIARY_PASSES: Mapping[str, Any] = {"diagnostics": False, "upper_bound": False}
"""Task arguments of the runs whose attack is not an auxiliary pass."""
ATTACKING_AUXILIARY_PASSES = ("first_option", "upper_bound_sandbagger", "stated_state")
"""Adversaries played with the probes and the upper bound asked."""
BEYOND_THE_PROMPT: Mapping[str, tuple[str, ...]] = {
    "first_option": ("none",),
    "upper_bound_sandbagger": ("none",),
    "hedger": ("none",),
    "no_memory_sandbagger": ("none", "native", "rag"),
    "period_counter": ("none", "native"),
}
"""Adversaries also played under other strategies, and which: those whose behaviour can
depend on what a strategy shows (the rest read the evaluation prompt alone, which every
strategy shows identically)."""
EVOLVING: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "feedback_copier": (("notes", "awi"), ("question", "complete")),
    "answer_copier": (("notes", "awi"), ("question", "complete")),
}
"""Adversaries that attack self-evolution: (strategies, ``evolve`` levels) they play under,
instead of the runs above (without ``evolve`` they never copy anything)."""
SWITCH_SEEDS = list(range(4))
"""The switch runs' users (440 questions per run): a decline, a hedge and a dump score
exactly, and a blind pick's luck is bounded by the position invariants."""
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = tuple(
    (label, {"agent": agent, **WITHOUT_AUXILIARY_PASSES, "seeds": SWITCH_SEEDS})
    for label, agent in (
        ("awe", "awe"),
        ("awi", "awi"),
        ("native", "native"),
        ("notes", "notes"),
        ("rag", "rag"),
        ("bm25_dialog", "bm25_dialog"),
        ("agentic", "agentic"),
        ("system", {"name": "system", "system": "mem0"}),
    )
)
"""The strategy families the switch adversaries play under (the default, awe, first)."""
SWITCH_FLOOR = 0.0
"""The memoryless floor of the headline: a blind pick earns 0 on average (declining
everything earns less, -1/(k-1))."""
PERFECT_DELTA_FLOOR = 0.65
"""The least perfect memory adds. Its ``memory_delta`` is the share of questions its
no-memory pass got wrong (`scoring.isolation`: a wrong no-memory pick counts a blind
guess's 1/k, 0 on the chance-corrected scale), about 1 - 1/4 with four options."""
REFERENCES = (
    SuiteRun(
        "perfect/awe",
        "perfect",
        "keeps every revealed value (reference)",
        {"agent": "awe"},
        (Bound(HEADLINE, at_least=0.95), Bound("memory_delta", at_least=PERFECT_DELTA_FLOOR)),
        adversary=False,
    ),
    SuiteRun(
        "guesser/awe",
        "guesser",
        "remembers nothing, hash-picked options (reference)",
        {"agent": "awe"},
        adversary_bounds(HEADLINE),
        adversary=False,
    ),
    SuiteRun(
        "perfect/none",
        "perfect",
        "perfect with no memory at all (reference)",
        {"agent": "none", **WITHOUT_AUXILIARY_PASSES},
        adversary_bounds(HEADLINE),
        adversary=False,
    ),
)


def _adversary_runs() -> tuple[SuiteRun, ...]:
    runs = []
    for name, adversary in ADVERSARIES.items():
        if name in EVOLVING:
            runs.extend(_evolving_runs(name, adversary.description))
            continue
        passes = {} if name in ATTACKING_AUXILIARY_PASSES else WITHOUT_AUXILIARY_PASSES
        for agent in ("awe", *BEYOND_THE_PROMPT.get(name, ())):
            bounds = adversary_bounds(HEADLINE)
            if name == "upper_bound_sandbagger" and agent == "awe":
                bounds = (*bounds, Bound(UPPER_BOUND_FLAG, at_least=1.0))
            runs.append(
                SuiteRun(
                    f"{name}/{agent}",
                    name,
                    adversary.description,
                    {"agent": agent, **passes},
                    bounds,
                )
            )
    return tuple(runs)


def _evolving_runs(name: str, description: str) -> list[SuiteRun]:
    agents, levels = EVOLVING[name]
    return [
        SuiteRun(
            f"{name}/{agent}/evolve={level}",
            name,
            description,
            {"agent": agent, "evolve": level, **WITHOUT_AUXILIARY_PASSES},
            adversary_bounds(HEADLINE),
        )
        for agent in agents
        for level in levels
    ]


def _upper_bound_reaches_no_headline(results: Mapping[str, RunResult]) -> Sequence[Verdict]:
    """The upper-bound sandbagger's headline equals first_option's, sample by sample."""
    names = ("first_option/awe", "upper_bound_sandbagger/awe")
    if not all(name in results for name in names):
        return []
    honest, sandbagged = (results[name].sample_values for name in names)
    differing = [
        sample
        for sample, value in sandbagged.items()
        if honest.get(sample, {}).get(HEADLINE) != value.get(HEADLINE)
    ]
    detail = (
        f"{len(sandbagged)} samples' headlines identical"
        if not differing
        else f"differ: {', '.join(differing[:3])}"
    )
    return [
        Verdict(
            "sandbagging the upper bound leaves the headline unchanged",
            not differing and bool(sandbagged),
            detail,
        )
    ]


CONVERSATION_SUITE = PolicyGridSuite(
    task="conversation",
    factory=conversation,
    scorer=SCORER_NAME,
    headline=HEADLINE,
    grid=GRID,
    runs=(*REFERENCES, *_adversary_runs(), *switch_runs(HEADLINE, SWITCH_FAMILIES, SWITCH_FLOOR)),
    reruns=("period_counter/awe",),
    statistical=feature_verdicts,
    extra=_upper_bound_reaches_no_headline,
    notes=(
        "a bound's sample is one question of one period of one user (1,320 per run on the "
        "default grid; --seeds changes the users)",
        "runs not attacking an auxiliary pass leave out the probes and the upper bound, "
        "which never reach the headline",
        "the statistical invariants count --instances users of each of the small and base tiers",
        "the copiers of self-evolution feedback play notes and awi with evolve=question and "
        "evolve=complete (the brief is rewritten after every period but the last)",
    ),
)
"""The suite ``inspect-memgym validate --task conversation`` runs."""

register_suite(CONVERSATION_SUITE)
