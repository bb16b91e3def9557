"""Fine-tuning data from eval logs: every conversation the model under test continued.

A sample holds many conversations: tasks that clear the context between events
(entity_stream: each event is the system prompt, that event's prompt and its tool turns)
start a new one at every event, and a tool loop continues one call after call. Each of the
main model's calls (`ModelEvent`, no model role) is its input plus its output message; a
call whose conversation is a prefix of a later call's is dropped, so what remains are the
conversations as the model last continued them, each once. Calls of a bound model role
(``grader``, ``memory``, ``user``) are someone else's, and calls that failed are left out.
A role left unbound is played by the model under test, and Inspect logs its calls with no
role: they are kept (a strategy's memory updates, say, or with ``-T self_judge=true`` the
judge's calls; bind the role to leave them out).

The control passes (`kit.answer_meter.CONTROL_PASSES`: the same question over an empty
memory, conversation's upper bound given the true state) measure the task, not the
strategy, so they are left out unless asked for; logs mark each answer's calls with their
pass. A sample from a log written before those marks, with answers and none marked, is
skipped unless the controls are included.

Each record is `kit.sft_records.trajectory_record`'s: OpenAI's chat messages (converted by
Inspect's `messages_to_openai`) and tools (`openai_tools`), and metadata naming the task and
its version, the sample, epoch, seed, tier, template, strategy, model, the sample's headline
score and the log. Samples can be filtered by task and by headline score. Logs are read one
sample at a time, local or remote.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from inspect_ai.event import ModelEvent
from inspect_ai.log import EvalLog, EvalSample, read_eval_log_samples
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    Content,
    ContentReasoning,
    ContentText,
    messages_to_openai,
)
from inspect_ai.tool import ToolInfo

from inspect_memgym.analysis.log_files import (
    LogReadError,
    describe_error,
    find_log_files,
    read_headers,
)
from inspect_memgym.kit.answer_meter import CONTROL_PASSES, PASS_METADATA_KEY, AnswerMeter
from inspect_memgym.kit.sft_records import trajectory_record

__all__ = [
    "TrajectoryOptions",
    "TrajectoryTally",
    "log_trajectories",
    "sample_trajectories",
    "trajectory_record",
    "write_trajectories",
]

SKIPPED_FIELDS = {"messages"}
"""Sample fields not read (the final messages; the calls are in the events)."""


@dataclass(frozen=True)
class TrajectoryOptions:
    """Which samples and calls become records.

    Attributes:
        tasks: Task names to keep (``entity_stream`` or ``inspect_memgym/entity_stream``);
            empty keeps every task.
        min_score: Keep only samples whose headline score is at least this (None: keep
            every sample, scored or not).
        include_controls: Also keep the control passes (no-memory answers, upper bound).
    """

    tasks: tuple[str, ...] = ()
    min_score: float | None = None
    include_controls: bool = False

    def keeps_task(self, task: str) -> bool:
        """Whether a log's task is kept.

        Args:
            task: The task's registered name, as the log names it.
        """
        return not self.tasks or any(
            wanted in (task, task.rpartition("/")[2]) for wanted in self.tasks
        )


@dataclass
class TrajectoryTally:
    """What reading the logs kept and skipped.

    Attributes:
        logs: Logs read.
        other_tasks: Logs skipped because their task was not asked for.
        samples: Samples kept.
        records: Records written.
        bytes: Bytes written (UTF-8 JSON lines).
        skipped: Samples skipped, by reason.
        malformed: Conversations dropped for not being valid chat records (a tool call
            the model was not offered, say).
    """

    logs: int = 0
    other_tasks: int = 0
    samples: int = 0
    records: int = 0
    bytes: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    malformed: int = 0

    def summary(self) -> str:
        """One line: records and bytes written, samples kept and skipped (and why)."""
        skipped = sum(self.skipped.values())
        reasons = ", ".join(f"{count} {reason}" for reason, count in self.skipped.most_common())
        line = (
            f"{self.records} records ({self.bytes:,} bytes) from {self.samples} samples of "
            f"{self.logs} logs; {skipped} samples skipped"
        )
        if reasons:
            line += f" ({reasons})"
        if self.other_tasks:
            line += f"; {self.other_tasks} logs of other tasks"
        if self.malformed:
            line += f"; {self.malformed} malformed conversations dropped"
        return line


def write_trajectories(
    locations: Sequence[str], options: TrajectoryOptions, output: TextIO
) -> TrajectoryTally:
    """Write the records of every kept sample as JSON lines.

    Args:
        locations: Log directories, log files or remote prefixes.
        options: Which samples and calls to keep.
        output: Where the lines go.

    Raises:
        LogReadError: If logs cannot be found or read, or none is of the tasks asked for.
    """
    tally = TrajectoryTally()
    for record in log_trajectories(locations, options, tally):
        line = json.dumps(record, ensure_ascii=False) + "\n"
        output.write(line)
        tally.records += 1
        tally.bytes += len(line.encode("utf-8"))
    return tally


def log_trajectories(
    locations: Sequence[str], options: TrajectoryOptions, tally: TrajectoryTally | None = None
) -> Iterator[dict[str, Any]]:
    """The records of every kept sample in the logs, one sample read at a time.

    Logs are read oldest first; a sample counts once, from the first log that completed it
    (an `inspect eval-retry` log holds copies of the samples its first run completed).

    Args:
        locations: Log directories, log files or remote prefixes.
        options: Which samples and calls to keep.
        tally: Counts what is kept and skipped (samples, logs, malformed conversations).

    Raises:
        LogReadError: If logs cannot be found or read, or none is of the tasks asked for.
    """
    tally = tally if tally is not None else TrajectoryTally()
    files = find_log_files(locations)
    logs = sorted(zip(files, read_headers(files), strict=True), key=lambda log: log[1].eval.created)
    wanted = [(name, header) for name, header in logs if options.keeps_task(header.eval.task)]
    tally.other_tasks = len(logs) - len(wanted)
    if not wanted:
        raise LogReadError(
            f"no logs of {', '.join(options.tasks)} in {', '.join(locations)} "
            f"(tasks there: {', '.join(sorted({header.eval.task for _, header in logs}))})"
        )
    seen: set[tuple[str, str, str, int]] = set()
    for name, header in wanted:
        tally.logs += 1
        for sample in _samples(name):
            key = (header.eval.task_id, header.eval.model, str(sample.id), sample.epoch)
            if key in seen:
                tally.skipped["already read from an earlier log"] += 1
                continue
            if sample.error is None:
                seen.add(key)
            reason = _skip_reason(header, sample, options)
            if reason is not None:
                tally.skipped[reason] += 1
                continue
            tally.samples += 1
            yield from sample_trajectories(header, sample, options, tally, log=name)


def sample_trajectories(
    header: EvalLog,
    sample: EvalSample,
    options: TrajectoryOptions,
    tally: TrajectoryTally | None = None,
    log: str | None = None,
) -> list[dict[str, Any]]:
    """The records of one sample: the maximal conversations of the main model's calls.

    The sample itself is not filtered here (see `log_trajectories`), only its calls. Each
    record's ``pass`` is its calls' pass (None outside answers) and ``call`` the number of
    its last call among the sample's model calls, counting from 0. Call from synchronous
    code (Inspect's converter runs in an event loop of its own).

    Args:
        header: The sample's log (its header is enough).
        sample: The sample, with its events and attachments resolved.
        options: Whether the control passes are kept.
        tally: Counts malformed conversations.
        log: The log file named in the metadata (default: the header's location).
    """
    model_calls = [event for event in sample.events if isinstance(event, ModelEvent)]
    numbered = [
        (number, call) for number, call in enumerate(model_calls) if _is_main_call(call, options)
    ]
    if not numbered:
        return []
    conversations = asyncio.run(_conversations([call for _, call in numbered]))
    base = _sample_metadata(header, sample, log if log is not None else header.location)
    records = []
    for index in _maximal(conversations):
        number, call = numbered[index]
        metadata = {**base, "pass": (call.metadata or {}).get(PASS_METADATA_KEY), "call": number}
        try:
            records.append(
                trajectory_record(conversations[index], openai_tools(call.tools), metadata)
            )
        except ValueError:
            if tally is not None:
                tally.malformed += 1
    return records


def openai_tools(tools: Sequence[ToolInfo]) -> list[dict[str, Any]]:
    """Tools in OpenAI's chat format, as Inspect's OpenAI provider sends them.

    Each is ``{"type": "function", "function": {"name", "description", "parameters"}}``,
    the parameters being the tool's JSON schema without its empty (None) fields.

    Args:
        tools: The tools of a logged model call (`ModelEvent.tools`).
    """
    return [
        {
            "type": "function",
            "function": {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.parameters.model_dump(exclude_none=True),
            },
        }
        for tool in tools
    ]


def headline_score(header: EvalLog, sample: EvalSample) -> tuple[str, float | None]:
    """The sample's headline score key and value (None if unscored or not a number).

    The headline is the one the task declares (`EvalSpec.headline_metric`), else the first
    key of the first scorer, as the leaderboard reads it.

    Args:
        header: The sample's log.
        sample: The sample.
    """
    scores = sample.scores or {}
    metric = header.eval.headline_metric
    scorer = metric.scorer if metric is not None and metric.scorer in scores else None
    scorer = scorer or next(iter(scores), None)
    if scorer is None:
        return "", None
    value = scores[scorer].value
    if isinstance(value, Mapping):
        key = metric.score if metric is not None and metric.score in value else None
        key = key or next(iter(value), "")
        return key, _number(value.get(key))
    return scorer, _number(value)


def _samples(name: str) -> Iterator[EvalSample]:
    try:
        yield from read_eval_log_samples(
            name,
            all_samples_required=False,
            resolve_attachments="core",
            exclude_fields=SKIPPED_FIELDS,
        )
    except Exception as error:
        raise LogReadError(f"cannot read the samples of {name}: {describe_error(error)}") from None


def _skip_reason(header: EvalLog, sample: EvalSample, options: TrajectoryOptions) -> str | None:
    if sample.error is not None:
        return "failed"
    if options.min_score is not None:
        score = headline_score(header, sample)[1]
        if score is None:
            return "unscored"
        if score < options.min_score:
            return "below --min-score"
    if not options.include_controls and _passes_unmarked(sample):
        return "from a log that does not mark the no-memory pass"
    return None


def _passes_unmarked(sample: EvalSample) -> bool:
    """Whether the sample metered answers but its log marks no call with its pass."""
    if not sample.store_as(AnswerMeter).answers:
        return False
    return not any(
        PASS_METADATA_KEY in (event.metadata or {})
        for event in sample.events
        if isinstance(event, ModelEvent)
    )


def _is_main_call(event: ModelEvent, options: TrajectoryOptions) -> bool:
    """A completed call of the model under test, outside the controls unless kept."""
    if (
        event.role is not None
        or event.error is not None
        or event.pending
        or not event.output.choices
    ):
        return False
    if options.include_controls:
        return True
    return (event.metadata or {}).get(PASS_METADATA_KEY) not in CONTROL_PASSES


async def _conversations(calls: Sequence[ModelEvent]) -> list[list[dict[str, Any]]]:
    """Each call's input and output message in OpenAI's format (each distinct message once).

    Messages are told apart by their whole content, not their id: a strategy may hand the
    model a changed copy of a message under the same id (a masked tool output, say).
    """
    unique: dict[str, ChatMessage] = {}
    keys: list[list[str]] = []
    for call in calls:
        messages = [*call.input, call.output.message]
        names = [message.model_dump_json() for message in messages]
        unique.update(zip(names, messages, strict=True))
        keys.append(names)
    converted = await messages_to_openai([_for_training(m) for m in unique.values()])
    plain = {key: _plain(message) for key, message in zip(unique, converted, strict=True)}
    return [[plain[key] for key in names] for names in keys]


def _for_training(message: ChatMessage) -> ChatMessage:
    """The message without what only its provider can read back.

    Inspect's converter smuggles a content part's provider data (``internal``, a
    reasoning signature) into the assistant's text as tags, so the provider gets it back on
    the next turn; a training target should not contain it. Redacted (encrypted)
    reasoning is dropped; readable reasoning stays, as a ``<think>`` block.
    """
    if not isinstance(message, ChatMessageAssistant) or isinstance(message.content, str):
        return message
    content: list[Content] = []
    for part in message.content:
        if isinstance(part, ContentReasoning):
            if not part.redacted:
                content.append(part.model_copy(update={"signature": None, "internal": None}))
        elif isinstance(part, ContentText):
            content.append(part.model_copy(update={"internal": None}))
        else:
            content.append(part)
    return message.model_copy(update={"content": content})


def _plain(message: Mapping[str, Any]) -> dict[str, Any]:
    """A converted message as a plain dict, assistant text without a leading newline.

    Inspect's converter joins a multi-part assistant content onto an empty string with a
    newline before each part; a target should not start with it.
    """
    result = dict(message)
    if result.get("role") == "assistant" and isinstance(result.get("content"), str):
        result["content"] = result["content"].lstrip("\n")
    return result


def _maximal(conversations: Sequence[list[dict[str, Any]]]) -> list[int]:
    """Indices of the conversations that are not a prefix of a later one."""
    kept = []
    for index, conversation in enumerate(conversations):
        if not any(_starts_with(later, conversation) for later in conversations[index + 1 :]):
            kept.append(index)
    return kept


def _starts_with(longer: list[dict[str, Any]], prefix: list[dict[str, Any]]) -> bool:
    if len(prefix) > len(longer):
        return False
    return all(a is b or a == b for a, b in zip(prefix, longer, strict=False))


def _sample_metadata(header: EvalLog, sample: EvalSample, log: str) -> dict[str, Any]:
    """Where the sample's conversations came from."""
    task = header.eval.metadata or {}
    metadata = sample.metadata or {}
    key, score = headline_score(header, sample)
    return {
        "task": header.eval.task,
        "task_version": header.eval.task_version,
        "sample_id": sample.id,
        "epoch": sample.epoch,
        "seed": metadata.get("seed"),
        "tier": metadata.get("tier", task.get("tier")),
        "template": metadata.get("template"),
        "strategy": _strategy(metadata, task),
        "model": header.eval.model,
        "score": score,
        "score_key": key,
        "log": log,
    }


def _strategy(metadata: Mapping[str, Any], task: Mapping[str, Any]) -> str | None:
    """The memory strategy: the sample's (``strategy`` or ``agent``), else the task's."""
    for value in (metadata.get("strategy"), metadata.get("agent"), task.get("agent")):
        if isinstance(value, Mapping):
            value = value.get("agent")
        if isinstance(value, str):
            return value
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool | int | float) and not math.isnan(value):
        return float(value)
    return None
