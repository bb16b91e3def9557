"""conversation: on-policy memory of a user's changing situation (AMemGym, fixed).

See this folder's README.md for what it measures and where each concept lives.
"""

BENCHMARK_NAME = "conversation"
"""The benchmark's name in task and sample metadata, and the name of its driver."""
