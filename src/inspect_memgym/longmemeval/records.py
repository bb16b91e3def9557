"""LongMemEval instances parsed into records with their sessions in date order.

Each instance of ``longmemeval_{s_cleaned,m_cleaned,oracle}.json`` has ``question_id``,
``question_type`` (one of ``QUESTION_TYPES``), ``question``, ``answer`` (text, or a number
in the cleaned release: kept as its decimal text), ``question_date``, and three parallel
lists: ``haystack_session_ids``, ``haystack_dates`` and ``haystack_sessions`` (each session a
list of ``{role, content}`` turns, the evidence turns flagged ``has_answer: true``), plus
``answer_session_ids``.

Sessions are put in date order here: the S and M files list them in time order, but the
oracle file does not. Dates read as ``"%Y/%m/%d (%a) %H:%M"`` (ISO dates are accepted
too); the sort is stable, so sessions with the same date keep their file order.

A question is an abstention question when its id ends with ``_abs``. Its
``question_type`` is that of the answerable question it was derived from, so the type never
tells abstention apart; harnesses that route the judge by type alone never apply the
abstention rubric.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone

QUESTION_TYPES = (
    "single-session-user",
    "single-session-assistant",
    "single-session-preference",
    "temporal-reasoning",
    "knowledge-update",
    "multi-session",
)
ABSTENTION_SUFFIX = "_abs"
DATE_FORMAT = "%Y/%m/%d (%a) %H:%M"


@dataclass(frozen=True)
class ChatTurn:
    """One turn of a haystack session.

    Attributes:
        role: ``"user"`` or ``"assistant"``.
        content: What was said.
        has_answer: Whether the turn holds evidence for the answer.
    """

    role: str
    content: str
    has_answer: bool = False


@dataclass(frozen=True)
class HaystackSession:
    """One dated chat session of the history.

    Attributes:
        session_id: Its id in ``haystack_session_ids``.
        date: Its date as written.
        turns: Its turns, in order.
        holds_answer: Whether it is one of ``answer_session_ids``.
    """

    session_id: str
    date: str
    turns: tuple[ChatTurn, ...]
    holds_answer: bool


@dataclass(frozen=True)
class LongMemEvalRecord:
    """One LongMemEval question with its history.

    Attributes:
        question_id: Unique id; ends with ``_abs`` for abstention questions.
        question_type: One of ``QUESTION_TYPES``.
        question: The question.
        answer: The gold answer (for preference questions, a rubric; for abstention
            questions, why it cannot be answered).
        question_date: When the question is asked, as written.
        sessions: The history, in date order.
        answer_session_ids: The ids of the sessions holding the evidence.
    """

    question_id: str
    question_type: str
    question: str
    answer: str
    question_date: str
    sessions: tuple[HaystackSession, ...]
    answer_session_ids: tuple[str, ...]

    @property
    def is_abstention(self) -> bool:
        """Whether the question cannot be answered from the history (id ends with _abs)."""
        return self.question_id.endswith(ABSTENTION_SUFFIX)


def _fail(question_id: str, field: str, problem: str) -> ValueError:
    return ValueError(f"LongMemEval question {question_id!r}: field {field!r} {problem}")


def _text(value: object, question_id: str, field: str) -> str:
    if isinstance(value, str):
        return value
    raise _fail(question_id, field, f"must be a string, got {type(value).__name__}")


def _list(value: object, question_id: str, field: str) -> list[object]:
    if isinstance(value, list):
        return value
    raise _fail(question_id, field, "must be a list")


def session_date_key(date: str) -> datetime:
    """The moment a session date denotes (for sorting).

    Args:
        date: ``"2023/05/20 (Sat) 02:21"``, or an ISO date/time.

    Returns:
        A naive datetime (ISO times with an offset are converted to UTC first).

    Raises:
        ValueError: If the date is in neither form.
    """
    try:
        return datetime.strptime(date, DATE_FORMAT)
    except ValueError:
        moment = datetime.fromisoformat(date)
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def _turn(raw: object, question_id: str, field: str) -> ChatTurn:
    if not isinstance(raw, Mapping):
        raise _fail(question_id, field, "must hold turn objects")
    return ChatTurn(
        role=_text(raw.get("role"), question_id, f"{field}.role"),
        content=_text(raw.get("content"), question_id, f"{field}.content"),
        has_answer=raw.get("has_answer") is True,
    )


def _sessions(
    raw: Mapping[str, object], question_id: str, answer_ids: set[str]
) -> tuple[HaystackSession, ...]:
    ids = _list(raw.get("haystack_session_ids"), question_id, "haystack_session_ids")
    dates = _list(raw.get("haystack_dates"), question_id, "haystack_dates")
    bodies = _list(raw.get("haystack_sessions"), question_id, "haystack_sessions")
    if not len(ids) == len(dates) == len(bodies):
        raise _fail(
            question_id,
            "haystack_sessions",
            f"has {len(bodies)} sessions for {len(ids)} ids and {len(dates)} dates",
        )
    dated: list[tuple[datetime, HaystackSession]] = []
    for position, (session_id, date, body) in enumerate(zip(ids, dates, bodies, strict=True)):
        field = f"haystack_sessions[{position}]"
        identifier = _text(session_id, question_id, f"haystack_session_ids[{position}]")
        written_date = _text(date, question_id, f"haystack_dates[{position}]")
        try:
            moment = session_date_key(written_date)
        except ValueError:
            raise _fail(
                question_id, f"haystack_dates[{position}]", f"is not a date: {written_date!r}"
            ) from None
        turns = tuple(_turn(turn, question_id, field) for turn in _list(body, question_id, field))
        dated.append(
            (moment, HaystackSession(identifier, written_date, turns, identifier in answer_ids))
        )
    dated.sort(key=lambda pair: pair[0])
    return tuple(session for _, session in dated)


def parse_record(raw: object, position: int) -> LongMemEvalRecord:
    """Parse one LongMemEval instance.

    Args:
        raw: The decoded instance.
        position: Its index in the file (names it in errors when it has no id).

    Raises:
        ValueError: One line naming the question and the malformed field.
    """
    if not isinstance(raw, Mapping):
        raise ValueError(f"LongMemEval instance #{position}: must be a JSON object")
    question_id = raw.get("question_id")
    if not isinstance(question_id, str) or not question_id:
        raise ValueError(f"LongMemEval instance #{position}: field 'question_id' is missing")
    question_type = _text(raw.get("question_type"), question_id, "question_type")
    if question_type not in QUESTION_TYPES:
        raise _fail(question_id, "question_type", f"is not a known type: {question_type!r}")
    answer = raw.get("answer")
    if isinstance(answer, bool) or not isinstance(answer, str | int | float):
        raise _fail(question_id, "answer", f"must be a string or a number, got {answer!r}")
    answer_ids = tuple(
        _text(value, question_id, "answer_session_ids")
        for value in _list(raw.get("answer_session_ids", []), question_id, "answer_session_ids")
    )
    return LongMemEvalRecord(
        question_id=question_id,
        question_type=question_type,
        question=_text(raw.get("question"), question_id, "question"),
        answer=str(answer),
        question_date=_text(raw.get("question_date"), question_id, "question_date"),
        sessions=_sessions(raw, question_id, set(answer_ids)),
        answer_session_ids=answer_ids,
    )


def parse_longmemeval(raw: object) -> list[LongMemEvalRecord]:
    """Parse a decoded LongMemEval file (a list of instances).

    Args:
        raw: The decoded JSON value.

    Raises:
        ValueError: If it is not a non-empty list, an id repeats, or an instance is
            malformed.
    """
    if not isinstance(raw, list) or not raw:
        raise ValueError("LongMemEval data must be a non-empty JSON list of instances")
    records = [parse_record(item, position) for position, item in enumerate(raw)]
    seen: set[str] = set()
    for record in records:
        if record.question_id in seen:
            raise _fail(record.question_id, "question_id", "appears twice")
        seen.add(record.question_id)
    return records
