"""The leaderboard: one row per (model, task, protocol), from eval logs.

Each row pools the samples of every log of that model under that protocol. A sample counts
once, from the log that scored it: a log and its `inspect eval-retry` (same Inspect task id)
both hold the samples the first run scored, and only the first run's copy counts; samples a
log did not score (errors of a crashed run) count nowhere and never conflict. Other logs are
pooled only when no scored sample id appears in two of them (a run split by sample ids);
otherwise building the leaderboard is refused, because the same sample would count twice.
Evals of one model under different protocols are never pooled: they are separate rows, and
the leaderboard's notes say which protocol fields differ. A log re-scored without re-running
the model (``inspect score LOG --action append``, another grader bound) holds each scoring
under its own scorer name (``longmemeval_scorer``, ``longmemeval_scorer1``): each appended
scoring is its own row, whose protocol adds ``scoring`` (the scorer name) and names the
grader that re-scored it in ``model_roles`` (read from its scores' ``judge_model``).

Per score key the row has the mean over samples and its standard error, computed as Inspect's
``mean()`` and ``stderr()`` metrics do (epochs are first averaged per sample), so a row built
from one log shows the numbers that log's metrics show. As in Inspect, a NaN value means the
sample was not scored on that key (a question type it does not have, say) and is left out of
that key's estimate; a key NaN in every sample stays NaN.

Each row has a confidence interval on its headline and on every memory delta, and pass^k
when its samples ran several epochs (`intervals`, with the leaderboard's `IntervalSettings`).

A log that scored no sample (``--limit 0``, or a run stopped before its first sample) makes
no row: the notes name it, and logs none of which scored a sample are refused.

Each row also has the memory cost figures (memory tokens per question, add and search
latency: `cost_columns.SAMPLE_COST_KEYS`), estimated over samples the same way, and the
tokens and cost per model role summed over samples. Logs written before the figures existed
have none: those rows have no estimate for them (shown as missing, never as 0).
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from statistics import fmean, stdev
from typing import Any

import pandas as pd
from inspect_ai.analysis import evals_df
from inspect_ai.log import EvalLog, read_eval_log_sample_summaries

from inspect_memgym.analysis.cost_columns import SAMPLE_COST_KEYS
from inspect_memgym.analysis.intervals import (
    DEFAULT_SETTINGS,
    PAIRED_BOOTSTRAP,
    Interval,
    IntervalSettings,
    PassK,
    bootstrap_interval,
    mean_interval,
    pass_hat_k,
)
from inspect_memgym.analysis.log_files import (
    LogReadError,
    find_log_files,
    read_headers,
)
from inspect_memgym.analysis.memory_operation_columns import OPERATION_KEYS
from inspect_memgym.analysis.protocol import (
    Protocol,
    SamplesRan,
    describe_field,
    differing_fields,
    protocol_of,
)
from inspect_memgym.analysis.sample_scores import sample_values
from inspect_memgym.scoring.isolation import MEMORY_DELTA, NO_MEMORY, NO_MEMORY_RAW, is_delta_key
from inspect_memgym.scoring.judge import GRADER_ROLE

SCORING_FIELD = "scoring"
"""The protocol field of a scoring appended to a log (`inspect score --action append`)."""
SHOWN_OVERLAPS = 3
"""Overlapping sample ids quoted when pooling is refused."""


class PoolingRefused(LogReadError):
    """Two logs of the same model and protocol hold the same samples."""


class NothingScored(LogReadError):
    """No log scored a sample: there is no row to show."""


@dataclass(frozen=True)
class Estimate:
    """Mean and standard error of one score key over samples.

    Attributes:
        mean: Mean over samples (NaN if every value was missing).
        stderr: Standard error of the mean (0 for a single sample, as Inspect reports it).
    """

    mean: float
    stderr: float


@dataclass(frozen=True)
class EvalInfo:
    """One eval log, as the leaderboard sees it.

    Attributes:
        log: Log file name.
        eval_id: Inspect's eval id.
        model: Model name.
        protocol: Its protocol.
        scorer: Scorer whose values are reported (the one of the headline metric).
        headline: Score key of the headline metric.
        keys: Score keys in the order the scorer declares its metrics.
        status: Eval status (success, error, cancelled, started).
        task_id: Inspect's task id, shared by a run and its `inspect eval-retry` runs.
        created: When the eval was created (ISO 8601), to order a run before its retries.
        dataset_samples: Samples in the task's dataset (before any ``--limit``).
    """

    log: str
    eval_id: str
    model: str
    protocol: Protocol
    scorer: str
    headline: str
    keys: tuple[str, ...]
    status: str
    task_id: str = ""
    created: str = ""
    dataset_samples: int | None = None


@dataclass(frozen=True)
class LeaderboardRow:
    """One (model, task, protocol).

    Attributes:
        model: Model name.
        task: Task (benchmark) name.
        protocol: The protocol.
        label: The protocol for people (with the fields that differ between rows of the task).
        headline: Score key of the headline metric.
        keys: Score keys, in display order.
        samples: Samples scored (distinct sample ids).
        scores: Estimate per score key.
        tokens: Total tokens over samples (None if the logs have no usage).
        cost: Total cost in dollars (None if the logs have no cost).
        logs: The log files pooled into this row.
        eval_ids: Their eval ids.
        scorer: The scorer whose values are reported.
        headline_by_sample: Each sample's headline value (epochs averaged), by sample id.
        isolated_by_sample: Each sample's ``no_memory``, ``memory_delta`` and
            ``no_memory_raw`` (epochs averaged; all NaN where memory isolation was off, the
            first two where no question of the sample is in Δ), by sample id.
        costs: Estimate per memory cost figure the samples have (`SAMPLE_COST_KEYS`).
        operations: Estimate per memory operation score some sample defines
            (`memory_operation_columns.OPERATION_KEYS`: extraction recall, precision...).
        roles: Tokens and cost (None without cost data) per model role, over samples.
        counted: The (eval id, sample id, epoch) of every sample and epoch counted.
        ran: The seeds and share of the dataset the counted samples cover (``label`` says
            what ran, not what the task arguments asked for).
        score_notes: How to read some score keys (key, sentence), from the samples' scores
            (`scoring.isolation.SCORE_NOTES`); the leaderboard's notes repeat them.
        intervals: Confidence interval of the headline and of every memory delta key
            (`scoring.isolation.is_delta_key`), by key.
        pass_k: pass^k over the samples' epochs (None with one epoch per sample).
    """

    model: str
    task: str
    protocol: Protocol
    label: str
    headline: str
    keys: tuple[str, ...]
    samples: int
    scores: dict[str, Estimate]
    tokens: int | None
    cost: float | None
    logs: tuple[str, ...]
    eval_ids: tuple[str, ...]
    scorer: str
    headline_by_sample: dict[str, float] = field(default_factory=dict)
    isolated_by_sample: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    costs: dict[str, Estimate] = field(default_factory=dict)
    roles: dict[str, dict[str, float | None]] = field(default_factory=dict)
    operations: dict[str, Estimate] = field(default_factory=dict)
    counted: frozenset[tuple[str, str, int]] = frozenset()
    ran: SamplesRan | None = None
    score_notes: tuple[tuple[str, str], ...] = ()
    intervals: dict[str, Interval] = field(default_factory=dict)
    pass_k: PassK | None = None


@dataclass(frozen=True)
class Leaderboard:
    """Rows sorted by task, protocol and headline score, and the notes that go with them.

    Attributes:
        rows: The rows.
        notes: Protocol differences and incomplete logs, one sentence each.
        settings: How the rows' intervals were computed.
    """

    rows: list[LeaderboardRow]
    notes: list[str] = field(default_factory=list)
    settings: IntervalSettings = DEFAULT_SETTINGS

    def tasks(self) -> list[str]:
        """Task names in row order."""
        return list(dict.fromkeys(row.task for row in self.rows))


def load_leaderboard(
    locations: Sequence[str], settings: IntervalSettings = DEFAULT_SETTINGS
) -> Leaderboard:
    """Find the logs, read them and build the leaderboard.

    Args:
        locations: Log directories, log files or S3 prefixes.
        settings: How intervals are computed.

    Raises:
        LogReadError: If logs cannot be found or read, pooling is refused, or no log
            scored a sample.
    """
    log_files = find_log_files(locations)
    headers = read_headers(log_files)
    evals = eval_infos(headers)
    return build_leaderboard(evals, sample_values(log_files), settings)


def eval_infos(headers: Sequence[EvalLog]) -> list[EvalInfo]:
    """Each log's model, protocol and reported scorer, through `inspect_ai.analysis.evals_df`.

    Args:
        headers: Log headers.
    """
    table = evals_df(list(headers), quiet=True)
    by_id = {header.eval.eval_id: header for header in headers}
    infos = []
    for record in table.to_dict("records"):
        row = {str(column): value for column, value in record.items()}
        header = by_id[str(row["eval_id"])]
        scorer, keys = _scorer_keys(header, row)
        headline = row.get("score_headline_score")
        if not isinstance(headline, str) and header.eval.headline_metric is not None:
            headline = header.eval.headline_metric.score
        info = EvalInfo(
            log=str(row["log"]),
            eval_id=str(row["eval_id"]),
            model=str(row["model"]),
            protocol=protocol_of(row),
            scorer=scorer,
            headline=str(headline) if isinstance(headline, str) else (keys or ("",))[0],
            keys=keys,
            status=str(row["status"]),
            task_id=header.eval.task_id,
            created=header.eval.created,
            dataset_samples=header.eval.dataset.samples,
        )
        infos += [info, *appended_scorings(header, info)]
    return infos


def appended_scorings(header: EvalLog, info: EvalInfo) -> list[EvalInfo]:
    """One more eval per scoring ``inspect score --action append`` added to the log.

    Inspect names an appended scoring after its scorer with a number (``locomo_scorer1``);
    its protocol is the eval's with ``scoring`` set to that name and the ``grader`` role
    set to the model that judged it (from its first scored sample's ``judge_model``).

    Args:
        header: The log's header.
        info: The eval as its own scorer reported it.
    """
    scores = header.results.scores if header.results else []
    appended = re.compile(re.escape(info.scorer) + r"\d+")
    names = [name for name in dict.fromkeys(s.scorer for s in scores) if appended.fullmatch(name)]
    if not names:
        return []
    graders = _scoring_graders(header.location, names)
    infos = []
    for name in names:
        named = [score.name for score in scores if score.scorer == name]
        keys = tuple(dict.fromkeys(key for key in named if key != name or len(named) == 1))
        protocol = info.protocol.with_field(SCORING_FIELD, name)
        roles = protocol.value("model_roles")
        if graders.get(name) is not None:
            roles = {**(roles if isinstance(roles, dict) else {}), GRADER_ROLE: graders[name]}
            protocol = protocol.with_field("model_roles", roles)
        infos.append(replace(info, scorer=name, keys=keys or info.keys, protocol=protocol))
    return infos


def _scoring_graders(log: str, scorers: Sequence[str]) -> dict[str, str | None]:
    """Each scoring's ``judge_model``, from the first sample summary that records it."""
    graders: dict[str, str | None] = dict.fromkeys(scorers)
    for summary in read_eval_log_sample_summaries(log):
        for name in scorers:
            score = (summary.scores or {}).get(name)
            judge = (score.metadata or {}).get("judge_model") if score is not None else None
            if graders[name] is None and isinstance(judge, str):
                graders[name] = judge
        if all(graders.values()):
            break
    return graders


def build_leaderboard(
    evals: Sequence[EvalInfo],
    samples: pd.DataFrame,
    settings: IntervalSettings = DEFAULT_SETTINGS,
) -> Leaderboard:
    """Pool the logs of each (model, protocol) and estimate every score key.

    Args:
        evals: The evals.
        samples: Their samples (`sample_scores.sample_values`).
        settings: How intervals are computed.

    Raises:
        PoolingRefused: If two logs of one model and protocol (not a run and its retry)
            scored the same sample id.
        NothingScored: If there are logs but none scored a sample.
    """
    by_eval = {eval_id: rows for eval_id, rows in samples.groupby("eval_id", sort=False)}
    evals = [_completed(info, by_eval.get(info.eval_id, _EMPTY)) for info in evals]
    empty = [info for info in evals if not _scored_any(info, by_eval.get(info.eval_id, _EMPTY))]
    if evals and len(empty) == len(evals):
        raise NothingScored(
            f"no log scored a sample: {_empty_logs(empty)}; run with --limit 1 or more, or "
            "let a run finish its first sample"
        )
    groups: dict[tuple[str, Protocol], list[EvalInfo]] = defaultdict(list)
    empty_ids = {info.eval_id for info in empty}
    for info in evals:
        if info.eval_id not in empty_ids:
            groups[(info.model, info.protocol)].append(info)
    varying = {
        task: differing_fields(protocol for (_, protocol) in groups if protocol.task == task)
        for task in {protocol.task for (_, protocol) in groups}
    }
    rows = []
    for (model, protocol), infos in groups.items():
        infos = sorted(infos, key=lambda info: info.created)
        frames = _counted_rows(infos, [by_eval.get(info.eval_id, _EMPTY) for info in infos])
        _refuse_overlaps(model, protocol, infos, frames)
        rows.append(_row(model, protocol, infos, frames, varying[protocol.task], settings))
    rows.sort(key=_sort_key)
    return Leaderboard(rows=rows, notes=_notes(rows, evals, empty), settings=settings)


_EMPTY = pd.DataFrame(
    columns=[
        "eval_id",
        "log",
        "id",
        "epoch",
        "values",
        "tokens",
        "cost",
        "figures",
        "roles",
        "operations",
    ]
)


def _scorer_keys(header: EvalLog, row: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The headline metric's scorer and its score keys, in the scorer's metric order.

    A log without results (an eval still running, or killed) falls back to the headline its
    task declares; its keys then come from its samples (`_completed`).
    """
    scores = header.results.scores if header.results else []
    scorer = row.get("score_headline_name")
    if not isinstance(scorer, str) and scores:
        scorer = scores[0].scorer
    if not isinstance(scorer, str) and header.eval.headline_metric is not None:
        scorer = header.eval.headline_metric.scorer
    named = [score.name for score in scores if score.scorer == scorer]
    # a dict-valued scorer's own name carries its `memory_cost` metrics, not a score key
    keys = [name for name in named if name != scorer or len(named) == 1]
    return str(scorer or ""), tuple(dict.fromkeys(keys))


def _completed(info: EvalInfo, frame: pd.DataFrame) -> EvalInfo:
    """The eval, with scorer, keys and headline from its samples where its header lacks them.

    A scorer declares metrics for its summary keys only (`scoring.metrics`), so the keys
    come from its samples' scores, in their order (the scorer's), then any only the header has.
    """
    for values in frame["values"]:
        scorer = info.scorer or next(iter(values), "")
        value = values.get(scorer)
        if value:
            keys = tuple(dict.fromkeys((*value, *info.keys)))
            headline = info.headline if info.headline in keys else keys[0]
            return replace(info, scorer=scorer, keys=keys, headline=headline)
    return info


def _counted_rows(infos: Sequence[EvalInfo], frames: Sequence[pd.DataFrame]) -> list[pd.DataFrame]:
    """Each log's rows, without the copies a retry holds of samples an earlier run scored.

    Args:
        infos: The logs of one model and protocol, earliest first.
        frames: Their sample rows.
    """
    scored_by_task: set[tuple[str, str, int]] = set()
    counted = []
    for info, frame in zip(infos, frames, strict=True):
        keep = []
        for record in frame.to_dict("records"):
            key = (info.task_id, str(record["id"]), int(record["epoch"]))
            scored = _scored(info, record)
            keep.append(not (scored and info.task_id and key in scored_by_task))
            if scored:
                scored_by_task.add(key)
        counted.append(frame[keep] if len(frame) else frame)
    return counted


def _scored(info: EvalInfo, record: Mapping[Any, Any]) -> bool:
    """Whether a sample row holds a value of the log's reported scorer."""
    return record["values"].get(info.scorer) is not None


def _scored_any(info: EvalInfo, frame: pd.DataFrame) -> bool:
    """Whether the log scored at least one sample."""
    return any(_scored(info, record) for record in frame.to_dict("records"))


def _empty_logs(empty: Sequence[EvalInfo]) -> str:
    """The logs that scored nothing, by file name: ``a.eval (status success)``."""
    shown = ", ".join(f"{info.log.rpartition('/')[2]} (status {info.status})" for info in empty[:3])
    return shown + (f" and {len(empty) - 3} more" if len(empty) > 3 else "")


def _refuse_overlaps(
    model: str, protocol: Protocol, infos: Sequence[EvalInfo], frames: Sequence[pd.DataFrame]
) -> None:
    seen: dict[str, str] = {}
    for info, frame in zip(infos, frames, strict=True):
        ids = {str(record["id"]) for record in frame.to_dict("records") if _scored(info, record)}
        clashes = sorted(sample_id for sample_id in ids if sample_id in seen)
        if clashes:
            other = seen[clashes[0]]
            shown = ", ".join(clashes[:SHOWN_OVERLAPS])
            more = (
                f" and {len(clashes) - SHOWN_OVERLAPS} more"
                if len(clashes) > SHOWN_OVERLAPS
                else ""
            )
            raise PoolingRefused(
                f"{model} on {protocol.task} ({protocol.label()}): {other} and {info.log} "
                f"both hold samples {shown}{more}; they would count twice, so pass only one "
                "of them (logs of one model and protocol are pooled only if their samples differ)"
            )
        seen.update((sample_id, info.log) for sample_id in ids)


def _row(
    model: str,
    protocol: Protocol,
    infos: Sequence[EvalInfo],
    frames: Sequence[pd.DataFrame],
    varying: Sequence[str],
    settings: IntervalSettings,
) -> LeaderboardRow:
    first = infos[0]
    keys = tuple(dict.fromkeys(key for info in infos for key in info.keys))
    per_sample: dict[str, list[dict[str, float | None]]] = defaultdict(list)
    figures: dict[str, list[dict[str, float | None]]] = defaultdict(list)
    operations: dict[str, list[dict[str, float | None]]] = defaultdict(list)
    roles: dict[str, dict[str, float | None]] = {}
    tokens: list[int] = []
    costs: list[float] = []
    counted: set[tuple[str, str, int]] = set()
    seeds: dict[str, int | None] = {}
    score_notes: dict[str, str] = {}
    for info, frame in zip(infos, frames, strict=True):
        for record in frame.to_dict("records"):
            value = record["values"].get(info.scorer)
            if value is not None:
                seeds[str(record["id"])] = record.get("seed")
                score_notes.update(record.get("score_notes") or {})
                per_sample[str(record["id"])].append(value)
                figures[str(record["id"])].append(record.get("figures") or {})
                operations[str(record["id"])].append(record.get("operations") or {})
                counted.add((info.eval_id, str(record["id"]), int(record["epoch"])))
            _add_roles(roles, record.get("roles") or {})
            if _known(record["tokens"]):
                tokens.append(int(record["tokens"]))
            if _known(record["cost"]):
                costs.append(float(record["cost"]))
    scores = {key: estimate(_epoch_means(per_sample, key)) for key in keys}
    ran = _samples_ran(seeds, infos)
    headline_values = _epoch_means(per_sample, first.headline)
    return LeaderboardRow(
        model=model,
        task=protocol.task,
        protocol=protocol,
        label=protocol.label(varying, ran=ran),
        headline=first.headline,
        keys=keys,
        samples=len(per_sample),
        scores=scores,
        tokens=sum(tokens) if tokens else None,
        cost=sum(costs) if costs else None,
        logs=tuple(info.log for info in infos),
        eval_ids=tuple(info.eval_id for info in infos),
        scorer=first.scorer,
        headline_by_sample=dict(zip(per_sample, headline_values, strict=True)),
        isolated_by_sample=dict(
            zip(
                per_sample,
                zip(
                    _epoch_means(per_sample, NO_MEMORY),
                    _epoch_means(per_sample, MEMORY_DELTA),
                    _epoch_means(per_sample, NO_MEMORY_RAW),
                    strict=True,
                ),
                strict=True,
            )
        ),
        costs={
            key: estimate(_epoch_means(figures, key))
            for key in SAMPLE_COST_KEYS
            if any(key in value for values in figures.values() for value in values)
        },
        roles=roles,
        operations=_operation_estimates(operations),
        counted=frozenset(counted),
        ran=ran,
        score_notes=tuple(score_notes.items()),
        intervals=_intervals(per_sample, first.headline, headline_values, keys, settings),
        pass_k=pass_hat_k(
            [_epoch_values(values, first.headline) for values in per_sample.values()],
            settings.confidence,
        ),
    )


def _intervals(
    per_sample: dict[str, list[dict[str, float | None]]],
    headline: str,
    headline_values: list[float],
    keys: Sequence[str],
    settings: IntervalSettings,
) -> dict[str, Interval]:
    """The headline's interval and every memory delta's paired one, by key."""
    intervals = {headline: mean_interval(headline_values, settings)}
    for key in keys:
        if is_delta_key(key):
            differences = _epoch_means(per_sample, key)
            intervals[key] = bootstrap_interval(differences, settings, PAIRED_BOOTSTRAP)
    return intervals


def _epoch_values(values: list[dict[str, float | None]], key: str) -> list[float]:
    """One sample's value of a key in each of its epochs (NaN where missing)."""
    numbers = [value.get(key) for value in values]
    return [math.nan if number is None else float(number) for number in numbers]


def _samples_ran(seeds: Mapping[str, int | None], infos: Sequence[EvalInfo]) -> SamplesRan:
    """The seeds of the scored samples (if every one records its seed) and how many ran."""
    known = [seed for seed in seeds.values() if seed is not None]
    sizes = [info.dataset_samples for info in infos if info.dataset_samples]
    return SamplesRan(
        seeds=tuple(sorted(set(known))) if known and len(known) == len(seeds) else None,
        samples=len(seeds),
        dataset_samples=max(sizes) if sizes else None,
    )


def _add_roles(
    totals: dict[str, dict[str, float | None]], sample: dict[str, dict[str, float | None]]
) -> None:
    """Add one sample's tokens and cost per role to the row's totals, in place."""
    for role, usage in sample.items():
        total = totals.setdefault(role, {"tokens": 0, "cost": None})
        total["tokens"] = (total["tokens"] or 0) + (usage.get("tokens") or 0)
        cost = usage.get("cost")
        if cost is not None:
            total["cost"] = (total["cost"] or 0.0) + cost


def _known(value: Any) -> bool:
    return value is not None and not (isinstance(value, float) and math.isnan(value))


def _operation_estimates(
    per_sample: dict[str, list[dict[str, float | None]]],
) -> dict[str, Estimate]:
    """The per-operation memory scores some sample defines, each estimated over samples."""
    return {
        key: estimate(_epoch_means(per_sample, key))
        for key in OPERATION_KEYS
        if any(value.get(key) is not None for values in per_sample.values() for value in values)
    }


def _epoch_means(per_sample: dict[str, list[dict[str, float | None]]], key: str) -> list[float]:
    """Each sample's value of one key, averaged over its epochs (NaN where missing)."""
    means = []
    for values in per_sample.values():
        numbers = [value.get(key) for value in values]
        known = [
            float(number) for number in numbers if number is not None and not math.isnan(number)
        ]
        means.append(fmean(known) if known else math.nan)
    return means


def estimate(values: list[float]) -> Estimate:
    """Inspect's ``mean()`` and ``stderr()`` (sample standard deviation / sqrt(n)).

    NaN values (samples not scored on the key) are left out, as Inspect leaves them out.

    Args:
        values: One value per sample.
    """
    values = [value for value in values if not math.isnan(value)]
    if not values:
        return Estimate(math.nan, math.nan)
    mean = fmean(values)
    if len(values) < 2 or math.isnan(mean):
        return Estimate(mean, 0.0 if not math.isnan(mean) else math.nan)
    return Estimate(mean, stdev(values) / math.sqrt(len(values)))


def _sort_key(row: LeaderboardRow) -> tuple[str, str, float, str]:
    headline = row.scores.get(row.headline)
    value = headline.mean if headline and not math.isnan(headline.mean) else -math.inf
    return (row.task, row.label, -value, row.model)


def _notes(
    rows: Sequence[LeaderboardRow], evals: Sequence[EvalInfo], empty: Sequence[EvalInfo]
) -> list[str]:
    notes = []
    by_model_task: dict[tuple[str, str], list[LeaderboardRow]] = defaultdict(list)
    for row in rows:
        by_model_task[(row.model, row.task)].append(row)
    for (model, task), chosen in by_model_task.items():
        if len(chosen) > 1:
            fields = differing_fields(row.protocol for row in chosen)
            described = "; ".join(
                f"{name}: " + " vs ".join(_shown(name, row.protocol.value(name)) for row in chosen)
                for name in fields
            )
            notes.append(
                f"{model} on {task} was run under {len(chosen)} protocols, shown as separate "
                f"rows and not pooled; they differ in {described}."
            )
    for task in dict.fromkeys(row.task for row in rows):
        protocols = list(dict.fromkeys(row.protocol for row in rows if row.task == task))
        if len(protocols) > 1:
            notes.append(
                f"{task}: {len(protocols)} protocols in these logs, differing in "
                f"{', '.join(differing_fields(protocols))}."
            )
    shown = dict.fromkeys((row.task, key, note) for row in rows for key, note in row.score_notes)
    for task, key, note in shown:
        notes.append(f"{task} {key}: {note}.")
    empty_ids = {info.eval_id for info in empty}
    for info in evals:
        if info.eval_id in empty_ids:
            notes.append(
                f"{info.log} scored no samples (status {info.status}; --limit 0, or stopped "
                "before its first sample): it makes no row."
            )
        elif info.status != "success":
            notes.append(f"{info.log} has status {info.status}: only its scored samples count.")
    return notes


def _shown(name: str, value: Any) -> str:
    """A field's value alone: ``0–9``, ``10 templates``, ``lite``, ``none``."""
    if value is None:
        return "none"
    if name == "seeds" and isinstance(value, list) and value:
        return describe_field(name, value).split(" ", 1)[1]
    if name in ("templates", "version"):
        return describe_field(name, value)
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)
