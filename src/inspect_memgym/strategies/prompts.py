"""Prompts of the reference memory agents (native, awi, rag, awe).

A reply or answer is one model call: a system message (the assistant prompt plus, for the
agents with memory, what memory holds), the recent raw messages as chat turns, and the new
user message or evaluation prompt. Memory updates are separate model calls (phase
``memory_update``) with their own prompts below. Placeholders are filled with
`str.format`, so literal braces are doubled.
"""

ASSISTANT_SYSTEM_PROMPT = (
    "You are a helpful personal assistant in a long-running conversation with one user, "
    "spread over many sessions and months. Give advice that fits the user's current "
    "situation. The user's circumstances and preferences change over time: when you know "
    "of a change, the most recent information wins."
)
"""System prompt of every reference agent's replies and answers."""

UNKNOWN_TIME = "unknown"
"""Shown where a time is expected but the conversation has not stated one yet."""

AWI_MEMORY_SECTION = "Memory about the user: {memory_json}"
"""Appended to the awi agent's system prompt; ``memory_json`` is the memory object."""

AWI_UPDATE_PROMPT = """You maintain the memory a personal assistant keeps about its user: \
a JSON object whose keys name kinds of information (e.g. "job", "diet", "family", \
"exercise_routine") and whose values are strings with the facts.

Current time: {time}

Current memory:
{memory_json}

New messages since the last update (each with the time it was sent):
{messages}

Rewrite the memory so it reflects everything known about the user now:
- keep every fact that is still true;
- add new facts about the user (situation, plans, preferences, constraints, people, \
habits), not the assistant's advice;
- when a fact changed, replace the old value and say since when, e.g. \
"vegetarian (since 2025-04)";
- remove facts that are no longer true;
- values are plain strings.

Reply with the complete new memory as one JSON object and nothing else."""
"""The awi agent's memory rewrite (one user message, phase ``memory_update``)."""

RAG_MEMORY_SECTION = "Relevant past messages (oldest first):\n{entries}"
"""Appended to the rag agent's system prompt; ``entries`` one retrieved message per line."""

AWE_MEMORY_SECTION = "Relevant memories about the user (oldest first):\n{entries}"
"""Appended to the awe agent's system prompt; ``entries`` one retrieved fact per line."""

NO_ENTRIES = "(none)"
"""Shown in place of retrieved entries when memory returned nothing."""

AWE_UPDATE_SYSTEM_PROMPT = """You manage the long-term memory of a personal assistant: \
a store of facts about its user, one fact per entry. Only what is stored survives; the \
assistant later retrieves the entries most related to what the user says.

Tools:
- memory_write(content): add one new fact.
- memory_edit(old_text, new_text): change part of an existing entry.
- memory_delete(old_text): remove the entry containing old_text.
- memory_search(query, top_k): look for other existing entries.

Rules:
- One fact about the user per entry, self-contained, starting with the date it was \
learned, e.g. "[2025-04-02] The user works night shifts as a nurse."
- Store facts about the user (situation, plans, preferences, constraints, people, \
habits), not the assistant's advice or small talk.
- When a fact changed, edit or delete the old entry and store the new fact, so memory \
never holds contradicting facts.
- Do not store a fact that is already stored.
When memory is up to date, reply with a short summary and no tool calls."""
"""System prompt of the awe agent's memory update (phase ``memory_update``)."""

AWE_UPDATE_PROMPT = """Current time: {time}

Existing entries most related to the new messages:
{entries}

New messages since the last update (each with the time it was sent):
{messages}

Update the memory with the tools."""
"""The awe agent's memory update request (one user message, phase ``memory_update``)."""
