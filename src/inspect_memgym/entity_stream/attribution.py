"""Failure attribution of wrong answers: write, read or utilization (after AMemGym).

Each wrong answer gets exactly one label:

* ``write_failure``: some fact the gold depends on was not stored correctly in memory when
  the question was asked (never written, written with a wrong value, or left stale after a
  correction or contradiction);
* ``read_failure``: every needed fact was stored correctly, but some were not returned by a
  successful ``memory_read`` or ``memory_search`` while the question was being answered;
* ``utilization_failure``: every needed fact was stored and retrieved, yet the answer was
  wrong. A wrong answer to a question that depends on no fact (abstention) is one too.

A right answer is labelled ``correct``. A question a limit cut before the memory pass
answered it gets no label (None): its decline was graded, but nobody asked the memory for it.
The rates (label counts over *all* questions) sum to ``1 - accuracy`` for a run nothing cut,
and to (wrong answers the run reached) / questions in general. This is a diagnostic: it
never enters the composite.

The truth comes from the sample's events (ingest values, then corrections and
contradictions in stream order); memory comes from the ledger's operation log, replayed
by the shared `strategies.tool_attribution` (each successful write or edit gives an entry's
full content), which also picks the label. Entries are cut into records, one
per entity they describe (:class:`RecordSplitter`), and whether a record stores a fact is
decided by :func:`fact_check`. Nothing here imports Inspect.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from inspect_memgym.entity_stream.world.formatting import format_number, with_unit
from inspect_memgym.entity_stream.world.model import AttributeSpec, Template
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.strategies.tool_attribution import (
    AttributionLabel,
    first_failing_stage,
    memory_by_event,
)

CATEGORY_SLOT = "category"
RELATION_PREFIX = "relation:"

Fact = tuple[str, str]
TruthTable = dict[Fact, Any]


@dataclass(frozen=True)
class MemoryRecord:
    """The part of a memory entry about one entity (or text about no entity in particular).

    Attributes:
        subject: Normalised name of the entity the record opens with (see
            :func:`normalise_name`), or None for text before any such name.
        text: The record's text.
    """

    subject: str | None
    text: str


@dataclass(frozen=True)
class FactCheck:
    """What a memory record must contain to store one fact correctly (see :func:`fact_check`).

    Attributes:
        fact: ``(entity, slot)``; the slot is an attribute key, ``"category"`` or
            ``"relation:<kind>"``.
        name: Matches the entity name.
        values: Every pattern must match the record (one per required value part).
    """

    fact: Fact
    name: re.Pattern[str]
    values: tuple[re.Pattern[str], ...]

    def stored_in(self, record: MemoryRecord) -> bool:
        """Whether one record stores the fact.

        Args:
            record: A memory record.
        """
        if record.subject is None:
            about = self.name.search(record.text) is not None
        else:
            about = record.subject == normalise_name(self.fact[0])
        return about and all(pattern.search(record.text) for pattern in self.values)

    def stored_in_any(self, records: Iterable[MemoryRecord]) -> bool:
        """Whether some record stores the fact.

        Args:
            records: Memory records.
        """
        return any(self.stored_in(record) for record in records)


@dataclass(frozen=True)
class QuestionAttribution:
    """One question's label and the facts it blames.

    Attributes:
        qid: Question id.
        label: ``correct`` or a failure label (`scoring.failure_labels`); None for a question
            the memory pass never answered.
        facts: For a write failure the facts not stored correctly; for a read failure the
            facts not retrieved; otherwise empty.
    """

    qid: str
    label: AttributionLabel | None
    facts: tuple[Fact, ...] = ()


# ---------------------------------------------------------------------------------------
# What counts as storing a fact
# ---------------------------------------------------------------------------------------


def fact_check(template: Template, fact: Fact, value: Any) -> FactCheck:
    """The rule deciding whether a memory record stores a fact's current value correctly.

    Memory entries are first cut into records (:class:`RecordSplitter`): a new record starts
    wherever a known entity name opens a line or a sentence, and that name is the record's
    subject; text before the first such name is a record without subject. A record stores
    the fact when it is about the entity (its subject is the entity, or it has no subject
    and mentions the entity's name) and contains a representation of the current value.
    All matching ignores case; a name, label, fragment or date must not be part of a longer
    word (no letter, digit or ``_`` directly around it), and the spaces inside it may be any
    run of whitespace. What represents the value:

    * int / float: the value formatted with its unit as documents print it
      (``format_value``, e.g. ``$175,720.5M``), or the number at the attribute's precision
      with thousands separators (``175,720.5``, ``1,234``) or without (``175720.5``,
      ``1234``). It must not be part of a longer number: no digit, and no digit followed
      by ``.`` or ``,``, directly before or after it; a non-negative value must not be
      directly preceded by a minus sign;
    * list_float: every element of the series, each as an int / float above;
    * date: the ISO date (``2021-03-04``); enum: the label;
    * text: every fragment;
    * ``relation:<kind>``: every target's name (no targets: nothing beyond the record);
    * ``category``: the category name.

    Old values kept next to the new one (``200000.0~175720.5``) do no harm. The check is
    cheap and generous, not a score: a value that belongs to another entity but sits in
    the entity's record still counts.

    Args:
        template: The sample's template.
        fact: ``(entity, slot)``.
        value: The fact's current value in JSON form (lists for text, series, relations).
    """
    entity, slot = fact
    return FactCheck(fact, _phrase_pattern(entity), tuple(_value_patterns(template, slot, value)))


def _value_patterns(template: Template, slot: str, value: Any) -> list[re.Pattern[str]]:
    if slot == CATEGORY_SLOT:
        return [_phrase_pattern(str(value))]
    if slot.startswith(RELATION_PREFIX):
        return [_phrase_pattern(str(target)) for target in value]
    spec = template.attribute(slot)
    if spec.kind in ("int", "float"):
        return [_number_pattern(spec, float(value))]
    if spec.kind == "list_float":
        return [_number_pattern(spec, float(item)) for item in value]
    if spec.kind == "text":
        return [_phrase_pattern(str(fragment)) for fragment in value]
    return [_phrase_pattern(str(value))]


def _phrase_body(text: str) -> str:
    """Regex for a phrase with any run of whitespace between its words."""
    return r"\s+".join(re.escape(word) for word in text.split())


@functools.lru_cache(maxsize=4096)
def _phrase_pattern(text: str) -> re.Pattern[str]:
    """A case-insensitive phrase not inside a longer word.

    Cached, as `_number_pattern`'s compile is: a sample checks a hundred or so facts, more
    than ``re``'s own cache keeps, and every policy or strategy scored on the same scenario
    checks the same ones.
    """
    return re.compile(rf"(?<!\w){_phrase_body(text)}(?!\w)", re.IGNORECASE)


def _number_pattern(spec: AttributeSpec, number: float) -> re.Pattern[str]:
    """Any accepted rendering of one number, not inside a longer number."""
    places = spec.decimals if spec.kind != "int" else 0
    grouped = format_number(number, places)
    texts = sorted({with_unit(spec, grouped), grouped, grouped.replace(",", "")}, key=len)
    alternatives = "|".join(re.escape(text) for text in reversed(texts))
    sign_guard = r"(?<![-\u2212])" if number >= 0 else ""
    return _compiled_ignoring_case(
        rf"(?<!\w)(?<!\d[.,]){sign_guard}(?:{alternatives})(?!\d)(?![.,]\d)"
    )


@functools.lru_cache(maxsize=4096)
def _compiled_ignoring_case(source: str) -> re.Pattern[str]:
    """``re.compile(source, re.IGNORECASE)``, kept: a number's pattern takes ~0.3 ms to build."""
    return re.compile(source, re.IGNORECASE)


def normalise_name(name: str) -> str:
    """An entity name compared case- and spacing-insensitively.

    Args:
        name: The name as written.
    """
    return " ".join(name.split()).casefold()


class RecordSplitter:
    """Cuts memory entries into records at every known entity name opening a line or sentence.

    A name opens a line when only punctuation, spaces or list numbering (``- ``, ``**``,
    ``## ``, ``1. ``) precede it on the line; it opens a sentence when it follows ``.``,
    ``;``, ``!`` or ``?`` and whitespace (and the same punctuation). A name inside a
    sentence (``... supplies to Basalt Works``) or after ``;`` without a space
    (``r0=Argon Labs;Basalt Works``) opens nothing. Splits are cached by entry content.

    Args:
        names: Every entity name of the sample.
    """

    def __init__(self, names: Iterable[str]) -> None:
        alternatives = sorted({_phrase_body(name) for name in names if name.split()}, key=len)
        self._opening = (
            re.compile(
                rf"(?:^|(?<=[.;!?])\s)[^\w\n]*(?:\d+[.)][^\w\n]*)?"
                rf"(?P<name>{'|'.join(reversed(alternatives))})(?!\w)",
                re.IGNORECASE | re.MULTILINE,
            )
            if alternatives
            else None
        )
        self._cache: dict[str, tuple[MemoryRecord, ...]] = {}

    def records(self, contents: Iterable[str]) -> tuple[MemoryRecord, ...]:
        """Every record of the given entries, in order.

        Args:
            contents: Entry texts.
        """
        return tuple(record for content in contents for record in self._split(content))

    def _split(self, content: str) -> tuple[MemoryRecord, ...]:
        if content not in self._cache:
            self._cache[content] = tuple(self._cut(content))
        return self._cache[content]

    def _cut(self, content: str) -> list[MemoryRecord]:
        openings = list(self._opening.finditer(content)) if self._opening else []
        starts = [opening.start() for opening in openings]
        first = starts[0] if starts else len(content)
        records = [MemoryRecord(None, content[:first])] if content[:first].strip() else []
        for opening, stop in zip(openings, [*starts, len(content)][1:], strict=True):
            subject = normalise_name(opening.group("name"))
            records.append(MemoryRecord(subject, content[opening.start() : stop]))
        return records


# ---------------------------------------------------------------------------------------
# Truth and memory over time
# ---------------------------------------------------------------------------------------


def apply_event(truth: TruthTable, event: Mapping[str, Any]) -> None:
    """Update the truth with one event: ingested entities, corrections, contradictions.

    Args:
        truth: ``(entity, slot)`` to current value (JSON form); updated in place.
        event: One event as in the sample metadata (``kind`` and ``payload``).
    """
    payload = event["payload"]
    if event["kind"] == "ingest":
        for record in payload["entities"]:
            name = record["name"]
            truth[(name, CATEGORY_SLOT)] = record["category"]
            truth.update({(name, key): value for key, value in record["values"].items()})
            truth.update(
                {
                    (name, RELATION_PREFIX + kind): targets
                    for kind, targets in record["relations"].items()
                }
            )
    elif event["kind"] in ("correction", "contradiction"):
        truth[(payload["entity"], payload["attribute"])] = payload["new"]


# ---------------------------------------------------------------------------------------
# Labels and rates
# ---------------------------------------------------------------------------------------


def attribution_label(
    qid: str,
    correct: bool,
    checks: Sequence[FactCheck],
    stored: Sequence[MemoryRecord],
    retrieved: Sequence[MemoryRecord],
) -> QuestionAttribution:
    """Label one question: correct, else the first failing stage (write, read, use).

    Args:
        qid: Question id.
        correct: Whether the answer was judged correct.
        checks: One check per fact the gold depends on (at question time).
        stored: Records of memory when the question was asked.
        retrieved: Records of the entries returned by reads and searches while answering.
    """
    needed = [(check.fact, check) for check in checks]
    verdict = first_failing_stage(correct, needed, stored, retrieved)
    return QuestionAttribution(qid, verdict.label, verdict.blamed)


def entity_names(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every entity name the stream introduces, in ingest order.

    Args:
        events: The sample's events.
    """
    return [
        str(record["name"])
        for event in events
        if event["kind"] == "ingest"
        for record in event["payload"]["entities"]
    ]


def question_events(events: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Stream index of each question event, by question id.

    Args:
        events: The sample's events.
    """
    return {
        str(event["payload"]["qid"]): int(event["index"])
        for event in events
        if event["kind"] == "question"
    }


def attribute_questions(
    template_name: str,
    events: Sequence[Mapping[str, Any]],
    questions: Sequence[Question],
    operations: Sequence[Mapping[str, Any]],
    correct: Mapping[str, bool],
    reached: Container[str] | None = None,
) -> dict[str, QuestionAttribution]:
    """Label every question of one sample.

    Args:
        template_name: The sample's template.
        events: The sample's events (metadata form: ``index``, ``kind``, ``payload``).
        questions: The sample's questions.
        operations: ``MemoryLedger.operations``.
        correct: Verdict per question id (a missing id counts as wrong).
        reached: Ids of the questions the memory pass answered (None: every question); one
            a limit cut before that pass answered it gets no label (None), whatever its
            decline scored.

    Returns:
        One attribution per question id, in the order of ``questions``.
    """
    template = get_template(template_name)
    in_stream = question_events(events)
    asked_at = {q.qid: in_stream.get(q.qid, len(events)) for q in questions}
    checks = _checks_at_question_time(template, events, questions, asked_at)
    memory = memory_by_event(operations, asked_at.values())
    splitter = RecordSplitter(entity_names(events))
    return {
        q.qid: attribution_label(
            q.qid,
            correct.get(q.qid, False),
            checks[q.qid],
            splitter.records(memory[asked_at[q.qid]].stored),
            splitter.records(memory[asked_at[q.qid]].retrieved),
        )
        if reached is None or q.qid in reached
        else QuestionAttribution(q.qid, None)
        for q in questions
    }


def _checks_at_question_time(
    template: Template,
    events: Sequence[Mapping[str, Any]],
    questions: Sequence[Question],
    asked_at: Mapping[str, int],
) -> dict[str, list[FactCheck]]:
    """Fact checks per question, against the truth just before the question's event.

    A question asked after the last event is checked against the final truth; a fact the
    truth lacks is skipped (it cannot be blamed).
    """
    asked: dict[int, list[Question]] = {}
    for question in questions:
        asked.setdefault(asked_at[question.qid], []).append(question)
    truth: TruthTable = {}
    checks: dict[str, list[FactCheck]] = {}
    for event in events:
        for question in asked.pop(int(event["index"]), []):
            checks[question.qid] = _fact_checks(template, question, truth)
        apply_event(truth, event)
    for late in asked.values():
        checks.update({question.qid: _fact_checks(template, question, truth) for question in late})
    return checks


def _fact_checks(template: Template, question: Question, truth: TruthTable) -> list[FactCheck]:
    return [fact_check(template, fact, truth[fact]) for fact in question.facts if fact in truth]
