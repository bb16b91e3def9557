"""Each MemoryBench row's memoryless floor: what a question-only prior earns on it.

A row's chance is the metric of the constant memoryless answer ("Not mentioned in the
conversation", `grading.record_chance`), and its credit is corrected by it. The answers of
one MemoryBench dataset share words, though (the LoCoMo rows' conversations take place in
one year, and "2023" to a "When …" question scores F1 0.5 against "7 May 2023"), so a
model that gives such a prior after training and the decline at step 0 would show a memory
delta without memory. The memory isolation therefore counts a row's step-0 credit at least
at the credit of a `scoring.question_prior.QuestionPrior` fitted on the dataset's other
scored rows (`leave_one_out_replies`: no row's gold floors itself; the adversarial LoCoMo
rows, which the constant answer already decides, left out). The rows' credits themselves,
and every figure but ``no_memory`` and ``memory_delta``, are unchanged.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from inspect_memgym.feedback.memorybench_records import (
    NOT_MENTIONED_OPTION,
    MemoryBenchRecord,
    asked_question,
    score_reply,
)
from inspect_memgym.scoring.question_prior import PriorFitting, leave_one_out_replies
from inspect_memgym.scoring.token_f1 import normalise_answer

FITTING: PriorFitting[MemoryBenchRecord] = PriorFitting(
    question=asked_question,
    gold_words=lambda record: normalise_answer(record.gold).split(),
    credit=score_reply,
    decline=NOT_MENTIONED_OPTION,
)
"""MemoryBench's rows, graded by their dataset's own metric."""


def prior_scores(
    records: Mapping[str, MemoryBenchRecord], requests: Iterable[str]
) -> dict[str, float]:
    """Request id -> the metric a question-only prior earns on the row (not its credit).

    Args:
        records: Rows by request id.
        requests: The rows scored (each dataset's prior is fitted on these).
    """
    by_dataset: dict[str, list[tuple[str, MemoryBenchRecord]]] = defaultdict(list)
    for request in dict.fromkeys(requests):
        record = records[request]
        if record.adversarial_options is None:
            by_dataset[record.dataset_name].append((request, record))
    scores = {}
    for rows in by_dataset.values():
        replies = leave_one_out_replies([record for _, record in rows], FITTING)
        for (request, record), reply in zip(rows, replies, strict=True):
            scores[request] = score_reply(record, reply)
    return scores
