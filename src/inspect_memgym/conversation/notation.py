"""How scripted conversation policies write notes, and how they read a prompt.

A note is one line, ``memo[<variable key>] = <value> (as of <YYYY-MM-DD HH:MM>)``; in an
AWI memory object the same note appears as ``"memo[<key>]": "<value> (as of <time>)"``.
The readers below find notes, the user's current values stated for the upper bound
(``- <label>: <value>``), and numbered choices (``1. <text>``).
"""

from __future__ import annotations

import re

NOTE_PATTERN = re.compile(
    r'memo\[(?P<key>[^\]\n]+)\](?:\s*=\s*|":\s*")(?P<value>[^\n"]+?) '
    r"\(as of (?P<time>\d{4}-\d\d-\d\d \d\d:\d\d)\)"
)
_SITUATION_LINE = re.compile(r"^- (?P<label>[^:\n]+): (?P<value>.+)$", re.MULTILINE)
_CHOICE_LINE = re.compile(r"^(?P<number>\d+)\. (?P<text>.+)$", re.MULTILINE)


def note(key: str, value: str, time: str) -> str:
    """A note line.

    Args:
        key: Variable key.
        value: Value.
        time: Simulated time the value was revealed.
    """
    return f"memo[{key}] = {value} (as of {time})"


def note_key(key: str) -> str:
    """The JSON key of a note in an AWI memory object (also a verbatim search query).

    Args:
        key: Variable key.
    """
    return f"memo[{key}]"


def note_value(value: str, time: str) -> str:
    """The JSON value of a note in an AWI memory object.

    Args:
        value: Value.
        time: Simulated time the value was revealed.
    """
    return f"{value} (as of {time})"


def read_notes(text: str) -> list[tuple[str, str, str, str]]:
    """Every note in a text.

    Args:
        text: Any text.

    Returns:
        (key, value, time, the matched note text) tuples in text order.
    """
    return [
        (match["key"], match["value"], match["time"], match.group(0))
        for match in NOTE_PATTERN.finditer(text)
    ]


def read_situation(text: str) -> dict[str, str]:
    """The ``- label: value`` lines of a text, by label.

    Args:
        text: Any text.
    """
    return {
        match["label"].strip(): match["value"].strip() for match in _SITUATION_LINE.finditer(text)
    }


def read_choices(text: str) -> list[str]:
    """The last run of numbered options ``1. ...``, ``2. ...`` in a text.

    Args:
        text: Any text.
    """
    runs: list[list[str]] = []
    for match in _CHOICE_LINE.finditer(text):
        number = int(match["number"])
        if number == 1:
            runs.append([])
        if runs and number == len(runs[-1]) + 1:
            runs[-1].append(match["text"].strip())
    return runs[-1] if runs else []


KEEP_HEADING = "Always keep these, and update them when they change:"
"""Heading of the keep lines a learning policy adds to its memory brief."""
_KEEP_LINE = re.compile(r"^- the user's (?P<label>[^\n]+?)\.?$", re.MULTILINE)
_BRIEF = re.compile(r"<brief>\n(?P<brief>.*?)\n</brief>", re.DOTALL)
_FEEDBACK = re.compile(r"<feedback>\n(?P<feedback>.*?)\n</feedback>", re.DOTALL)
_FEEDBACK_BLOCK = re.compile(
    r"^Question \d+: (?P<question>[^\n]+)\nYour answer: (?P<answer>[^\n]+)\n"
    r"Result: (?P<result>right|wrong)\nThe best answer depends on: (?P<kinds>[^\n]+)$",
    re.MULTILINE,
)
_KIND = re.compile(r"^the user's (?P<label>.+)$")


def keep_line(label: str) -> str:
    """A keep line of a memory brief: a kind of fact to keep (``- the user's diet``).

    Args:
        label: Variable label.
    """
    return f"- the user's {label}"


def read_keep_lines(text: str) -> set[str]:
    """The labels every keep line of a text names.

    Args:
        text: Any text (a memory update's prompt, a brief).
    """
    return {match["label"].strip() for match in _KEEP_LINE.finditer(text)}


def read_brief(text: str) -> str | None:
    """The current brief of a self-evolution request (``<brief>...</brief>``), if any.

    Args:
        text: Any text.
    """
    match = _BRIEF.search(text)
    return match["brief"] if match else None


def read_feedback(text: str) -> str:
    """The feedback of a self-evolution request (``<feedback>...</feedback>``; "" if none).

    Args:
        text: Any text.
    """
    match = _FEEDBACK.search(text)
    return match["feedback"] if match else ""


def read_feedback_answers(feedback: str) -> list[tuple[str, int | None, bool, list[str]]]:
    """The answered questions of complete feedback.

    Args:
        feedback: The feedback text.

    Returns:
        (question, the answer's number or None, whether it was right, the labels of the
        facts its best answer depends on) per question, in order.
    """
    answered = []
    for match in _FEEDBACK_BLOCK.finditer(feedback):
        answer = match["answer"].strip()
        kinds = (_KIND.match(kind.strip()) for kind in match["kinds"].split(";"))
        answered.append(
            (
                match["question"].strip(),
                int(answer) if answer.isdigit() else None,
                match["result"] == "right",
                [kind["label"] for kind in kinds if kind is not None],
            )
        )
    return answered
