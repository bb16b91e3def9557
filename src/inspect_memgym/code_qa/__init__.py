"""MemGym-CodeQA: questions about a codebase and its task history, answered from memory.

A coding agent learns things while it works that the repository does not hold: what the
user asked for, how a bug reproduces, what a debugging session found, why a design was
chosen. This benchmark generates a Python codebase and the history of a task on it, then
asks questions whose answers need that history once it has been evicted from context.
``world/`` generates and verifies instances (pure Python); ``grading.py`` scores answers.
"""
