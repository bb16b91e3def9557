"""A panel of scripted graders on LongMemEval, and re-scoring a log with another grader.

The no-memory strategy's answers are judged by the honest rule judge (``memgym/judge``)
alone, and by panels that add a grader accepting everything (``memgym/judge_lenient``) or
reversing every verdict (``memgym/judge_contrary``). The honest verdicts of the first run
fix every panel figure exactly: the lenient grader disagrees on the honest rejections, the
contrary one on every answer.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai import Task, eval, score, task_with
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log

from inspect_memgym.analysis.compare import compare_cells
from inspect_memgym.analysis.grader_agreement import log_agreements
from inspect_memgym.analysis.leaderboard import load_leaderboard
from inspect_memgym.cli import main
from inspect_memgym.longmemeval.scorer import longmemeval_scorer
from inspect_memgym.longmemeval.task import longmemeval
from longmemeval_sample import write_longmemeval

SCORER = "longmemeval_scorer"
HONEST = "memgym/judge"
LENIENT = "memgym/judge_lenient"
CONTRARY = "memgym/judge_contrary"
PANELS = {
    "honest": HONEST,
    "lenient": [HONEST, LENIENT],
    "contrary": [HONEST, CONTRARY],
    "three": [HONEST, LENIENT, CONTRARY],
}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    data = write_longmemeval(tmp_path_factory.mktemp("longmemeval") / "longmemeval_oracle.json")
    log_dir = tmp_path_factory.mktemp("panel_logs")
    tasks: list[Task] = [
        task_with(longmemeval(dataset=str(data), agent="none"), model_roles={"grader": graders})
        for graders in PANELS.values()
    ]
    logs = eval(tasks, model="memgym/perfect", display="none", log_dir=str(log_dir))
    assert [log.status for log in logs] == ["success"] * len(PANELS)
    return {name: read_eval_log(log.location) for name, log in zip(PANELS, logs, strict=True)}


def honest_verdicts(log: EvalLog) -> list[str]:
    """Every verdict of a single-grader run: each answer's, then its no-memory answer's."""
    verdicts = []
    for sample in log.samples or []:
        metadata = sample.scores[SCORER].metadata or {}  # type: ignore[index]
        verdicts.append(metadata["verdict"])
        if metadata["no_memory_verdict"] is not None:
            verdicts.append(metadata["no_memory_verdict"])
    return verdicts


def accuracies(log: EvalLog, scorer: str = SCORER) -> dict[str, float]:
    found = {}
    for sample in log.samples or []:
        value = sample.scores[scorer].value  # type: ignore[index]
        assert isinstance(value, dict)
        found[str(sample.id)] = float(value["accuracy"])
    return found


def test_the_scripted_graders_disagree_by_the_known_shares(runs: dict[str, EvalLog]) -> None:
    honest = honest_verdicts(runs["honest"])
    accepted = honest.count("yes") / len(honest)
    assert 0 < accepted < 1 and "unreadable" not in honest  # both kinds of verdict occur
    found = {f.log: f.agreement for f in log_agreements([log.location for log in runs.values()])}
    assert runs["honest"].location not in found  # one grader: no panel recorded

    lenient = found[runs["lenient"].location]
    assert lenient.graders == (HONEST, LENIENT) and lenient.questions == len(honest)
    assert lenient.accept_rates == (accepted, 1.0)
    assert lenient.pairwise_agreement == accepted  # they disagree on the honest rejections
    assert lenient.split == honest.count("no")
    assert lenient.statistic == "cohen_kappa" and lenient.agreement == 0.0  # one rater constant

    contrary = found[runs["contrary"].location]
    chance = 2 * accepted * (1 - accepted)
    assert contrary.pairwise_agreement == 0.0 and contrary.split == len(honest)
    assert contrary.agreement == pytest.approx(-chance / (1 - chance))

    three = found[runs["three"].location]
    answers = len(honest)
    assert three.statistic == "krippendorff_alpha" and three.split == 0
    assert three.agreement == pytest.approx(1 - (3 * answers - 1) / (2 * answers))
    assert three.accept_rates == (accepted, 1.0, 1 - accepted)


def test_the_majority_decides_and_a_split_panel_does_not_accept(
    runs: dict[str, EvalLog],
) -> None:
    honest = accuracies(runs["honest"])
    assert sorted(set(honest.values()) - {math.nan}) == [0.0, 1.0]
    # honest + lenient: agreeing votes are the honest verdict, a split one is not accepted
    assert accuracies(runs["lenient"]) == honest
    # honest + contrary split on every answer: nothing is accepted
    assert set(accuracies(runs["contrary"]).values()) == {0.0}
    # three graders: two of three accept every answer
    assert set(accuracies(runs["three"]).values()) == {1.0}
    [sample, *_] = runs["lenient"].samples or []
    metadata = sample.scores[SCORER].metadata or {}  # type: ignore[index]
    assert metadata["judge_panel"]["graders"] == [HONEST, LENIENT]
    assert metadata["judge_model"] == f"{HONEST}, {LENIENT}"
    assert metadata["judge_reply"].startswith(f"{HONEST}: ")


def test_the_agreement_command_writes_the_table_and_a_figure(
    runs: dict[str, EvalLog], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["agreement", runs["three"].location, "--plot", str(tmp_path)]) == 0
    table = capsys.readouterr().out
    assert "Krippendorff's α = -0.450" in table and "| 100%" not in table
    assert "60%, 100%, 40%" in table
    [figure] = tmp_path.glob("agreement_1_longmemeval_scorer.png")
    assert figure.read_bytes().startswith(b"\x89PNG")
    assert main(["agreement", runs["honest"].location]) == 1


def test_a_log_rescored_by_another_grader_is_its_own_leaderboard_row(
    runs: dict[str, EvalLog], tmp_path: Path
) -> None:
    rescored = score(
        runs["honest"],
        [longmemeval_scorer()],
        model_roles={"grader": LENIENT},
        action="append",
        display="none",
    )
    assert {name for sample in rescored.samples or [] for name in sample.scores or {}} == {
        SCORER,
        f"{SCORER}1",
    }
    assert accuracies(rescored) == accuracies(runs["honest"])  # the eval's own scoring kept
    assert set(accuracies(rescored, f"{SCORER}1").values()) == {1.0}  # the lenient grader's
    location = tmp_path / "rescored.eval"
    write_eval_log(rescored, str(location))
    board = load_leaderboard([str(location)])
    [own, appended] = sorted(board.rows, key=lambda row: row.protocol.value("scoring") or "")
    assert own.protocol.value("scoring") is None
    assert own.protocol.value("model_roles") == {"grader": HONEST}
    assert appended.protocol.value("scoring") == f"{SCORER}1"
    assert appended.protocol.value("model_roles") == {"grader": LENIENT}
    assert "scoring=longmemeval_scorer1" in appended.label
    assert appended.scores["accuracy"].mean == 1.0 > own.scores["accuracy"].mean
    strategies = {cell.strategy for cell in compare_cells(board)}
    assert strategies == {"none", f"none · {SCORER}1"}


@pytest.mark.slow
def test_inspect_score_appends_a_scoring_from_the_command_line(
    runs: dict[str, EvalLog], tmp_path: Path
) -> None:
    output = tmp_path / "rescored.eval"
    inspect = Path(sys.executable).with_name("inspect")
    command = [
        str(inspect),
        "score",
        runs["honest"].location,
        "--scorer",
        f"inspect_memgym/{SCORER}",
        "--action",
        "append",
        "--model-role",
        f"grader={CONTRARY}",
        "--output-file",
        str(output),
        "--display",
        "none",
    ]
    subprocess.run(command, check=True, capture_output=True, text=True)
    log = read_eval_log(str(output))
    flipped = {
        sample_id: 1.0 - value if not math.isnan(value) else value
        for sample_id, value in accuracies(runs["honest"]).items()
    }
    assert accuracies(log, f"{SCORER}1").keys() == flipped.keys()
    for sample_id, value in accuracies(log, f"{SCORER}1").items():
        assert value == flipped[sample_id] or (math.isnan(value) and math.isnan(flipped[sample_id]))
