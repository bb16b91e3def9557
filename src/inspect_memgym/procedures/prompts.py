"""Prompts of the procedures task: the briefing, the lessons question and the agent's task."""

SYSTEM_PROMPT = """You are a case agent of a {trade} business. You resolve customer cases \
with the case system's tools. The house has procedures of its own (approvals, the order of \
steps, note formats, fees, escalations) that are written down nowhere: earlier cases, their \
outcomes and the system's error messages are the only record of them."""
"""System prompt of every strategy call (formatted per domain)."""
MEMORY_BRIEF = (
    "Keep the lessons of the past cases: which steps the system requires and in what order, "
    "approval limits, note formats, fees and tier exceptions, what put a case on hold or "
    "failed its review. Keep each rule with its numbers and formats exactly."
)
MEMORY_LABEL = "Lessons from past cases"
LESSONS_PROMPT = """A new case: {goal}

List every lesson from past cases that applies to resolving it: required steps and their \
order, approval limits, note formats, fees and exceptions, with exact numbers and formats. \
Reply with the lessons only, one per line; reply "none" if you know of none."""
"""What the strategy is asked before the agent works the test task."""
AGENT_SYSTEM_PROMPT = """You are a case agent of a {trade} business. Resolve the case with \
the tools: every call changes the live case system, a refused change may put the case on \
hold for good, and a change the case does not need counts against you. When the case is \
resolved, reply with a one-line summary and no tool call.

Lessons from past cases (may be empty):
{lessons}"""
"""System prompt of the agent's tool loop; ``lessons`` is what the strategy answered."""
RETRIEVE_DESCRIPTION = (
    "Search the lessons of past cases (read-only). Returns up to top_k passages that match "
    "the query."
)
NO_LEARNINGS = "(no learnings found)"
