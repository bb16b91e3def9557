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
