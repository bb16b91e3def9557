"""The prompts LongMemEval questions are asked with, and the history as text.

As in the official baselines (``src/generation/run_generation.py``), the reader sees the
dated chat history, the current date and the question (`reader_prompt`). Through a memory
strategy the history is what the strategy kept, so the question is asked with the date and
the question alone (`question_prompt`); the no-memory pass asks the same. The wording is
this suite's own.

A strategy takes the history in one dated session at a time (`session_inputs`): each
session is one input, or, when it is longer than ``SESSION_INPUT_CHARS``, consecutive parts
of whole turns, each opening with the session's date and header.
"""

from __future__ import annotations

from inspect_memgym.kit.text_chunks import pack_lines
from inspect_memgym.longmemeval.records import HaystackSession, LongMemEvalRecord
from inspect_memgym.memory.content import MAX_CONTENT_CHARS

SESSION_HEADER = "### Session {position} (date: {date})"
TURN_LINE = "{role}: {content}"
TIME_PREFIX = "[Current time: {date}]"
"""Opens every session input; memory strategies read the time from it."""
SESSION_INPUT_CHARS = MAX_CONTENT_CHARS - 200
"""Largest session input: a stored part fits one memory entry with its time stamp."""

SYSTEM_PROMPT = (
    "You are a helpful chat assistant with a long-term memory of your earlier chats with "
    "this user, over many sessions and months. Answer the user from what you remember."
)
"""The system prompt of every answer (the strategies' briefing)."""
MEMORY_BRIEF = (
    "Keep what the user tells you about themselves, their life, plans, preferences, "
    "possessions and the people around them, and what you told or recommended to them, "
    "each with the date of the session it came from. When something changed, keep the "
    "latest value and since when."
)
"""What memory should keep (the strategies' briefing)."""
MEMORY_LABEL = "Memory of earlier chats with the user"

QUESTION_PROMPT = """\
Answer the user's question using what you remember of your earlier chats with them. If \
they do not hold the answer, say so.

Current date: {question_date}
Question: {question}
Answer:"""

READER_PROMPT = """\
Below are earlier chats between you and the user, each with its date. Answer the user's \
question using what these chats say. If they do not hold the answer, say so.

{history}

Current date: {question_date}
Question: {question}
Answer:"""


def format_session(session: HaystackSession, position: int) -> str:
    """One chat session as text: a dated header, then a line per turn.

    Args:
        session: The session.
        position: Its 1-based position in the history.
    """
    lines = [SESSION_HEADER.format(position=position, date=session.date)]
    lines.extend(TURN_LINE.format(role=turn.role, content=turn.content) for turn in session.turns)
    return "\n".join(lines)


def session_inputs(
    session: HaystackSession, position: int, max_chars: int = SESSION_INPUT_CHARS
) -> list[str]:
    """What a memory strategy observes of one session: one input, or parts of whole turns.

    Args:
        session: The session.
        position: Its 1-based position in the (date-ordered) history.
        max_chars: The largest input (a single longer turn is an input of its own).

    Returns:
        Inputs opening with ``[Current time: <session date>]`` and the session header.
    """
    header = "\n".join(
        [
            TIME_PREFIX.format(date=session.date),
            SESSION_HEADER.format(position=position, date=session.date),
        ]
    )
    lines = [TURN_LINE.format(role=turn.role, content=turn.content) for turn in session.turns]
    return pack_lines(header, lines, max_chars)


def question_prompt(record: LongMemEvalRecord) -> str:
    """The prompt a record's question is asked with through memory (and with no memory).

    Args:
        record: The question.
    """
    return QUESTION_PROMPT.format(question_date=record.question_date, question=record.question)


def format_history(sessions: tuple[HaystackSession, ...]) -> str:
    """The sessions as text, in the order given (records keep them in date order).

    Args:
        sessions: The sessions.
    """
    return "\n\n".join(
        format_session(session, position) for position, session in enumerate(sessions, start=1)
    )


def reader_prompt(record: LongMemEvalRecord, history: str | None = None) -> str:
    """The prompt that asks a record's question.

    Args:
        record: The question.
        history: What the reader sees of the past (e.g. a memory strategy's recall); None
            for the record's whole history.
    """
    return READER_PROMPT.format(
        history=format_history(record.sessions) if history is None else history,
        question_date=record.question_date,
        question=record.question,
    )
