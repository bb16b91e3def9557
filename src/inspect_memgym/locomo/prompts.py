"""The prompts LoCoMo questions are asked with, and the conversation as text.

The rules follow the official evaluation (``task_eval/evaluate_gpts.py``): answer in a short
phrase with the conversation's own words when possible; temporal questions (category 2)
add a hint to use the session dates and give an approximate date; adversarial questions
(category 5) are asked as a choice between "not mentioned" and a plausible wrong answer.
The wording is this suite's own.

A memory strategy takes the conversation in one dated session at a time
(`session_inputs`): each session is one input, or, when it is longer than
``SESSION_INPUT_CHARS``, consecutive parts of whole turns, each opening with the session's
time and header (so every stored part still says when it was said).
"""

from __future__ import annotations

from inspect_memgym.kit.text_chunks import pack_lines
from inspect_memgym.locomo.records import Conversation, QuestionItem, Session, Turn
from inspect_memgym.memory.content import MAX_CONTENT_CHARS

CONVERSATION_INTRO = (
    "Below is a conversation between {speaker_a} and {speaker_b} that spans many days. "
    "Each session opens with the date and time it took place.\n\n"
)
SESSION_HEADER = "Session {number} ({date_time}):"
TURN_LINE = '{speaker}: "{text}"'
PHOTO_NOTE = " [{speaker} shares a photo: {caption}]"
TIME_PREFIX = "[Current time: {date_time}]"
"""Opens every session input; memory strategies read the time from it."""
SESSION_INPUT_CHARS = MAX_CONTENT_CHARS - 200
"""Largest session input: a stored part fits one memory entry with its time stamp."""

SYSTEM_PROMPT = (
    "You are an assistant with a long-term memory of a conversation between {speaker_a} and "
    "{speaker_b} that spans many sessions over months. Answer questions about what they "
    "said from what you remember of it."
)
"""The system prompt of every answer (the strategies' briefing)."""
MEMORY_BRIEF = (
    "Keep what {speaker_a} and {speaker_b} tell each other about themselves and the people "
    "around them: events with the date they happened (work it out from the session's date "
    "when they say 'yesterday' or 'last week'), places, plans, preferences, possessions, "
    "names and numbers. Keep who said what."
)
"""What memory should keep (the strategies' briefing)."""
MEMORY_LABEL = "Memory of the conversation"

QA_PROMPT = """\
Using only the conversation, answer the question below in a short phrase. Whenever you \
can, use the exact words that appear in the conversation.

Question: {question}
Short answer:"""

TEMPORAL_HINT = " Work the answer out from the session dates and give an approximate date."

ADVERSARIAL_PROMPT = """\
Using only the conversation, answer the question below by picking one of the two options.

Question: {question}
Options: (a) {option_a} (b) {option_b}
Reply with the letter of the option you pick:"""


def turn_line(turn: Turn) -> str:
    """One turn as a line: the speaker, what they say, and the caption of a shared photo.

    Args:
        turn: The turn.
    """
    line = TURN_LINE.format(speaker=turn.speaker, text=turn.text)
    if turn.blip_caption:
        line += PHOTO_NOTE.format(speaker=turn.speaker, caption=turn.blip_caption)
    return line


def session_header(session: Session) -> str:
    """A session's header line: its number and date.

    Args:
        session: The session.
    """
    return SESSION_HEADER.format(number=session.number, date_time=session.date_time)


def format_session(session: Session) -> str:
    """One session as text: a dated header, then a line per turn (with photo captions).

    Args:
        session: The session.
    """
    return "\n".join([session_header(session), *(turn_line(turn) for turn in session.turns)])


def session_inputs(session: Session, max_chars: int = SESSION_INPUT_CHARS) -> list[str]:
    """What a memory strategy observes of one session: one input, or parts of whole turns.

    Args:
        session: The session.
        max_chars: The largest input (a single longer turn is an input of its own).

    Returns:
        Inputs opening with ``[Current time: <session date>]`` and the session header.
    """
    header = f"{TIME_PREFIX.format(date_time=session.date_time)}\n{session_header(session)}"
    return pack_lines(header, [turn_line(turn) for turn in session.turns], max_chars)


def format_conversation(conversation: Conversation) -> str:
    """The whole conversation as text: the introduction, then every session in order.

    Args:
        conversation: The conversation.
    """
    intro = CONVERSATION_INTRO.format(
        speaker_a=conversation.speaker_a, speaker_b=conversation.speaker_b
    )
    return intro + "\n\n".join(format_session(session) for session in conversation.sessions)


def question_prompt(item: QuestionItem, options: tuple[str, str] | None = None) -> str:
    """The prompt that asks one question (the conversation or memory goes before it).

    Args:
        item: The QA item.
        options: For an adversarial item, its two options in letter order (see
            ``grading.adversarial_options``).

    Raises:
        ValueError: If an adversarial item comes without its options.
    """
    if item.is_adversarial:
        if options is None:
            raise ValueError(f"adversarial question {item.question_id} needs its two options")
        return ADVERSARIAL_PROMPT.format(
            question=item.question, option_a=options[0], option_b=options[1]
        )
    question = item.question + (TEMPORAL_HINT if item.category == 2 else "")
    return QA_PROMPT.format(question=question)
