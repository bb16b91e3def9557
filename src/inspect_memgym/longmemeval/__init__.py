"""LongMemEval (xiaowu0162/LongMemEval, ICLR 2025): chat-assistant memory over many sessions.

This package holds the pure parts: where the pinned data files come from (``data``), their
records (``records``), the reader prompt (``prompts``), the versioned per-rubric judge
prompts with a strict verdict parser (``judge_prompts``) and the official metrics
(``metrics``). Nothing of the dataset is committed; it is downloaded on first use or read
from ``-T dataset=``.
"""
