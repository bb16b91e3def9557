"""LoCoMo's ``locomo10.json`` parsed into conversations, sessions, turns and QA items.

The file is a list of conversations, each ``{sample_id, conversation, qa, ...}``:

* ``conversation`` holds ``speaker_a``, ``speaker_b``, and per session ``session_<n>`` (a
  list of turns ``{speaker, dia_id, text}``, some with ``blip_caption`` for a shared photo)
  and ``session_<n>_date_time``. Some conversations date sessions that have no turns
  (conv-26 dates 35 sessions and holds 19); those are skipped, as are empty sessions.
  Sessions are kept in numeric order (``session_10`` after ``session_9``).
* ``qa`` items are ``{question, answer, evidence, category}``. Six answers are integers
  (kept as their decimal text). Adversarial items (category 5) usually have only
  ``adversarial_answer``, the plausible wrong answer offered as the second option; two of
  them also carry an ``answer``.

Category ids follow the official scoring code and its stats script (and the repository's
issue #29): 1 = multi-hop, 2 = temporal, 3 = open-domain, 4 = single-hop, 5 = adversarial.
The paper's own numbered list uses another order, and several third-party harnesses map
the ids differently (e.g. 1 = single-hop, 3 = multi-hop); per-category numbers from those
are not comparable with these.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

CATEGORY_NAMES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
ADVERSARIAL_CATEGORY = 5
_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DIALOGUE_ID = re.compile(r"D\d+:\d+")


@dataclass(frozen=True)
class Turn:
    """One utterance of a session.

    Attributes:
        dia_id: The turn id, ``D<session>:<index>``.
        speaker: Who speaks.
        text: What they say.
        blip_caption: The caption of the photo they share, if any.
    """

    dia_id: str
    speaker: str
    text: str
    blip_caption: str | None = None


@dataclass(frozen=True)
class Session:
    """One dated session of a conversation.

    Attributes:
        number: The session number ``n`` of ``session_<n>``.
        date_time: When it took place, as written (e.g. ``"1:56 pm on 8 May, 2023"``).
        turns: Its turns, in order.
    """

    number: int
    date_time: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class QuestionItem:
    """One QA item.

    Attributes:
        sample_id: The conversation it belongs to.
        index: Its position in the conversation's ``qa`` list.
        question: The question.
        category: The category id, 1 to 5.
        answer: The gold answer as text (None for adversarial items without one).
        adversarial_answer: The wrong answer offered by an adversarial item, else None.
        evidence: The ``D<n>:<i>`` ids of the turns that hold the answer.
    """

    sample_id: str
    index: int
    question: str
    category: int
    answer: str | None
    adversarial_answer: str | None
    evidence: tuple[str, ...]

    @property
    def question_id(self) -> str:
        """A stable id: ``<sample_id>/q<index>``."""
        return f"{self.sample_id}/q{self.index}"

    @property
    def category_name(self) -> str:
        """The canonical category name (see the module docstring)."""
        return CATEGORY_NAMES[self.category]

    @property
    def is_adversarial(self) -> bool:
        """Whether the item is unanswerable from the conversation (category 5)."""
        return self.category == ADVERSARIAL_CATEGORY


@dataclass(frozen=True)
class Conversation:
    """One LoCoMo conversation with its questions.

    Attributes:
        sample_id: E.g. ``"conv-26"``.
        speaker_a: The first speaker's name.
        speaker_b: The second speaker's name.
        sessions: The sessions that have turns, in numeric order.
        questions: Its QA items, in file order.
    """

    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[Session, ...]
    questions: tuple[QuestionItem, ...]


def _fail(sample_id: str, field: str, problem: str) -> ValueError:
    return ValueError(f"LoCoMo conversation {sample_id!r}: field {field!r} {problem}")


def _text(value: object, sample_id: str, field: str) -> str:
    if isinstance(value, str):
        return value
    raise _fail(sample_id, field, f"must be a string, got {type(value).__name__}")


def _answer_text(value: object, sample_id: str, field: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise _fail(sample_id, field, f"must be a string or a number, got {value!r}")
    return str(value)


def _turn(raw: object, sample_id: str, field: str) -> Turn:
    if not isinstance(raw, Mapping):
        raise _fail(sample_id, field, "must hold turn objects")
    caption = raw.get("blip_caption")
    return Turn(
        dia_id=_text(raw.get("dia_id"), sample_id, f"{field}.dia_id"),
        speaker=_text(raw.get("speaker"), sample_id, f"{field}.speaker"),
        text=_text(raw.get("text"), sample_id, f"{field}.text"),
        blip_caption=_text(caption, sample_id, f"{field}.blip_caption") if caption else None,
    )


def _sessions(conversation: Mapping[str, object], sample_id: str) -> tuple[Session, ...]:
    numbers = sorted(
        int(match.group(1)) for key in conversation if (match := _SESSION_KEY.match(key))
    )
    sessions = []
    for number in numbers:
        field = f"session_{number}"
        raw_turns = conversation[field]
        if not isinstance(raw_turns, list):
            raise _fail(sample_id, field, "must be a list of turns")
        if not raw_turns:
            continue
        date_time = _text(conversation.get(f"{field}_date_time"), sample_id, f"{field}_date_time")
        turns = tuple(_turn(raw, sample_id, field) for raw in raw_turns)
        sessions.append(Session(number=number, date_time=date_time, turns=turns))
    if not sessions:
        raise _fail(sample_id, "conversation", "has no session with turns")
    return tuple(sessions)


def _evidence(raw: object, sample_id: str, field: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise _fail(sample_id, field, "must be a list of dialogue ids")
    ids: list[str] = []
    for entry in raw:
        found = _DIALOGUE_ID.findall(_text(entry, sample_id, field))
        ids.extend(found if found else [entry])
    return tuple(ids)


def _question(raw: object, sample_id: str, index: int) -> QuestionItem:
    field = f"qa[{index}]"
    if not isinstance(raw, Mapping):
        raise _fail(sample_id, field, "must be an object")
    category = raw.get("category")
    if isinstance(category, bool) or category not in CATEGORY_NAMES:
        raise _fail(sample_id, f"{field}.category", f"must be an integer 1-5, got {category!r}")
    answer = raw.get("answer")
    adversarial = raw.get("adversarial_answer")
    if category == ADVERSARIAL_CATEGORY:
        if adversarial is None and answer is None:
            raise _fail(sample_id, f"{field}.adversarial_answer", "is missing")
    elif answer is None:
        raise _fail(sample_id, f"{field}.answer", "is missing")
    return QuestionItem(
        sample_id=sample_id,
        index=index,
        question=_text(raw.get("question"), sample_id, f"{field}.question"),
        category=int(category),
        answer=None if answer is None else _answer_text(answer, sample_id, f"{field}.answer"),
        adversarial_answer=(
            None
            if adversarial is None
            else _answer_text(adversarial, sample_id, f"{field}.adversarial_answer")
        ),
        evidence=_evidence(raw.get("evidence"), sample_id, f"{field}.evidence"),
    )


def parse_conversation(raw: object, position: int) -> Conversation:
    """Parse one conversation object of ``locomo10.json``.

    Args:
        raw: The decoded object.
        position: Its index in the file (names it in errors when it has no sample_id).

    Raises:
        ValueError: One line naming the conversation and the field that is malformed.
    """
    if not isinstance(raw, Mapping):
        raise ValueError(f"LoCoMo conversation #{position}: must be a JSON object")
    sample_id = raw.get("sample_id")
    if not isinstance(sample_id, str) or not sample_id:
        raise ValueError(f"LoCoMo conversation #{position}: field 'sample_id' is missing")
    conversation = raw.get("conversation")
    if not isinstance(conversation, Mapping):
        raise _fail(sample_id, "conversation", "must be an object")
    raw_questions = raw.get("qa")
    if not isinstance(raw_questions, list):
        raise _fail(sample_id, "qa", "must be a list")
    return Conversation(
        sample_id=sample_id,
        speaker_a=_text(conversation.get("speaker_a"), sample_id, "speaker_a"),
        speaker_b=_text(conversation.get("speaker_b"), sample_id, "speaker_b"),
        sessions=_sessions(conversation, sample_id),
        questions=tuple(_question(item, sample_id, i) for i, item in enumerate(raw_questions)),
    )


def parse_locomo(raw: object) -> list[Conversation]:
    """Parse the decoded ``locomo10.json`` (a list of conversations).

    Args:
        raw: The decoded JSON value.

    Raises:
        ValueError: If it is not a non-empty list, a ``sample_id`` repeats, or any
            conversation is malformed (the message names it and the field).
    """
    if not isinstance(raw, list) or not raw:
        raise ValueError("LoCoMo data must be a non-empty JSON list of conversations")
    conversations = [parse_conversation(item, position) for position, item in enumerate(raw)]
    seen: set[str] = set()
    for conversation in conversations:
        if conversation.sample_id in seen:
            raise _fail(conversation.sample_id, "sample_id", "appears twice")
        seen.add(conversation.sample_id)
    return conversations
