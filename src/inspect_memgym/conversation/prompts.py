"""Prompts of the conversation task: evaluation questions, probes and the upper bound.

Questions and probes are multiple choice answered with a JSON object; the reply format
follows AMemGym's. The retrieval query an agent uses is the question text alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

REPLY_FORMAT = """\
Reply with the number of your choice in this JSON format and nothing else:
{"answer": <number>}"""
DECLINE_REPLY = json.dumps({"answer": "I don't know"})
"""The task's "I don't know" (the ``decliner``'s reply): the reply format, naming no option;
what a missing answer is graded as (`grading`)."""

QUESTION_PROMPT = """\
{question}

Pick the option that suits my current situation best, considering what you know about my \
current preferences and circumstances:

{choices}

{reply_format}"""

PROBE_QUESTION = "Which of these best describes my current {label}?"

PROBE_PROMPT = """\
{question}

{choices}

{reply_format}"""

UPPER_BOUND_PROMPT = """\
Here is my current situation:
{situation}

{question_prompt}"""

UPPER_BOUND_SYSTEM = "You are a helpful assistant giving personalised advice."


def numbered(options: Sequence[str]) -> str:
    """Options as ``1. ...`` lines.

    Args:
        options: Option texts in presentation order.
    """
    return "\n".join(f"{number}. {text}" for number, text in enumerate(options, start=1))


def question_prompt(question: str, choices: Sequence[str]) -> str:
    """The multiple-choice prompt of an evaluation question.

    Args:
        question: Question text.
        choices: Choice texts in presentation order.
    """
    return QUESTION_PROMPT.format(
        question=question, choices=numbered(choices), reply_format=REPLY_FORMAT
    )


def probe_question(label: str) -> str:
    """The probe question for one variable (also the retrieval query).

    Args:
        label: Variable label.
    """
    return PROBE_QUESTION.format(label=label)


def probe_prompt(label: str, values: Sequence[str]) -> str:
    """The multiple-choice prompt of a probe.

    Args:
        label: Variable label.
        values: The variable's values in presentation order.
    """
    return PROBE_PROMPT.format(
        question=probe_question(label), choices=numbered(values), reply_format=REPLY_FORMAT
    )


def upper_bound_prompt(situation: Sequence[tuple[str, str]], prompt: str) -> str:
    """A question prompt preceded by the user's current values.

    Args:
        situation: (label, value) pairs of the question's required variables.
        prompt: The question prompt.
    """
    lines = "\n".join(f"- {label}: {value}" for label, value in situation)
    return UPPER_BOUND_PROMPT.format(situation=lines, question_prompt=prompt)


def time_prefix(time: str) -> str:
    """The line that opens a session's first message.

    Args:
        time: Simulated time, ``YYYY-MM-DD HH:MM``.
    """
    return f"[Current time: {time}]"
