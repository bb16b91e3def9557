"""code_qa: questions about a codebase and its task history, answered from memory (MemGym-CodeQA).

A coding agent learns things while it works that the repository does not hold: what the
user asked for, how a bug reproduces, what a debugging session found, why a design was
chosen. This benchmark generates a Python codebase and the history of a task on it, has a
memory strategy take in that history, then asks questions whose answers need it once it
has been evicted from context. See this folder's README.md for what it measures and where
each concept lives.
"""

BENCHMARK_NAME = "code_qa"
"""The benchmark's name in task and sample metadata, and the name of its driver."""
