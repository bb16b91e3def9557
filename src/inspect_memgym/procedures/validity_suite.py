"""procedures' validity suite: no pass without the lessons of the train episodes.

Registered for ``inspect-memgym validate --task procedures``. The grid: 3 standard worlds
per template (seeds 0-2, 6 test tasks each: 54 samples) with the default strategy
(``notes``). The memoryless floor is 0 by design: no test task passes without the note
convention, which only the episodes show.

- References: ``perfect`` passes every test task with notes and with rag (pass@1 >= 0.95);
  ``perfect`` with no memory (``agent=none``) stays at the floor.
- Adversaries (`policies`): ``naive``, ``trial_and_error``, ``always_approve``,
  ``always_escalate``, ``replayer`` and ``prompt_reader``, each at most 0.05 on pass@1 and
  on the memory delta.
- Switch adversaries (`validity.switch_runs`, `kit.pass_switch`): one memoryless behaviour
  (`switch_plans`: decline, hedge, dump, guess) with memory shown and another with memory
  empty, the pass read from the tool loop's marked calls. All twelve pairs under the
  default strategy (notes), the six decline pairs under native, rag, awe, agentic and a
  memory system (Mem0); headline at most the floor (0) + 0.05, memory delta at most 0.05.
- Determinism: ``perfect/notes`` is played twice.
- Statistical invariants (`invariants`).
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.procedures.grading import HEADLINE, MEMORYLESS_FLOOR
from inspect_memgym.procedures.invariants import statistical_verdicts
from inspect_memgym.procedures.policies import MEMORYLESS_POLICIES
from inspect_memgym.procedures.task import procedures
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import Bound, SuiteRun, adversary_bounds
from inspect_memgym.validity.suite import register_suite
from inspect_memgym.validity.switch_runs import switch_runs

GRID = {"tier": "standard", "seeds": [0, 1, 2], "agent": "notes"}
"""The grid every run plays."""
FLOOR = 0.05
DESCRIPTIONS = {
    "naive": "no lesson: the memoryless defaults",
    "guesser": "no lesson: approves and escalates by a hash of the case",
    "trial_and_error": "after a refusal, tries every other step and order",
    "always_approve": "approves every case",
    "always_escalate": "escalates every case",
    "replayer": "replays a successful train trajectory verbatim",
    "prompt_reader": "reads only the prompt and the tool descriptions",
}
FLOOR_BOUNDS = (Bound(HEADLINE, at_most=FLOOR), Bound("memory_delta", at_most=FLOOR))
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("notes", {}),
    ("native", {"agent": "native"}),
    ("rag", {"agent": "rag", "memory": "markdown"}),
    ("awe", {"agent": "awe", "memory": "markdown"}),
    ("agentic", {"agent": "agentic", "memory": "markdown"}),
    ("system", {"agent": {"name": "system", "system": "mem0"}}),
)
"""The strategy families the switch adversaries play under (the default first)."""

RUNS = (
    SuiteRun(
        "perfect/notes",
        "perfect",
        "applies every lesson its notes keep (reference)",
        {},
        (Bound(HEADLINE, at_least=0.95), Bound("no_memory", at_most=FLOOR)),
        adversary=False,
    ),
    SuiteRun(
        "perfect/rag",
        "perfect",
        "applies every lesson retrieval finds (reference)",
        {"agent": "rag", "memory": "markdown"},
        (Bound(HEADLINE, at_least=0.95),),
        adversary=False,
    ),
    SuiteRun(
        "perfect/none",
        "perfect",
        "perfect agent with no memory strategy",
        {"agent": "none"},
        FLOOR_BOUNDS,
        adversary=False,
    ),
    *(
        SuiteRun(f"{name}/notes", name, DESCRIPTIONS[name], {}, adversary_bounds(HEADLINE))
        for name in MEMORYLESS_POLICIES
    ),
    *switch_runs(HEADLINE, SWITCH_FAMILIES, MEMORYLESS_FLOOR),
)

PROCEDURES_SUITE = PolicyGridSuite(
    task="procedures",
    factory=procedures,
    scorer="procedures_scorer",
    headline=HEADLINE,
    grid=GRID,
    runs=RUNS,
    reruns=("perfect/notes",),
    statistical=statistical_verdicts,
    notes=(
        "pass@1 is the rule check of the final state (required changes made, forbidden ones "
        "absent); the memoryless floor is 0 by design",
        "the no-memory pass is the strategy under test with nothing kept: the same lessons "
        "prompt, and retrieve_learnings over an empty memory",
    ),
)
register_suite(PROCEDURES_SUITE)
