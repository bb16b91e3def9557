"""Scoring rules of MemGym-CodeQA, pure: what an answer states, hedges, and the score value.

A linked fact is held when one sentence of the answer states it: every key token there, as
a whole token (`claims.states_fact`). An answer that offers more candidates than its facts
(a distractor, a second value of a kind asked for, the facts of other questions, a list of
values: `hedges.hedge_of`) is a hedge: it holds nothing and is wrong. Only an answer's first
`ANSWER_CHARS` characters are graded.

The headline (``accuracy``) is earned by memory: it is the share of the questions that
need memory answered correctly, each judged on its memory-only facts alone (at least half
of them held), so no fact a prompt shows (a call path, a constant) counts towards it. It is
chance-corrected: a wrong answer that states look-alikes of the facts it is judged on
(distractors that mimic them) picked one of the ``k = 2**m`` combinations of fact or
look-alike for its ``m`` mimicked facts, and costs ``1/(k-1)``, so a memory that keeps
values but cannot tell a fact from its look-alike scores 0 on average. An answer that
offers several candidates (a fact beside its look-alike, a second value of a kind, a list
of values: `hedges.Hedge.offers_several`) picked no combination: it earns a blind guess's
0, never less. The
questions whose facts are all discoverable are reported apart (``discoverable_accuracy``,
on all their facts). A linked fact the rules cannot decide (`undecided_facts`: the answer
shows a telling piece of every key token, no key token whole in one sentence) may be
decided by a judge, whose verdict is passed in. Aggregates follow MemGym's report: fact
recall (overall, critical, memory-only, discoverable), noise rejection, and accuracy per
category and per difficulty; `sample_value.score_value` turns them into a sample's
``Score.value``. A question a pass did not answer (a limit cut it, or every judge verdict
on its answer was unreadable) is graded as the decline, `DECLINE_REPLY`, by these rules
alone (`decline_grade`: no fact held, no look-alike, credit 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from inspect_memgym.code_qa.claims import (
    normalise_answer,
    states_fact,
    telling_words,
    words,
)
from inspect_memgym.code_qa.hedges import hedge_of
from inspect_memgym.code_qa.look_alikes import look_alike_penalty, picks_look_alikes
from inspect_memgym.code_qa.summary_keys import HEADLINE as HEADLINE
from inspect_memgym.code_qa.world.model import (
    DIFFICULTIES,
    FACT_CATEGORIES,
    CodeQAInstance,
    Difficulty,
    FactCategory,
    QAPair,
    Relevance,
)
from inspect_memgym.scoring.isolation import ISOLATION_KEYS, RAW_ISOLATION_KEYS
from inspect_memgym.scoring.reached import NOT_REACHED

CORRECT_THRESHOLD = 0.5
"""A question is answered correctly when at least this share of the facts it is judged on
(its memory-only facts, if it has any; else all of them) is held."""
ANSWER_CHARS = 4_000
"""Answers are graded on their first this many characters (about 1,000 tokens)."""
DISCOVERABLE_ACCURACY = "discoverable_accuracy"
DECLINE_REPLY = "I do not know."
"""The decline: the ``decliner`` adversary's reply, and the grade of an answer not given."""
SCORE_KEYS = (
    HEADLINE,
    DISCOVERABLE_ACCURACY,
    "fact_recall",
    "critical_fact_recall",
    "memory_only_fact_recall",
    "discoverable_fact_recall",
    "noise_rejection",
    *ISOLATION_KEYS,
    *RAW_ISOLATION_KEYS,
    NOT_REACHED,
)
"""``Score.value`` keys, in display order."""
DecidedBy = Literal["rules", "judge"]


@dataclass(frozen=True)
class LinkedFactResult:
    """Whether an answer held one linked fact.

    Attributes:
        fact_id: The fact.
        category: Its category.
        relevance: Its relevance.
        discoverable: Whether the source also shows it.
        counted: Whether the question's verdict counts it (its memory-only facts, if it
            has any; else every fact).
        held: Whether the answer states it (never in a hedge).
        decided_by: ``"rules"``, or ``"judge"`` for a fact the rules could not decide.
    """

    fact_id: str
    category: FactCategory
    relevance: Relevance
    discoverable: bool
    counted: bool
    held: bool
    decided_by: DecidedBy = "rules"


@dataclass(frozen=True)
class QuestionGrade:
    """The grade of one answer.

    Attributes:
        qa_id: The question.
        category: The question's category.
        difficulty: The question's difficulty.
        requires_memory: Whether a linked fact is memory-only (the question then counts
            towards the headline, on its memory-only facts).
        score: Share of the counted facts held.
        correct: ``score >= CORRECT_THRESHOLD`` and not a hedge.
        facts: Per linked fact, whether it was held.
        misled_by: Ids of the distractors the answer states.
        hedge: Why the answer is a hedge (empty when it is not).
        penalty: What a wrong answer costs for stating look-alikes of its counted facts
            (``1/(2**m - 1)`` with ``m`` counted facts that have one; 0 for a hedge).
        reply: The graded text, normalised (`claims.normalise_answer`), to pair the same
            reply across the two passes; not part of `to_dict`.
    """

    qa_id: str
    category: FactCategory
    difficulty: Difficulty
    requires_memory: bool
    score: float
    correct: bool
    facts: tuple[LinkedFactResult, ...]
    misled_by: tuple[str, ...]
    hedge: tuple[str, ...] = ()
    penalty: float = 0.0
    reply: str = ""

    @property
    def credit(self) -> float:
        """The chance-corrected credit: 1 if correct, minus the penalty if misled, else 0."""
        return 1.0 if self.correct else -self.penalty

    @property
    def misled(self) -> bool:
        """Whether the answer states a distractor."""
        return bool(self.misled_by)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (for a score's metadata)."""
        row = asdict(self)
        del row["reply"]
        return {**row, "misled": self.misled}


def graded_text(answer: str | None) -> str:
    """The part of an answer that is graded: its first `ANSWER_CHARS` characters.

    Args:
        answer: The answer text (None for no answer).
    """
    return (answer or "")[:ANSWER_CHARS]


def counted_facts(instance: CodeQAInstance, pair: QAPair) -> tuple[str, ...]:
    """The linked facts a question's verdict counts: its memory-only ones, if any; else all.

    Args:
        instance: The instance.
        pair: The question.
    """
    memory_only = tuple(
        fact_id for fact_id in pair.linked_fact_ids if not instance.fact(fact_id).discoverable
    )
    return memory_only or pair.linked_fact_ids


_SHOWN: dict[tuple[str, int, int], frozenset[str]] = {}
SHOWN_CACHED = 32
"""Instances whose prompt words are kept."""


def prompt_words(instance: CodeQAInstance) -> frozenset[str]:
    """Words every answer prompt of an instance shows: the task and the skeleton.

    Args:
        instance: The instance.
    """
    key = (instance.instance_id, instance.context_tokens, instance.generator_version)
    if key not in _SHOWN:
        if len(_SHOWN) >= SHOWN_CACHED:
            _SHOWN.pop(next(iter(_SHOWN)))
        _SHOWN[key] = frozenset(
            words(normalise_answer(f"{instance.task_prompt}\n{instance.repo_context}"))
        )
    return _SHOWN[key]


def undecided_facts(instance: CodeQAInstance, qa_id: str, answer: str | None) -> tuple[str, ...]:
    """Linked facts the rules cannot decide for an answer.

    A fact is undecided when the answer is no hedge and does not state it, but shows a
    telling piece of every key token (`claims.telling_words`: a number, or a name the
    prompt does not show; never a stop-word): a paraphrase, another number format, a claim
    split over two sentences. Anything less (the question's own words, a unit, a function
    the skeleton lists) leaves the fact simply not held.

    Args:
        instance: The instance.
        qa_id: The question.
        answer: The answer text.

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    text = graded_text(answer)
    normalised = normalise_answer(text)
    if not normalised or hedge_of(instance, pair, text).hedged:
        return ()
    answer_words = words(normalised)
    shown = prompt_words(instance) | words(normalise_answer(pair.question))
    undecided = []
    for fact_id in pair.linked_fact_ids:
        fact = instance.fact(fact_id).fact
        if states_fact(text, fact):
            continue
        pieces = [telling_words(token, shown) for token in fact.key_tokens]
        if any(pieces) and all(not piece or piece & answer_words for piece in pieces):
            undecided.append(fact_id)
    return tuple(undecided)


def grade_answer(
    instance: CodeQAInstance,
    qa_id: str,
    answer: str | None,
    judged: Mapping[str, bool] | None = None,
) -> QuestionGrade:
    """Grade one answer to one question.

    Args:
        instance: The instance.
        qa_id: The question.
        answer: The answer text (None or empty for no answer).
        judged: A judge's verdicts on facts the rules could not decide (fact id -> held);
            verdicts on other facts are ignored.

    Raises:
        KeyError: If the instance has no such question.
    """
    pair = instance.question(qa_id)
    text = graded_text(answer)
    hedge = hedge_of(instance, pair, text)
    verdicts = dict(judged or {})
    if verdicts:
        undecided = undecided_facts(instance, qa_id, text)
        verdicts = {fact_id: held for fact_id, held in verdicts.items() if fact_id in undecided}
    counted = counted_facts(instance, pair)
    results = []
    for fact_id in pair.linked_fact_ids:
        grounding = instance.fact(fact_id)
        held = (
            verdicts[fact_id] if fact_id in verdicts else states_fact(text, grounding.fact)
        ) and not hedge.hedged
        results.append(
            LinkedFactResult(
                fact_id=fact_id,
                category=grounding.category,
                relevance=grounding.relevance,
                discoverable=grounding.discoverable,
                counted=fact_id in counted,
                held=held,
                decided_by="judge" if fact_id in verdicts else "rules",
            )
        )
    score = sum(result.held for result in results if result.counted) / len(counted)
    correct = score >= CORRECT_THRESHOLD and not hedge.hedged
    picked = not correct and picks_look_alikes(instance, text, hedge)
    return QuestionGrade(
        qa_id=qa_id,
        category=pair.category,
        difficulty=pair.difficulty,
        requires_memory=pair.requires_memory,
        score=score,
        correct=correct,
        facts=tuple(results),
        misled_by=hedge.distractors,
        hedge=tuple(hedge.reasons()),
        penalty=look_alike_penalty(instance, counted, hedge.distractors) if picked else 0.0,
        reply=normalise_answer(text),
    )


def decline_grade(instance: CodeQAInstance, qa_id: str) -> QuestionGrade:
    """The grade of the decline (`DECLINE_REPLY`) to a question, by the rules alone.

    The grade of a question a pass did not answer (`scoring.reached`): no judge is asked.

    Args:
        instance: The instance.
        qa_id: The question.

    Raises:
        KeyError: If the instance has no such question.
    """
    return grade_answer(instance, qa_id, DECLINE_REPLY)


@dataclass(frozen=True)
class CodeQAMetrics:
    """Aggregates over graded answers (of one instance or many).

    Recalls are pooled over every (question, linked fact) pair; a recall, or an accuracy,
    is None when no question of that kind was asked.

    Attributes:
        questions: How many answers were graded.
        accuracy: Share of the questions that need memory answered correctly (the headline).
        discoverable_accuracy: Share of the other questions (every fact discoverable)
            answered correctly.
        fact_recall: Share of linked facts held.
        critical_fact_recall: The same, over critical facts.
        memory_only_fact_recall: The same, over facts only the history holds.
        discoverable_fact_recall: The same, over facts the source also shows.
        noise_rejection: Share of answers that state no distractor.
        category_accuracy: Accuracy per category of the questions that need memory.
        difficulty_accuracy: Accuracy per difficulty of the questions that need memory.
    """

    questions: int
    accuracy: float | None
    discoverable_accuracy: float | None
    fact_recall: float
    critical_fact_recall: float | None
    memory_only_fact_recall: float | None
    discoverable_fact_recall: float | None
    noise_rejection: float
    category_accuracy: dict[str, float]
    difficulty_accuracy: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return asdict(self)


def _recall(results: list[LinkedFactResult]) -> float | None:
    return sum(result.held for result in results) / len(results) if results else None


def _accuracy(grades: Sequence[QuestionGrade]) -> float | None:
    return sum(grade.credit for grade in grades) / len(grades) if grades else None


def _grouped(grades: Sequence[QuestionGrade], field: str, order: Sequence[str]) -> dict[str, float]:
    groups = {}
    for name in order:
        accuracy = _accuracy([grade for grade in grades if getattr(grade, field) == name])
        if accuracy is not None:
            groups[name] = accuracy
    return groups


def summarise_grades(grades: Sequence[QuestionGrade]) -> CodeQAMetrics:
    """Aggregate graded answers.

    Args:
        grades: Grades of one instance's answers, or of many instances'.

    Raises:
        ValueError: If there are no grades.
    """
    if not grades:
        raise ValueError("no graded answers to summarise")
    linked = [result for grade in grades for result in grade.facts]
    overall = _recall(linked)
    assert overall is not None
    needing = [grade for grade in grades if grade.requires_memory]
    return CodeQAMetrics(
        questions=len(grades),
        accuracy=_accuracy(needing),
        discoverable_accuracy=_accuracy([grade for grade in grades if not grade.requires_memory]),
        fact_recall=overall,
        critical_fact_recall=_recall([item for item in linked if item.relevance == "critical"]),
        memory_only_fact_recall=_recall([item for item in linked if not item.discoverable]),
        discoverable_fact_recall=_recall([item for item in linked if item.discoverable]),
        noise_rejection=sum(not grade.misled for grade in grades) / len(grades),
        category_accuracy=_grouped(needing, "category", FACT_CATEGORIES),
        difficulty_accuracy=_grouped(needing, "difficulty", DIFFICULTIES),
    )
