"""entity_stream: write-budgeted memory over a stream of entity documents (MemoryGym, fixed).

See this folder's README.md for what it measures and where each concept lives.
"""

BENCHMARK_NAME = "entity_stream"
"""The benchmark's name in task and sample metadata."""
