"""What happened to the tool calls of a sample, counted in its store.

Every tool loop of the suite (`tool_use.loop`) adds to one `ToolUse` per sample, so the
viewer's store tab and the log show, beside the scores, whether the model's calls reached the
tools at all: a model that writes its calls as text scores zero with nothing wrong in the
log otherwise. The counts:

* ``turns``: model turns in which tools were offered;
* ``native_calls``: tool calls the model made through the API;
* ``parsed_text_calls``: of those, calls written as text that the opt-in ``text-tool-calls``
  provider turned into real calls;
* ``text_calls``: calls written as text that reached no tool, a reply cut off inside one
  included (failure label ``tool_call_as_text``);
* ``refused_calls``: calls a tool refused (a ``ToolError`` or invalid arguments);
* ``duplicate_calls``: copies of a call made earlier in the same reply, not run again;
* ``repeated_writes``: write calls (``memory_write``, ``memory_edit``) that repeat verbatim a
  write of the model's reply before, run as asked (failure label ``repeated_write``): the
  same note stored again and again, which the results' differing entry ids keep out of
  ``repeated_calls``;
* ``repeated_calls``: loops ended because the model repeated the previous turn's calls and
  got the same results, most often the same refusal (failure label ``repeated_call``).
"""

from __future__ import annotations

from inspect_memgym.kit.inspect_internals import BoundStoreModel, JsonStoreModel

TOOL_CALL_AS_TEXT = "tool_call_as_text"
"""Failure label of a reply that wrote an offered tool's call as text."""
REPEATED_CALL = "repeated_call"
"""Failure label of a loop ended because the model repeated its calls to the same results."""
REPEATED_WRITE = "repeated_write"
"""Failure label of a reply that repeats, verbatim, a write of the reply before."""


class ToolUse(JsonStoreModel):
    """A sample's tool calls, by what became of them."""

    turns: int = 0
    native_calls: int = 0
    parsed_text_calls: int = 0
    text_calls: int = 0
    refused_calls: int = 0
    duplicate_calls: int = 0
    repeated_calls: int = 0
    repeated_writes: int = 0

    def add(self, **increments: int) -> None:
        """Add to counts, writing only those that change.

        Every write to a `StoreModel` field validates the model against the whole store, so a
        turn's counts are written once each, and a zero is not written at all.

        Args:
            **increments: Amount to add, by count name.
        """
        for name, increment in increments.items():
            if increment:
                setattr(self, name, getattr(self, name) + increment)


_bound = BoundStoreModel(ToolUse)


def current_tool_use() -> ToolUse:
    """The running sample's tool-call counts."""
    return _bound.get()
