"""The feedback task end to end with the scripted memgym learners (inspect_ai.eval).

Invariants: perfect's score rises to >= 0.95 by the last step and gains >= 0.5 over no
memory; forgetful's curve stays flat at the no-memory level; partial applies exactly its
half of the profile; implicit feedback teaches exactly the items a dislike-driven search
finds within the rounds; no test answer ever reaches memory; same seed, same scores.
Scores are corrected for chance: an item not learned is answered with its default, which
earns 1 when the default happens to be right and -1/3 otherwise (`default_credit`).
"""

from __future__ import annotations

import json
from math import ceil
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.feedback.policies import partial_items
from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld

SCORER = "feedback_scorer"
ON_POLICY = {"tier": "small", "seed": 0, "agent": "native", "steps": 3, "batch_size": 2}


def run(model: str, log_dir: Path, **args: Any) -> EvalLog:
    [log] = eval(feedback(**args), model=model, display="none", log_dir=str(log_dir))
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def scores(sample: EvalSample) -> tuple[dict[str, float], list[float]]:
    score = sample.scores[SCORER]  # type: ignore[index]
    assert isinstance(score.value, dict) and score.metadata is not None
    curve = [point["score"] for point in score.metadata["learning_curve"]]
    return {key: float(value) for key, value in score.value.items()}, curve


def default_credit(world: FeedbackWorld, known: set[str] = frozenset()) -> float:  # type: ignore[assignment]
    """The mean credit of answering the known items right and every other with its default."""
    credits = []
    for request in world.test:
        if request.control:
            continue
        item = world.item(request.aspect)
        right = request.aspect in known or item.exploration[0] == item.truth
        credits.append(1.0 if right else -1 / 3)
    return sum(credits) / len(credits)


@pytest.fixture(scope="module")
def on_policy(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    """perfect, partial and forgetful serving a small world live (native memory)."""
    log_dir = tmp_path_factory.mktemp("on_policy")
    return {
        policy: run(f"memgym/{policy}", log_dir, **ON_POLICY)
        for policy in ("perfect", "partial", "forgetful")
    }


def test_perfect_rises_to_the_ceiling_and_gains_over_no_memory(
    on_policy: dict[str, EvalLog],
) -> None:
    assert on_policy["perfect"].samples is not None
    value, curve = scores(on_policy["perfect"].samples[0])
    assert len(curve) == ON_POLICY["steps"]
    assert curve[0] < curve[-1] and curve == sorted(curve)
    assert curve[-1] >= 0.95 and value["final"] == curve[-1] == value["final_accuracy"]
    assert value["auc"] == pytest.approx(sum(curve) / len(curve)) and value["auc"] < value["final"]
    assert value["chance"] == 0.25
    assert value["no_memory_raw"] == pytest.approx(default_credit(generate_world("small", 0)))
    assert value["no_memory"] >= value["no_memory_raw"]  # wrong defaults count a guess's 0
    assert value["memory_delta"] >= 0.5
    assert value["learned_rule_rate"] >= 0.95 and value["control_accuracy"] == 1.0
    assert value["declarative"] >= 0.95 and value["procedural"] >= 0.95


def test_forgetful_stays_flat_and_partial_applies_its_half(on_policy: dict[str, EvalLog]) -> None:
    assert on_policy["forgetful"].samples and on_policy["partial"].samples
    value, curve = scores(on_policy["forgetful"].samples[0])
    assert curve == [value["no_memory"]] * len(curve)
    assert value["memory_delta"] == 0.0 and value["learned_rule_rate"] == 0.0
    assert value["control_accuracy"] == 1.0  # it still follows what a request states
    value, curve = scores(on_policy["partial"].samples[0])
    world = generate_world("small", 0)
    half = partial_items(world)
    share = sum(r.aspect in half for r in world.test if not r.control) / sum(
        not r.control for r in world.test
    )
    assert value["final"] == pytest.approx(default_credit(world, half)) and 0 < share < 1
    fed_back = {item.item_id for item in world.items if item.exploration[0] != item.truth}
    assert value["learned_rule_rate"] == pytest.approx(len(half & fed_back) / len(fed_back))


def test_no_test_answer_reaches_memory(on_policy: dict[str, EvalLog]) -> None:
    assert on_policy["perfect"].samples is not None
    sample = on_policy["perfect"].samples[0]
    dialogues = sample.scores[SCORER].metadata["dialogues"]  # type: ignore[index,union-attr]
    assert len(dialogues) == ON_POLICY["steps"] * ON_POLICY["batch_size"]
    assert all(dialogue["request"].startswith("train-") for dialogue in dialogues)
    shown = json.dumps([dialogue["messages"] for dialogue in dialogues])
    world = generate_world("small", 0)
    for request in world.test:
        assert request.text not in shown and request.gold_reply not in shown
    # MemoryBench's schema on every piece of feedback
    for dialogue in dialogues:
        for given in dialogue["feedback"]:
            assert set(given) == {"reasoning", "implicit_action", "behavior", "response"}


def test_feedback_kinds_and_off_policy_protocols(tmp_path: Path) -> None:
    log = run(
        "memgym/perfect",
        tmp_path,
        tier="small",
        seed=1,
        agent="native",
        protocol="stepwise",
        batch_size=2,
        feedback="verbal,implicit",
    )
    assert log.samples is not None
    by_kind = {sample.metadata["feedback"]: scores(sample) for sample in log.samples}
    world = generate_world("small", 1)
    verbal, verbal_curve = by_kind["verbal"]
    assert len(verbal_curve) == ceil(len(world.training) / 2) and verbal["final"] == 1.0
    implicit, _ = by_kind["implicit"]
    findable = {i.item_id for i in world.items if i.exploration.index(i.truth) < 3}
    assert implicit["final"] == pytest.approx(default_credit(world, findable))
    # one round leaves implicit feedback only the defaults that were liked; words teach all
    once = run(
        "memgym/perfect",
        tmp_path,
        tier="small",
        seed=1,
        agent="native",
        max_rounds=1,
        protocol="off_policy",
        feedback="verbal,implicit",
    )
    assert once.samples is not None
    finals = {s.metadata["feedback"]: scores(s)[0]["final"] for s in once.samples}
    assert finals["verbal"] == 1.0
    assert finals["implicit"] == pytest.approx(default_credit(world))
    again = run(
        "memgym/perfect",
        tmp_path,
        tier="small",
        seed=1,
        agent="native",
        max_rounds=1,
        protocol="off_policy",
        feedback="verbal,implicit",
    )
    assert again.samples is not None
    assert [s.scores for s in again.samples] == [s.scores for s in once.samples]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"protocol": "online"}, "unknown protocol 'online'"),
        ({"feedback": "loud"}, "unknown feedback kind 'loud'"),
        ({"steps": 0}, "steps must be at least 1"),
        ({"max_rounds": "two"}, "max_rounds must be an integer"),
        ({"tier": "huge"}, "unknown tier 'huge'"),
        ({"agent": "mem0"}, "unknown memory strategy 'mem0'"),
        ({"dataset": "/nowhere/records.jsonl"}, "MemoryBench records file not found"),
    ],
)
def test_bad_arguments_end_in_one_line(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        feedback(**args)
    assert "\n" not in str(raised.value)


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["native", "bm25_dialog"])
def test_perfect_reaches_the_ceiling_on_standard_worlds(agent: str, tmp_path: Path) -> None:
    """The default protocol on three standard worlds (12 hidden items each)."""
    log = run("memgym/perfect", tmp_path, tier="standard", seeds=3, agent=agent)
    assert log.samples is not None
    finals = [scores(sample)[0]["final"] for sample in log.samples]
    for sample in log.samples:
        value, curve = scores(sample)
        assert curve[0] < curve[-1] and value["memory_delta"] >= 0.5
    assert sum(finals) / len(finals) >= 0.95


def test_the_task_declares_its_headline_and_score_columns() -> None:
    task = feedback(tier="small", seed=0)
    assert task.headline_metric is not None
    assert (task.headline_metric.scorer, task.headline_metric.score) == ("feedback_scorer", "final")
    assert task.viewer is not None and task.viewer.task_samples_view is not None
    columns = [column.id for column in task.viewer.task_samples_view.columns]
    assert [
        c.removeprefix("score__feedback_scorer__") for c in columns if "feedback_scorer" in c
    ] == [
        "final",
        "auc",
        "no_memory",
        "memory_delta",
        "final_accuracy",
        "chance",
        "learned_rule_rate",
        "control_accuracy",
        "declarative",
        "procedural",
        "not_reached",
    ]
    # one sample per world and feedback kind, each naming its kind for the grouped headline
    kinds = feedback(tier="small", seeds=2, feedback="verbal,implicit").dataset
    assert [sample.id for sample in kinds] == [
        "feedback-small-s0-verbal",
        "feedback-small-s0-implicit",
        "feedback-small-s1-verbal",
        "feedback-small-s1-implicit",
    ]
    assert feedback(tier="small", seed=0).dataset[0].metadata == task.dataset[0].metadata
