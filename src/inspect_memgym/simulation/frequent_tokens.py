"""What the ``frequent_tokens`` adversary answers: a generator's most repeated answer words.

A generator of invented data that writes the same template words into many gold answers
(a company suffix, a book-title pattern, a year, one of a dozen hobbies) lets a reader with
no memory at all earn credit by answering those words as a constant. This adversary reads
only the public generator, never the sample: the benchmark hands it the questions and gold
answers of many instances generated with seeds outside every validity grid
(`TRAINING_SEEDS`). It groups the questions by *shape* (the question's words that are common
across the generated questions, so names and rare words drop out, which sorts questions by
template and so by category), counts in how many of each shape's answers every normalised
answer word occurs, and answers a call's question with the most frequent words of the
nearest shape: the first one, two or three of them, whichever earned the best mean token F1
on the generated answers. Pure and deterministic.

`largest_word_share` is the statistical side of the same question: the answer word (stemmed,
as token F1 compares them) held by the largest share of one question template's answers.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean

from inspect_memgym.scoring.token_f1 import answer_tokens, normalise_answer, token_f1

TRAINING_SEEDS = range(10_000, 10_300)
"""Seeds of the instances the adversary learns from: outside every validity grid."""
MOST_TOKENS = 3
"""The longest constant it tries (its top one, two or three words)."""
COMMON_WORD_SHARE = 0.02
"""A question word is part of a shape when at least this share of questions holds it."""
_WORD = re.compile(r"[a-z]+")


def question_words(question: str) -> frozenset[str]:
    """The lower-cased words of a question.

    Args:
        question: A question's text.
    """
    return frozenset(_WORD.findall(question.lower()))


@dataclass(frozen=True)
class FrequentTokens:
    """Per question shape, the constant answer made of its most frequent answer words.

    Attributes:
        common_words: Question words that make up shapes.
        constants: Shape (its common words) -> the constant answer and how many generated
            questions have that shape.
    """

    common_words: frozenset[str]
    constants: dict[frozenset[str], tuple[str, int]]

    @classmethod
    def learned(cls, examples: Iterable[tuple[str, str]]) -> FrequentTokens:
        """Learn the constants from generated (question, gold answer) pairs.

        Args:
            examples: Questions of generated instances with their gold answers.

        Raises:
            ValueError: If there is no example.
        """
        pairs = [(question_words(question), answer) for question, answer in examples]
        if not pairs:
            raise ValueError("frequent_tokens needs generated questions to learn from")
        counts = Counter(word for words, _ in pairs for word in words)
        common = frozenset(
            word for word, count in counts.items() if count >= COMMON_WORD_SHARE * len(pairs)
        )
        answers_by_shape: dict[frozenset[str], list[str]] = defaultdict(list)
        for words, answer in pairs:
            answers_by_shape[words & common].append(answer)
        constants = {
            shape: (best_constant(answers), len(answers))
            for shape, answers in answers_by_shape.items()
        }
        return cls(common, constants)

    def answer(self, question: str) -> str:
        """The constant answer for a question: its shape's, else the nearest shape's.

        Args:
            question: The question the call asks.
        """
        shape = question_words(question) & self.common_words
        if shape in self.constants:
            return self.constants[shape][0]
        nearest = max(
            self.constants,
            key=lambda known: (_overlap(shape, known), self.constants[known][1], sorted(known)),
        )
        return self.constants[nearest][0]


def most_frequent_words(answers: list[str]) -> list[str]:
    """Normalised answer words, by how many answers hold them (most first; ties by spelling).

    Args:
        answers: Gold answers.
    """
    counts = Counter(word for answer in answers for word in set(normalise_answer(answer).split()))
    return sorted(counts, key=lambda word: (-counts[word], word))


def best_constant(answers: list[str]) -> str:
    """The top one, two or three words of some answers with the best mean token F1 on them.

    Args:
        answers: Gold answers (at least one).
    """
    words = most_frequent_words(answers)
    constants = [" ".join(words[:size]) for size in range(1, min(MOST_TOKENS, len(words)) + 1)]
    if not constants:
        return ""
    return max(constants, key=lambda constant: fmean(token_f1(constant, a) for a in answers))


def _overlap(first: frozenset[str], second: frozenset[str]) -> float:
    union = first | second
    return len(first & second) / len(union) if union else 1.0


@dataclass(frozen=True)
class WordShare:
    """The answer word held by the largest share of one template's answers.

    Attributes:
        template: The question template.
        word: The (stemmed) word.
        share: The share of the template's answers holding it.
        answers: How many answers the template has.
    """

    template: str
    word: str
    share: float
    answers: int


def largest_word_share(answers_by_template: Mapping[str, Sequence[str]]) -> WordShare:
    """The answer word held by the largest share of one template's answers.

    Args:
        answers_by_template: Gold answers by question template (at least one answer).

    Raises:
        ValueError: If there is no answer.
    """
    shares = []
    for template, answers in answers_by_template.items():
        counts = Counter(word for answer in answers for word in set(answer_tokens(answer)))
        shares += [
            WordShare(template, word, count / len(answers), len(answers))
            for word, count in counts.items()
        ]
    if not shares:
        raise ValueError("largest_word_share needs answers")
    return max(shares, key=lambda found: (found.share, found.template, found.word))
