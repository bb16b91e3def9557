"""Gold memory points of a public dataset, from the turns its release marks as evidence.

LoCoMo marks the dialogue turns that hold each answer (a QA item's ``evidence`` ids) and
LongMemEval marks them with ``has_answer`` (in its ``answer_session_ids`` sessions). The
releases mark turns, not values, so a point is one evidence turn (subject none, attribute
the turn's id), and its value is the turn's key tokens: a memory holds the point when one of
its clauses (a sentence or a line) holds every key token, each as a whole token (the shared
claim rule, `scoring.point_matching`). A turn's key tokens come from one of its sentences,
so the turn kept as it was said holds its point:

* the answer's content words the turn states: from the turn's sentence that states the most
  of them, at most `KEY_TOKEN_LIMIT`, the rarest in the sample first;
* when the turn states no content word of the answer (the answer is inferred, or the turn
  gives only one of several facts it needs), the `KEY_TOKEN_LIMIT` rarest content words of
  the turn's sentence that holds its rarest one.

A content word is a run of letters and digits (`normalise_answer` first: lower-case, no
thousands separators) that holds a digit, or has at least `SHORTEST_CONTENT_WORD` letters
and is no stop word. Rarity is the number of the sample's turns that hold the word (ties:
the earlier word). A turn with no content word gives no point. The importance of a point is
one plus the number of questions citing its turn. Every point is ``primary`` and current:
neither release marks which evidence turn corrects another.

`measure_evidence` scores a memory against such points the way both tasks do (no value
claims: the releases mark no values), and `EvidenceHolds.figures` adds the share of
``not_stored`` answers, the one failure label evidence turns can tell. Pure: no Inspect.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from inspect_memgym.scoring.clauses import normalise_answer, sentences
from inspect_memgym.scoring.memory_points import PRIMARY, MemoryPoint
from inspect_memgym.scoring.operation_scores import (
    NOT_STORED,
    OPERATION_SCORE_KEYS,
    OperationCounts,
    failure_split,
    json_figure,
    measure_operations,
)
from inspect_memgym.scoring.point_matching import stated_values

KEY_TOKEN_LIMIT = 3
"""Most key tokens of one point (the rarest kept)."""
SHORTEST_CONTENT_WORD = 3
"""Letters a word without a digit needs to be a content word."""
EVIDENCE_TOLD_LABELS = (NOT_STORED,)
"""The memory failure labels evidence turns can tell apart."""
STOP_WORDS = frozenset(
    """
    a about after all also am an and any are as at be been before but by can could did do
    does for from had has have he her him his how i if in into is it its just like me my no
    not now of on or our out she so some than that the their them then there these they
    this those to too up us very was we were what when where which who whom whose why will
    with would yes you your
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
"""Function words: they show nothing of what a turn says."""
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class EvidenceTurn:
    """One turn a release marks as evidence, with the answers it supports.

    Attributes:
        turn_id: The turn's id (LoCoMo's ``D<session>:<index>``, or a position).
        text: What the turn says.
        answers: The gold answers of the questions citing it.
    """

    turn_id: str
    text: str
    answers: tuple[str, ...]


def content_words(text: str) -> list[str]:
    """The content words of a text, in order, each once.

    Args:
        text: Any text.
    """
    found = (
        word
        for word in _WORD.findall(normalise_answer(text))
        if any(char.isdigit() for char in word)
        or (len(word) >= SHORTEST_CONTENT_WORD and word not in STOP_WORDS)
    )
    return list(dict.fromkeys(found))


def turn_frequencies(texts: Iterable[str]) -> Counter[str]:
    """How many of the sample's turns hold each content word.

    Args:
        texts: Every turn of the sample.
    """
    return Counter(word for text in texts for word in content_words(text))


def key_tokens(turn: EvidenceTurn, frequencies: Mapping[str, int]) -> tuple[str, ...]:
    """The key tokens of an evidence turn (see the module docstring).

    Args:
        turn: The evidence turn.
        frequencies: `turn_frequencies` of the sample.
    """
    answer_words = {word for answer in turn.answers for word in content_words(answer)}
    options = [content_words(sentence) for sentence in sentences(turn.text)]
    options = [words for words in options if words]
    if not options:
        return ()
    stated = [[word for word in words if word in answer_words] for words in options]
    best = max(stated, key=len)
    if best:
        return _rarest(best, frequencies)
    rarest_first = [_rarest(words, frequencies) for words in options]
    return min(rarest_first, key=lambda words: frequencies.get(words[0], 0))


def _rarest(words: Sequence[str], frequencies: Mapping[str, int]) -> tuple[str, ...]:
    """The `KEY_TOKEN_LIMIT` rarest words, rarest first (ties: the earlier word)."""
    ranked = sorted(range(len(words)), key=lambda index: (frequencies.get(words[index], 0), index))
    return tuple(words[index] for index in ranked[:KEY_TOKEN_LIMIT])


def evidence_points(
    turns: Sequence[EvidenceTurn], frequencies: Mapping[str, int]
) -> list[MemoryPoint]:
    """One point per evidence turn that has key tokens.

    Args:
        turns: The evidence turns, each once, with every answer citing it.
        frequencies: `turn_frequencies` of the sample.
    """
    points = []
    for turn in turns:
        tokens = key_tokens(turn, frequencies)
        if not tokens:
            continue
        points.append(
            MemoryPoint(
                point_id=turn.turn_id,
                subject="",
                attribute=turn.turn_id,
                value="; ".join(tokens),
                phrases=tokens,
                importance=1.0 + len(turn.answers),
                kind=PRIMARY,
            )
        )
    return points


@dataclass(frozen=True)
class EvidenceHolds:
    """What a memory holds of a sample's evidence points.

    Attributes:
        scores: One float per `OPERATION_SCORE_KEYS` (all NaN when nothing was measured).
        counts: The counts behind them (None: no snapshot, nothing measured).
        held: Ids of the points the memory holds (empty when nothing was measured).
    """

    scores: dict[str, float]
    counts: OperationCounts | None
    held: set[str]

    @property
    def measured(self) -> bool:
        """Whether a snapshot of the memory was measured."""
        return self.counts is not None

    def figures(self, labelled: Sequence[str | None]) -> dict[str, float | None]:
        """The scores, then each failure label's share of the labelled questions, as figures.

        Args:
            labelled: The label of each question that counts in the shares (None: right,
                or unlabelled); the shares are NaN when nothing was measured.
        """
        split = failure_split(labelled, len(labelled), told=EVIDENCE_TOLD_LABELS)
        if not self.measured:
            split = dict.fromkeys(split, math.nan)
        return {key: json_figure(value) for key, value in {**self.scores, **split}.items()}


def measure_evidence(points: Sequence[MemoryPoint], items: Iterable[str] | None) -> EvidenceHolds:
    """The per-operation scores of a memory against evidence points (numbers are no claims).

    Args:
        points: The sample's evidence points (`evidence_points`).
        items: What the memory holds at the end of the sample (None: no snapshot).
    """
    if items is None:
        return EvidenceHolds(dict.fromkeys(OPERATION_SCORE_KEYS, math.nan), None, set())
    measured = measure_operations(points, items, stated_values(()), number_claims=False)
    return EvidenceHolds(measured.scores, measured.counts, measured.held)
