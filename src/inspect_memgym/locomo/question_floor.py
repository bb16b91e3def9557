"""Each LoCoMo question's memoryless floor: what a question-only prior earns on it.

LoCoMo's answers share words across a file (the released conversations all take place in
2023, and "2023" to every "When …" question scores F1 0.22 over its temporal questions), so
a decline's 0 is not the best a memoryless reply earns. A conversation's floors come from a
`scoring.question_prior.QuestionPrior` fitted on the file's *other* conversations (their
category 1-4 questions, graded by the task's own rule, `grading.grade_reply`) and applied to
this conversation's questions: a question's floor is the prior reply's credit on it, never
below 0. A file of one conversation teaches nothing: every floor is then 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from inspect_memgym.kit.bounded_cache import BoundedCache
from inspect_memgym.locomo.grading import NOT_MENTIONED_OPTION, grade_reply
from inspect_memgym.locomo.records import Conversation, QuestionItem
from inspect_memgym.scoring.question_prior import PriorFitting, fit_question_prior
from inspect_memgym.scoring.token_f1 import normalise_answer

PriorExample = tuple[QuestionItem, tuple[str, str]]
"""A question and the speakers of its conversation (names the hedge rule allows)."""

CACHED_CONVERSATIONS = 64
"""Conversations whose floors are kept (the released file has ten)."""


CACHED_CREDITS = 65_536
"""Graded (question, reply) pairs kept: a file's ten fits grade the same few candidate
replies on the same questions over and over (the released file: about 12,000 pairs)."""


def _credit(example: PriorExample, reply: str) -> float:
    item, speakers = example
    return _graded(item, speakers, reply)


@lru_cache(maxsize=CACHED_CREDITS)
def _graded(item: QuestionItem, speakers: tuple[str, str], reply: str) -> float:
    return grade_reply(item, reply, None, speakers).score


FITTING: PriorFitting[PriorExample] = PriorFitting(
    question=lambda example: example[0].question,
    gold_words=lambda example: normalise_answer(str(example[0].answer)).split(),
    credit=_credit,
    decline=NOT_MENTIONED_OPTION,
)
"""LoCoMo's examples: category 1-4 questions, graded as the scorer grades them."""


def _examples(conversation: Conversation) -> list[PriorExample]:
    speakers = (conversation.speaker_a, conversation.speaker_b)
    return [
        (item, speakers)
        for item in conversation.questions
        if not item.is_adversarial and item.answer is not None
    ]


_FLOORS: BoundedCache[dict[str, float]] = BoundedCache(CACHED_CONVERSATIONS)


def question_floors(
    conversations: Mapping[str, Conversation], conversation_id: str
) -> dict[str, float]:
    """Question id -> memoryless floor, for one conversation's category 1-4 questions.

    Kept per file and conversation: the fit grades every other conversation's questions
    (each question's grade of a candidate reply is kept too, for the file's other fits).

    Args:
        conversations: Every conversation of the file, by ``sample_id`` (one parsed file:
            the floors are kept while that object is).
        conversation_id: The conversation floored.
    """
    return _FLOORS.get(
        (id(conversations), conversation_id),
        lambda: _floors(conversations, conversation_id),
        owner=conversations,
    )


def _floors(conversations: Mapping[str, Conversation], conversation_id: str) -> dict[str, float]:
    others = [
        example
        for sample_id, conversation in conversations.items()
        if sample_id != conversation_id
        for example in _examples(conversation)
    ]
    prior = fit_question_prior(others, FITTING)
    return {
        item.question_id: max(0.0, _credit((item, speakers), prior.reply(item.question)))
        for item, speakers in _examples(conversations[conversation_id])
    }
