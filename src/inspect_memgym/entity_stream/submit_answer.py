"""The ``submit_answer`` tool: the agent's final answer to the open question.

While a question is asked again with no memory (memory isolation), the answer goes to
`EntityStreamState.no_memory_answers` instead.
"""

from __future__ import annotations

from inspect_ai.tool import Tool, ToolError, tool
from inspect_ai.util import store_as

from inspect_memgym.entity_stream.state import EntityStreamState

MAX_ANSWER_CHARS = 2_000


@tool
def submit_answer() -> Tool:
    """Submit the final answer to the current question."""

    async def execute(answer: str) -> str:
        """Submit your final answer to the current question. Only the first submission counts.

        Args:
            answer: The answer: the value with its unit, the entity name(s) as printed in the
                documents, or an explicit refusal such as "I don't know" when your memory
                lacks the information.
        """
        state = store_as(EntityStreamState)
        event = state.current_event
        if event.get("kind") != "question":
            raise ToolError("No question is open: submit_answer is only for questions.")
        qid = str(event["qid"])
        recorded = state.no_memory_answers if state.without_memory else state.answers
        if qid in recorded:
            raise ToolError(f"An answer to {qid} was already submitted; it is final.")
        if not isinstance(answer, str):
            raise ToolError("answer must be a string.")
        answers = dict(recorded)
        answers[qid] = {
            "answer": answer[:MAX_ANSWER_CHARS],
            "submitted": True,
            "event": event.get("index"),
        }
        if state.without_memory:
            state.no_memory_answers = answers
        else:
            state.answers = answers
        return f"Answer to {qid} recorded."

    return execute
