"""What became of a real model's tool calls, read from its logs.

    python benchmarks/real_model_table.py LOG_DIR [LOG_DIR...]

For every log in the folders (one row each, named by its folder): the model turns that
offered tools, the tool calls made through the API, the calls parsed from text by the
opt-in ``text-tool-calls`` provider, the calls written as text that reached no tool, the
calls the tools accepted and refused, copies of a call in one reply that were not run
again, the loops ended on a repeated call, the writes that repeated one of the reply before
verbatim, and the
task's headline with its no-memory answer and the memory delta. Read from each sample's
events, so logs made before the shared tool loop counted anything read the same way.
Prints Markdown.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from statistics import fmean

from inspect_ai.event import InfoEvent, ModelEvent, ToolEvent
from inspect_ai.log import EvalLog, EvalSample, list_eval_logs, read_eval_log

from inspect_memgym.tool_use.counts import REPEATED_CALL, REPEATED_WRITE, ToolUse
from inspect_memgym.tool_use.loop import PARSED_TEXT_CALLS_KEY
from inspect_memgym.tool_use.text_calls import tool_signature, written_calls

COLUMNS = (
    "turns with tools",
    "native calls",
    "parsed from text",
    "written as text",
    "accepted",
    "refused",
    "copies not run",
    "repeated calls",
    "repeated writes",
)


def tool_counts(sample: EvalSample) -> dict[str, int]:
    """A sample's tool calls by what became of them (the keys of `COLUMNS`).

    Args:
        sample: A sample with its events.
    """
    counts = dict.fromkeys(COLUMNS, 0)
    for event in sample.events:
        if isinstance(event, ModelEvent) and event.tools:
            counts["turns with tools"] += 1
            message = event.output.message
            if message.tool_calls:
                counts["native calls"] += len(message.tool_calls)
                parsed = (event.output.metadata or {}).get(PARSED_TEXT_CALLS_KEY, 0)
                counts["parsed from text"] += parsed if isinstance(parsed, int) else 0
            else:
                offered = [tool_signature(tool) for tool in event.tools]
                counts["written as text"] += written_calls(message.text, offered)
        elif isinstance(event, ToolEvent):
            counts["refused" if event.error is not None else "accepted"] += 1
        elif isinstance(event, InfoEvent) and event.source == REPEATED_CALL:
            counts["repeated calls"] += 1
        elif isinstance(event, InfoEvent) and event.source == REPEATED_WRITE:
            counts["repeated writes"] += _repeated(event.data)
    counts["copies not run"] = int(sample.store.get(f"{ToolUse.__name__}:duplicate_calls", 0))
    return counts


def _repeated(data: object) -> int:
    """The writes a ``repeated_write`` event names."""
    calls = data.get("calls") if isinstance(data, dict) else None
    return len(calls) if isinstance(calls, list) else 1


def _mean(log: EvalLog, key: str) -> float:
    values = []
    for sample in log.samples or []:
        for score in (sample.scores or {}).values():
            if isinstance(score.value, dict) and isinstance(score.value.get(key), int | float):
                values.append(float(score.value[key]))
    present = [value for value in values if not math.isnan(value)]
    return fmean(present) if present else math.nan


def row(name: str, log: EvalLog) -> str:
    """One log's Markdown row.

    Args:
        name: The run's name.
        log: The log, with samples.
    """
    totals = dict.fromkeys(COLUMNS, 0)
    for sample in log.samples or []:
        for column, count in tool_counts(sample).items():
            totals[column] += count
    headline = log.eval.headline_metric.score if log.eval.headline_metric else ""
    scores = [_mean(log, key) for key in (headline, "no_memory", "memory_delta")]
    errors = sum(sample.error is not None for sample in log.samples or [])
    cells = [
        name,
        log.eval.task.split("/")[-1],
        *(str(totals[column]) for column in COLUMNS),
        f"{headline} " + " / ".join(f"{value:.3f}" for value in scores),
        str(errors),
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    """Print the table for the logs in the given folders."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("log_dirs", nargs="+", help="folders of logs (one run each)")
    args = parser.parse_args()
    header = ["run", "task", *COLUMNS, "headline / no_memory / Δ", "errors"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for folder in args.log_dirs:
        for info in list_eval_logs(folder):
            print(row(Path(folder).name, read_eval_log(info, resolve_attachments=True)))


if __name__ == "__main__":
    main()
