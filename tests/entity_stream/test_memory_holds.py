"""What the memory holds, scored per operation, for memgym policies with known storage.

Each policy plays one lite scenario end to end (``inspect_ai.eval``, ``memgym`` provider):
``perfect`` stores every entity and applies every change, ``abstainer`` stores nothing,
``naive`` keeps ~40% of entities and never applies a change (a stale keeper). Two policies
exist only here: ``hoarder`` (perfect, plus every noise topic the stream discusses) and
``hallucinator`` (perfect, but every number it stores at ingest is invented). The expected
figures follow from what each one stores; the headline scores of the product's policies stay
what they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.analysis import SampleSummary, samples_df
from inspect_ai.log import EvalLog, EvalSample

from inspect_memgym.analysis.memory_operation_columns import MEMORY_OPERATION_COLUMNS
from inspect_memgym.entity_stream import BENCHMARK_NAME
from inspect_memgym.entity_stream.memory_points import stream_points
from inspect_memgym.entity_stream.policies import registry
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.notation import encode_entity
from inspect_memgym.entity_stream.policies.storing import (
    NAIVE,
    StoringPolicy,
    pack_lines,
    write_entries,
)
from inspect_memgym.entity_stream.scenario_content import scenario_content
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.questions import Question
from inspect_memgym.entity_stream.world.templates import get_template
from inspect_memgym.simulation.actions import Action
from inspect_memgym.simulation.policy_registry import benchmark_policies, register_policies

pytestmark = pytest.mark.slow

TEMPLATE = "company"
SCORER = "entity_stream_scorer"
INVENTED_FACTOR = 1.37
"""The hallucinator stores every number of an ingest record times this (never stated)."""


class Hoarder(StoringPolicy):
    """Stores every entity, applies changes, and writes down every noise topic it reads."""

    def on_ingest(self, view: EventView, template: Template) -> Action:
        lines = [encode_entity(template, record) for record in view.payload["entities"]]
        noise = [f"Noise: {topic}" for topic in template.noise_topics if topic in view.prompt]
        return write_entries(view, pack_lines([*lines, *noise]))


class Hallucinator(StoringPolicy):
    """Stores every entity with every number invented; applies changes with their new values."""

    def kept_records(self, view: EventView, template: Template) -> list[dict[str, Any]]:
        return [invented(record, template) for record in view.payload["entities"]]


def invented(record: dict[str, Any], template: Template) -> dict[str, Any]:
    values = dict(record["values"])
    for spec in template.attributes:
        value = values.get(spec.key)
        if value is None or spec.kind not in ("int", "float", "list_float"):
            continue
        if spec.kind == "list_float":
            values[spec.key] = [
                round(item * INVENTED_FACTOR + 0.07, spec.decimals) for item in value
            ]
        elif spec.kind == "int":
            values[spec.key] = int(value * INVENTED_FACTOR) + 7
        else:
            values[spec.key] = round(value * INVENTED_FACTOR + 0.07, spec.decimals)
    return {**record, "values": values}


TEST_POLICIES = (
    Hoarder("hoarder", store_rate=1.0, apply_changes=True),
    Hallucinator("hallucinator", store_rate=1.0, apply_changes=True),
)


@pytest.fixture(scope="module")
def test_policies() -> Iterator[None]:
    """The test-only policies, playable for this module only."""
    entry = benchmark_policies(BENCHMARK_NAME)
    for policy in TEST_POLICIES:
        registry.PLAYABLE[policy.name] = policy
    register_policies(
        BENCHMARK_NAME, (*entry.names, *(policy.name for policy in TEST_POLICIES)), entry.play
    )
    yield
    for policy in TEST_POLICIES:
        del registry.PLAYABLE[policy.name]
    register_policies(BENCHMARK_NAME, entry.names, entry.play)


def run(policy: str, log_dir: Path, **task_args: Any) -> EvalSample:
    log: EvalLog = eval(
        entity_stream(tier="lite", seed=0, templates=TEMPLATE, memory="markdown", **task_args),
        model=f"memgym/{policy}",
        log_dir=str(log_dir),
        display="none",
    )[0]
    assert log.status == "success" and log.samples
    return log.samples[0]


def holds(sample: EvalSample, key: str = "memory_holds") -> dict[str, Any]:
    assert sample.scores is not None
    metadata = sample.scores[SCORER].metadata
    assert metadata is not None
    result: dict[str, Any] = metadata[key]
    return result


def all_scores(sample: EvalSample) -> dict[str, Any]:
    return holds(sample, "operation_scores")


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory, test_policies: None) -> dict[str, EvalSample]:
    log_dir = tmp_path_factory.mktemp("holds")
    policies = ("perfect", "abstainer", "naive", "name_dumper", "hoarder", "hallucinator")
    return {policy: run(policy, log_dir) for policy in policies}


def points(sample: EvalSample) -> list[Any]:
    content = scenario_content(sample.metadata)
    questions = [Question.from_dict(item) for item in content.questions]
    return stream_points(get_template(TEMPLATE), content.events, questions)


PERFECT = {
    "extraction_recall": 1.0,
    "weighted_recall": 1.0,
    "precision": 1.0,
    "hallucination": 0.0,
    "update_omission": 0.0,
    "stale_kept": 0.0,
    "distractors_stored": 0.0,
}


def operation(sample: EvalSample) -> dict[str, Any]:
    scores = all_scores(sample)
    return {key: scores[key] for key in PERFECT}


def test_perfect_holds_every_point_and_nothing_else(samples: dict[str, EvalSample]) -> None:
    assert operation(samples["perfect"]) == PERFECT
    assert all_scores(samples["perfect"])["failed_not_stored"] == 0.0


def test_a_policy_that_stores_nothing_holds_nothing(samples: dict[str, EvalSample]) -> None:
    assert operation(samples["abstainer"]) == {
        "extraction_recall": 0.0,
        "weighted_recall": 0.0,
        "precision": None,
        "hallucination": None,
        "update_omission": 1.0,
        "stale_kept": 0.0,
        "distractors_stored": 0.0,
    }
    [end] = holds(samples["abstainer"])["snapshots"]
    assert (end["stage"], end["count"], end["items"]) == ("end", 0, [])


def test_the_stale_keeper_keeps_every_old_value_of_the_entities_it_stored(
    samples: dict[str, EvalSample],
) -> None:
    gold = points(samples["naive"])
    targets = [point for point in gold if point.is_target]
    superseded = [point for point in gold if not point.current]
    kept = [p for p in targets if p.kind == "primary" and NAIVE.keeps(p.subject)]
    result = operation(samples["naive"])
    assert result["update_omission"] == 1.0
    assert result["stale_kept"] == round(
        sum(NAIVE.keeps(point.subject) for point in superseded) / len(superseded), 6
    )
    assert result["extraction_recall"] == round(len(kept) / len(targets), 6)
    assert 0.0 < result["stale_kept"] < 1.0


def test_the_hoarder_stores_every_distractor(samples: dict[str, EvalSample]) -> None:
    assert operation(samples["hoarder"]) == {**PERFECT, "distractors_stored": 1.0}


def test_the_hallucinator_invents_every_number_it_stored_at_ingest(
    samples: dict[str, EvalSample],
) -> None:
    gold = points(samples["hallucinator"])
    targets = [point for point in gold if point.is_target]
    expected = [p for p in targets if not p.numbers or p.kind == "update"]
    result = operation(samples["hallucinator"])
    # a value is matched by its number, not its field: an invented number may land within
    # the tolerance of another true value of the same entity, so recall is at least this
    assert round(len(expected) / len(targets), 6) <= result["extraction_recall"] < 0.4
    claims = holds(samples["hallucinator"])["counts"]["claims"]
    assert claims["stale"] == 0
    assert claims["invented"] > 3 * claims["precise"]
    assert result["hallucination"] > 0.6 and result["precision"] < 0.2
    assert result["update_omission"] == 0.0


def test_dumping_every_name_and_digit_cannot_raise_precision(
    samples: dict[str, EvalSample],
) -> None:
    dumper = operation(samples["name_dumper"])
    assert dumper["precision"] < operation(samples["perfect"])["precision"]
    assert dumper["extraction_recall"] < 0.1


def test_the_run_reports_the_scores_beside_the_headline(tmp_path: Path) -> None:
    log: EvalLog = eval(
        entity_stream(tier="smoke", seed=0, templates=TEMPLATE, memory="markdown"),
        model="memgym/perfect",
        log_dir=str(tmp_path),
        display="none",
    )[0]
    assert log.results is not None
    metrics = {
        (score.name, name): metric.value
        for score in log.results.scores
        for name, metric in score.metrics.items()
    }
    assert metrics[(SCORER, "extraction_recall")] == 1.0
    assert metrics[(SCORER, "stale_kept")] == 0.0
    assert metrics[("composite", "mean")] == 1.0
    assert log.samples is not None and log.samples[0].scores is not None
    value = log.samples[0].scores[SCORER].value
    assert isinstance(value, dict) and "extraction_recall" not in value
    frame = samples_df(str(tmp_path), columns=SampleSummary + MEMORY_OPERATION_COLUMNS, quiet=True)
    assert frame["memory_extraction_recall"].tolist() == [1.0]
    assert frame["memory_stale_kept"].tolist() == [0.0]
    assert frame["memory_failed_outdated"].tolist() == [0.0]
    assert frame["memory_update_chain_accuracy"].tolist() == [1.0]
    assert frame["memory_stale_chain_rate"].tolist() == [0.0]


def test_a_strategy_that_keeps_nothing_says_so(tmp_path: Path) -> None:
    sample = run("perfect", tmp_path, agent="none")
    [end] = holds(sample)["snapshots"]
    assert end["count"] == 0 and end["note"] == "this memory stores nothing by design"
    assert all_scores(sample)["extraction_recall"] == 0.0


def test_the_existing_metadata_keeps_its_meaning(samples: dict[str, EvalSample]) -> None:
    assert samples["perfect"].scores is not None
    metadata = samples["perfect"].scores[SCORER].metadata
    assert metadata is not None and isinstance(metadata["memory_operations"], int)
    assert metadata["memory_operations"] > 0
