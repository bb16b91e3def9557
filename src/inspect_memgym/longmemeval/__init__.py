"""LongMemEval (xiaowu0162/LongMemEval, ICLR 2025): chat-assistant memory over many sessions.

The pure parts: where the pinned data files come from (``data``), their records
(``records``), the reader prompt and session inputs (``prompts``), the versioned per-rubric
judge prompts with a strict verdict parser (``judge_prompts``), the official metrics
(``metrics``) and the score values (``values``). The Inspect task: ``task``, ``dataset``,
``driver``, ``scorer``, ``policy_play``, ``viewer``. Nothing of the dataset is committed; it
is downloaded on first use or read from ``-T dataset=``. See this folder's README.md.
"""

BENCHMARK_NAME = "longmemeval"
"""The benchmark's name in task and sample metadata, and the name of its driver."""
