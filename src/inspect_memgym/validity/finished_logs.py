"""A validity grid's finished eval logs, found in a (shared) log dir.

Every validity eval carries in its log's metadata (`VALIDATE_METADATA`) the grid it belongs
to (`grid_key`: a digest of the options that decide its samples) and the eval it is (its
label, e.g. ``perfect`` or ``perfect (rerun)``). `finished_logs` finds, for each label, the
newest log of that grid, a successful one when there is one, so ``validate --merge`` reads
what the shards wrote, whichever process or machine wrote it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log

VALIDATE_METADATA = "memgym_validate"
"""The key of the eval metadata naming a validity eval's grid and label."""
RERUN_SUFFIX = " (rerun)"
"""Appended to a run's label for its determinism rerun."""


def grid_key(task: str, seeds: Sequence[int] | None, **choices: str | None) -> str:
    """A digest of what decides a grid's samples (the same on every machine).

    Args:
        task: The task validated.
        seeds: The grid's seeds (None: the suite's own).
        **choices: Other options that change the samples (tier, templates...).
    """
    fields = {"task": task, "seeds": None if seeds is None else list(seeds), **choices}
    text = json.dumps(fields, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def eval_label(run: str, rerun: bool) -> str:
    """The label of a run's eval, or of its rerun.

    Args:
        run: The run (or policy) name.
        rerun: Whether it is the determinism rerun.
    """
    return run + (RERUN_SUFFIX if rerun else "")


def eval_metadata(grid: str, label: str) -> dict[str, Any]:
    """The eval metadata that lets a merge find this eval's log.

    Args:
        grid: The grid's key.
        label: The eval's label.
    """
    return {VALIDATE_METADATA: {"grid": grid, "label": label}}


def finished_logs(log_dir: str, grid: str, labels: Sequence[str]) -> dict[str, str]:
    """Where each eval's log is: the newest of the grid's logs per label, successes first.

    Args:
        log_dir: The shared log dir.
        grid: The grid's key.
        labels: Every eval the merge needs.

    Raises:
        ValueError: If an eval has no log (in one line, naming what is missing).
    """
    newest: dict[str, tuple[bool, str, str]] = {}
    for info in list_eval_logs(log_dir):
        header = read_eval_log(info, header_only=True)
        tag = (header.eval.metadata or {}).get(VALIDATE_METADATA)
        if not isinstance(tag, dict) or tag.get("grid") != grid:
            continue
        label = str(tag.get("label"))
        rank = (header.status == "success", header.eval.created, info.name)
        if label not in newest or rank > newest[label]:
            newest[label] = rank
    missing = [label for label in labels if label not in newest]
    if missing:
        raise ValueError(
            f"{len(missing)} of {len(labels)} evals have no log of this grid in {log_dir} "
            f"(has every shard finished, with the same options?): {', '.join(missing)}"
        )
    return {label: newest[label][2] for label in labels}


def read_summary(location: str, skips: Sequence[str]) -> EvalLog:
    """A log without the fields a summary does not read.

    Args:
        location: The log's location.
        skips: Sample fields to leave out.
    """
    return read_eval_log(location, exclude_fields=set(skips))
