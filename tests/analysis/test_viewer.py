"""What ``inspect view`` shows: the headline metric and sample-list columns the tasks declare,
the per-question tables in score explanations, and readable memory tool calls."""

from __future__ import annotations

from analysis_logs import AnalysisLogs
from inspect_ai.tool import ToolCall
from inspect_ai.viewer import ScoreColorScale, TaskSamplesView, ViewerConfig

from inspect_memgym.code_qa.viewer import code_qa_viewer
from inspect_memgym.conversation import grading as conversation_grading
from inspect_memgym.conversation.explanation import conversation_grid, conversation_periods
from inspect_memgym.conversation.task import conversation
from inspect_memgym.conversation.viewer import conversation_viewer
from inspect_memgym.entity_stream.axes import ISOLATED_AXES, SCORE_KEYS
from inspect_memgym.entity_stream.explanation import entity_stream_questions
from inspect_memgym.entity_stream.task import entity_stream
from inspect_memgym.entity_stream.viewer import entity_stream_viewer
from inspect_memgym.feedback.viewer import feedback_viewer
from inspect_memgym.locomo.values import score_keys as locomo_score_keys
from inspect_memgym.locomo.viewer import locomo_viewer
from inspect_memgym.longmemeval.values import score_keys as longmemeval_score_keys
from inspect_memgym.longmemeval.viewer import longmemeval_viewer
from inspect_memgym.memory.tool_views import (
    CHANGE_CONTEXT,
    changed_span,
    memory_delete_viewer,
    memory_edit_viewer,
    memory_write_viewer,
)
from inspect_memgym.procedures.viewer import procedures_viewer
from inspect_memgym.research_qa.viewer import research_qa_viewer
from inspect_memgym.scoring.isolation import MEMORY_DELTA, NO_MEMORY, RAW_ISOLATION_KEYS, delta_key
from inspect_memgym.scoring.official import is_official_key
from inspect_memgym.scoring.tables import markdown_table
from inspect_memgym.scoring.viewer import HEADER_CHARACTERS


def score_columns(view: object, scorer: str) -> list[str]:
    columns = view.task_samples_view.columns  # type: ignore[attr-defined]
    prefix = f"score__{scorer}__"
    return [column.id.removeprefix(prefix) for column in columns if column.id.startswith(prefix)]


def test_tasks_declare_their_headline_and_score_columns() -> None:
    task = entity_stream(tier="lite", templates="city", seeds=1)
    assert task.headline_metric is not None
    assert (task.headline_metric.scorer, task.headline_metric.score) == (
        "entity_stream_scorer",
        "composite",
    )
    # every score key but the unfloored isolation figures and the official scorers' figures,
    # which stay in each sample's score
    assert score_columns(task.viewer, "entity_stream_scorer") == [
        key for key in SCORE_KEYS if key not in RAW_ISOLATION_KEYS and not is_official_key(key)
    ]
    assert task.viewer is not None and task.viewer.task_samples_view is not None
    scales = task.viewer.task_samples_view.score_color_scales  # type: ignore[union-attr]
    assert scales is not None and scales["composite"].palette == "good-high"  # type: ignore[union-attr]
    assert scales["write_failure"].palette == "good-low"  # type: ignore[union-attr]

    talk = conversation(tier="small", seeds=1)
    assert talk.headline_metric is not None
    assert talk.headline_metric.score == "chance_corrected_accuracy"
    talk_columns = score_columns(talk.viewer, "conversation_scorer")
    assert talk_columns == [
        key
        for key in conversation_grading.SCORE_KEYS
        if key not in RAW_ISOLATION_KEYS and not is_official_key(key)
    ]
    assert "memory_score" in talk_columns and "official_memory_score" not in talk_columns
    assert "official_memory_score" in conversation_grading.SCORE_KEYS


def test_logs_carry_the_headline_viewer_and_tables(analysis_logs: AnalysisLogs) -> None:
    log = analysis_logs.grid["naive"]
    assert log.results is not None and log.results.headline is not None
    assert log.results.headline.score == "composite"
    assert log.eval.viewer is not None
    [sample, *_] = log.samples or []
    explanation = str(sample.scores["entity_stream_scorer"].explanation)  # type: ignore[index]
    assert "| question | type | gold | answer | right | failure | no memory |" in explanation
    assert explanation.count("\n| q0") + explanation.count("\n| q1") == 11  # a row per question

    talk = analysis_logs.conversation["guesser"]
    [user] = talk.samples or []
    explanation = str(user.scores["conversation_scorer"].explanation)  # type: ignore[index]
    assert (
        "| period | corrected accuracy | accuracy | no memory | memory Δ | memory score |"
        in explanation
    )
    assert "| question | 0 | 1 | 2 | 3 |" in explanation


def test_memory_tool_calls_in_logs_use_the_readable_views(analysis_logs: AnalysisLogs) -> None:
    views: dict[str, list[str]] = {}
    for sample in analysis_logs.grid["perfect"].samples or []:
        for message in sample.messages:
            for call in getattr(message, "tool_calls", None) or []:
                if call.view is not None:
                    views.setdefault(call.function, []).append(
                        f"{call.view.title}\n{call.view.content}"
                    )
    assert views["memory_write"][0].startswith("memory_write: ")
    assert "```text\n" in views["memory_write"][0]
    assert any("Changes " in view and "```diff\n- " in view for view in views["memory_edit"])


def test_memory_write_view_shows_the_entry_as_text() -> None:
    call = ToolCall(id="1", function="memory_write", arguments={"content": "a|b\nc ```x```"})
    view = memory_write_viewer()(call).call
    assert view is not None
    assert view.title == "memory_write: 13 characters, 2 lines"
    assert view.content == "````text\na|b\nc ```x```\n````"


def test_memory_edit_view_shows_the_change_in_context() -> None:
    old = "Zed|" + "a" * 50 + "|a13=47.6|" + "b" * 50
    new = "Zed|" + "a" * 50 + "|a13=64.3~47.6|" + "b" * 50
    before, after = changed_span(old, new)
    assert (
        before == "…" + "a" * (CHANGE_CONTEXT - 5) + "|a13=47.6|" + "b" * (CHANGE_CONTEXT - 5) + "…"
    )
    assert (
        after
        == "…" + "a" * (CHANGE_CONTEXT - 5) + "|a13=64.3~47.6|" + "b" * (CHANGE_CONTEXT - 5) + "…"
    )
    assert changed_span("x=1", "x=2") == ("x=1", "x=2")
    view = memory_edit_viewer()(
        ToolCall(id="2", function="memory_edit", arguments={"old_text": "x=1", "new_text": "x=2"})
    ).call
    assert view is not None
    assert view.content == "Changes ` x=1 ` to ` x=2 `\n\n```diff\n- x=1\n+ x=2\n```"


def test_views_survive_arguments_of_the_wrong_type() -> None:
    bad = ToolCall(id="3", function="memory_edit", arguments={"old_text": 5, "new_text": None})
    assert memory_edit_viewer()(bad).call is not None
    assert memory_write_viewer()(ToolCall(id="4", function="memory_write", arguments={})).call
    delete = memory_delete_viewer()(
        ToolCall(id="5", function="memory_delete", arguments={"old_text": "gone"})
    ).call
    assert delete is not None and "```text\ngone\n```" in delete.content


def test_markdown_tables_escape_pipes_and_cut_long_cells() -> None:
    table = markdown_table(["a", "b"], [["x|y", "z" * 200], [None, "two\nlines"]])
    lines = table.splitlines()
    assert lines[0] == "| a | b |"
    assert lines[2].startswith("| x\\|y | zzz") and lines[2].endswith("… |")
    assert lines[3] == "|  | two lines |"


def test_question_table_marks_unsubmitted_answers_and_failures() -> None:
    table = entity_stream_questions(
        [
            {"qid": "q01", "qtype": "retrieval", "gold": "5", "answer": "5", "correct": True},
            {
                "qid": "q02",
                "qtype": "delta",
                "gold": "3",
                "answer": "",
                "correct": False,
                "submitted": False,
                "attribution": "write",
            },
        ]
    )
    assert "| q01 | retrieval | 5 | 5 | ✓ |  |" in table
    assert "| q02 | delta | 3 | (no answer) | ✗ | write |" in table


def graded_question(
    period: int,
    qid: str,
    correct: bool = False,
    parse_failure: bool = False,
    failure: str | None = None,
) -> conversation_grading.QuestionGrade:
    """A graded conversation question; what the grid does not show is arbitrary."""
    return conversation_grading.QuestionGrade(
        period=period,
        qid=qid,
        choice=None if parse_failure else 1,
        gold=1 if correct else 2,
        choices=4,
        correct=correct,
        parse_failure=parse_failure,
        failure=failure,
        no_memory_choice=None,
        no_memory_correct=None,
        kind="advice",
        stale=None,
    )


def test_conversation_tables() -> None:
    periods = conversation_periods(
        [
            {
                "period": 0,
                "accuracy": 0.5,
                "upper_bound": float("nan"),
                "memory_score": float("nan"),
                "parse_failures": 1,
            }
        ]
    )
    assert "| 0 | – | 0.50 | – | – | – | – | – | – | – | – | 1 |" in periods
    grid = conversation_grid(
        [
            graded_question(0, "q01", correct=True),
            graded_question(1, "q01", failure="read_failure"),
            graded_question(0, "q02", parse_failure=True),
            graded_question(1, "q02"),
        ]
    )
    assert grid.splitlines()[2:] == ["| q01 | ✓ | R |", "| q02 | ? | ✗ |"]


def every_viewer() -> dict[str, ViewerConfig]:
    return {
        "code_qa": code_qa_viewer(),
        "conversation": conversation_viewer(),
        "entity_stream": entity_stream_viewer(),
        "feedback": feedback_viewer(),
        "locomo": locomo_viewer(locomo_score_keys(judge=True)),
        "longmemeval": longmemeval_viewer(longmemeval_score_keys()),
        "procedures": procedures_viewer(),
        "research_qa": research_qa_viewer(),
    }


def samples_view(config: ViewerConfig) -> TaskSamplesView:
    assert config.task_samples_view is not None
    return config.task_samples_view


def test_no_two_score_headers_of_a_task_read_the_same_when_cut() -> None:
    for task, config in every_viewer().items():
        labels = list((samples_view(config).score_labels or {}).values())
        cut = [label[: HEADER_CHARACTERS - 1] for label in labels]
        assert len(set(cut)) == len(cut), (task, sorted(cut))


def test_the_per_axis_deltas_are_labelled_by_their_axis_and_may_go_negative() -> None:
    view = samples_view(entity_stream_viewer())
    labels, scales = view.score_labels or {}, view.score_color_scales or {}
    for axis in ISOLATED_AXES:
        assert labels[delta_key(axis)] == f"Δ {axis}"
        assert scales[delta_key(axis)] == ScoreColorScale(palette="good-high", min=-1.0, max=1.0)


def test_no_memory_is_shaded_neutral_in_every_task() -> None:
    for task, config in every_viewer().items():
        scales = samples_view(config).score_color_scales or {}
        assert scales[NO_MEMORY] == ScoreColorScale(palette="neutral", min=0.0, max=1.0), task
        assert scales[MEMORY_DELTA] == ScoreColorScale(palette="good-high", min=-1.0, max=1.0)
