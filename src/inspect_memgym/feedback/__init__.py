"""MemoryBench (THUIR): learning from user feedback at service time."""

BENCHMARK_NAME = "feedback"
"""The task's registered name, the benchmark named in its samples and its driver's name."""
