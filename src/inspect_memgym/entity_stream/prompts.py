"""Prompts of the entity_stream agent: the system prompt and the per-event messages."""

from __future__ import annotations

from typing import Any

DECLINE_REPLY = "I don't know: my memory has nothing on this."
"""The decline: the ``abstainer``'s reply to every question, and the grade a question gets
when a pass gave it no gradable answer (a limit cut the pass, or the judge's reply held no
grade; `scoring.reached`), graded by the answer rules."""

SYSTEM_PROMPT = """\
You are an agent with a small external memory, reading a long stream of events about \
{entity_plural}. Your conversation is cleared after every event: the only thing that \
carries over from one event to the next is what you store in memory.

Events are document batches (far more facts than you can store), correction notices \
(a fact has changed), updates (a fact restated with a new value) and questions.

Memory tools:
- memory_write(content): store one entry of at most 2,000 characters. Each write costs 1 \
of your {write_budget} writes, so pack several {entity_plural} into one entry.
- memory_edit(old_text, new_text): change text inside one entry. Costs 1 write, but is free \
while you process a correction notice.
- memory_read(start_line, num_lines) and memory_search(query, top_k): free.
There is no delete. Figures marked in the documents as earlier, projected or outdated are \
not current: ignore them.

For a question, look up what you need in memory, then call submit_answer once. Give values \
with their units as printed, names exactly as printed, and only one answer (listing \
alternatives counts as wrong). If your memory does not hold what the question needs, \
submit an explicit refusal such as "I don't know".
"""

INGEST_INSTRUCTION = (
    "Documents you do not store are gone after this event. First call memory_write to store "
    "what you may need later, as short notes of names and values (not copies of the "
    "documents); when you have stored it, reply DONE."
)
CORRECTION_INSTRUCTION = (
    "If your memory holds the old value of this fact, find its entry with memory_search and "
    "change it with memory_edit (old_text copied from that entry, not from this notice; "
    "edits are free during a correction notice). If your memory does not hold it, do not "
    "edit. Then reply DONE."
)
CONTRADICTION_INSTRUCTION = (
    "If your memory holds an older value of this fact, find its entry with memory_search and "
    "change it with memory_edit (old_text copied from that entry). Then reply DONE."
)
QUESTION_INSTRUCTION = "Question {qid}. Search or read your memory, then answer with submit_answer."
SESSION_INSTRUCTION = "Reply DONE to continue."

STATUS_LINE = "[Event {number} of {total} | {memory_status}]"


def event_prompt(event: dict[str, Any], total: int, memory_status: str) -> str:
    """The user message of one event: status line, the event's text, its instruction.

    Args:
        event: The event (``Event.to_dict`` form).
        total: Events in the stream.
        memory_status: The memory summary (`memory.operations.memory_status`).
    """
    status = STATUS_LINE.format(number=event["index"] + 1, total=total, memory_status=memory_status)
    qid = event["payload"].get("qid") if event["kind"] == "question" else None
    return f"{status}\n\n{event['text']}\n\n{event_instruction(event['kind'], qid)}"


def event_instruction(kind: str, qid: str | None = None) -> str:
    """The instruction that follows an event's text.

    Args:
        kind: Event kind.
        qid: Question id, for question events.
    """
    if kind == "ingest":
        return INGEST_INSTRUCTION
    if kind == "correction":
        return CORRECTION_INSTRUCTION
    if kind == "contradiction":
        return CONTRADICTION_INSTRUCTION
    if kind == "question":
        return QUESTION_INSTRUCTION.format(qid=qid)
    return SESSION_INSTRUCTION


STRATEGY_SYSTEM_PROMPT = """\
You read a long stream of documents about {entity_plural}, correction notices (a fact has \
changed) and updates (a fact restated with a new value), then answer questions about them. \
Figures marked in the documents as earlier, projected or outdated are not current."""
"""System prompt of replies and answers when a memory strategy plays the stream."""

STRATEGY_MEMORY_BRIEF = (
    "Keep the facts later questions may ask about: each {entity_word}'s name, category, "
    "values with their units and relations. Apply correction notices and updates: the new "
    "value replaces the old one (keep the old one only as history)."
)
"""What memory keeps when a memory strategy plays the stream."""

STRATEGY_MEMORY_LABEL = "What you kept from the stream"
"""Heading of the memory shown in context when a memory strategy plays the stream."""

STRATEGY_QUESTION = """{question}

Give values with their units as printed, names exactly as printed, and only one answer \
(listing alternatives counts as wrong). If you do not know, say "I don't know"."""
"""An evaluation question asked through a memory strategy."""
