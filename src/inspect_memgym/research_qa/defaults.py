"""The research_qa task's default chain length, stream size and search limits.

Apart from `research_qa.world` and `research_qa.options` so that the task's signature (read
when the plugin's entry point registers it) does not load the generator.
"""

from __future__ import annotations

DEFAULT_HOPS = 4
DEFAULT_CONTEXT_TOKENS = 10_000
"""Target length of a whole stream (every document of every turn), in estimated tokens."""
DEFAULT_MAX_SEARCHES = 10
"""Interactive mode's turn cap: searches allowed before the answer."""
DEFAULT_SEARCH_RESULTS = 5
"""Documents one search returns (MemGym keeps 5 results per hop)."""
