"""What a feedback memory holds, scored per operation (`scoring.operation_scores`).

The gold points come from the generated world's hidden profile, never from the dialogues'
text: each hidden item is one ``primary`` point about the organisation (no subject to name),
its value the organisation's variant. A memory holds it by one of the world's own wordings
of that variant (its aliases): the item's statement (what verbal feedback says, verbatim),
or the right reply's evidence in one of the item's training requests (``CHF 4,067.64``,
``Ravi Whitlock``, ``52 Tanner Lane``: what a right, liked or copied reply shows). Its
importance is one plus the number of test requests that need it. A length limit has no
evidence: only its statement holds it.

The variants of an item form a closed vocabulary (each variant's evidence in the training
requests), so a memory showing another variant's evidence (a disliked reply kept without its
correction, a stale address from a lookup list) asserts a value that is not the
organisation's: ``unsupported`` when some input stated it, else ``invented``. Numbers are not
value claims here (they are a request's amounts and dates). There are no updates and no
distractor points (a world's other variants are wrong values, scored by precision). The
inputs are every training dialogue's messages.

A wrong answer to a test request at the last step is ``not_stored`` when the memory does not
hold its item; the task cannot tell a retrieval failure from a use failure, nor an outdated
answer (nothing is updated), so only that share is defined. MemoryBench's records have no
hidden profile: their samples get no points and no scores.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from inspect_memgym.feedback.grading import FeedbackDialogue, GradedAnswer
from inspect_memgym.feedback.world.model import FeedbackWorld, HiddenItem
from inspect_memgym.memory.holdings import MemoryHoldings
from inspect_memgym.scoring.clauses import normalise_answer, shows_token
from inspect_memgym.scoring.failure_labels import WRITE_FAILURE
from inspect_memgym.scoring.memory_points import PRIMARY, MemoryPoint
from inspect_memgym.scoring.operation_scores import (
    NOT_STORED,
    OPERATION_SCORE_KEYS,
    MemoryHolds,
    OperationCounts,
    failure_split,
    json_figure,
    measure_operations,
    memory_failure,
)
from inspect_memgym.scoring.point_matching import Vocabulary, stated_values

ORGANISATION_SUBJECT = ""
"""The points are about the one organisation, whom memory need not name."""


@dataclass(frozen=True)
class RequestMemoryHolds(MemoryHolds):
    """What a feedback sample's memory holds, with each last-step test answer's label.

    Attributes:
        memory_failure: Each last-step test request to its answer's memory failure label
            (None when right or unlabelled); empty when nothing was measured.
    """

    memory_failure: dict[str, str | None] = field(default_factory=dict)


def world_points(world: FeedbackWorld) -> list[MemoryPoint]:
    """One gold point per hidden item of a world.

    Args:
        world: The generated world.
    """
    weights = Counter(request.aspect for request in world.test if not request.control)
    return [
        MemoryPoint(
            point_id=item.item_id,
            subject=ORGANISATION_SUBJECT,
            attribute=item.item_id,
            value=item.truth,
            aliases=_truth_wordings(world, item),
            importance=1.0 + weights[item.item_id],
            kind=PRIMARY,
        )
        for item in world.items
    ]


def _truth_wordings(world: FeedbackWorld, item: HiddenItem) -> tuple[str, ...]:
    return tuple(
        dict.fromkeys(
            [
                item.statement.rstrip(". "),
                *variant_evidence(world, item.item_id).get(item.truth, []),
            ]
        )
    )


def variant_evidence(world: FeedbackWorld, aspect: str) -> dict[str, list[str]]:
    """Each variant of an aspect -> its evidence in the aspect's training requests.

    Args:
        world: The generated world.
        aspect: The aspect (a hidden item's id).
    """
    evidence: dict[str, list[str]] = {}
    for request in world.training:
        if request.aspect != aspect:
            continue
        for variant, phrase in request.evidence.items():
            if phrase and phrase not in evidence.setdefault(variant, []):
                evidence[variant].append(phrase)
    return evidence


def world_vocabulary(world: FeedbackWorld) -> Vocabulary:
    """Hidden item -> each variant -> the phrases asserting it (the truth's statement too).

    A wrong variant's phrase that the truth's statement names ("never write 'Unfortunately'")
    asserts nothing: the statement names it only to rule it out.

    Args:
        world: The generated world.
    """
    vocabulary: dict[str, dict[str, Sequence[str]]] = {}
    for item in world.items:
        variants = variant_evidence(world, item.item_id)
        statement = normalise_answer(item.statement)
        vocabulary[item.item_id] = {
            variant: _truth_wordings(world, item)
            if variant == item.truth
            else tuple(phrase for phrase in phrases if not shows_token(statement, phrase))
            for variant, phrases in variants.items()
        }
    return vocabulary


def dialogue_texts(dialogues: Iterable[FeedbackDialogue]) -> list[str]:
    """Every message of the training dialogues (requests, replies, feedback).

    Args:
        dialogues: The dialogue records.
    """
    return [str(text) for dialogue in dialogues for _, text in dialogue.messages]


def memory_holds(
    world: FeedbackWorld | None,
    answers: Sequence[GradedAnswer],
    dialogues: Sequence[FeedbackDialogue],
    holdings: MemoryHoldings,
) -> tuple[dict[str, float | None], RequestMemoryHolds]:
    """The per-operation scores and the snapshots of one sample.

    Args:
        world: The generated world (None for MemoryBench's records: nothing is scored).
        answers: The graded test answers.
        dialogues: The training dialogue records.
        holdings: The sample's snapshots.

    Returns:
        The scores (None where undefined), and the snapshots with the counts and each
        last-step test answer's ``memory_failure`` (by request; None for one a limit cut,
        which its share still counts).
    """
    scores: dict[str, float] = dict.fromkeys(OPERATION_SCORE_KEYS, math.nan)
    split = failure_split([], 0)
    snapshot = holdings.latest()
    counts: OperationCounts | None = None
    labels: dict[str, str | None] = {}
    if world is not None and snapshot is not None:
        measured = measure_operations(
            world_points(world),
            snapshot.items,
            stated_values(dialogue_texts(dialogues)),
            world_vocabulary(world),
            number_claims=False,
        )
        scores, counts, held = measured.scores, measured.counts, measured.held
        last = max((row.step for row in answers), default=0)
        final = [row for row in answers if row.step == last and not row.control]
        labels = {
            row.request: memory_failure(
                row.score == 1.0,
                WRITE_FAILURE if row.aspect not in held else None,
                False,
                reached=not row.not_reached,
            )
            for row in final
        }
        split = failure_split(labels.values(), len(final), told=(NOT_STORED,))
    figures = {key: json_figure(value) for key, value in {**scores, **split}.items()}
    return figures, RequestMemoryHolds(holdings.stages, counts, labels)
