"""The ``web_search(query)`` tool of interactive mode, over the sample's own corpus.

A real Inspect tool: the model calls it, Inspect runs it and records the call in the
transcript. It searches the instance's generated documents only (never the internet), and
returns the best matches as ``--- title ---`` blocks, best first. A blank or overlong query
is a `ToolError` the model can read, never a crashed sample.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from inspect_ai.tool import Tool, ToolError, tool

if TYPE_CHECKING:
    from inspect_memgym.research_qa.search_index import SearchSession

NO_RESULTS = "No document matches the query."


@tool
def web_search(session: SearchSession) -> Tool:
    """Tool that searches the research corpus of the current sample.

    Args:
        session: The sample's search session (its index and the searches made so far).

    Returns:
        The ``web_search`` tool.
    """

    async def execute(query: str) -> str:
        """Search the web for documents matching a query.

        Args:
            query: What to search for, e.g. "Who wrote the Orrin Report?".

        Returns:
            The best-matching documents, best first, each with its title.
        """
        if not isinstance(query, str) or not query.strip():
            raise ToolError("The search query is empty; give the words to search for.")
        try:
            record = session.search(query)
        except ValueError as error:
            raise ToolError(str(error)) from None
        if not record.results:
            return NO_RESULTS
        # Imported on call: the entry point registers this tool without the corpus' world.
        from inspect_memgym.research_qa.prompts import render_documents

        return "\n\n".join(
            render_documents([(entry.title, entry.text) for entry in record.results])
        )

    return execute
