"""Procedures: learning from past trajectories on stateful tool tasks (after STATE-Bench)."""

BENCHMARK_NAME = "procedures"
"""The task's registered name, the benchmark named in its samples and its driver's name."""
