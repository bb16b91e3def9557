"""Inspect AI suite of LLM agent memory benchmarks."""
