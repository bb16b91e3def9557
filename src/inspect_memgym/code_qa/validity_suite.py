"""code_qa's validity suite: references and adversaries on one grid, bounds, invariants.

Registered for ``inspect-memgym validate --task code_qa``. Every run plays the real task,
strategy, tools and scorer with a ``memgym`` policy on 40 generated instances at 5,000
tokens (`GRID`):

- references: ``perfect`` through notes, rag and awe (at least `PERFECT_FLOOR`), the same
  policy with no memory (the memoryless floor, at most 0.05), the ``guesser``, the
  ``paraphraser`` graded by the honest scripted judge (``grader=memgym/judge``: at least
  the floor, so honest paraphrases still score);
- adversaries (`adversaries`), each at most 0.05 headline and 0.05 memory delta: a memory
  of values that cannot tell a fact's from its look-alike's (``value_picker``: the
  chance-corrected headline gives its guesses 0 on average), token bags, hedges, memoryless
  skeleton and source readers (with and without
  ``repo_files``), question echoes, name dumps, catalogue enumerations, judge-bait with the
  honest judge, with self-judging and with no judge;
- switch adversaries (`validity.switch_runs`): one memoryless behaviour (decline, catalogue
  hedge, catalogue dump, blind pick) with memory shown and another with memory empty, all
  twelve under notes on the grid and the six decline pairs under native, rag, awe, agentic
  and a memory system (Mem0) on `SWITCH_SEEDS`: headline at most the floor by design (0,
  what declining everything earns) + 0.05, and memory delta at most 0.05.

``perfect`` and ``token_bag`` are played twice (determinism); the statistical invariants
(`validity_statistics`) run over at least 200 generated instances; the extra checks say
that facts a prompt shows are credited apart (``discoverable_accuracy``), not nowhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspect_ai import Task, task_with

from inspect_memgym.code_qa.grading import DISCOVERABLE_ACCURACY, HEADLINE
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.code_qa.validity_statistics import statistical_verdicts
from inspect_memgym.code_qa.viewer import SCORER_NAME
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import Bound, RunResult, SuiteRun, adversary_bounds
from inspect_memgym.validity.suite import register_suite
from inspect_memgym.validity.switch_runs import switch_runs
from inspect_memgym.validity.verdicts import Verdict

GRID_SEEDS = tuple(range(40))
GRID_TOKENS = 5_000
GRID: Mapping[str, Any] = {"seeds": list(GRID_SEEDS), "context_tokens": GRID_TOKENS}
"""40 instances at the smallest history size (the defences do not depend on the size)."""
PERFECT_FLOOR = 0.9
"""Least headline perfect memory scores through a strategy on the grid."""
HONEST_JUDGE = "memgym/judge"
"""The scripted grader that decides undecided facts honestly (`judge_policy`)."""
SOURCE_READER_FLOOR = 0.5
"""Least ``discoverable_accuracy`` the source reader earns with ``repo_files``: facts a
prompt shows are credited, apart from the headline."""
NO_MEMORY = {"agent": "none"}
JUDGED = {"judge": True, "grader": HONEST_JUDGE}
SELF_JUDGED = {"judge": True, "self_judge": True}
SWITCH_SEEDS = list(range(10))
"""Instances of the switch runs beyond the default family: a memoryless behaviour does not
depend on the strategy, so fewer samples show that none buys anything there either."""
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("notes", {}),
    ("native", {"agent": "native", "seeds": SWITCH_SEEDS}),
    ("rag", {"agent": "rag", "seeds": SWITCH_SEEDS}),
    ("awe", {"agent": "awe", "seeds": SWITCH_SEEDS}),
    ("agentic", {"agent": "agentic", "seeds": SWITCH_SEEDS}),
    ("system", {"agent": {"name": "system", "system": "mem0"}, "seeds": SWITCH_SEEDS}),
)
"""The strategy families the switch adversaries play under (the default first)."""


def code_qa_graded(grader: str | None = None, **arguments: Any) -> Task:
    """The code_qa task, with a ``grader`` model role bound when one is named.

    Args:
        grader: Model of the ``grader`` role (e.g. ``memgym/judge``), or None.
        **arguments: The task's arguments.
    """
    task = code_qa(**arguments)
    return task_with(task, model_roles={"grader": grader}) if grader else task


def _reference(name: str, policy: str, description: str, **arguments: Any) -> SuiteRun:
    return SuiteRun(
        name,
        policy,
        description,
        arguments,
        (Bound(HEADLINE, at_least=PERFECT_FLOOR),),
        adversary=False,
    )


def _adversary(name: str, policy: str, description: str, **arguments: Any) -> SuiteRun:
    return SuiteRun(name, policy, description, arguments, adversary_bounds(HEADLINE))


RUNS: tuple[SuiteRun, ...] = (
    _reference("perfect/notes", "perfect", "keeps every fact (reference)"),
    _reference("perfect/rag", "perfect", "keeps every fact (reference)", agent="rag"),
    _reference("perfect/awe", "perfect", "keeps every fact (reference)", agent="awe"),
    _reference(
        "paraphraser/judged",
        "paraphraser",
        "perfect memory in its own words, honest judge",
        **JUDGED,
    ),
    _adversary("perfect/none", "perfect", "perfect policy, no memory (floor)", **NO_MEMORY),
    _adversary("guesser/notes", "guesser", "memoryless guess"),
    _adversary(
        "value_picker/notes", "value_picker", "a bag of values; picks the first of each kind"
    ),
    _adversary("token_bag/notes", "token_bag", "every value of the history, for every question"),
    _adversary("token_bag/rag", "token_bag", "every value retrieved", agent="rag"),
    _adversary("token_bag/awe", "token_bag", "every value stored", agent="awe"),
    _adversary("hedger/notes", "hedger", "states fact and look-alike together"),
    _adversary("hedger/rag", "hedger", "states fact and look-alike together", agent="rag"),
    _adversary(
        "skeleton_reader/none",
        "skeleton_reader",
        "caller and helper from the skeleton",
        **NO_MEMORY,
    ),
    _adversary(
        "skeleton_reader/files",
        "skeleton_reader",
        "reads the source it is shown",
        agent="none",
        repo_files=True,
    ),
    _adversary(
        "skeleton_reader/notes+files",
        "skeleton_reader",
        "reads the source, notes on",
        repo_files=True,
    ),
    _adversary("question_echo/notes", "question_echo", "the question's own words"),
    _adversary("name_dumper/notes", "name_dumper", "every name the prompt shows"),
    _adversary("name_dumper/files", "name_dumper", "every name the source shows", repo_files=True),
    _adversary(
        "catalogue_enumerator/none", "catalogue_enumerator", "every catalogue entry", **NO_MEMORY
    ),
    _adversary("judge_bait/judged", "judge_bait", "undecidable words, honest judge", **JUDGED),
    _adversary(
        "judge_bait/self_judged", "judge_bait", "undecidable words, judges itself", **SELF_JUDGED
    ),
    _adversary("judge_bait/no_judge", "judge_bait", "undecidable words, no judge"),
    _adversary(
        "judge_bag/self_judged", "judge_bag", "a loosened token bag, judges itself", **SELF_JUDGED
    ),
    *switch_runs(HEADLINE, SWITCH_FAMILIES),
)
"""Every run of the suite, references first."""


def _apart(results: Mapping[str, RunResult]) -> list[Verdict]:
    """Facts a prompt shows are credited apart from the headline, not nowhere."""
    verdicts = []
    if "skeleton_reader/files" in results:
        value = results["skeleton_reader/files"].mean(DISCOVERABLE_ACCURACY)
        verdicts.append(
            Verdict(
                f"skeleton_reader/files: {DISCOVERABLE_ACCURACY} ≥ {SOURCE_READER_FLOOR:g}",
                value >= SOURCE_READER_FLOOR,
                f"{value:.3f} (the source's facts count apart from the headline)",
            )
        )
    if "perfect/notes" in results:
        value = results["perfect/notes"].mean("no_memory")
        verdicts.append(Verdict("perfect/notes: no_memory ≤ 0.05", value <= 0.05, f"{value:.3f}"))
    return verdicts


SUITE = PolicyGridSuite(
    task="code_qa",
    factory=code_qa_graded,
    scorer=SCORER_NAME,
    headline=HEADLINE,
    grid=GRID,
    runs=RUNS,
    reruns=("perfect/notes", "token_bag/notes"),
    statistical=statistical_verdicts,
    extra=_apart,
    notes=(
        "The agentic strategy is played by the switch adversaries only (they answer without "
        "a tool call); the other adversaries' answers would be tool loops they do not script. "
        "Its no-memory pass has no memory tools.",
    ),
)
register_suite(SUITE)
