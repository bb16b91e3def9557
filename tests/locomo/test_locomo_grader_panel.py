"""LoCoMo's judged view with a panel of scripted graders: every judged answer's votes kept."""

from __future__ import annotations

from pathlib import Path

from inspect_ai import eval

from inspect_memgym.analysis.grader_agreement import log_agreements
from inspect_memgym.locomo.task import locomo
from locomo_sample import write_locomo

GRADERS = ["memgym/judge", "memgym/judge_contrary"]


def test_a_panel_judges_every_answer_and_a_split_is_not_accepted(tmp_path: Path) -> None:
    data = write_locomo(tmp_path / "locomo.json")
    [log] = eval(
        locomo(dataset=str(data), judge=True),
        model="memgym/perfect",
        model_roles={"grader": GRADERS},
        limit=1,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    score = sample.scores["locomo_scorer"]  # type: ignore[index]
    metadata = score.metadata or {}
    panel = metadata["judge_panel"]
    assert panel["graders"] == GRADERS
    assert len(panel["votes"]) == metadata["judge_verdicts"] > 0
    # the contrary grader reverses every honest verdict: every answer splits, none accepted
    assert all(sorted(votes) == ["no", "yes"] for votes in panel["votes"])
    assert isinstance(score.value, dict) and score.value["judge_accuracy"] == 0.0
    [found] = log_agreements([log.location])
    assert found.agreement.split == len(panel["votes"])
    assert found.agreement.pairwise_agreement == 0.0
