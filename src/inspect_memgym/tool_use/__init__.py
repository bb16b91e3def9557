"""How models call the suite's tools.

The shared tool loop, its per-sample counts, and calls written as text (always detected,
parsed only through the opt-in ``text-tool-calls`` provider).
"""
