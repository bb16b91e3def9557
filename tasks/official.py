"""The official protocols, pinned.

- ``entity_stream_official``: standard tier, seeds 0-9, all 10 templates (100 samples).
  Report the mean and standard error of the composite and every axis, overall and per
  template.
- ``conversation_official``: base tier (sized like AMemGym v1.base), users 0-19, the
  default ``awe`` agent on the embedded chroma backend (20 samples). Report the memory score
  and the write / read / utilization failure rates, each with its standard error.

Run one with ``inspect eval tasks/official.py@entity_stream_official --model <model>``.
"""

from inspect_ai import Task, task

from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.research_qa.task import research_qa

OFFICIAL_TIER = "standard"
OFFICIAL_SEEDS = list(range(10))
OFFICIAL_CONVERSATION_TIER = "base"
OFFICIAL_CONVERSATION_SEEDS = list(range(20))
OFFICIAL_CONVERSATION_AGENT = "awe"
OFFICIAL_RESEARCH_SEEDS = list(range(25))
OFFICIAL_RESEARCH_HOPS = [3, 4, 5, 6]
OFFICIAL_RESEARCH_CONTEXT_TOKENS = 100_000
OFFICIAL_RESEARCH_AGENT = "notes"


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
def research_qa_official() -> Task:
    """research_qa under the official protocol (100 instances, hops 3-6, 100k tokens, notes)."""
    return research_qa(
        seeds=OFFICIAL_RESEARCH_SEEDS,
        hops=OFFICIAL_RESEARCH_HOPS,
        context_tokens=OFFICIAL_RESEARCH_CONTEXT_TOKENS,
        eviction="full",
        mode="scripted",
        agent=OFFICIAL_RESEARCH_AGENT,
    )
