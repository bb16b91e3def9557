"""Seeds and name lists from task arguments (``-T seeds=3``, ``-T seeds=[3,7]``, ``-T seed=5``).

Inspect passes ``-T`` values parsed as YAML, so a value may arrive as an int, a list or a
string; every malformed value is refused with one line that says what was expected.
"""

from __future__ import annotations

from collections.abc import Sequence

MAXIMUM_SEEDS = 10_000
"""Most seeds one task runs: a larger count is refused before any sample is built."""

_TOO_MANY_SEEDS = f"seeds must be a count from 1 to {MAXIMUM_SEEDS:,} or a list of at most "


def _as_seed(value: object, argument: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{argument} must be non-negative integers, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError(f"{argument} must be non-negative integers, got {value!r}")


def resolve_seeds(seeds: int | str | Sequence[int], seed: int | None) -> list[int]:
    """Seeds from task arguments: ``seed`` alone, else ``range(seeds)`` or the given list.

    Args:
        seeds: A count (seeds 0..n-1), explicit seeds, or either written as text
            (``"3"``, ``"3,7"``, ``"[3, 7]"``).
        seed: A single seed; overrides ``seeds``.

    Returns:
        The seeds, in the order given.

    Raises:
        ValueError: For a non-positive count, more than `MAXIMUM_SEEDS` seeds, a negative or
            repeated seed, or anything not a seed.
    """
    if seed is not None:
        chosen = [_as_seed(seed, "seed")]
    elif isinstance(seeds, str):
        parts = [part.strip() for part in seeds.strip().strip("[]").split(",") if part.strip()]
        if len(parts) == 1 and "," not in seeds and "[" not in seeds:
            return resolve_seeds(_as_seed(parts[0], "seeds"), None)
        chosen = [_as_seed(part, "seeds") for part in parts]
    elif isinstance(seeds, bool) or not isinstance(seeds, int | Sequence):
        raise ValueError(f"seeds must be a positive count or a list of seeds, got {seeds!r}")
    elif isinstance(seeds, int):
        if seeds < 1:
            raise ValueError(f"seeds must be a positive count or a list of seeds, got {seeds}")
        if seeds > MAXIMUM_SEEDS:
            raise ValueError(f"{_TOO_MANY_SEEDS}{MAXIMUM_SEEDS:,} seeds, got {seeds:,}")
        chosen = list(range(seeds))
    else:
        chosen = [_as_seed(value, "seeds") for value in seeds]
    if len(chosen) > MAXIMUM_SEEDS:
        raise ValueError(f"{_TOO_MANY_SEEDS}{MAXIMUM_SEEDS:,} seeds, got {len(chosen):,} seeds")
    if not chosen or any(value < 0 for value in chosen):
        raise ValueError(f"seeds must be non-negative integers, got {chosen}")
    _refuse_repeats(chosen, "seeds", "seed")
    return chosen


def _refuse_repeats(chosen: Sequence[object], argument: str, kind: str) -> None:
    """Refuse a selection naming one value twice (its samples would share their ids)."""
    seen: set[object] = set()
    for value in chosen:
        if value in seen:
            raise ValueError(f"{argument} names the {kind} {value!r} twice; give each once")
        seen.add(value)


def resolve_names(
    names: str | Sequence[str] | None,
    valid: Sequence[str],
    kind: str,
    argument: str | None = None,
) -> list[str]:
    """Names from a task argument: None (all), a comma list or a sequence.

    Args:
        names: The argument.
        valid: Every valid name, in display order (the default selection).
        kind: What a name is, for messages (e.g. ``"template"``).
        argument: The task argument, for messages (default: ``kind`` + ``s``).

    Returns:
        The chosen names, in the order given.

    Raises:
        ValueError: For an unknown name, a name given twice or an empty selection.
    """
    if names is None:
        return list(valid)
    if isinstance(names, str):
        chosen = [part.strip() for part in names.split(",")]
    elif isinstance(names, (list, tuple)):
        chosen = [str(name).strip() for name in names]
    else:
        raise ValueError(
            f"unknown {kind} {names!r}; choose one of: {', '.join(valid)} (or a comma list)"
        )
    chosen = [name for name in chosen if name]
    if not chosen:
        raise ValueError(f"{kind}s must name at least one {kind}")
    for name in chosen:
        if name not in valid:
            raise ValueError(f"unknown {kind} {name!r}; choose one of: {', '.join(valid)}")
    _refuse_repeats(chosen, argument or f"{kind}s", kind)
    return chosen
