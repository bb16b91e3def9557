"""Reading a research_qa model call the way an adversary can: from its text alone.

Everything here parses what a prompt shows (turn headings, document blocks, the research
question, a notes section) with the public templates of this repository (the schema's
statement and question templates, the document titles, the withdrawn and dead-end
wording). Nothing reads a sample's instance, gold or metadata. The adversaries of
`adversaries` build on it, so they see exactly what a model would.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from inspect_memgym.research_qa.prompts import DOCUMENT_BLOCK, RESEARCH_MEMORY_BRIEF
from inspect_memgym.research_qa.visible_features import title_subject
from inspect_memgym.research_qa.world.schema import STEPS, AttributeSpec, RelationSpec

_NAME = r"(?:[Tt]he )?(?P<{group}>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)"
_VALUE = r"(?P<value>[\w,]+)"
_BLOCK = re.compile(
    re.escape(DOCUMENT_BLOCK.split("{title}")[0])
    + r"(?P<title>[^\n]+?) ---\n(?P<text>.*?)(?=\n+(?:--- |=== )|\n*\Z)",
    re.DOTALL,
)
_HEADING = re.compile(r"=== Search (?:turn \d+ of \d+|\d+): (?P<query>.+?) ===")
_QUESTION = re.compile(
    r"(?:^|\n)(?:" + re.escape(RESEARCH_MEMORY_BRIEF.split("{question}")[0]) + r"|Research "
    r"question: )(?P<question>[^\n]+)"
)
WITHDRAWN_MARK = "withdrew that"
"""Words every withdrawn claim uses (`document_templates.WITHDRAWN_*`)."""
DEAD_END_MARK = "is missing the page"
"""Words every dead-end document uses (`document_templates.DEAD_END`)."""


@dataclass(frozen=True)
class Statement:
    """A current fact a document states.

    Attributes:
        key: The relation or attribute (a key of `schema.STEPS`).
        subject: The entity it is about.
        value: The value or the object entity's name.
    """

    key: str
    subject: str
    value: str


@dataclass(frozen=True)
class VisibleDocument:
    """One document block of a prompt.

    Attributes:
        title: Its title.
        text: Its text.
        subject: The entity its title names (None for filler).
        kind: ``withdrawn``, ``dead_end``, ``stated`` (a current statement) or ``other``.
        statement: The current statement it makes, if any.
    """

    title: str
    text: str
    subject: str | None
    kind: str
    statement: Statement | None


@dataclass(frozen=True)
class VisibleTurn:
    """One turn's (or one search's) documents as a prompt shows them.

    Attributes:
        query: The turn's sub-query or search query ("" when no heading precedes them).
        documents: Its documents, in order.
    """

    query: str
    documents: tuple[VisibleDocument, ...]

    @property
    def main_key(self) -> str | None:
        """The relation or attribute most of the turn's statements give (the hop's)."""
        keys = Counter(doc.statement.key for doc in self.documents if doc.statement)
        return keys.most_common(1)[0][0] if keys else None

    def candidates(self) -> dict[str, str]:
        """Each candidate's value for the hop's relation or attribute, in listing order."""
        key = self.main_key
        return {
            doc.statement.subject: doc.statement.value
            for doc in self.documents
            if doc.statement is not None and doc.statement.key == key
        }

    def subjects_of(self, kind: str) -> list[str]:
        """The subjects of the documents of one kind, in listing order.

        Args:
            kind: A `VisibleDocument.kind`.
        """
        return [doc.subject for doc in self.documents if doc.kind == kind and doc.subject]


def read_turns(text: str) -> list[VisibleTurn]:
    """Every turn of documents a text shows, in order (documents before any heading first).

    Args:
        text: A prompt's text.
    """
    headings = list(_HEADING.finditer(text))
    spans = [(0, headings[0].start() if headings else len(text), "")]
    spans += [
        (
            match.end(),
            headings[index + 1].start() if index + 1 < len(headings) else len(text),
            match.group("query"),
        )
        for index, match in enumerate(headings)
    ]
    turns = []
    for start, end, query in spans:
        documents = tuple(_document(m) for m in _BLOCK.finditer(text, start, end))
        if documents or query:
            turns.append(VisibleTurn(query, documents))
    return turns


def research_question(text: str) -> str | None:
    """The research question a prompt states (memory brief or answer prompt).

    Args:
        text: A prompt's text.
    """
    match = _QUESTION.search(text)
    return None if match is None else match.group("question").strip()


def asked_step(question: str) -> AttributeSpec | RelationSpec | None:
    """What the research question asks for, read against the schema's question templates.

    Args:
        question: The research question.
    """
    for spec in STEPS.values():
        pattern = re.escape(spec.question).replace(re.escape("{subject}"), ".+")
        if re.fullmatch(pattern, question, flags=re.IGNORECASE):
            return spec
    return None


def _document(match: re.Match[str]) -> VisibleDocument:
    title, text = match.group("title"), match.group("text").strip()
    subject = title_subject(title)
    if WITHDRAWN_MARK in text:
        return VisibleDocument(title, text, subject, "withdrawn", None)
    if DEAD_END_MARK in text:
        return VisibleDocument(title, text, subject, "dead_end", None)
    statement = _statement(text)
    kind = "stated" if statement is not None else "other"
    return VisibleDocument(title, text, subject, kind, statement)


def _statement(text: str) -> Statement | None:
    for key, pattern in _STATEMENTS:
        match = pattern.search(text)
        if match is not None:
            value = match.groupdict().get("value") or match.group("object")
            return Statement(key, match.group("subject"), value)
    return None


def _statement_pattern(spec: AttributeSpec | RelationSpec) -> re.Pattern[str]:
    pattern = re.escape(spec.statement)
    pattern = pattern.replace(re.escape("{subject}"), _NAME.format(group="subject"))
    pattern = pattern.replace(re.escape("{object}"), _NAME.format(group="object"))
    pattern = pattern.replace(re.escape("{value}"), _VALUE)
    return re.compile(pattern)


_STATEMENTS = tuple((key, _statement_pattern(spec)) for key, spec in STEPS.items())
