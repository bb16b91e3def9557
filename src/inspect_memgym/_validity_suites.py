"""Every task's validity suite (``inspect-memgym validate --task NAME``), registered on import.

Kept apart from the ``inspect_ai`` entry point (`_registry`): Inspect loads that one for
every command of every package, and the suites (their adversaries, invariants and grids)
are wanted only by ``inspect-memgym validate`` and the benchmarks that play them.
"""

# ruff: noqa: F401

from inspect_memgym.code_qa.validity_suite import SUITE as CODE_QA_SUITE
from inspect_memgym.conversation.validity_suite import CONVERSATION_SUITE
from inspect_memgym.entity_stream.validity_suite import SUITE as ENTITY_STREAM_SUITE
from inspect_memgym.feedback.validity_suite import FEEDBACK_SUITE
from inspect_memgym.locomo.validity_suite import SUITE as LOCOMO_SUITE
from inspect_memgym.longmemeval.validity_suite import SUITE as LONGMEMEVAL_SUITE
from inspect_memgym.procedures.validity_suite import PROCEDURES_SUITE
from inspect_memgym.research_qa.validity_suite import SUITE as RESEARCH_QA_SUITE
