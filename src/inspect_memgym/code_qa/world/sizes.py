"""The task history sizes a code_qa instance can have, in estimated tokens.

Apart from `code_qa.world.generate` so that the task's signature (read when the plugin's
entry point registers it) does not load the generator.
"""

from __future__ import annotations

DEFAULT_CONTEXT_TOKENS = 10_000
CONTEXT_TOKEN_SIZES: tuple[int, ...] = (10_000, 100_000, 500_000, 1_000_000)
"""MemGym's size buckets (10k, 100k, 500k, 1m); any size from the minimum up works."""
MINIMUM_CONTEXT_TOKENS = 5_000
"""Below this the story files alone would overshoot the target."""
MAXIMUM_CONTEXT_TOKENS = 4_000_000
"""Above this the repository would run out of five-digit error codes."""
