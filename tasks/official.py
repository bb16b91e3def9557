"""The official protocols, pinned.

- ``entity_stream_official``: standard tier, seeds 0-9, all 10 templates (100 samples).
  Report the mean and standard error of the composite and every axis, overall and per
  template.
- ``conversation_official``: base tier (sized like AMemGym v1.base), users 0-19, the
  default ``awe`` agent on the embedded chroma backend (20 samples). Report the headline
  (chance-corrected accuracy), ``memory_delta`` and the write / read / utilization failure
  rates, each with its standard error; AMemGym's memory score is logged beside them.
- ``code_qa_official``: instances 0-99 with 100,000-token histories, the evicted protocol
  (three ingest groups, no source files) and the default ``notes`` agent (100 samples).
  Report accuracy with its standard error, memory-only fact recall, noise rejection,
  ``no_memory`` and ``memory_delta``, and accuracy per category and difficulty.
- ``research_qa_official``: seeds 0-24 at each of 3 to 6 hops (100 samples), 100,000-token
  search streams with full eviction, scripted turns and the ``notes`` strategy. Report the
  score with its standard error, per hop count, ``hop_recall``, ``no_memory`` and
  ``memory_delta``.
- ``locomo_official``: the 10 conversations of the pinned ``locomo10.json``, the ``native``
  strategy (the whole conversation in context), every category, adversarial questions
  outside the headline (seed 0 orders their options), rule-based scoring only. Report the
  question-weighted F1 overall and per category (``question_weighted``: ``pooled_f1``,
  ``pooled_<category>`` under ``locomo_scorer``; the conversation mean in the samples), the
  adversarial abstention accuracy apart, and ``no_memory`` / ``memory_delta``.
- ``longmemeval_official``: the 500 questions of the pinned cleaned ``s`` variant, the
  ``native`` strategy (128k-token budget), judged by the ``grader`` role; bind the paper's
  judge with ``--model-role grader=openai/gpt-4o-2024-08-06``. Report overall, task-averaged,
  per-type and abstention accuracy, and ``no_memory`` / ``memory_delta``.
- ``feedback_official``: standard worlds 0-9 (12 hidden items each), the on-policy protocol
  (5 steps of 8 live training dialogues, at most 3 rounds each) under verbal, implicit and
  both feedback, the ``bm25_dialog`` baseline (30 samples). Report ``final``, ``auc``,
  ``memory_delta`` and ``learned_rule_rate`` with their standard errors, overall and per
  feedback kind, and the learning curve (``inspect-memgym plot``).
- ``procedures_official``: standard worlds 0-9 of every template (6 held-out test tasks
  each: 180 samples), the ``notes`` strategy, 5 epochs. Report ``pass_at_1``, pass^5
  (``inspect-memgym leaderboard``), ``memory_delta``, ``steps`` and ``tool_errors`` with
  their standard errors, overall and per template.

Run one with ``inspect eval tasks/official.py@entity_stream_official --model <model>``. The
locomo and longmemeval protocols download their pinned data on first use.
"""

from inspect_ai import Task, task, task_with

from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.task import feedback
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.procedures.task import procedures
from inspect_memgym.research_qa.task import research_qa

OFFICIAL_TIER = "standard"
OFFICIAL_SEEDS = list(range(10))
OFFICIAL_CONVERSATION_TIER = "base"
OFFICIAL_CONVERSATION_SEEDS = list(range(20))
OFFICIAL_CONVERSATION_AGENT = "awe"
OFFICIAL_CODE_QA_SEEDS = list(range(100))
OFFICIAL_CODE_QA_CONTEXT_TOKENS = 100_000
OFFICIAL_CODE_QA_AGENT = "notes"
OFFICIAL_RESEARCH_SEEDS = list(range(25))
OFFICIAL_RESEARCH_HOPS = [3, 4, 5, 6]
OFFICIAL_RESEARCH_CONTEXT_TOKENS = 100_000
OFFICIAL_RESEARCH_AGENT = "notes"
OFFICIAL_LOCOMO_AGENT = "native"
OFFICIAL_LONGMEMEVAL_VARIANT = "s"
OFFICIAL_LONGMEMEVAL_AGENT = "native"
OFFICIAL_FEEDBACK_SEEDS = list(range(10))
OFFICIAL_FEEDBACK_KINDS = "verbal,implicit,both"
OFFICIAL_PROCEDURES_SEEDS = list(range(10))
OFFICIAL_PROCEDURES_EPOCHS = 5


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
def code_qa_official() -> Task:
    """code_qa under the official protocol (100 instances at 100k tokens, evicted, notes agent)."""
    return code_qa(
        seeds=OFFICIAL_CODE_QA_SEEDS,
        context_tokens=OFFICIAL_CODE_QA_CONTEXT_TOKENS,
        protocol="evicted",
        repo_files=False,
        agent=OFFICIAL_CODE_QA_AGENT,
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


@task
def locomo_official() -> Task:
    """LoCoMo under the official protocol (10 conversations, native strategy, F1 rules)."""
    return locomo(agent=OFFICIAL_LOCOMO_AGENT, seed=0, include_adversarial=False, judge=False)


@task
def longmemeval_official() -> Task:
    """LongMemEval under the official protocol (500 questions of ``s``, native, judged)."""
    return longmemeval(variant=OFFICIAL_LONGMEMEVAL_VARIANT, agent=OFFICIAL_LONGMEMEVAL_AGENT)


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


@task
def procedures_official() -> Task:
    """The procedures task, official protocol (10 worlds x 3 templates, notes, 5 epochs)."""
    return task_with(
        procedures(tier="standard", seeds=OFFICIAL_PROCEDURES_SEEDS, agent="notes"),
        epochs=OFFICIAL_PROCEDURES_EPOCHS,
    )
