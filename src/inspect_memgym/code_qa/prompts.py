"""Prompts of the code_qa task: the briefing its memory strategy gets, and the answer prompt.

Every question, with memory, without memory or with the full history, is one answer
prompt: the task, the repository skeleton, the source files when shown, the history for
the upper bound only, and the question. A strategy adds what it recalls (its notes, its
retrieved entries, its context) around that prompt; the retrieval query is the question
alone. Answers are plain text, graded on the facts they hold.
"""

from __future__ import annotations

from inspect_memgym.strategies.strategy import Briefing

SYSTEM_PROMPT = (
    "You are a software engineer working on a task in a Python codebase. Earlier you read "
    "the task's history: the issue report, a chat with the user, debugging logs, review "
    "comments and design notes, with source excerpts read along the way. That history has "
    "left your context; what you kept of it is your memory. Answer questions about the task "
    "precisely, with exact names, numbers, codes, identifiers and dates."
)
"""System prompt of every answer (and of the strategy's replies)."""

MEMORY_BRIEF = (
    "Keep the facts about the task that the repository itself does not show, word for word "
    "where they hold names or numbers: what the customer requires and how they will accept "
    "the fix, what the ticket reports, when the bug reproduces, error codes and the request "
    "and host of the failing run, what debugging found (commits, helpers, call paths), how "
    "outside services behave, design decisions and why, and the constraints on a fix. Keep "
    "settings, defaults, limits and constants the history states. Leave out source excerpts "
    "shown only for context, and anything marked as superseded, ruled out, retired, or about "
    "another ticket, customer, module or environment."
)
"""What memory keeps (inserted in every memory update prompt)."""

MEMORY_LABEL = "Memory of the task history"
"""Heading of the memory shown in context."""

CODE_QA_BRIEFING = Briefing(
    system_prompt=SYSTEM_PROMPT, memory_brief=MEMORY_BRIEF, memory_label=MEMORY_LABEL
)

ANSWER_PROMPT = """\
The task:
{task_prompt}

Repository skeleton (paths, classes and signatures; the modules the task touches first):
{skeleton}
{sections}
Question: {question}

Answer in a few sentences from what you know of this task. Give the exact names, numbers, \
codes, identifiers and dates; if the task had something that looks similar but does not \
apply (another ticket, module, environment, or a superseded decision), do not give that. \
If you do not know, say so."""
"""One question, with ``sections`` holding the source files and/or history when shown."""

FILES_SECTION = """
Source files (the files the task touches first):
{files}
"""

HISTORY_SECTION = """
The task's history (every memory file, in order):
{history}
"""
EMPTY_HISTORY = "(empty)"
"""The history section's text in the no-memory pass of the full-context upper bound."""
