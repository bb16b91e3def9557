"""The reader prompt LongMemEval questions are asked with, and the history as text.

As in the official baselines (``src/generation/run_generation.py``), the reader sees the
dated chat history (or what a memory strategy kept of it), the current date and the
question. The wording is this suite's own.
"""

from __future__ import annotations

from inspect_memgym.longmemeval.records import HaystackSession, LongMemEvalRecord

SESSION_HEADER = "### Session {position} (date: {date})"
TURN_LINE = "{role}: {content}"

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
