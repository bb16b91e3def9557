"""conversation's headline below its memoryless floor: a reply with no option is a wrong pick.

The headline, ``chance_corrected_accuracy``, counts a reply that names no valid option (a
decline, a hedge over every option, an unparseable reply) as a miss, so a model that
declines every question scores ``-1/(k-1)``: -0.333 with four options, below the 0 a blind
pick earns on average (`conversation.grading._grade_period`: ``right = choice == gold``,
then ``chance_corrected(accuracy, random)``). The no-memory pass already counts such a
reply as a uniform guess (`normalisation.no_memory_credit`), so ``memory_delta`` holds;
but a run's headline is also the baseline of the paired delta across runs (``--baseline
none``, see `test_paired_delta_sandbagged_baseline`), where the run whose memory is empty
can be declined on purpose. Every other task's headline gives a decline its floor (0).
"""

from __future__ import annotations

from pathlib import Path

from inspect_ai import eval

from inspect_memgym.conversation.task import conversation

HEADLINE = "chance_corrected_accuracy"
FLOOR = 0.0
"""A blind pick's chance-corrected credit, and what a decline earns in every other task."""
TOLERANCE = 0.05


def test_declining_every_question_scores_the_memoryless_floor_not_below(tmp_path: Path) -> None:
    [log] = eval(
        conversation(tier="small", seeds=1, agent="none"),
        model="memgym/abstainer",
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success", log.error
    [sample] = log.samples or []
    assert sample.scores is not None
    value = sample.scores["conversation_scorer"].value
    assert isinstance(value, dict)
    assert value["parse_failure"] == 1.0  # every reply names no option
    assert value[HEADLINE] >= FLOOR - TOLERANCE
