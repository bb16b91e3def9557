"""Grading of research_qa answers, pure: reply parsing, the answer rules, fact diagnostics.

- A reply is MemGym-DR's JSON (``{"answer": ..., "confidence": ...}``, fenced or not); a
  reply without it falls back on an ``Answer:`` line, else on the whole text, and counts
  as a parse failure.
- The answer is decided by the suite's rules (``scoring.answer_rules``) against the gold
  computed from the graph: an entity name (another name of the world makes it wrong), a
  number (exact), or a label (another choice makes it a hedge). An answer the rules
  cannot decide scores 0, unless the judge (the ``grader`` role, MemGym's 0-1 scale)
  scores it.
- The score is chance-corrected: a wrong answer that picks another chain's final value (it
  names exactly one of the candidates the research question's turn shows, and that one is
  not the gold) costs ``1/(k-1)`` with ``k`` candidates, so picking among the remembered
  candidates without following the chain scores 0 on average, as declining does. A reply
  naming several candidates, or one the hedge and dump rules catch (`scoring.hedging`),
  picked nothing: it earns a blind guess's 0, never less. ``exact`` stays 1 or 0
  (MemGym-DR's exact match).
- ``no_memory`` and ``memory_delta`` follow the shared definition (`scoring.isolation`):
  the no-memory score counts at least the memoryless floor, 0.
- ``hop_recall``: the share of chain facts the answer could see (in what the strategy
  recalled for the question, or in the documents still visible). A wrong answer is a
  ``write_failure`` when a chain fact it needed from memory was never in memory, a
  ``read_failure`` when it was in memory but not recalled, else a
  ``utilization_failure``; an answer a limit cut before the memory pass gave it has no
  label (its decline was graded, but nobody asked the memory). A fact is in a text when
  one of its lines has all the fact's key tokens.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from inspect_memgym.research_qa.prompts import INSUFFICIENT_INFORMATION
from inspect_memgym.research_qa.summary_keys import ANSWER_KEYS
from inspect_memgym.research_qa.world import ResearchInstance
from inspect_memgym.research_qa.world.reader import candidate_answers
from inspect_memgym.scoring.answer_rules import RuleVerdict, check_answer
from inspect_memgym.scoring.facts import normalise_for_match
from inspect_memgym.scoring.failure_labels import (
    FAILURE_RATE_KEYS,
    READ_FAILURE,
    UTILIZATION_FAILURE,
    WRITE_FAILURE,
    FailureLabel,
)
from inspect_memgym.scoring.hedging import hedged
from inspect_memgym.scoring.isolation import (
    ISOLATION_KEYS,
    RAW_ISOLATION_KEYS,
    Isolation,
    PairedAnswer,
    isolate,
    mean_credit,
)
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.stored_records import StoredRecord

SCORE_KEYS: tuple[str, ...] = (
    *ANSWER_KEYS,
    *ISOLATION_KEYS,
    *RAW_ISOLATION_KEYS,
    *FAILURE_RATE_KEYS,
    "parse_failure",
    NOT_REACHED,
)
"""`Score.value` keys, in display order (``score`` is the headline)."""

_JSON_OBJECT = re.compile(r"\{[^{}]*\}", re.DOTALL)
_ANSWER_LINE = re.compile(r"^\s*(?:final\s+)?answer\s*[:=]\s*(?P<answer>.+?)\s*$", re.I | re.M)


@dataclass(frozen=True)
class ParsedReply:
    """The answer a reply gives.

    Attributes:
        answer: The answer text.
        parsed: Whether the reply had the JSON format (or an ``Answer:`` line).
    """

    answer: str
    parsed: bool


@dataclass(frozen=True)
class AnswerGrade:
    """How one answer was graded.

    Attributes:
        raw: The reply as given (None: the pass gave none; graded as the decline).
        answer: The parsed answer.
        parsed: Whether the reply had the asked format.
        verdict: The rules' verdict (``correct``, ``incorrect`` or ``undecided``).
        rule: The rule that decided.
        reason: Why, in one sentence.
        judge_score: The judge's 0-1 score of an undecided answer (None if not judged).
        judge_model: The model that judged ("" if none).
        self_judged: Whether that model was the model under test (``-T self_judge=true``).
        near_miss_penalty: What the answer costs when it picks another candidate of the
            research question (``1/(k-1)``; 0 when it is right, picks none, or names
            several).
    """

    raw: str | None
    answer: str
    parsed: bool
    verdict: str
    rule: str
    reason: str
    judge_score: float | None = None
    judge_model: str = ""
    self_judged: bool = False
    near_miss_penalty: float = 0.0

    @property
    def exact(self) -> float:
        """1.0 if the rules found the answer right, else 0.0."""
        return 1.0 if self.verdict == "correct" else 0.0

    @property
    def score(self) -> float:
        """1 if right, minus the near-miss penalty for another candidate, else 0.

        An undecided answer gets the judge's score, or 0.
        """
        if self.verdict == "undecided" and self.judge_score is not None:
            return self.judge_score
        if self.verdict == "incorrect":
            return -self.near_miss_penalty
        return self.exact

    @property
    def decided_by(self) -> str:
        """``rules``, ``judge``, or ``undecided`` (scored 0 without a judge)."""
        if self.verdict != "undecided":
            return "rules"
        return "judge" if self.judge_score is not None else "undecided"

    def judged(self, score: float, model: str, self_judged: bool = False) -> AnswerGrade:
        """This grade with the judge's score.

        Args:
            score: The judge's score (clamped to 0-1).
            model: The judge model's name.
            self_judged: Whether the judge was the model under test.
        """
        return replace(
            self,
            judge_score=min(1.0, max(0.0, score)),
            judge_model=model,
            self_judged=self_judged,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (for a score's metadata)."""
        return {
            "answer": self.answer,
            "raw": self.raw,
            "parsed": self.parsed,
            "verdict": self.verdict,
            "rule": self.rule,
            "reason": self.reason,
            "decided_by": self.decided_by,
            "judge_score": self.judge_score,
            "judge_model": self.judge_model,
            "self_judged": self.self_judged,
            "near_miss_penalty": self.near_miss_penalty,
            "score": self.score,
        }


def parse_reply(raw: str) -> ParsedReply:
    """The answer of a reply: its JSON ``answer``, else an ``Answer:`` line, else all of it.

    Args:
        raw: The model's reply.
    """
    for match in _JSON_OBJECT.finditer(raw):
        try:
            data = json.loads(match.group(0))
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and "answer" in data:
            value = data["answer"]
            return ParsedReply("" if value is None else str(value).strip(), True)
    line = _ANSWER_LINE.search(raw)
    if line is not None:
        return ParsedReply(line.group("answer").strip().strip("\"'"), True)
    return ParsedReply(raw.strip(), False)


def grade_reply(instance: ResearchInstance, raw: str) -> AnswerGrade:
    """Parse a reply and decide its answer by the rules.

    Args:
        instance: The instance.
        raw: The model's reply ("" for none).
    """
    reply = parse_reply(raw)
    verdict: RuleVerdict = check_answer(
        reply.answer,
        instance.gold,
        known_names=instance.entity_names,
        question=instance.question,
        choices=instance.answer_choices,
    )
    penalty = 0.0
    if verdict.verdict == "incorrect" and picks_another_candidate(instance, reply.answer):
        penalty = 1 / len(other_candidates(instance))
    return AnswerGrade(
        raw,
        reply.answer,
        reply.parsed,
        verdict.verdict,
        verdict.rule,
        verdict.reason,
        near_miss_penalty=penalty,
    )


def picks_another_candidate(instance: ResearchInstance, answer: str) -> bool:
    """Whether an answer commits to one candidate that is not the gold.

    It names exactly one of the research question's candidates (the gold and the other
    chains' final values), that one is another chain's, and it is neither a hedge nor a
    dump (`scoring.hedging`): a reply that offers several values picked none.

    Args:
        instance: The instance.
        answer: The parsed answer.
    """
    others = other_candidates(instance)
    if not others:
        return False
    padded = f" {normalise_for_match(answer)} "
    named = [
        value
        for value in (instance.gold.text, *others)
        if f" {normalise_for_match(value)} " in padded
    ]
    if len(named) != 1 or named[0] == instance.gold.text:
        return False
    return not hedged(answer, instance.gold.text, instance.question)


def other_candidates(instance: ResearchInstance) -> list[str]:
    """The final values of the near-miss chains: what a guess among candidates names.

    They are the candidates the turn of the research question's hop shows beside the gold
    (none for a released row, which has no structured claims).

    Args:
        instance: The instance.
    """
    final_hop = instance.chain[-1].hop if instance.chain else None
    turns = [turn.turn_index for turn in instance.turns if turn.hop == final_hop]
    if not turns or instance.chain_start is None:
        return []
    gold = normalise_for_match(instance.gold.text)
    values = candidate_answers(instance, turns[0])
    return sorted(value for value in values if normalise_for_match(value) != gold)


def chain_facts_in(instance: ResearchInstance, text: str) -> list[str]:
    """Ids of the chain facts a text holds, in hop order.

    A fact is held when one line of the text has every key token of it (the names it links,
    or the entity and its value). Lines, not the whole text: in a long memory the two
    names of a relation fact each turn up in other facts of the chain.

    Args:
        instance: The instance.
        text: Memory, recalled memory, or documents.
    """
    facts = [grounding.fact for grounding in instance.grounding_facts]
    wanted = [
        (fact.fact_id, [normalise_for_match(token) for token in fact.key_tokens])
        for fact in facts
        if fact.key_tokens
    ]
    held: set[str] = set()
    for line in text.splitlines():
        if len(held) == len(wanted):
            break
        lowered = normalise_for_match(line)
        held.update(
            fact_id
            for fact_id, tokens in wanted
            if fact_id not in held and all(token in lowered for token in tokens)
        )
    return [fact.fact_id for fact in facts if fact.fact_id in held]


def hop_recall(
    instance: ResearchInstance, recalled: Iterable[str], visible: Iterable[str]
) -> float:
    """Share of chain facts the answer could see: recalled from memory or still visible.

    Args:
        instance: The instance.
        recalled: Chain facts in what the strategy showed for the question.
        visible: Chain facts in the visible documents.
    """
    chain = set(instance.chain_fact_ids)
    if not chain:
        return math.nan
    return len(chain & (set(recalled) | set(visible))) / len(chain)


def failure_label(
    instance: ResearchInstance,
    correct: bool,
    stored: Iterable[str],
    recalled: Iterable[str],
    visible: Iterable[str],
    reached: bool = True,
) -> FailureLabel | None:
    """Why a wrong answer was wrong (None for a right one, or one never given).

    Args:
        instance: The instance.
        correct: Whether the answer scored 1.
        stored: Chain facts in the strategy's whole memory.
        recalled: Chain facts in what it showed for the question.
        visible: Chain facts in the visible documents (not needed from memory).
        reached: Whether the memory pass answered (False: a limit cut it first, its
            decline was graded, and it gets no label).
    """
    if correct or not reached:
        return None
    shown = set(visible)
    needed = [fact_id for fact_id in instance.chain_fact_ids if fact_id not in shown]
    if any(fact_id not in set(stored) for fact_id in needed):
        return WRITE_FAILURE
    if any(fact_id not in set(recalled) for fact_id in needed):
        return READ_FAILURE
    return UTILIZATION_FAILURE


def isolation(grade: AnswerGrade, no_memory: AnswerGrade | None) -> Isolation:
    """``no_memory`` and ``memory_delta`` of one sample (`scoring.isolation`).

    The floor is 0: what declining, or a blind pick among the candidates, earns.

    Args:
        grade: The answer with memory.
        no_memory: The no-memory answer (None when memory isolation is off).
    """
    pair = PairedAnswer(
        memory=grade.score,
        no_memory=None if no_memory is None else no_memory.score,
        same_reply=no_memory is not None and same_answer(grade, no_memory),
    )
    return isolate([pair], mean_credit)


def same_answer(first: AnswerGrade, second: AnswerGrade) -> bool:
    """Whether two grades are of the same answer (as parsed and normalised).

    Args:
        first: One grade.
        second: The other.
    """
    return normalise_for_match(first.answer) == normalise_for_match(second.answer)


def score_values(
    instance: ResearchInstance,
    grade: AnswerGrade,
    isolated: Isolation,
    stored: Sequence[str],
    recalled: Sequence[str],
    visible: Sequence[str],
    not_reached: bool = False,
    answered: bool = True,
) -> dict[str, float]:
    """Every `SCORE_KEYS` value of one sample.

    A failure rate is 1 for the label of a wrong answer the memory pass gave, else 0 (a
    right answer, or one a limit cut before the memory pass gave it: `failure_label`).

    Args:
        instance: The instance.
        grade: The answer with memory.
        isolated: Its memory isolation (`isolation`).
        stored: Chain facts in the strategy's whole memory when answering.
        recalled: Chain facts in what it showed for the question.
        visible: Chain facts in the visible documents.
        not_reached: Whether a limit cut either pass before it answered (its answer is
            then graded as the decline, `decline_grade`).
        answered: Whether the memory pass answered (False: its failure label is None).
    """
    label = failure_label(instance, grade.score >= 1.0, stored, recalled, visible, answered)
    return {
        "score": grade.score,
        "exact": grade.exact,
        "hop_recall": hop_recall(instance, recalled, visible),
        **isolated.values(),
        **{key: 1.0 if label == key else 0.0 for key in FAILURE_RATE_KEYS},
        "parse_failure": 0.0 if grade.parsed else 1.0,
        NOT_REACHED: float(not_reached),
    }


def decline_grade(instance: ResearchInstance) -> AnswerGrade:
    """The grade of an answer a pass never gave: the decline's, by the rules (`scoring.reached`).

    Its raw reply is None; its answer is MemGym-DR's decline, "insufficient information".

    Args:
        instance: The instance.
    """
    grade = grade_reply(instance, json.dumps({"answer": INSUFFICIENT_INFORMATION}))
    return replace(grade, raw=None)


@dataclass(frozen=True)
class HopRow(StoredRecord):
    """One hop and where its fact was when answering (a row of ``Score.metadata["hops"]``).

    Attributes:
        hop: The hop, from 1.
        sub_query: Its sub-query.
        answer: Its answer.
        fact_id: The chain fact it needs.
        turn: The turn that fact is shown in.
        retention_span: Turns the fact must be kept for (None when it is no grounding fact).
        stored: Whether the strategy's whole memory held it.
        recalled: Whether what the strategy showed for the question held it.
        visible: Whether a visible document held it.
    """

    hop: int
    sub_query: str
    answer: str
    fact_id: str
    turn: int
    retention_span: int | None
    stored: bool
    recalled: bool
    visible: bool


def hop_rows(
    instance: ResearchInstance,
    stored: Sequence[str],
    recalled: Sequence[str],
    visible: Sequence[str],
) -> list[HopRow]:
    """One row per hop: its sub-query, answer, fact, and where the fact was when answering.

    Args:
        instance: The instance.
        stored: Chain facts in the strategy's whole memory.
        recalled: Chain facts in what it showed for the question.
        visible: Chain facts in the visible documents.
    """
    retention = {g.fact.fact_id: g for g in instance.grounding_facts}
    rows = []
    for hop in instance.chain:
        grounding = retention.get(hop.fact_id)
        rows.append(
            HopRow(
                hop=hop.hop,
                sub_query=hop.sub_query,
                answer=hop.answer,
                fact_id=hop.fact_id,
                turn=hop.turn_index,
                retention_span=None if grounding is None else grounding.retention_span,
                stored=hop.fact_id in stored,
                recalled=hop.fact_id in recalled,
                visible=hop.fact_id in visible,
            )
        )
    return rows
