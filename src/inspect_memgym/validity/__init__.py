"""Validity suites: the proof, per task, that only memory management scores.

A benchmark registers one suite (`suite.register_suite`); ``inspect-memgym validate --task
NAME`` runs it. A suite plays reference policies and adversaries through the real task,
strategies, tools and scorer (`grid.PolicyGridSuite`), checks each run's bounds, a
determinism rerun and pure statistical invariants over generated instances
(`statistics`), and reports every verdict (`report`).
"""
