"""Scoring shared by every benchmark: answer rules, judge, failure labels, isolation, metrics.

The pure modules here (answer rules, fact recall, failure labels) import nothing of Inspect.
"""
