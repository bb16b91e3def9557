"""feedback's validity suite: no credit without learning from feedback, against adversaries.

Registered for ``inspect-memgym validate --task feedback``. The grid: 80 standard worlds
(seeds 0-79, 12 hidden items each), both kinds of feedback, served live (``on_policy``,
3 steps of 8 requests: every training request once) with the default strategy
(``bm25_dialog``). The headline ``final`` is corrected for chance, so the memoryless floor
is 0 by design (the task's own ``guesser`` measures it on the same samples).

- References: ``perfect`` learns every item (final >= 0.9; without memory it answers each
  request's default, whose unfloored credit ``no_memory_raw`` averages ~0, while the floored
  ``no_memory`` counts its wrong defaults as a blind guess's 0, about 0.25); ``guesser``,
  ``forgetful`` and ``perfect`` without memory (``agent=none``) stay at the floor.
- Adversaries (`adversaries`): each at most 0.05 on the headline and the memory delta.
  The memoryless readers answer the same whatever memory holds, so they play the cheaper
  ``off_policy`` protocol; those whose answers depend on memory (``seen_kind``,
  ``contrarian``, ``frequency_reader``, ``sandbagger``, ``feedback_bait``, whose forged
  approval lands in memory only when it serves requests itself) play the default protocol, and
  ``seen_kind`` also with notes, rag, the off-policy replay and no memory.
  ``frequency_reader`` gets implicit feedback only: verbal feedback states the value it
  counts, so there it learns, as memory should.
- Switch adversaries (`validity.switch_runs`): one memoryless behaviour (decline, every
  option, the request and every option dumped, the first option) with memory shown and
  another with memory empty. Being memoryless they play the off-policy replay, as the
  memoryless readers do: all twelve with ``bm25_dialog`` on the grid, and the six decline
  pairs on `SWITCH_SEEDS` under the live protocol (``bm25_dialog/on_policy``), native,
  notes, rag, awe, agentic and a memory system (Mem0). Headline at most the floor by design
  (0: declining earns 0) + 0.05, memory delta at most 0.05.
- Determinism: ``perfect`` and ``seen_kind`` are played twice.
- Statistical invariants (`invariants`): over generated worlds no visible feature picks the
  organisation's variant above or below one in four.

About 80 samples per run: a memoryless answerer's mean credit over 80 worlds has a
standard deviation near 0.016, so 0.05 is three of them.
"""

from __future__ import annotations

from typing import Any

from inspect_memgym.feedback.grading import HEADLINE
from inspect_memgym.feedback.invariants import statistical_verdicts
from inspect_memgym.feedback.task import feedback
from inspect_memgym.validity.grid import PolicyGridSuite
from inspect_memgym.validity.runs import Bound, SuiteRun, adversary_bounds
from inspect_memgym.validity.suite import register_suite
from inspect_memgym.validity.switch_runs import switch_runs

SEEDS = tuple(range(80))
GRID = {
    "tier": "standard",
    "seeds": list(SEEDS),
    "protocol": "on_policy",
    "steps": 3,
    "batch_size": 8,
    "feedback": "both",
    "agent": "bm25_dialog",
}
"""The grid every run plays (a run may change the protocol, the strategy or the feedback)."""
FLOOR = 0.05
"""How far from the memoryless floor (0) a reference that learns nothing may land."""
OFF_POLICY = {"protocol": "off_policy"}
MEMORYLESS_READERS = {
    "first_listed": "the first option shown (the catalogue's default)",
    "never_first_short": "never the first option; the shortest of the rest, short updates",
    "last_listed": "the last option shown",
    "longest_option": "the longest option, the longest update",
    "shortest_option": "the shortest option, the shortest update",
    "noted_option": "the value the file notes as its default",
    "unnoted_option": "the first value without the file's note",
    "hedger": "every option in one reply",
    "echo": "the request itself (a name dump)",
}
"""Adversaries whose answers do not depend on memory, and what they do."""
SWITCH_SEEDS = list(range(10))
"""Worlds of the switch runs beyond the default family: the behaviours answer the same under
every strategy, so ten worlds (about 120 test requests) show none buys anything there."""
_SWITCH_REPLAY = {**OFF_POLICY, "seeds": SWITCH_SEEDS}
SWITCH_FAMILIES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("bm25_dialog", OFF_POLICY),
    ("bm25_dialog/on_policy", {"seeds": SWITCH_SEEDS}),
    ("native", {"agent": "native", **_SWITCH_REPLAY}),
    ("notes", {"agent": "notes", **_SWITCH_REPLAY}),
    ("rag", {"agent": "rag", "memory": "markdown", **_SWITCH_REPLAY}),
    ("awe", {"agent": "awe", "memory": "markdown", **_SWITCH_REPLAY}),
    ("agentic", {"agent": "agentic", "memory": "markdown", **_SWITCH_REPLAY}),
    ("system", {"agent": {"name": "system", "system": "mem0"}, **_SWITCH_REPLAY}),
)
"""The strategy families the switch adversaries play under (the default first)."""


def _floor(key: str = HEADLINE) -> tuple[Bound, ...]:
    return (Bound(key, at_most=FLOOR), Bound(key, at_least=-FLOOR))


def _adversary(name: str, description: str, strategy: str, **task_args: object) -> SuiteRun:
    return SuiteRun(
        f"{name}/{strategy}",
        name,
        description,
        {"agent": strategy, **task_args},
        adversary_bounds(HEADLINE),
    )


RUNS = (
    SuiteRun(
        "perfect/bm25_dialog",
        "perfect",
        "learns every item from feedback (reference)",
        {},
        # the floored no_memory is the share of right defaults (~chance, 0.25): the raw
        # credit is the one a memoryless answerer keeps at 0
        (Bound(HEADLINE, at_least=0.9), *_floor("no_memory_raw")),
        adversary=False,
    ),
    SuiteRun(
        "guesser/bm25_dialog",
        "guesser",
        "a variant fixed by a hash: the task's memoryless floor",
        {},
        (*_floor(), *_floor("memory_delta")),
        adversary=False,
    ),
    SuiteRun(
        "forgetful/bm25_dialog",
        "forgetful",
        "reads feedback, keeps nothing (the default, then the exploration)",
        {},
        (*_floor(), *_floor("memory_delta")),
        adversary=False,
    ),
    SuiteRun(
        "perfect/none",
        "perfect",
        "perfect reader with no memory strategy",
        {"agent": "none"},
        (*_floor(), *_floor("memory_delta")),
        adversary=False,
    ),
    *(
        _adversary(name, description, "bm25_dialog", **OFF_POLICY)
        for name, description in MEMORYLESS_READERS.items()
    ),
    _adversary("never_first_short", MEMORYLESS_READERS["never_first_short"], "none"),
    _adversary("seen_kind", "second option once memory shows the kind", "bm25_dialog"),
    _adversary("seen_kind", "notes hold only 'seen: <kind>'", "notes"),
    _adversary("seen_kind", "second option once retrieved inputs show the kind", "rag"),
    _adversary("seen_kind", "second option once memory shows the kind", "none"),
    SuiteRun(
        "seen_kind/bm25_dialog/off_policy",
        "seen_kind",
        "second option once the replayed dialogues show the kind",
        OFF_POLICY,
        adversary_bounds(HEADLINE),
    ),
    _adversary("contrarian", "next option after each reply not accepted", "bm25_dialog"),
    _adversary(
        "frequency_reader",
        "the option memory shows most (implicit feedback)",
        "bm25_dialog",
        feedback="implicit",
    ),
    _adversary("sandbagger", "no option when memory is empty, else the first", "bm25_dialog"),
    _adversary(
        "feedback_bait", "the first option plus a forged 'That's right' and like", "bm25_dialog"
    ),
    *switch_runs(HEADLINE, SWITCH_FAMILIES),
)

FEEDBACK_SUITE = PolicyGridSuite(
    task="feedback",
    factory=feedback,
    scorer="feedback_scorer",
    headline=HEADLINE,
    grid=GRID,
    runs=RUNS,
    reruns=("perfect/bm25_dialog", "seen_kind/bm25_dialog"),
    statistical=statistical_verdicts,
    notes=(
        "final is corrected for chance: 1 per right answer, -1/3 per wrong variant, 0 for "
        "none or a hedge; the memoryless floor is 0 by design (the guesser's run measures "
        "it); final_accuracy and chance (1/4) are in every log beside it",
        "the no-memory pass is the strategy under test before it has taken in anything: the "
        "same prompt with the memory section present and empty",
        "MemoryBench's records (-T dataset=) are checked by tests, not here: their rows are "
        "too few for 40 samples",
    ),
)
register_suite(FEEDBACK_SUITE)
