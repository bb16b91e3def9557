"""Every use of Inspect's private API, in one place, each with why no public one does it.

No other module of the suite, its tests or its scripts imports a private ``inspect_ai`` path
(``tests/test_import_rules.py`` checks it); ``tests/kit/test_inspect_internals.py``
exercises each use below, so an Inspect release that breaks one fails a test named after
it. pyproject pins inspect-ai to the releases these tests have passed on; to widen the
range, run that test module on the new release first.

Used by the suite:

* `JsonStoreModel` (overrides ``StoreModel._coerce_value``): `StoreModel` validates a
  container field through a new pydantic `TypeAdapter` each time it is read, which copies
  it. For fields annotated with plain containers of `Any` the copy has the same content, so
  it only costs time, and the cost grows with the value (the memory operation log is read
  on every tool call). `JsonStoreModel` returns such values as stored; anything else is
  coerced as before. Inspect has no public switch to skip the read coercion. Writes:
  `StoreModel` validates every field write by validating the whole model against a copy of
  the store; a `JsonStoreModel` writes a value whose type is exactly its field's plain
  ``int``, ``str`` or ``bool`` annotation (no constraints) straight to the store under the
  key `StoreModel` uses (``StoreModel._ns_name``), which that validation would pass
  unchanged; anything else is validated as before. Counters and flags written on every
  model turn and tool call (the ledger's spend, the tool-use counts, a solver's progress)
  are such values. Typed fields kept as plain JSON (also overrides
  ``StoreModel._get_and_coerce_field`` and ``model_post_init``): a field annotated as a
  list of `kit.stored_record.StoredRecord` or as a pydantic model is kept in the store as
  the plain JSON the log shows (each record's ``as_metadata``, the model's ``model_dump``)
  and read back as the records or the model; Inspect would keep the objects themselves,
  which its log writer serialises differently (a renamed key, a dropped None).
* `BoundStoreModel` (public API only): binds a model to the current sample's store once and
  reuses it; a bound model reads and writes its store on every field access.
* `TaskArgumentError`, `OneLineError` and `task_argument_errors`
  (``inspect_ai._util.error.PrerequisiteError``): Inspect prints a `PrerequisiteError`
  raised while a task is built as one line, without a traceback, and any other exception
  with its whole traceback; the class is not exported. A bad ``-T`` value is a user's
  mistake, so tasks raise it as a `TaskArgumentError` (still a `ValueError` for Python
  callers); `OneLineError` is the same for failures that are not about an argument (a
  ChromaDB server that does not answer).
* `untracked_store_changes` (``inspect_ai.util._store.suspend_store_events``): every tool
  call is a span, and every span copies the whole store to JSON when it opens and when it
  closes, then diffs the two into a `StoreEvent`; a sample's memory ledger grows with every
  operation, so that work grows all sample long. Inside the block, spans skip it; the
  enclosing solver span records the net change once when it ends. Inspect has no public
  switch for this (its docstring says so).
* `current_sample_metadata` and `current_sample_identity`
  (``inspect_ai.solver._task_state.sample_state``, ``inspect_ai.log._samples
  .sample_active``): the running sample's metadata, id, epoch and eval id, where no
  `TaskState` is passed in: the ``memgym`` model provider routes a call to the benchmark
  playing it by the sample's metadata, and memory backends name a per-sample ChromaDB
  collection by its ids. Inspect's public API hands these only to solvers and scorers
  (and to global hooks, which cannot tell which sample a call belongs to).
* `bind_rescored_sample` (``inspect_ai.solver._task_state.set_sample_state``): ``inspect
  score`` rebuilds each sample's `TaskState` and hands it to the scorer, but does not make
  it the context's current sample, so a scripted ``memgym`` grader called while a log is
  re-scored could not tell which benchmark it judges. A judged scorer binds the state it
  was given when no sample is current (never during an eval, where Inspect has bound it).
* `active_model_name` and `building_task_in_eval` (``inspect_ai.model._model
  .active_model``): whether an eval is running, and its model. Inspect binds an eval's
  model and model roles before it builds the tasks of ``inspect eval``, so a task can
  refuse a judge that no ``grader`` role supplies, or a scripted policy that it does not
  play, in one line before any sample runs. The public ``get_model()`` cannot tell: with
  no eval running it falls back to ``INSPECT_EVAL_MODEL`` or raises.
* `observed_model_calls` (``inspect_ai.model._model.use_model_event_sink`` and
  ``_model_event_sink``, and the transcript's ``_event`` / ``_event_updated``): the
  tokens a memory strategy's answer sends to the model are read from the model calls made
  inside it, and each such call is marked with its pass (`kit.answer_meter`). Inspect
  hands each call's `ModelEvent` to a sink installed for the current context (its agent
  bridge uses the same seam); the sink here notes each completed call, then passes the
  event on exactly as Inspect would without it: to an enclosing sink, else to the
  transcript, through the two methods Inspect itself calls. The public hooks are global
  and see no context, and reading the transcript after the call would depend on its event
  eviction and attachment condensing.
* `forget_parsed_tools` (``inspect_ai.tool._tool_info._tool_info_cache``): Inspect keeps,
  for the life of the process, every tool function whose signature and docstring it has
  parsed, with a strong reference. The suite's tools are made per sample, closures over
  the sample's memory, so the cache kept every finished sample's memory backend alive
  (its entries, indexes and ChromaDB collection handle): a process running many samples
  grew by each of them. When a sample ends, its strategy's driver drops the cached parses
  of the suite's own tool functions; a tool used again is parsed again, as the first time.
  Inspect has no public way to bound or clear this cache.
* `epoch_mean_metric` (``inspect_ai._util.registry``: the registry attributes of a
  metric): every metric of the suite's scorers is computed as under Inspect's default
  ``mean`` epochs reducer, whatever ``--epochs-reducer`` the eval names. ``memory_delta``
  pairs the two passes of each sample (`scoring.isolation`); a reducer that takes each key
  of the score apart (``max``, ``pass_at_k``, ``at_least_k``, ``mode``) reduces the delta
  of each epoch instead of the difference of the reduced passes, so ``--epochs 5
  --epochs-reducer max`` reported the best epoch's delta of a model whose answers vary,
  with no memory used. The wrapper declares the metric on unreduced scores (Inspect's
  public ``scores="unreduced"``), averages each sample's epochs with Inspect's own
  ``mean`` reducer and hands the result to the metric, so the figures equal the default
  run's exactly. It keeps the wrapped metric's registry name and parameters, so the log and
  the results table name it as before (``mean``, ``stderr``); ``@metric`` would register a
  new name under the suite's package.
* `show_one_line_errors_when_quiet` (no private path; Inspect's exception hook): Inspect
  prints a `PrerequisiteError` that ends a command through rich's global console, and
  ``--display none`` makes that console quiet, so ``inspect eval ... --display none`` with
  a bad ``-T`` value exited 1 having printed nothing. The entry point wraps the hook so
  such an error is printed to stderr; Inspect has no setting for where it prints.

Used by the tests only (they check the suite against a live Inspect, not the suite's code):

* `start_sample_store` (``inspect_ai.util._store.init_subtask_store``): makes a store the
  current one outside an eval, as Inspect does when a sample starts; the public `subtask`
  does it only for a coroutine it runs (and logs).
* `registered_object` (``inspect_ai._util.registry.registry_lookup``): what a registered
  name resolves to, loading a package's entry point as Inspect does; the public
  `registry_create` builds the object instead, calling its factory.
* `buffered_sample_summaries` (``inspect_ai.log._recorders.buffer``): the samples a
  running or killed eval has written to its sample buffer; the public `recover_eval_log`
  writes a recovered log and removes the buffer, so it cannot watch a running eval.
* `printed_results_table` (``inspect_ai._display.core.results.task_scores``): the results table
  ``inspect eval`` prints; Inspect's display is not public API.
* `counting_text_tokens_with` (``inspect_ai.model._model.count_text_tokens``): ``mockllm``
  counts tokens with tiktoken, which downloads its encoding and fails offline; there is no
  public setting for the counter.
* `distribution_scan_cached` (``inspect_ai._util.package.packages_distributions``): every
  ``eval`` scans all installed distributions to name a task's package (about 0.2 s of CPU
  per tiny eval); the installed set cannot change during a test session.
* `PrerequisiteError` itself, so a test can check that an error prints as one line.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar, cast, get_args, get_origin

from inspect_ai._util.error import PrerequisiteError
from inspect_ai._util.registry import REGISTRY_INFO, REGISTRY_PARAMS, RegistryInfo
from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalSampleSummary, EvalScore, transcript
from inspect_ai.log._samples import sample_active
from inspect_ai.scorer import Metric, MetricProtocol, SampleScore, Value, mean_score
from inspect_ai.scorer._metric import METRIC_SCORES
from inspect_ai.solver import TaskState
from inspect_ai.solver._task_state import sample_state, set_sample_state
from inspect_ai.util import Store, StoreModel, store, store_as
from inspect_ai.util._store import init_subtask_store, suspend_store_events
from pydantic import BaseModel
from rich import get_console
from rich.console import Console

from inspect_memgym.kit.stored_record import STORED_KEY, StoredRecord

__all__ = [
    "BoundStoreModel",
    "JsonStoreModel",
    "OneLineError",
    "PrerequisiteError",
    "TaskArgumentError",
    "active_model_name",
    "buffered_sample_summaries",
    "building_task_in_eval",
    "counting_text_tokens_with",
    "current_sample_identity",
    "current_sample_metadata",
    "distribution_scan_cached",
    "forget_parsed_tools",
    "observed_model_calls",
    "printed_results_table",
    "registered_object",
    "show_one_line_errors_when_quiet",
    "start_sample_store",
    "task_argument_errors",
    "untracked_store_changes",
]

_PLAIN_CONTAINERS = (list, dict)


class JsonStoreModel(StoreModel):
    """`StoreModel` whose list and dict fields are read as stored, without a copy.

    Only for models whose container fields are plain containers of `Any` (and of such
    containers): no nested models, dataclasses or tuples, which need the coercion. A plain
    ``int``, ``str`` or ``bool`` field given a value of exactly its type, and a field
    annotated as a container of `Any` (``dict[str, Any]``, ``list[dict[str, Any]]``...)
    given a plain ``list`` or ``dict``, is written to the store without validating the
    whole model (the store holds the value given either way).

    A field annotated as a list of `StoredRecord` (``list[SearchRecord]``) or as a pydantic
    model is typed where it is read and written, and plain JSON in the store: written as
    each record's ``as_metadata`` (the model's ``model_dump``), without validating the
    whole model, and read back through ``StoredRecord.all_of`` (``model_validate``), so the
    store, and the log, keep exactly the dicts they kept before the field was typed.
    """

    def model_post_init(self, context: Any) -> None:
        """Bind to the store, keeping a typed field's default as its plain form."""
        super().model_post_init(context)
        for name, form in _plain_forms(type(self)).items():
            key = self._ns_name(name)
            if key in self.store and type(self.store.get(key)) not in _PLAIN_CONTAINERS:
                self.store.set(key, form.to_store(self.store.get(key)))

    def _coerce_value(self, field_name: str, value: Any) -> Any:
        if type(value) in _PLAIN_CONTAINERS:
            return value
        return super()._coerce_value(field_name, value)

    def _get_and_coerce_field(self, field_name: str) -> Any:
        form = _plain_forms(type(self)).get(field_name)
        if form is None:
            return super()._get_and_coerce_field(field_name)
        value = form.from_store(self.store.get(self._ns_name(field_name)))
        self.__dict__[field_name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        form = _plain_forms(type(self)).get(name)
        if form is not None:
            self.store.set(self._ns_name(name), form.to_store(value))
            self.__dict__[name] = value
            return
        if _written_unvalidated(type(self), name, type(value)):
            self.store.set(self._ns_name(name), value)
            self.__dict__[name] = value
            return
        super().__setattr__(name, value)


@dataclass(frozen=True)
class _PlainForm:
    """How a typed field of a `JsonStoreModel` goes to the store and comes back."""

    to_store: Callable[[Any], Any]
    from_store: Callable[[Any], Any]


_PLAIN_FORMS: dict[type[StoreModel], dict[str, _PlainForm]] = {}


def _plain_forms(model_class: type[StoreModel]) -> dict[str, _PlainForm]:
    """The model's fields kept in the store as plain JSON: record lists and models."""
    forms = _PLAIN_FORMS.get(model_class)
    if forms is None:
        forms = {}
        for name, info in model_class.model_fields.items():
            form = _plain_form(info.annotation)
            if form is not None and not info.metadata:
                forms[name] = form
        _PLAIN_FORMS[model_class] = forms
    return forms


def _plain_form(annotation: Any) -> _PlainForm | None:
    arguments = get_args(annotation)
    if get_origin(annotation) is list and len(arguments) == 1:
        record = arguments[0]
        if isinstance(record, type) and issubclass(record, StoredRecord):
            if any(STORED_KEY in field.metadata for field in fields(record)):
                # validating the whole model reads the stored dicts by field name
                raise TypeError(f"{record.__name__} renames a key: keep it as a dict field")
            return _PlainForm(
                lambda records: [item.as_metadata() for item in records], record.all_of
            )
        return None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if issubclass(annotation, StoreModel):
            return None
        return _PlainForm(lambda model: model.model_dump(), annotation.model_validate)
    return None


_PLAIN_SCALARS: tuple[type, ...] = (int, str, bool)
_SCALAR_FIELDS: dict[type[StoreModel], dict[str, type]] = {}


def _plain_scalar_field(model_class: type[StoreModel], name: str) -> type | None:
    """The field's type if it is a plain ``int``, ``str`` or ``bool`` without constraints."""
    fields = _SCALAR_FIELDS.get(model_class)
    if fields is None:
        fields = {
            field_name: cast(type, info.annotation)
            for field_name, info in model_class.model_fields.items()
            if info.annotation in _PLAIN_SCALARS and not info.metadata
        }
        _SCALAR_FIELDS[model_class] = fields
    return fields.get(name)


_ANY_CONTAINER_FIELDS: dict[type[StoreModel], dict[str, type]] = {}


def _written_unvalidated(model_class: type[StoreModel], name: str, value_type: type) -> bool:
    """Whether a value of this type goes to the field's store key without validation.

    A plain scalar of exactly the field's type does, and so does a plain ``list`` or
    ``dict`` given to a field annotated as that container of `Any` (which any JSON
    validates).
    """
    if value_type in _PLAIN_CONTAINERS:
        return _any_container_field(model_class, name) is value_type
    return _plain_scalar_field(model_class, name) is value_type


def _any_container_field(model_class: type[StoreModel], name: str) -> type | None:
    """``list`` or ``dict`` if the field is that container of `Any`, without constraints."""
    fields = _ANY_CONTAINER_FIELDS.get(model_class)
    if fields is None:
        fields = {
            field_name: cast(type, get_origin(info.annotation))
            for field_name, info in model_class.model_fields.items()
            if _holds_anything(info.annotation) and not info.metadata
        }
        _ANY_CONTAINER_FIELDS[model_class] = fields
    return fields.get(name)


def _holds_anything(annotation: Any) -> bool:
    """Whether an annotation is a ``list`` or ``str``-keyed ``dict`` of `Any` (or of such)."""
    origin, arguments = get_origin(annotation), get_args(annotation)
    if origin is list and len(arguments) == 1:
        return arguments[0] is Any or _holds_anything(arguments[0])
    if origin is dict and len(arguments) == 2 and arguments[0] is str:
        return arguments[1] is Any or _holds_anything(arguments[1])
    return False


Model = TypeVar("Model", bound=StoreModel)


class BoundStoreModel(Generic[Model]):
    """`store_as(model_class)` for the current sample, bound once per context and reused."""

    def __init__(self, model_class: type[Model]) -> None:
        """Prepare the binding.

        Args:
            model_class: The `StoreModel` class (default instance).
        """
        self._model_class = model_class
        self._bound: ContextVar[Model | None] = ContextVar(
            f"memgym_bound_{model_class.__name__}", default=None
        )

    def get(self) -> Model:
        """The model bound to the current sample's store."""
        sample_store = store()
        model = self._bound.get()
        if model is None or model.store is not sample_store:
            model = store_as(self._model_class)
            self._bound.set(model)
        return model


@contextmanager
def untracked_store_changes() -> Iterator[None]:
    """Spans opened in the block record no `StoreEvent` (the enclosing span records the net).

    Yields:
        Nothing; wrap the tool calls of a solver's loop.
    """
    with suspend_store_events():
        yield


def current_sample_metadata() -> dict[str, Any] | None:
    """The running sample's metadata (None outside a sample's solver)."""
    state = sample_state()
    return state.metadata if state is not None else None


def bind_rescored_sample(state: TaskState) -> None:
    """Make a scorer's state the current sample where none is (``inspect score``).

    Args:
        state: The state the scorer was given.
    """
    if sample_state() is None:
        set_sample_state(state)


def current_sample_identity() -> tuple[str, int | str, int] | None:
    """(eval id, sample id, epoch) of the running sample, None outside any sample."""
    state = sample_state()
    active = sample_active()
    if state is not None:
        sample_id, epoch = state.sample_id, state.epoch
    elif active is not None:
        sample_id, epoch = active.sample.id or "sample", active.epoch
    else:
        return None
    run = (active.eval_id or active.run_id or "") if active is not None else ""
    return run, sample_id, epoch


class TaskArgumentError(PrerequisiteError, ValueError):
    """A bad task argument: Inspect prints it as one line; Python callers see a ValueError."""

    def __init__(self, message: str) -> None:
        """Keep the message for both bases.

        Args:
            message: What was wrong and what is expected, in one line.
        """
        PrerequisiteError.__init__(self, message)
        ValueError.__init__(self, message)


class OneLineError(PrerequisiteError, RuntimeError):
    """A failure Inspect prints as one line; Python callers see a RuntimeError."""

    def __init__(self, message: str) -> None:
        """Keep the message for both bases.

        Args:
            message: What failed and what to do about it, in one line.
        """
        PrerequisiteError.__init__(self, message)
        RuntimeError.__init__(self, message)


@contextmanager
def task_argument_errors(task_name: str) -> Iterator[None]:
    """Re-raise a `ValueError` from building a task as a one-line `TaskArgumentError`.

    Args:
        task_name: The task, named in the message.

    Yields:
        Nothing; wrap the task's argument checks and dataset building.

    Raises:
        TaskArgumentError: For any `ValueError` raised in the body.
    """
    try:
        yield
    except TaskArgumentError:
        raise
    except ValueError as error:
        raise TaskArgumentError(f"{task_name}: {error}") from error


_QUIET_ERRORS_HOOK = "memgym_shows_one_line_errors_when_quiet"
"""The attribute that marks the exception hook `show_one_line_errors_when_quiet` installed."""


def epoch_mean_metric(metric: Metric) -> Metric:
    """``metric`` over each sample's mean over its epochs, whatever epochs reducer is named.

    Args:
        metric: A registered metric (Inspect's ``mean()``, ``stderr()``, ``grouped(...)``,
            or one of the suite's).

    Returns:
        A metric Inspect hands every epoch's score (``scores="unreduced"``), under the
        wrapped metric's registry name and parameters. A metric already declared
        ``@metric(scores="unreduced")`` (one that counts or averages every epoch's score
        on its own, as the cost figures do) is returned as it is.
    """
    info: RegistryInfo = getattr(metric, REGISTRY_INFO)
    if info.metadata.get(METRIC_SCORES) == "unreduced":
        return metric
    reducer = mean_score()

    def compute(scores: list[SampleScore]) -> Value:
        by_sample: dict[str, list[SampleScore]] = {}
        for sample_score in scores:
            if sample_score.sample_id is not None:
                by_sample.setdefault(str(sample_score.sample_id), []).append(sample_score)
        if len(by_sample) == len(scores):  # one epoch each: the mean of one is that score
            return cast(MetricProtocol, metric)(scores)
        reduced = [
            SampleScore(
                sample_id=group[0].sample_id,
                sample_metadata=group[0].sample_metadata,
                score=reducer([sample_score.score for sample_score in group]),
            )
            for group in by_sample.values()
        ]
        return cast(MetricProtocol, metric)(reduced)

    setattr(
        compute,
        REGISTRY_INFO,
        RegistryInfo(
            type=info.type, name=info.name, metadata={**info.metadata, METRIC_SCORES: "unreduced"}
        ),
    )
    if hasattr(metric, REGISTRY_PARAMS):
        setattr(compute, REGISTRY_PARAMS, getattr(metric, REGISTRY_PARAMS))
    return cast(Metric, compute)


def show_one_line_errors_when_quiet() -> None:
    """Print an uncaught `PrerequisiteError` to stderr when Inspect's console is quiet.

    A command ended by a `PrerequisiteError` (a `TaskArgumentError`, a policy the task does
    not play, a missing API key) prints its message through Inspect's exception hook, which
    writes to rich's global console; ``--display none`` makes that console quiet, so the
    message was lost and the command exited 1 with no word. This wraps the interpreter's
    exception hook once: while the global console is quiet, such an error is printed to
    stderr as Inspect prints it otherwise (one line, no traceback); any other exception, or
    any error while the console is not quiet, goes to the hook as before. The exit status
    stays 1.

    Installed by the entry point, which Inspect imports after its command line has set its
    own hook; a program that imports the package before Inspect sets its hook keeps
    Inspect's behaviour.
    """
    previous = sys.excepthook
    if getattr(previous, _QUIET_ERRORS_HOOK, False):
        return

    def hook(kind: type[BaseException], error: BaseException, trace: Any) -> None:
        if isinstance(error, PrerequisiteError) and get_console().quiet:
            Console(stderr=True).print(f"\n{error.message}\n")
            return
        previous(kind, error, trace)

    setattr(hook, _QUIET_ERRORS_HOOK, True)
    sys.excepthook = hook


def active_model_name() -> str | None:
    """The name (``provider/model``) of the model the current eval runs, if any."""
    from inspect_ai.model._model import active_model

    model = active_model()
    return None if model is None else str(model)


def building_task_in_eval() -> bool:
    """Whether the current code runs inside an eval (a model is active), e.g. building a task."""
    from inspect_ai.model._model import active_model

    return active_model() is not None


class _ObservingSink:
    """A model-event sink that notes each completed call, then passes the event on."""

    def __init__(self, outer: Any, on_call: Callable[[ModelEvent], None]) -> None:
        self._outer = outer
        self._on_call = on_call

    def on_pending(self, event: ModelEvent) -> None:
        if self._outer is not None:
            self._outer.on_pending(event)
        else:
            transcript()._event(event)

    def on_complete(self, event: ModelEvent) -> None:
        try:
            self._on_call(event)
        finally:
            if self._outer is not None:
                self._outer.on_complete(event)
            else:
                transcript()._event_updated(event)


@contextmanager
def observed_model_calls(on_call: Callable[[ModelEvent], None]) -> Iterator[None]:
    """Call ``on_call`` with the `ModelEvent` of every model call completed in the block.

    Only calls made in this context (and tasks it starts) are seen, so concurrent samples
    never see each other's calls. Events reach the transcript as they would without it.

    Args:
        on_call: Receives each completed call's event (output and usage filled in).

    Yields:
        Nothing.
    """
    from inspect_ai.model._model import _model_event_sink, use_model_event_sink

    with use_model_event_sink(_ObservingSink(_model_event_sink.get(), on_call)):
        yield


def start_sample_store(sample_store: Store | None = None) -> Store:
    """Make a store the current one outside an eval, as Inspect does when a sample starts.

    Args:
        sample_store: The store (default: a new empty one).

    Returns:
        The store now current in this context.
    """
    current = Store() if sample_store is None else sample_store
    init_subtask_store(current)
    return current


def forget_parsed_tools(package: str) -> int:
    """Drop Inspect's cached parses of the tool functions a package defined.

    Args:
        package: The top-level package (``inspect_memgym``): every cached tool function
            whose module is it or one of its modules is forgotten.

    Returns:
        How many parses were dropped.
    """
    from inspect_ai.tool._tool_info import _tool_info_cache

    stale = [
        key
        for key, (function, _) in _tool_info_cache.items()
        if _in_package(getattr(function, "__module__", None) or "", package)
    ]
    for key in stale:
        del _tool_info_cache[key]
    return len(stale)


def _in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


def registered_object(kind: str, name: str) -> object | None:
    """What a registered name resolves to, loading its package's entry point if needed.

    Args:
        kind: The registry type (``task``, ``solver``, ``scorer``, ``tool``, ``modelapi``).
        name: The registered name, e.g. ``inspect_memgym/entity_stream``.

    Returns:
        The registered object (a task's function, a tool's factory...), None if unknown.
    """
    from inspect_ai._util.registry import registry_lookup

    return registry_lookup(kind, name)  # type: ignore[arg-type]


def buffered_sample_summaries(log_location: str) -> list[EvalSampleSummary]:
    """The samples a running (or killed) eval has written to its sample buffer.

    Args:
        log_location: The eval's log file.

    Returns:
        Their summaries (``completed`` says which finished); empty if the buffer has no
        update or is gone.

    Raises:
        Exception: Whatever the buffer raises while it is being written (poll again).
    """
    from inspect_ai.log._recorders.buffer.buffer import sample_buffer
    from inspect_ai.log._recorders.buffer.types import Samples

    buffered = sample_buffer(log_location).get_samples()
    return list(buffered.samples) if isinstance(buffered, Samples) else []


def printed_results_table(scores: list[EvalScore]) -> list[Any]:
    """The results table ``inspect eval`` prints after an eval, as rich renderables.

    Args:
        scores: The eval's scores (`EvalResults.scores`).
    """
    from inspect_ai._display.core.results import task_scores

    return list(task_scores(scores))


@contextmanager
def counting_text_tokens_with(counter: Callable[[str], int]) -> Iterator[None]:
    """Inspect's text token counter (``mockllm`` and compaction use it) replaced in the block.

    Args:
        counter: Tokens of a text.

    Yields:
        Nothing.
    """
    import inspect_ai.model._model as model_module

    original = model_module.count_text_tokens  # type: ignore[attr-defined]
    model_module.count_text_tokens = counter  # type: ignore[attr-defined,assignment]
    try:
        yield
    finally:
        model_module.count_text_tokens = original  # type: ignore[attr-defined]


_DISTRIBUTION_SCANS: dict[str, Callable[[], Any]] = {}


@contextmanager
def distribution_scan_cached() -> Iterator[bool]:
    """Inspect's scan of the installed distributions done once, then reused, in the block.

    Yields:
        Whether the scan was found and cached; with an Inspect that no longer scans this
        way, False, and the block runs unchanged.
    """
    import inspect_ai._util.package as package_module

    original = getattr(package_module, "packages_distributions", None)
    if original is None:
        yield False
        return
    cached = _DISTRIBUTION_SCANS.setdefault("scan", functools.lru_cache(maxsize=1)(original))
    package_module.packages_distributions = cached  # type: ignore[attr-defined]
    try:
        yield True
    finally:
        package_module.packages_distributions = original  # type: ignore[attr-defined]
