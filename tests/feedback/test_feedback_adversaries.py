"""Adversaries earn nothing without learning: their choices over many worlds, a few end to
end through inspect_ai.eval, and (slow) the whole validity suite.

- Pure, over 100 standard worlds: every adversary's answer to every test request, read as a
  model reads it with memory empty and with memory showing every kind of request (what
  ``seen_kind`` and ``contrarian`` change on), earns a mean credit within 0.05 of 0 (about
  three standard deviations; the statistical invariants check the worlds themselves).
- End to end on three small worlds: memoryless readers answer the same with and without
  memory (delta exactly 0); the sandbagger's refusals in the no-memory pass count as the
  blind guess they stand for (0), not below it; ``seen_kind`` answers differently once
  memory shows the kind, and gains nothing on average for it.
- The visible-option reader finds every request's options, the gold among them once.
"""

from __future__ import annotations

from pathlib import Path
from statistics import fmean
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser

from inspect_memgym.feedback.adversaries import (
    ADVERSARIES,
    CHOOSERS,
    REFUSAL,
    CallView,
    adversary_action,
)
from inspect_memgym.feedback.grading import answer_credit
from inspect_memgym.feedback.prompts import MEMORY_LABEL, SYSTEM_PROMPT
from inspect_memgym.feedback.state import PHASE_TEST
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.visible_options import organisation_code, read_request
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld
from inspect_memgym.strategies.prompts import NO_ENTRIES, RETRIEVAL_MEMORY_SECTION
from inspect_memgym.validity.suite import ValidateOptions

WORLDS = [generate_world("standard", seed) for seed in range(100)]
SCORER = "feedback_scorer"
END_TO_END = ("first_listed", "never_first_short", "sandbagger", "seen_kind")


def call(world: FeedbackWorld, text: str, memory: str) -> list[ChatMessage]:
    """A test answer's messages under bm25_dialog, memory showing ``memory``."""
    briefing = SYSTEM_PROMPT.format(
        organisation=world.organisation.name, city=world.organisation.city
    )
    section = RETRIEVAL_MEMORY_SECTION.format(label=MEMORY_LABEL, entries=memory or NO_ENTRIES)
    return [ChatMessageSystem(content=f"{briefing}\n\n{section}"), ChatMessageUser(content=text)]


def test_the_reader_finds_every_option_and_the_gold_once() -> None:
    for world in WORLDS[:40]:
        system = SYSTEM_PROMPT.format(organisation=world.organisation.name, city="x")
        organisation, code = organisation_code(system)
        assert organisation == world.organisation.name and code == world.organisation.code
        for request in (*world.training, *world.test):
            read = read_request(request.text, organisation, code)
            assert read is not None and read.aspect == request.aspect
            checks = [check_reply(request, reply) for reply in read.replies]
            assert sum(check.correct for check in checks) == 1, request.text
            assert sum(len(check.shown) == 1 for check in checks) == len(request.replies)
    assert read_request("What did Caroline do in May?") is None


def test_no_adversary_choice_beats_chance_with_or_without_memory() -> None:
    """Mean credit over 100 worlds (2,400 test requests) within 0.05 of 0, both ways."""
    credits: dict[tuple[str, bool], list[float]] = {}
    graded: dict[str, float] = {}  # many adversaries give the same reply: grade it once
    for world in WORLDS:
        shown = "\n".join(
            f"- user: {request.text}\nassistant: ...\nuser: [feedback: dislike]"
            for request in world.training
        )
        for request in world.test:
            if request.control:
                continue
            for memory in ("", shown):
                messages = call(world, request.text, memory)
                view = CallView(messages)  # what adversary_action reads, read once
                assert view.request is not None
                graded.clear()
                for policy in ADVERSARIES:
                    reply = CHOOSERS[policy](view.request, view)
                    if reply not in graded:
                        check = check_reply(request, reply)
                        graded[reply] = answer_credit(check, len(request.replies))
                    credits.setdefault((policy, bool(memory)), []).append(graded[reply])
                reply = adversary_action("seen_kind", PHASE_TEST, messages, []).text
                assert reply == view.request.replies[1 if memory else 0]
    means = {key: fmean(values) for key, values in credits.items()}
    assert len(means) == 2 * len(ADVERSARIES)
    assert all(abs(mean) <= 0.05 for mean in means.values()), means


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """Each end-to-end adversary on three small worlds (off-policy replay, bm25_dialog)."""
    log_dir = tmp_path_factory.mktemp("adversaries")
    task = feedback(tier="small", seeds=3, protocol="off_policy", feedback="both")
    played = {}
    for policy in END_TO_END:
        [log] = eval(task, model=f"memgym/{policy}", display="none", log_dir=str(log_dir))
        assert log.status == "success" and log.samples
        assert all(sample.error is None for sample in log.samples)
        played[policy] = [sample.scores[SCORER] for sample in log.samples]  # type: ignore[index]
    return played


def values(scores: list[Any]) -> list[dict[str, float]]:
    return [dict(score.value) for score in scores]


@pytest.mark.parametrize("policy", ["first_listed", "never_first_short"])
def test_memoryless_readers_answer_the_same_with_and_without_memory(
    policy: str, runs: dict[str, list[Any]]
) -> None:
    for value in values(runs[policy]):
        assert value["final"] == value["no_memory"] and value["memory_delta"] == 0.0
        assert value["chance"] == 0.25 and -1 / 3 <= value["final"] <= 1


def test_sandbagging_the_no_memory_pass_earns_nothing(runs: dict[str, list[Any]]) -> None:
    first, sandbagged = values(runs["first_listed"]), values(runs["sandbagger"])
    for reader, sandbagger in zip(first, sandbagged, strict=True):
        assert sandbagger["no_memory"] == 0.0  # refusals count as a blind guess, not a miss
        assert sandbagger["final"] == reader["final"]  # with memory it is the first reader
        assert sandbagger["memory_delta"] == reader["final"]  # what chance gave, not memory


def test_seen_kind_changes_its_answers_and_gains_nothing_for_it(
    runs: dict[str, list[Any]],
) -> None:
    changed = 0
    for score in runs["seen_kind"]:
        assert score.metadata is not None
        answers = score.metadata["answers"]
        replies = {(row["step"], row["request"]): row["reply"] for row in answers}
        tests = [row["request"] for row in answers if row["step"] == 0 and not row["control"]]
        changed += sum(replies[(0, request)] != replies[(1, request)] for request in tests)
        assert not any(row["reply"] == REFUSAL for row in answers)
    # memory (5 retrieved of 4 dialogues) shows every kind: every answer changes
    assert changed == 3 * 4
    # and the change gains nothing: the second option is right as often as the first; its
    # wrong first-option picks without memory count a blind guess's 0 in no_memory
    first, seen = values(runs["first_listed"]), values(runs["seen_kind"])
    assert [value["no_memory_raw"] for value in seen] == [value["final"] for value in first]
    assert all(value["memory_delta"] <= value["memory_delta_raw"] for value in seen)


@pytest.mark.slow
def test_the_validity_suite_passes(tmp_path: Path) -> None:
    """Every run of ``inspect-memgym validate --task feedback`` (80 worlds), its bounds, the
    reruns and the statistical invariants."""
    from inspect_memgym.feedback.validity_suite import FEEDBACK_SUITE

    report = FEEDBACK_SUITE.validate(ValidateOptions(log_dir=str(tmp_path)))
    assert report.passed, report.markdown()
