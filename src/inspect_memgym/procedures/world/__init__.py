"""The procedures world: state, tools, hidden rules, train episodes and test tasks.

Pure and seeded (`kit.rng`); imports nothing of Inspect.
"""
