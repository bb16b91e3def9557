"""The strategy's description as the store, the log and the score keep it: the dict it gave."""

from __future__ import annotations

import json

from inspect_ai.util import Store
from pydantic_core import to_jsonable_python

from inspect_memgym.research_qa.state import ResearchState, StrategyDescription

DESCRIBED = {
    "agent": "native",
    "kept_tokens": 120,
    "kept_entries": 4,
    "context_budget": 8000,
    "last_dropped": None,
}


def test_a_description_keeps_its_keys_in_order_and_its_none_values() -> None:
    described = StrategyDescription.model_validate(DESCRIBED)
    assert described.agent == "native" and described.kept_entries == 4
    assert json.dumps(described.as_metadata()) == json.dumps(DESCRIBED)
    # a log is written without None fields: the description's own None stays
    assert to_jsonable_python({"kept": described}, exclude_none=True) == {"kept": DESCRIBED}


def test_no_description_is_an_empty_dict() -> None:
    assert StrategyDescription().as_metadata() == {}
    assert to_jsonable_python({"kept": StrategyDescription()}, exclude_none=True) == {"kept": {}}


def test_a_stored_dict_is_read_back_as_the_model() -> None:
    store = Store()
    state = ResearchState(store=store)
    assert state.kept == StrategyDescription()
    state.kept = StrategyDescription.model_validate(DESCRIBED)
    logged = to_jsonable_python(dict(store.items()), exclude_none=True)
    reread = ResearchState(store=Store(logged))
    assert isinstance(reread.kept, StrategyDescription)
    assert reread.kept.as_metadata() == DESCRIBED
