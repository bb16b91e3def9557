"""Hedges: answers that offer more candidates than the question's facts, and so are wrong.

An answer that lists every number of the history holds the facts, and every look-alike
with them; it knows nothing. The prompt tells the model to leave look-alikes out, so an
answer is a hedge, and wrong whatever facts it also holds, when it:

- states a distractor: any of its telling tokens (a key token no grounding fact has: the
  other ticket, the ruled-out count, the dead-end commit, the twin's setting);
- names a second value of one kind beside a value asked for: another customer, timezone,
  team or design option (the public catalogues of ``world.history_vocabulary``), another
  function or class of the repository, or another value of the same shape (another ``N routes``,
  ``HTTP N``, ``N ms``, ``TKT-N``, ``rq-…``, ``<service>-worker-N``);
- states the memory-only facts of two or more other questions;
- lists more than `MOST_EXTRA_VALUES` values (numbers, codes, ids, dates) that neither the
  question's facts nor the prompt hold.

What the question's own facts, the question and the task prompt show is always allowed, so
an answer that restates its facts is never a hedge. Pure: no Inspect.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from inspect_memgym.code_qa.claims import STOP_WORDS, atoms, normalise_answer, shows_token
from inspect_memgym.code_qa.world.history_vocabulary import (
    CUSTOMERS,
    DESIGN_TOPICS,
    TEAMS,
    TIMEZONES,
)
from inspect_memgym.code_qa.world.model import CodeQAInstance, QAPair

MOST_EXTRA_VALUES = 4
"""Most values an answer may add beyond what its facts and the prompt hold."""
MOST_OTHER_FACTS = 1
"""Most memory-only facts of other questions an answer may state."""
CATALOGUES: dict[str, tuple[str, ...]] = {
    "customer": CUSTOMERS,
    "timezone": TIMEZONES,
    "team": TEAMS,
    "design decision": tuple(option.key for topic in DESIGN_TOPICS for option in topic.options),
    "design reason": tuple(
        option.reason_key for topic in DESIGN_TOPICS for option in topic.options
    ),
}
"""The public catalogues memory-only key tokens are drawn from, by kind."""
_CATALOGUE_KEYS = {
    name: frozenset(normalise_answer(member) for member in members)
    for name, members in CATALOGUES.items()
}
"""Each catalogue's entries, normalised."""
_PIECE = re.compile(r"[a-z0-9]+|[^a-z0-9]+")
_WORDS = re.compile(r"[a-z0-9]+")
LOOSE_GAP = 2
"""Most words between two telling words of a catalogue entry named loosely."""
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_DEFINED = re.compile(r"\b(?:def|class)\s+([A-Za-z_]\w*)")


@dataclass(frozen=True)
class Hedge:
    """Why an answer is a hedge (empty: it is not).

    Attributes:
        distractors: Ids of the distractors it states.
        alternatives: ``"<value asked for> / <other value named>"`` per second value.
        other_facts: Ids of the other questions' memory-only facts it states.
        extra_values: Values it lists that neither its facts nor the prompt hold.
    """

    distractors: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()
    other_facts: tuple[str, ...] = ()
    extra_values: tuple[str, ...] = ()

    @property
    def hedged(self) -> bool:
        """Whether the answer is a hedge."""
        return bool(
            self.distractors
            or self.alternatives
            or len(self.other_facts) > MOST_OTHER_FACTS
            or len(self.extra_values) > MOST_EXTRA_VALUES
        )

    def reasons(self) -> list[str]:
        """One line per reason, for the score's explanation (empty when not a hedge)."""
        if not self.hedged:
            return []
        reasons = []
        if self.distractors:
            reasons.append(f"states distractor {', '.join(self.distractors)}")
        if self.alternatives:
            reasons.append(f"names another value: {'; '.join(self.alternatives)}")
        if len(self.other_facts) > MOST_OTHER_FACTS:
            reasons.append(f"states other questions' facts {', '.join(self.other_facts)}")
        if len(self.extra_values) > MOST_EXTRA_VALUES:
            reasons.append(f"lists {len(self.extra_values)} values its facts do not hold")
        return reasons


def allowed_text(instance: CodeQAInstance, pair: QAPair) -> str:
    """What an answer may always repeat: the question's facts, the question, the task.

    Args:
        instance: The instance.
        pair: The question.
    """
    statements = [instance.fact(fact_id).fact.statement for fact_id in pair.linked_fact_ids]
    return normalise_answer(" ".join([*statements, pair.question, instance.task_prompt]))


def hedge_of(instance: CodeQAInstance, pair: QAPair, answer: str) -> Hedge:
    """Whether (and why) an answer to a question is a hedge.

    Args:
        instance: The instance.
        pair: The question.
        answer: The graded part of the answer.
    """
    text = normalise_answer(answer)
    if not text:
        return Hedge()
    allowed = allowed_text(instance, pair)
    return Hedge(
        distractors=_distractors(instance, text, allowed),
        alternatives=_alternatives(instance, pair, text, allowed),
        other_facts=_other_facts(instance, pair, text, allowed),
        extra_values=tuple(sorted(atoms(text) - atoms(allowed))),
    )


def distractor_telling_tokens(instance: CodeQAInstance) -> dict[str, tuple[str, ...]]:
    """Each distractor's telling tokens: its key tokens that no grounding fact has.

    Args:
        instance: The instance.
    """
    fact_tokens = {
        normalise_answer(token)
        for grounding in instance.grounding_facts
        for token in grounding.fact.key_tokens
    }
    return {
        distractor.distractor_id: tuple(
            token
            for token in distractor.fact.key_tokens
            if normalise_answer(token) not in fact_tokens
        )
        for distractor in instance.distractors
    }


def _distractors(instance: CodeQAInstance, text: str, allowed: str) -> tuple[str, ...]:
    return tuple(
        distractor_id
        for distractor_id, tokens in distractor_telling_tokens(instance).items()
        if any(shows_token(text, token) and not shows_token(allowed, token) for token in tokens)
    )


def _other_facts(
    instance: CodeQAInstance, pair: QAPair, text: str, allowed: str
) -> tuple[str, ...]:
    return tuple(
        grounding.fact_id
        for grounding in instance.grounding_facts
        if grounding.fact_id not in pair.linked_fact_ids
        and any(
            shows_token(text, token) and not shows_token(allowed, token)
            for token in grounding.memory_tokens
        )
    )


def _alternatives(
    instance: CodeQAInstance, pair: QAPair, text: str, allowed: str
) -> tuple[str, ...]:
    found: list[str] = []
    names = code_names(instance)
    for fact_id in pair.linked_fact_ids:
        for token in instance.fact(fact_id).fact.key_tokens:
            for other in sorted(_same_kind(token, text, names) - _same_kind(token, allowed, names)):
                entry = f"{token} / {other}"
                if entry not in found:
                    found.append(entry)
    return tuple(found)


def _same_kind(token: str, text: str, names: frozenset[str]) -> set[str]:
    """The values of a key token's kind a normalised text names (the token's own included)."""
    key = normalise_answer(token)
    for name, members in CATALOGUES.items():
        if key in _CATALOGUE_KEYS[name]:
            return {normalise_answer(member) for member in members if _names_entry(text, member)}
    if key in names:
        return {word for word in _identifiers(text) if word in names}
    shape = _shape(key)
    return {match.group(0) for match in shape.finditer(text)} if shape else set()


def value_kind(token: str) -> str:
    """The kind of value a key token is: a catalogue's name, a shape, or its bare form.

    Two tokens of one kind are alternatives of each other (``help-6191`` and ``help-7428``
    share a shape, ``help-<digits>``; two customers are both ``customer``).

    Args:
        token: A key token.
    """
    key = normalise_answer(token)
    for name, keys in _CATALOGUE_KEYS.items():
        if key in keys:
            return name
    shape = _shape(key)
    if shape is not None:
        return shape.pattern
    if key.isdigit():
        return "number"
    return "id" if any(char.isdigit() for char in key) else "name"


def _names_entry(text: str, entry: str) -> bool:
    """Whether a text names a catalogue entry: whole, or loosely (`_loose_entry`)."""
    if shows_token(text, entry):
        return True
    pattern = _loose_entry(entry)
    return pattern is not None and pattern.search(text) is not None


@lru_cache(maxsize=256)
def _loose_entry(entry: str) -> re.Pattern[str] | None:
    """A pattern naming a catalogue entry loosely, or None for one with no telling word.

    Its telling words in order, at most `LOOSE_GAP` words apart ("half even", "tamsin and
    reed").
    """
    telling = [word for word in _WORDS.findall(normalise_answer(entry)) if _telling(word)]
    if not telling:
        return None
    gap = rf"[^a-z0-9]+(?:[a-z0-9]+[^a-z0-9]+){{0,{LOOSE_GAP}}}"
    return re.compile(rf"(?<![a-z0-9]){gap.join(map(re.escape, telling))}(?![a-z0-9])")


def _telling(word: str) -> bool:
    return len(word) >= 3 and word not in STOP_WORDS


@lru_cache(maxsize=1024)
def _shape(token: str) -> re.Pattern[str] | None:
    r"""The shape of a value-like token (digits generalised, words kept), or None.

    ``8132 routes`` has the shape ``\d+ routes``; ``help-6191`` ``help-\d+``. A token
    without a digit, or without a word to anchor it (a bare number, a hex commit), has none.
    """
    pieces = _PIECE.findall(token)
    if not any(char.isdigit() for char in token):
        return None
    if not any(piece.isalpha() for piece in pieces):
        return None
    parts = []
    for piece in pieces:
        if piece.isdigit():
            parts.append(r"\d+")
        elif piece.isalnum() and any(char.isdigit() for char in piece):
            parts.append(r"[a-z0-9]*\d[a-z0-9]*")
        else:
            parts.append(re.escape(piece))
    return re.compile(rf"(?<![a-z0-9_]){''.join(parts)}(?![a-z0-9_])")


def _identifiers(text: str) -> set[str]:
    return {match.lower() for match in _IDENTIFIER.findall(text)}


_NAMES: dict[tuple[str, int, int], frozenset[str]] = {}
NAMES_CACHED = 32
"""Instances whose code names are kept (a 1M-token repository takes a moment to scan)."""


def code_names(instance: CodeQAInstance) -> frozenset[str]:
    """The names of the instance's functions and classes, lower-cased.

    Every name its source and skeleton define (``def`` and ``class``): the kind of a key
    token that names a function or a class (a caller, a helper, an error class).

    Args:
        instance: The instance.
    """
    key = (instance.instance_id, instance.context_tokens, instance.generator_version)
    if key not in _NAMES:
        if len(_NAMES) >= NAMES_CACHED:
            _NAMES.pop(next(iter(_NAMES)))
        _NAMES[key] = frozenset(
            _code_identifiers([instance.repo_context, *instance.repo_files.values()])
        )
    return _NAMES[key]


def _code_identifiers(texts: Iterable[str]) -> set[str]:
    return {name.lower() for text in texts for name in _DEFINED.findall(text)}
