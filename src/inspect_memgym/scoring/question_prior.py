"""A question-only prior: the best reply a model gives from a question's words alone.

A free-text question scored by token overlap has a memoryless floor above a decline's 0:
the answers of a dataset share words, and a model that knows how they tend to read earns
credit with no memory at all ("2023" to every "When …" question of a release whose
conversations take place in 2023 scores F1 0.5 against "7 May 2023"). The memory isolation
(`scoring.isolation`) counts each no-memory credit at least at the question's floor; where
the floor is a decline's, a model that gives such a prior with memory shown and declines
with memory empty shows a memory delta while never reading memory.

`QuestionPrior` is that model, made from data: for each question opening (its first word,
and its first two words where enough examples share them), the reply that earns the most
credit over example questions of that opening, graded by the task's own rule, among a
decline and the one to three words most often found in the examples' gold answers. The
prior is one reply per opening, fixed before any question it is applied to is seen, so its
credit on a question is a floor a memoryless reader reaches, not an oracle's pick. A task
fits it on examples other than the ones it floors (the other conversations of a file, the
training rows of a split) and takes each question's floor as the larger of a decline's
credit and the prior's. Pure.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

Example = TypeVar("Example")

MOST_WORDS = 3
"""Longest prior reply tried, in gold words (the one, two, three most frequent)."""
MINIMUM_EXAMPLES = 10
"""Examples a two-word opening needs to get a reply of its own (else its first word's)."""
_WORDS = re.compile(r"[a-z0-9]+")


def question_openings(question: str) -> tuple[str, ...]:
    """The openings a question is known by, most specific first: two words, then one.

    Args:
        question: The question text.
    """
    words = _WORDS.findall(question.lower())
    if not words:
        return ("",)
    if len(words) == 1:
        return (words[0],)
    return (f"{words[0]} {words[1]}", words[0])


@dataclass(frozen=True)
class QuestionPrior:
    """A reply per question opening, and the decline for an opening it has none for.

    Attributes:
        replies: Opening (one or two words) -> the reply given to questions that open so.
        decline: The reply to a question of an opening never seen.
    """

    replies: Mapping[str, str]
    decline: str

    def reply(self, question: str) -> str:
        """The prior's reply to a question: that of its most specific known opening.

        Args:
            question: The question text.
        """
        for opening in question_openings(question):
            if opening in self.replies:
                return self.replies[opening]
        return self.decline


@dataclass(frozen=True)
class PriorFitting(Generic[Example]):
    """How to read and grade a task's examples when fitting a prior.

    Attributes:
        question: An example's question text.
        gold_words: The words of an example's gold answer, as a reply would write them.
        credit: The task's credit of a reply on an example.
        decline: The task's memoryless decline.
    """

    question: Callable[[Example], str]
    gold_words: Callable[[Example], Iterable[str]]
    credit: Callable[[Example, str], float]
    decline: str


def fit_question_prior(
    examples: Sequence[Example], fitting: PriorFitting[Example]
) -> QuestionPrior:
    """The prior that earns the most credit over examples, per opening.

    Each opening's candidates are the decline and its examples' one to `MOST_WORDS` most
    frequent gold words (counted once per example; ties by first appearance), each graded
    on every example of the opening; the best total wins, the decline on a tie. A two-word
    opening gets its own reply when `MINIMUM_EXAMPLES` examples share it.

    Args:
        examples: The examples to fit on.
        fitting: How to read and grade them.
    """
    by_opening: dict[str, list[Example]] = defaultdict(list)
    for example in examples:
        openings = question_openings(fitting.question(example))
        for opening in openings:
            by_opening[opening].append(example)
    replies = {}
    for opening, members in by_opening.items():
        if " " in opening and len(members) < MINIMUM_EXAMPLES:
            continue
        replies[opening] = _best_reply(members, fitting)
    return QuestionPrior(replies, fitting.decline)


def leave_one_out_replies(examples: Sequence[Example], fitting: PriorFitting[Example]) -> list[str]:
    """Each example's reply from the prior fitted on every other example.

    Where the examples are also the questions floored (one conversation's rows), a prior
    fitted on all of them would hold each question's own gold words: each reply here is
    the one `fit_question_prior` gives over the others, so no gold floors its own question.

    Args:
        examples: The examples, each floored by the others.
        fitting: How to read and grade them.
    """
    openings = [question_openings(fitting.question(example)) for example in examples]
    members: dict[str, list[int]] = defaultdict(list)
    for index, example_openings in enumerate(openings):
        for opening in example_openings:
            members[opening].append(index)
    replies = []
    for index, example_openings in enumerate(openings):
        reply = fitting.decline
        for opening in example_openings:
            others = [examples[other] for other in members[opening] if other != index]
            if others and (" " not in opening or len(others) >= MINIMUM_EXAMPLES):
                reply = _best_reply(others, fitting)
                break
        replies.append(reply)
    return replies


def _best_reply(members: Sequence[Example], fitting: PriorFitting[Example]) -> str:
    counts: Counter[str] = Counter()
    for member in members:
        counts.update(dict.fromkeys(fitting.gold_words(member), 1))
    frequent = [word for word, _ in counts.most_common(MOST_WORDS)]
    candidates = [fitting.decline] + [
        " ".join(frequent[:size]) for size in range(1, len(frequent) + 1)
    ]
    totals = [sum(fitting.credit(member, reply) for member in members) for reply in candidates]
    return candidates[totals.index(max(totals))]
