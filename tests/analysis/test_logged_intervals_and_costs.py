"""Intervals, pass^k and dollar costs on logs made offline, and no row for a log of no samples.

- pass^k: a real entity_stream run with three epochs (the scripted policies answer alike in
  every epoch), then the same log with one epoch of one sample failed, which pass^3 must
  count as a failed sample.
- Dollar cost: Inspect refuses ``--model-cost-config`` for a model its model database lacks
  (``memgym/*``), so the run registers the model with `set_model_info` first (in a
  subprocess, leaving this process's model data alone) and passes a price file; Inspect
  prices every call and the leaderboard fills cost, and cost per question, from the log.
- ``--limit 0``: a log that scored no sample makes no row, and alone is refused in one line.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from inspect_ai import eval
from inspect_ai.log import EvalLog, read_eval_log, write_eval_log
from inspect_ai.model import ModelCost, get_model_info

from inspect_memgym.analysis.cost_columns import COST_PER_QUESTION, TOKENS_PER_QUESTION
from inspect_memgym.analysis.intervals import wilson_interval
from inspect_memgym.analysis.leaderboard import NothingScored, load_leaderboard
from inspect_memgym.analysis.leaderboard_format import format_leaderboard
from inspect_memgym.cli import main
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.kit.cost_keys import COST_KEY, QUESTIONS_METERED

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_LOG = ROOT / "logs" / "reference" / "conversation_none_perfect.eval"
DOCS = ROOT / "docs" / "analysis.md"
SCORER = "entity_stream_scorer"
PRICES = {"input": 3.0, "output": 15.0, "input_cache_write": 3.75, "input_cache_read": 0.3}
PRICED_RUN = """
import sys
from inspect_ai import eval
from inspect_ai.model import ModelInfo, set_model_info
from inspect_memgym.entity_stream.task import entity_stream

set_model_info("memgym/perfect", ModelInfo())
[log] = eval(
    entity_stream(tier="smoke", templates="city,company", seeds=[0]),
    model="memgym/perfect",
    model_cost_config=sys.argv[1],
    log_dir=sys.argv[2],
    display="none",
)
assert log.status == "success", log.error
"""


@pytest.fixture(scope="module")
def three_epochs(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    """strategic on two smoke scenarios, three epochs: company right, codebase wrong each time."""
    [log] = eval(
        entity_stream(tier="smoke", templates="company,codebase", seeds=[0]),
        model="memgym/strategic",
        epochs=3,
        log_dir=str(tmp_path_factory.mktemp("epochs")),
        display="none",
    )
    assert log.status == "success"
    return log


def composites(log: EvalLog) -> dict[str, list[float]]:
    """Each sample's composite per epoch, read straight from the log."""
    found: dict[str, list[float]] = {}
    for sample in log.samples or []:
        value = sample.scores[SCORER].value  # type: ignore[index]
        found.setdefault(str(sample.id), []).append(float(value["composite"]))  # type: ignore[index]
    return found


def test_pass_k_on_a_run_with_three_epochs(three_epochs: EvalLog, tmp_path: Path) -> None:
    epochs = composites(three_epochs)
    assert {len(values) for values in epochs.values()} == {3}
    passing = sum(all(value == 1.0 for value in values) for values in epochs.values())
    assert passing == 1
    [row] = load_leaderboard([three_epochs.location]).rows
    assert row.pass_k is not None
    assert (row.pass_k.k, row.pass_k.samples, row.pass_k.passed) == (3, 2, passing)
    # every sample's composite is 0 or 1 in every epoch: the headline's interval is Wilson's
    assert row.intervals["composite"] == wilson_interval(passing, 2)
    markdown = format_leaderboard(load_leaderboard([three_epochs.location]), "markdown")
    assert "| composite | pass^3 | breadth |" in markdown

    # one epoch of a passing sample failed: that sample no longer passes all three
    log = read_eval_log(three_epochs.location)
    first = next(s for s in log.samples or [] if s.id == "company-smoke-0" and s.epoch == 2)
    first.scores[SCORER].value["composite"] = 0.0  # type: ignore[index]
    write_eval_log(log, str(tmp_path / "one_epoch_failed.eval"))
    [row] = load_leaderboard([str(tmp_path / "one_epoch_failed.eval")]).rows
    assert row.pass_k is not None and (row.pass_k.passed, row.pass_k.samples) == (0, 2)
    assert row.scores["composite"].mean == pytest.approx((2 / 3 + 0) / 2)
    assert row.intervals["composite"].method == "bootstrap"  # company now averages 2/3


@pytest.fixture(scope="module")
def priced(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """perfect on two smoke scenarios, priced by a price file ($3 / $15 per million)."""
    directory = tmp_path_factory.mktemp("priced")
    prices = directory / "prices.yaml"
    prices.write_text(yaml.safe_dump({"memgym/perfect": PRICES}), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", PRICED_RUN, str(prices), str(directory / "logs")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return directory / "logs"


def test_the_cost_column_is_filled_from_a_price_file(priced: Path) -> None:
    [path] = priced.glob("*.eval")
    log = read_eval_log(str(path))
    expected, per_question = 0.0, []
    for sample in log.samples or []:
        usage = sample.model_usage["memgym/perfect"]
        dollars = (usage.input_tokens * 3.0 + usage.output_tokens * 15.0) / 1_000_000
        expected += dollars
        questions = sample.scores[SCORER].metadata[COST_KEY][QUESTIONS_METERED]  # type: ignore[index]
        per_question.append(dollars / questions)
    board = load_leaderboard([str(priced)])
    [row] = board.rows
    assert row.cost == pytest.approx(expected) and expected > 0
    assert row.roles["model"]["cost"] == pytest.approx(expected)
    assert row.costs[COST_PER_QUESTION].mean == pytest.approx(sum(per_question) / 2)
    assert row.costs[TOKENS_PER_QUESTION].mean > 0
    markdown = format_leaderboard(board, "markdown")
    assert "| tokens by role | tokens / question | $ / question | tokens | cost |" in markdown
    # then what the memory held: recall / precision; then the update chains: right / stale
    assert re.search(
        r"\| [\d,]+ \| \$0\.0\d{3} \| [\d.]+k \| \$0\.\d\d \| [\d.–]+ / [\d.–]+ "
        r"\| [\d.]+ / [\d.]+ \|$",
        markdown,
        re.M,
    )
    [record] = csv.DictReader(io.StringIO(format_leaderboard(board, "csv")))
    assert float(record["cost"]) == pytest.approx(expected, rel=1e-5)
    assert float(record["cost_per_question_mean"]) == pytest.approx(sum(per_question) / 2)
    document = json.loads(format_leaderboard(board, "json"))
    assert document["rows"][0]["cost"] == pytest.approx(expected)


def test_the_documented_price_file_is_one_inspect_accepts() -> None:
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text.split("## Dollar cost", 1)[1], re.S)
    assert block is not None, "docs/analysis.md has no price file under '## Dollar cost'"
    prices = yaml.safe_load(block.group(1))
    assert prices
    for model, cost in prices.items():
        ModelCost(**cost)
        assert get_model_info(model) is not None, f"Inspect would refuse {model}"


def test_a_log_of_no_samples_makes_no_row(tmp_path: Path) -> None:
    [empty] = eval(
        entity_stream(tier="smoke", seeds=1),
        model="memgym/perfect",
        limit=0,
        display="none",
        log_dir=str(tmp_path / "empty"),
    )
    assert empty.status == "success" and not empty.samples
    with pytest.raises(NothingScored, match=r"no log scored a sample: .*\.eval \(status success\)"):
        load_leaderboard([str(tmp_path / "empty")])
    board = load_leaderboard([str(tmp_path / "empty"), str(REFERENCE_LOG)])
    assert [row.task for row in board.rows] == ["conversation"]
    assert any(
        note.startswith(str(empty.location)) and "scored no samples" in note for note in board.notes
    )
    assert main(["leaderboard", str(tmp_path / "empty")]) == 1


def test_the_interval_options_of_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "board.json"
    arguments = ["leaderboard", str(REFERENCE_LOG), "--format", "json", "-o", str(output)]
    assert main([*arguments, "--confidence", "0.8", "--bootstrap-seed", "7"]) == 0
    document = json.loads(output.read_text(encoding="utf-8"))
    assert document["intervals"]["confidence"] == 0.8
    assert document["intervals"]["bootstrap_seed"] == 7
    assert "80% intervals over samples" in capsys.readouterr().err
    headline = "chance_corrected_accuracy"
    eighty = document["rows"][0]["scores"][headline]["ci"]
    assert eighty["method"] == "bootstrap"
    assert main(arguments) == 0
    wider = json.loads(output.read_text(encoding="utf-8"))["rows"][0]["scores"][headline]["ci"]
    assert wider["low"] < eighty["low"] and wider["high"] > eighty["high"]
    assert main(["compare", str(REFERENCE_LOG), "--confidence", "0.9"]) == 0
    text = capsys.readouterr().out
    assert "mean [90% CI] (samples)" in text
    assert max(len(line) for line in text.splitlines()) <= 80
