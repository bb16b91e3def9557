"""Everything inspect_memgym registers with Inspect (the ``inspect_ai`` entry point).

Every task's validity suite is registered apart, by `_validity_suites`. Importing it also
keeps one-line errors visible under ``--display none`` (`show_one_line_errors_when_quiet`).
"""

# ruff: noqa: F401

from inspect_memgym.code_qa.scorer import code_qa_scorer
from inspect_memgym.code_qa.task import code_qa
from inspect_memgym.conversation.scorer import conversation_scorer
from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.scorer import entity_stream_scorer
from inspect_memgym.entity_stream.submit_answer import submit_answer
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.feedback.scorer import feedback_scorer
from inspect_memgym.feedback.task import feedback
from inspect_memgym.kit.inspect_internals import show_one_line_errors_when_quiet
from inspect_memgym.locomo.scorer import locomo_scorer
from inspect_memgym.locomo.task import locomo
from inspect_memgym.longmemeval.scorer import longmemeval_scorer
from inspect_memgym.longmemeval.task import longmemeval
from inspect_memgym.memory.delete_tool import memory_delete
from inspect_memgym.procedures.scorer import procedures_scorer
from inspect_memgym.procedures.task import procedures
from inspect_memgym.research_qa.scorer import research_qa_scorer
from inspect_memgym.research_qa.search_tool import web_search
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.simulation.registration import memgym
from inspect_memgym.strategies.agentic import agentic
from inspect_memgym.strategies.awe import awe
from inspect_memgym.strategies.awi import awi
from inspect_memgym.strategies.masking import masking
from inspect_memgym.strategies.native import native
from inspect_memgym.strategies.none import none
from inspect_memgym.strategies.notes import notes
from inspect_memgym.strategies.rag import rag
from inspect_memgym.strategies.retrieval_solvers import (
    bm25_dialog,
    bm25_message,
    embed_dialog,
    embed_message,
)
from inspect_memgym.strategies.summary import summary
from inspect_memgym.strategies.system import system
from inspect_memgym.tool_use.registration import text_tool_calls

show_one_line_errors_when_quiet()
