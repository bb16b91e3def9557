"""Each use of Inspect's private API (`kit.inspect_internals`) still works on this Inspect.

Every private import, attribute and hook the fence module uses is listed in
`PRIVATE_USES` with the test below that exercises it; a test checks the list against the
module's source, so a new private use needs a test here. If one of these fails after an
Inspect upgrade, the failing test names the use that broke; fix it in
``src/inspect_memgym/kit/inspect_internals.py`` and nowhere else.
"""

from __future__ import annotations

import ast
import asyncio
import gc
import inspect
import io
import sys
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import inspect_ai
import pytest
from inspect_ai import Epochs, Task, eval, score
from inspect_ai.dataset import Sample
from inspect_ai.event import ModelEvent, StoreEvent, ToolEvent
from inspect_ai.log import EvalMetric, EvalScore, list_eval_logs, read_eval_log
from inspect_ai.model import ChatMessageAssistant, execute_tools, get_model
from inspect_ai.scorer import Score, Scorer, Target, grouped, mean, scorer, stderr
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.tool import Tool, ToolCall, ToolDef, tool
from inspect_ai.util import Store, StoreModel, store, store_as
from packaging.requirements import Requirement
from packaging.version import Version
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.console import Console

from inspect_memgym import _registry
from inspect_memgym.kit import inspect_internals
from inspect_memgym.kit.inspect_internals import (
    BoundStoreModel,
    JsonStoreModel,
    OneLineError,
    PrerequisiteError,
    TaskArgumentError,
    active_model_name,
    bind_rescored_sample,
    buffered_sample_summaries,
    building_task_in_eval,
    counting_text_tokens_with,
    current_sample_identity,
    current_sample_metadata,
    distribution_scan_cached,
    epoch_mean_metric,
    forget_parsed_tools,
    observed_model_calls,
    printed_results_table,
    registered_object,
    show_one_line_errors_when_quiet,
    start_sample_store,
    task_argument_errors,
    untracked_store_changes,
)
from inspect_memgym.kit.stored_record import StoredRecord

PRIVATE_USES = {
    "inspect_ai._util.error.PrerequisiteError": (
        "test_a_bad_task_argument_is_a_value_error_inspect_prints_in_one_line"
    ),
    "StoreModel._coerce_value": "test_json_store_model_reads_containers_as_stored",
    "StoreModel._ns_name": "test_json_store_model_writes_plain_scalars_where_inspect_would",
    "StoreModel._get_and_coerce_field": (
        "test_json_store_model_keeps_typed_records_and_models_as_plain_json"
    ),
    "inspect_ai.util._store.suspend_store_events": (
        "test_untracked_tool_calls_record_no_store_event_but_the_store_is_kept"
    ),
    "inspect_ai.solver._task_state.sample_state": (
        "test_sample_metadata_and_identity_inside_and_outside_a_sample"
    ),
    "inspect_ai.solver._task_state.set_sample_state": (
        "test_a_rescoring_scorer_binds_its_sample_where_inspect_score_does_not"
    ),
    "inspect_ai.log._samples.sample_active": (
        "test_sample_metadata_and_identity_inside_and_outside_a_sample"
    ),
    "inspect_ai.model._model.active_model": "test_the_active_model_is_known_inside_an_eval_only",
    "inspect_ai.model._model.use_model_event_sink": (
        "test_observed_model_calls_see_only_their_calls_and_leave_the_log_as_it_was"
    ),
    "inspect_ai.model._model._model_event_sink": (
        "test_observed_model_calls_see_only_their_calls_and_leave_the_log_as_it_was"
    ),
    "Transcript._event": (
        "test_observed_model_calls_see_only_their_calls_and_leave_the_log_as_it_was"
    ),
    "Transcript._event_updated": "test_metadata_an_observer_adds_to_a_call_reaches_the_log",
    "inspect_ai.util._store.init_subtask_store": "test_a_started_sample_store_is_the_current_store",
    "inspect_ai._util.registry.registry_lookup": "test_a_registered_name_resolves_to_its_object",
    "inspect_ai.log._recorders.buffer.buffer.sample_buffer": (
        "test_a_running_eval_lists_its_sample_in_the_buffer"
    ),
    "inspect_ai.log._recorders.buffer.types.Samples": (
        "test_a_running_eval_lists_its_sample_in_the_buffer"
    ),
    "inspect_ai._display.core.results.task_scores": (
        "test_the_printed_results_table_shows_scorer_and_metrics"
    ),
    "inspect_ai.model._model.count_text_tokens": (
        "test_mockllm_counts_tokens_with_the_counter_given"
    ),
    "inspect_ai._util.package.packages_distributions": (
        "test_the_distribution_scan_is_found_and_cached"
    ),
    "inspect_ai._util.registry.REGISTRY_INFO": "test_an_epoch_mean_metric_ignores_the_reducer",
    "inspect_ai._util.registry.REGISTRY_PARAMS": "test_an_epoch_mean_metric_ignores_the_reducer",
    "inspect_ai._util.registry.RegistryInfo": "test_an_epoch_mean_metric_ignores_the_reducer",
    "inspect_ai.scorer._metric.METRIC_SCORES": "test_an_epoch_mean_metric_ignores_the_reducer",
    "inspect_ai.tool._tool_info._tool_info_cache": (
        "test_a_parsed_closure_tool_is_kept_until_its_parse_is_forgotten"
    ),
}
"""Each private use of the fence module -> the test that exercises it."""
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


class Log(JsonStoreModel):
    entries: list[dict[str, Any]] = Field(default_factory=list)
    count: int = 0


class CopiedLog(StoreModel):
    entries: list[dict[str, Any]] = Field(default_factory=list)


def test_store_model_still_coerces_through_the_hook_we_override() -> None:
    hook = getattr(StoreModel, "_coerce_value", None)
    assert callable(hook), "StoreModel._coerce_value is gone: JsonStoreModel's speed-up is dead"
    assert list(inspect.signature(hook).parameters) == ["self", "field_name", "value"]


def test_json_store_model_reads_containers_as_stored() -> None:
    start_sample_store()
    copied = CopiedLog()
    copied.entries = [{"a": 1}]
    assert copied.entries is not copied.entries, "Inspect no longer copies on read"
    bound = BoundStoreModel(Log)
    log = bound.get()
    log.entries = [{"a": 1}]
    assert log.entries is log.entries, "the override no longer skips the copy"
    log.entries.append({"b": 2})  # appended in place: no copy was handed out
    assert bound.get().entries == [{"a": 1}, {"b": 2}]
    assert bound.get() is log
    log.count = 3
    assert bound.get().count == 3


class Counted(JsonStoreModel):
    count: int = 0
    label: str = ""
    done: bool = False
    floor: int = Field(default=0, ge=0)
    entries: list[int] = Field(default_factory=list)


class PlainCounted(StoreModel):
    count: int = 0


class Answers(JsonStoreModel):
    answers: dict[str, dict[str, Any]] = Field(default_factory=dict)
    records: list[dict[str, Any]] = Field(default_factory=list)
    names: list[str] = Field(default_factory=list)
    scores: dict[str, int] = Field(default_factory=dict)


def test_json_store_model_writes_containers_of_anything_unvalidated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sample_store = start_sample_store()
    answers = Answers()

    def no_validation(*args: Any) -> None:
        raise AssertionError("validated the whole model")

    monkeypatch.setattr(Answers, "_validate_store", no_validation)
    answers.answers = {"q1": {"answer": "42", "turns": 2}}
    answers.records = [{"tool": "memory_write"}]
    assert sample_store.get("Answers:answers") == {"q1": {"answer": "42", "turns": 2}}
    assert Answers().records == [{"tool": "memory_write"}]
    for name, value in (("names", ["a"]), ("scores", {"a": 1}), ("answers", [])):
        with pytest.raises(AssertionError, match="validated the whole model"):
            setattr(answers, name, value)  # typed items, or not the field's container
    monkeypatch.undo()
    with pytest.raises(ValidationError):
        answers.names = [{"not": "a name"}]  # type: ignore[list-item]


@dataclass(frozen=True)
class Turn(StoredRecord):
    number: int
    note: str | None


class Described(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")
    name: str = ""


class Typed(JsonStoreModel):
    turns: list[Turn] = Field(default_factory=list)
    described: Described = Field(default_factory=Described)
    count: int = 0
    steps: list[int] = Field(default_factory=list)


def test_json_store_model_keeps_typed_records_and_models_as_plain_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sample_store = start_sample_store()
    typed = Typed()
    assert sample_store.get("Typed:described") == {"name": ""}  # the default, as plain JSON
    assert typed.described == Described()

    def no_validation(*args: Any) -> None:
        raise AssertionError("validated the whole model")

    monkeypatch.setattr(Typed, "_validate_store", no_validation)
    typed.turns = [Turn(1, None), Turn(2, "b")]
    typed.described = Described(name="rag", top_k=5, embedding=None)  # type: ignore[call-arg]
    monkeypatch.undo()
    assert sample_store.get("Typed:turns") == [
        {"number": 1, "note": None},
        {"number": 2, "note": "b"},
    ]
    assert sample_store.get("Typed:described") == {"name": "rag", "top_k": 5, "embedding": None}
    again = Typed()
    assert again.turns == [Turn(1, None), Turn(2, "b")]
    assert again.described.name == "rag" and again.described.model_extra == {
        "top_k": 5,
        "embedding": None,
    }
    typed.steps = [0, 1]  # another field's write validates the whole model, dicts included
    assert Typed(store=Store(dict(sample_store.items()))).turns[1] == Turn(2, "b")


def test_json_store_model_writes_plain_scalars_where_inspect_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sample_store = start_sample_store()
    PlainCounted().count = 5
    assert sample_store.get("PlainCounted:count") == 5  # Inspect's key: class, then field
    named = store_as(Counted, instance="x")
    named.count = 4
    assert sample_store.get("Counted:x:count") == 4
    counted = Counted()

    def no_validation(*args: Any) -> None:
        raise AssertionError("validated the whole model")

    monkeypatch.setattr(Counted, "_validate_store", no_validation)
    counted.count, counted.label, counted.done = 3, "three", True
    assert (counted.count, counted.label, counted.done) == (3, "three", True)
    assert (sample_store.get("Counted:count"), sample_store.get("Counted:label")) == (3, "three")
    assert Counted().count == 3  # a new binding reads what was written
    for name, value in (("count", True), ("floor", 1), ("entries", [1])):
        with pytest.raises(AssertionError, match="validated the whole model"):
            setattr(counted, name, value)  # not exactly a plain field's type: validated
    monkeypatch.undo()
    with pytest.raises(ValidationError):
        counted.floor = -1
    with pytest.raises(ValidationError):
        counted.count = "three"  # type: ignore[assignment]


def test_a_bad_task_argument_is_a_value_error_inspect_prints_in_one_line() -> None:
    with pytest.raises(TaskArgumentError) as caught, task_argument_errors("demo"):
        raise ValueError("seeds must be non-negative integers, got 'abc'")
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, PrerequisiteError)
    assert caught.value.message == "demo: seeds must be non-negative integers, got 'abc'"
    assert str(caught.value) == caught.value.message
    failure = OneLineError("the server at localhost:8000 does not answer")
    assert isinstance(failure, PrerequisiteError)
    assert isinstance(failure, RuntimeError)
    assert failure.message == str(failure) == "the server at localhost:8000 does not answer"


def test_a_one_line_error_reaches_stderr_when_the_console_is_quiet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    handed_on: list[type[BaseException]] = []

    def inspects_hook(kind: type[BaseException], error: BaseException, trace: Any) -> None:
        handed_on.append(kind)

    monkeypatch.setattr("sys.excepthook", inspects_hook)
    show_one_line_errors_when_quiet()
    show_one_line_errors_when_quiet()  # installed once: the second call keeps the first hook
    hook = sys.excepthook
    assert hook is not inspects_hook
    error = TaskArgumentError("demo: unknown tier 'nope'")
    monkeypatch.setattr(inspect_internals, "get_console", lambda: Console(quiet=True))
    hook(TaskArgumentError, error, None)
    printed = capsys.readouterr()
    assert printed.err.strip() == "demo: unknown tier 'nope'" and printed.out == ""
    assert handed_on == []
    hook(KeyError, KeyError("x"), None)  # not a one-line error: Inspect's hook as before
    monkeypatch.setattr(inspect_internals, "get_console", lambda: Console(quiet=False))
    hook(TaskArgumentError, error, None)  # a console that prints: Inspect's hook prints it
    assert handed_on == [KeyError, TaskArgumentError]
    assert capsys.readouterr().err == ""


def test_sample_metadata_and_identity_inside_and_outside_a_sample(tmp_path: Any) -> None:
    assert current_sample_metadata() is None
    assert current_sample_identity() is None

    @solver
    def look() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            state.metadata["seen_metadata"] = dict(current_sample_metadata() or {})
            state.metadata["seen_identity"] = list(current_sample_identity() or ())
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1", metadata={"benchmark": "demo"})], solver=look())
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    assert log.samples is not None
    metadata = log.samples[0].metadata
    assert metadata["seen_metadata"]["benchmark"] == "demo"
    eval_id, sample_id, epoch = metadata["seen_identity"]
    assert (sample_id, epoch) == ("s1", 1)
    assert eval_id == log.eval.eval_id


@scorer(metrics=[])
def sample_seen() -> Scorer:
    async def score(state: TaskState, target: Target) -> Score:
        before = current_sample_metadata()
        bind_rescored_sample(state)
        after = current_sample_metadata()
        return Score(value=1, metadata={"before": before, "after": after})

    return score


def test_a_rescoring_scorer_binds_its_sample_where_inspect_score_does_not(tmp_path: Any) -> None:
    task = Task(dataset=[Sample(input="x", id="s1", metadata={"benchmark": "demo"})])
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    rescored = score(log, [sample_seen()], action="append", display="none")
    [sample] = rescored.samples or []
    metadata = sample.scores["sample_seen"].metadata or {}  # type: ignore[index]
    assert metadata["before"] is None  # inspect score leaves no current sample
    assert metadata["after"] == {"benchmark": "demo"}


@tool
def remember() -> Tool:
    async def execute(text: str) -> str:
        """Append text to the store.

        Args:
            text: The text.
        """
        store().set("notes", [*store().get("notes", []), text])
        return "ok"

    return execute


def test_untracked_tool_calls_record_no_store_event_but_the_store_is_kept(tmp_path: Any) -> None:
    @solver
    def two_calls() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            for number, untracked in enumerate((False, True)):
                call = ToolCall(
                    id=f"c{number}", function="remember", arguments={"text": str(number)}
                )
                message = ChatMessageAssistant(content="", tool_calls=[call])
                if untracked:
                    with untracked_store_changes():
                        await execute_tools([message], [remember()])
                else:
                    await execute_tools([message], [remember()])
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1")], solver=two_calls())
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    assert log.samples is not None
    [sample] = log.samples
    assert sample.store["notes"] == ["0", "1"]
    events = sample.events
    tool_spans = {event.span_id for event in events if isinstance(event, ToolEvent)}
    in_tool_spans = [e for e in events if isinstance(e, StoreEvent) and e.span_id in tool_spans]
    assert len(in_tool_spans) == 1, "only the tracked call's span records its store change"
    assert any(isinstance(e, StoreEvent) and e.span_id not in tool_spans for e in events)


@pytest.mark.usefixtures("offline_token_counts")
def test_observed_model_calls_see_only_their_calls_and_leave_the_log_as_it_was(
    tmp_path: Any,
) -> None:
    seen: list[ModelEvent] = []

    @solver
    def three_calls() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            model = get_model()
            await model.generate("before")
            with observed_model_calls(seen.append):
                await model.generate("one two three four")
                with observed_model_calls(lambda event: None):  # nested: both see the call
                    await model.generate("inner")
            await model.generate("after")
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1")], solver=three_calls())
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    assert [event.input[-1].text for event in seen] == ["one two three four", "inner"]
    assert all(event.output.usage is not None and event.pending is None for event in seen)
    assert log.samples is not None
    logged = [event for event in log.samples[0].events if isinstance(event, ModelEvent)]
    assert [event.input[-1].text for event in logged] == [
        "before",
        "one two three four",
        "inner",
        "after",
    ]
    assert all(event.pending is None for event in logged)


def test_metadata_an_observer_adds_to_a_call_reaches_the_log(
    tmp_path: Any, offline_token_counts: None
) -> None:
    def mark(event: ModelEvent) -> None:
        event.metadata = {**(event.metadata or {}), "pass": "marked"}

    @solver
    def two_calls() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            with observed_model_calls(mark):
                await get_model().generate("inside")
            await get_model().generate("outside")
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1")], solver=two_calls())
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    read = read_eval_log(log.location)
    assert read.samples is not None
    logged = [event for event in read.samples[0].events if isinstance(event, ModelEvent)]
    assert [(event.input[-1].text, event.metadata) for event in logged] == [
        ("inside", {"pass": "marked"}),
        ("outside", None),
    ]


def test_the_active_model_is_known_inside_an_eval_only(tmp_path: Path) -> None:
    assert active_model_name() is None
    assert building_task_in_eval() is False

    @solver
    def look() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            state.metadata["seen"] = [active_model_name(), building_task_in_eval()]
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1")], solver=look())
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.status == "success", log.error
    assert log.samples is not None
    assert log.samples[0].metadata["seen"] == ["mockllm/model", True]
    assert active_model_name() is None


def test_a_started_sample_store_is_the_current_store() -> None:
    first = start_sample_store()
    first.set("key", 1)
    assert store() is first
    given = Store()
    assert start_sample_store(given) is given
    assert store() is given
    assert "key" not in store()


def test_a_registered_name_resolves_to_its_object() -> None:
    assert registered_object("task", "inspect_memgym/entity_stream") is _registry.entity_stream
    assert registered_object("solver", "inspect_memgym/rag") is _registry.rag
    assert registered_object("task", "inspect_memgym/no_such_task") is None


def test_a_running_eval_lists_its_sample_in_the_buffer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where the buffer lives
    log_dir = tmp_path / "logs"

    @solver
    def look() -> Any:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            [running] = list_eval_logs(str(log_dir))
            summaries = buffered_sample_summaries(running.name)
            state.metadata["buffered"] = [[s.id, s.completed] for s in summaries]
            return state

        return solve

    task = Task(dataset=[Sample(input="x", id="s1")], solver=look())
    [log] = eval(
        task, model="mockllm/model", log_dir=str(log_dir), display="none", log_realtime=True
    )
    assert log.status == "success", log.error
    assert log.samples is not None
    assert log.samples[0].metadata["buffered"] == [["s1", False]]


def test_the_printed_results_table_shows_scorer_and_metrics() -> None:
    score = EvalScore(
        name="recall",
        scorer="recall",
        metrics={"accuracy": EvalMetric(name="accuracy", value=0.625)},
    )
    console = Console(width=120, record=True, file=io.StringIO())
    for row in printed_results_table([score]):
        console.print(row)
    text = console.export_text()
    assert "recall" in text
    assert "accuracy" in text
    assert "0.625" in text


def test_mockllm_counts_tokens_with_the_counter_given() -> None:
    async def input_tokens() -> int:
        output = await get_model("mockllm/model").generate("one two three")
        assert output.usage is not None
        return output.usage.input_tokens

    with counting_text_tokens_with(lambda text: 1000):
        assert asyncio.run(input_tokens()) == 1000


def test_the_distribution_scan_is_found_and_cached() -> None:
    with distribution_scan_cached() as cached:
        assert cached, "Inspect no longer scans distributions through packages_distributions"


class Memory:
    """What a per-sample tool closes over."""


@tool
def recall(memory: Memory) -> Tool:
    async def execute(query: str) -> str:
        """Look something up.

        Args:
            query: What to look up.
        """
        return f"{query}: {memory!r}"

    return execute


EPOCH_VALUES = {1: [1.0, 0.0, 0.0, 0.0], 2: [0.0, 1.0, 1.0, 0.0], 3: [0.5, 0.0, 0.0, 0.0]}
"""Sample id -> its value in epochs 1 to 4."""


@scorer(metrics=[])
def epoch_valued() -> Scorer:
    async def score(state: TaskState, target: Target) -> Score:
        return Score(value={"x": EPOCH_VALUES[int(state.sample_id)][state.epoch - 1]})

    return score


@solver
def no_model_call() -> Any:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        return state

    return solve


def _epoch_metrics(reducer: str, wrapped: bool, tmp_path: Path) -> dict[str, float]:
    metrics = [mean(), stderr(), grouped(mean(), "kind", all=False)]
    task = Task(
        dataset=[Sample(id=i, input="q", metadata={"kind": f"k{i % 2}"}) for i in EPOCH_VALUES],
        solver=no_model_call(),
        scorer=epoch_valued(),
        metrics=[{"x": [epoch_mean_metric(m) if wrapped else m for m in metrics]}],
        epochs=Epochs(4, reducer),
    )
    [log] = eval(task, model="mockllm/model", log_dir=str(tmp_path), display="none")
    assert log.results is not None
    return {
        f"{score.name}/{name}": metric.value
        for score in log.results.scores
        for name, metric in score.metrics.items()
    }


def test_an_epoch_mean_metric_ignores_the_reducer(tmp_path: Path) -> None:
    """Each sample's epochs are averaged, under the wrapped metric's own name, for any reducer."""
    plain = _epoch_metrics("mean", wrapped=False, tmp_path=tmp_path)
    assert plain["x/mean"] == pytest.approx((0.25 + 0.5 + 0.125) / 3)
    assert _epoch_metrics("max", wrapped=False, tmp_path=tmp_path)["x/mean"] == pytest.approx(
        2.5 / 3
    )  # what the reducer does to an unwrapped metric
    for reducer in ("mean", "max", "pass_at_2", "mode"):
        assert _epoch_metrics(reducer, wrapped=True, tmp_path=tmp_path) == plain, reducer


def test_a_parsed_closure_tool_is_kept_until_its_parse_is_forgotten() -> None:
    package = __name__.split(".")[0]
    memory = Memory()
    kept = weakref.ref(memory)
    assert ToolDef(recall(memory)).name == "recall"  # parsed: Inspect caches the closure
    del memory
    gc.collect()
    assert kept() is not None  # held by Inspect's cache alone
    assert forget_parsed_tools(package) >= 1
    gc.collect()
    assert kept() is None
    assert forget_parsed_tools(package) == 0
    assert forget_parsed_tools("no_such_package") == 0


def private_uses(source: str) -> set[str]:
    """Private imports, attributes read off non-``self`` objects, and overridden hooks."""
    uses: set[str] = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("inspect_ai"):
            for alias in node.names:
                path = f"{node.module}.{alias.name}"
                if any(part.startswith("_") for part in path.split(".")):
                    uses.add(path)
        elif isinstance(node, ast.Import):
            uses.update(alias.name for alias in node.names if "._" in alias.name)
        elif isinstance(node, ast.ClassDef):
            bases = {base.id for base in node.bases if isinstance(base, ast.Name)}
            hooks = [
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef) and is_private(item.name)
            ]
            uses.update(f"{base}.{hook}" for base in bases & {"StoreModel"} for hook in hooks)
            uses.update(
                f"{base}.{name}"
                for base in bases & {"StoreModel"}
                for name in _inherited_private_attributes(node)
            )
    private_modules = {
        alias.asname: alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.asname and "._" in alias.name
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in private_modules:
            uses.add(f"{private_modules[node.value.id]}.{node.attr}")
        elif (
            is_private(node.attr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "transcript"
        ):
            uses.add(f"Transcript.{node.attr}")
    return uses


def _inherited_private_attributes(node: ast.ClassDef) -> set[str]:
    """Private attributes a class reads off ``self`` without defining them itself."""
    defined = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
    return {
        attribute.attr
        for attribute in ast.walk(node)
        if isinstance(attribute, ast.Attribute)
        and isinstance(attribute.value, ast.Name)
        and attribute.value.id == "self"
        and is_private(attribute.attr)
        and attribute.attr not in defined
    }


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_every_private_use_has_a_test_here() -> None:
    found = private_uses(inspect.getsource(inspect_internals))
    found -= {"inspect_ai.model._model", "inspect_ai._util.package"}  # whole-module imports
    assert found == set(PRIVATE_USES)
    tests = {name for name, value in globals().items() if name.startswith("test_")}
    assert set(PRIVATE_USES.values()) <= tests


def test_the_use_finder_sees_each_kind_of_private_use() -> None:
    source = """
from inspect_ai.util._store import a
from inspect_ai.model import _b
import inspect_ai.log._samples as c
class D(StoreModel):
    def _hook(self): ...
    def read(self): return self._inherited(self._hook())
transcript()._event(e)
c.active = 1
"""
    assert private_uses(source) == {
        "inspect_ai.util._store.a",
        "inspect_ai.model._b",
        "inspect_ai.log._samples",
        "inspect_ai.log._samples.active",
        "StoreModel._hook",
        "StoreModel._inherited",
        "Transcript._event",
    }


def test_inspect_is_pinned_to_the_release_these_tests_passed_on() -> None:
    lines = PYPROJECT.read_text(encoding="utf-8").splitlines()
    [pin] = [
        Requirement(line.strip().rstrip(",").strip('"'))
        for line in lines
        if line.strip().startswith('"inspect-ai')
    ]
    installed = Version(inspect_ai.__version__)
    assert installed in pin.specifier
    major, minor, micro = installed.release[:3]
    untested = Version(f"{major}.{minor}.{micro + 1}")
    assert untested not in pin.specifier, f"{pin} admits {untested}, which no test has run on"
