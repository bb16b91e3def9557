"""The prompts LoCoMo questions are asked with, and the conversation as text.

The rules follow the official evaluation (``task_eval/evaluate_gpts.py``): answer in a short
phrase with the conversation's own words when possible; temporal questions (category 2)
add a hint to use the session dates and give an approximate date; adversarial questions
(category 5) are asked as a choice between "not mentioned" and a plausible wrong answer.
The wording is this suite's own.
"""

from __future__ import annotations

from inspect_memgym.locomo.records import Conversation, QuestionItem, Session

CONVERSATION_INTRO = (
    "Below is a conversation between {speaker_a} and {speaker_b} that spans many days. "
    "Each session opens with the date and time it took place.\n\n"
)
SESSION_HEADER = "Session {number} ({date_time}):"
TURN_LINE = '{speaker}: "{text}"'
PHOTO_NOTE = " [{speaker} shares a photo: {caption}]"

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


def format_session(session: Session) -> str:
    """One session as text: a dated header, then a line per turn (with photo captions).

    Args:
        session: The session.
    """
    lines = [SESSION_HEADER.format(number=session.number, date_time=session.date_time)]
    for turn in session.turns:
        line = TURN_LINE.format(speaker=turn.speaker, text=turn.text)
        if turn.blip_caption:
            line += PHOTO_NOTE.format(speaker=turn.speaker, caption=turn.blip_caption)
        lines.append(line)
    return "\n".join(lines)


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
