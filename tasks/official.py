"""The official protocols, pinned.

- ``entity_stream_official``: standard tier, seeds 0-9, all 10 templates (100 samples).
  Report the mean and standard error of the composite and every axis, overall and per
  template.
- ``conversation_official``: base tier (sized like AMemGym v1.base), users 0-19, the
  default ``awe`` agent on the embedded chroma backend (20 samples). Report the memory score
  and the write / read / utilization failure rates, each with its standard error.
- ``feedback_official``: standard worlds 0-9 (12 hidden items each), the on-policy protocol
  (5 steps of 8 live training dialogues, at most 3 rounds each) under verbal, implicit and
  both feedback, the ``bm25_dialog`` baseline (30 samples). Report ``final``, ``auc``,
  ``memory_delta`` and ``learned_rule_rate`` with their standard errors, overall and per
  feedback kind, and the learning curve (``inspect-memgym plot``).

Run one with ``inspect eval tasks/official.py@entity_stream_official --model <model>``.
"""

from inspect_ai import Task, task

from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback

OFFICIAL_TIER = "standard"
OFFICIAL_SEEDS = list(range(10))
OFFICIAL_CONVERSATION_TIER = "base"
OFFICIAL_CONVERSATION_SEEDS = list(range(20))
OFFICIAL_CONVERSATION_AGENT = "awe"
OFFICIAL_FEEDBACK_SEEDS = list(range(10))
OFFICIAL_FEEDBACK_KINDS = "verbal,implicit,both"


@task
def entity_stream_official() -> Task:
    """entity_stream under the official protocol (100 samples, default backend and rules)."""
    return entity_stream(tier=OFFICIAL_TIER, seeds=OFFICIAL_SEEDS, templates=None)


@task
def conversation_official() -> Task:
    """The conversation task under the official protocol (20 users, awe agent, default backend)."""
    return conversation(
        tier=OFFICIAL_CONVERSATION_TIER,
        seeds=OFFICIAL_CONVERSATION_SEEDS,
        agent=OFFICIAL_CONVERSATION_AGENT,
    )


@task
def feedback_official() -> Task:
    """The feedback task under the official protocol (10 worlds x 3 feedback kinds, on-policy)."""
    return feedback(
        protocol="on_policy",
        feedback=OFFICIAL_FEEDBACK_KINDS,
        max_rounds=3,
        batch_size=8,
        steps=5,
        tier="standard",
        seeds=OFFICIAL_FEEDBACK_SEEDS,
        agent="bm25_dialog",
    )
