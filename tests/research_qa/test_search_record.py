"""An interactive search as the store and the score keep it: its keys, in their order."""

from __future__ import annotations

import json

from inspect_memgym.research_qa.state import SearchRecord


def test_a_search_is_kept_as_turn_query_documents_and_error() -> None:
    search = SearchRecord(turn=0, query="Who founded Arlo?", doc_ids=["d3", "d1"], error=None)
    assert json.dumps(search.as_metadata()) == (
        '{"turn": 0, "query": "Who founded Arlo?", "doc_ids": ["d3", "d1"], "error": null}'
    )
    assert SearchRecord.all_of([search.as_metadata()]) == [search]
