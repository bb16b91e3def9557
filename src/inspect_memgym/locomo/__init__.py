"""LoCoMo (snap-research/locomo, ACL 2024): very long two-person conversations and QA.

This package holds the pure parts: where the pinned data file comes from (``data``), its
records (``records``), the official per-category scoring rules (``grading``), the question
prompts (``prompts``) and a strict answer-judge prompt (``judge_prompts``). Nothing of the
dataset is committed; it is downloaded on first use or read from ``-T dataset=``.
"""
