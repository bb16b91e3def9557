"""LoCoMo (snap-research/locomo, ACL 2024): very long two-person conversations and QA.

The pure parts: where the pinned data file comes from (``data``), its records
(``records``), the official per-category scoring rules (``grading``), the question prompts
and session inputs (``prompts``), a strict answer-judge prompt (``judge_prompts``) and the
score values (``values``). The Inspect task: ``task``, ``dataset``, ``driver``, ``scorer``,
``policy_play``, ``viewer``. Nothing of the dataset is committed; it is downloaded on first
use or read from ``-T dataset=``. See this folder's README.md.
"""

BENCHMARK_NAME = "locomo"
"""The benchmark's name in task and sample metadata, and the name of its driver."""
