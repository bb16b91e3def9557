"""Confidence intervals of the leaderboard and compare: Wilson, paired bootstrap, pass^k.

Every interval is over samples (a sample's epochs are averaged first, as the leaderboard's
means are), at `CONFIDENCE` unless the command asks for another level:

- **A headline every sample scores 0 or 1** (decided from the values): the Wilson score
  interval of the share of samples scoring 1 (`wilson_interval`).
- **Any other headline**: the percentile bootstrap of the mean over samples
  (`bootstrap_interval`).
- **A memory delta** (``memory_delta`` and its per-axis and unfloored variants, measured in
  each sample, or the difference of two runs matched by sample id): the paired percentile
  bootstrap. Samples are resampled with replacement, each carrying its own pair (the
  answers with memory and without, or the two runs' headlines), so the mean of the
  resampled per-sample differences is the statistic.
- **pass^k** (a run with k > 1 epochs): the share of samples whose k epochs all pass, with
  its Wilson interval. An epoch passes when its headline reaches the headline's maximum, 1
  (every task's headline is on a 0-1 scale with 1 for every question right): Inspect's own
  `pass_k` reducer at ``value=1.0`` decides each sample.

The bootstrap is seeded: `BOOTSTRAP_RESAMPLES` resamples drawn by numpy's PCG64 generator
from `BOOTSTRAP_SEED` afresh for every interval, so an interval depends only on its values
and the settings, never on the order rows are built in. A bootstrap needs at least
`MINIMUM_BOOTSTRAP_SAMPLES` samples; with fewer the interval is missing. With few samples
(under about 20) percentile intervals are too narrow: read them as a lower bound on the
uncertainty.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

from inspect_ai.scorer import Score, pass_k

if TYPE_CHECKING:
    import numpy as np

CONFIDENCE = 0.95
"""The default confidence level of every interval."""
BOOTSTRAP_RESAMPLES = 10_000
"""The default number of bootstrap resamples."""
BOOTSTRAP_SEED = 0
"""The default seed of the bootstrap's random generator."""
MINIMUM_BOOTSTRAP_SAMPLES = 2
"""Fewer samples than this give no bootstrap interval."""
PASS_VALUE = 1.0
"""An epoch passes when its headline reaches this: the maximum of every task's headline."""
RESAMPLED_CELLS_PER_CHUNK = 2_000_000
"""Resampled indices drawn at once (bounds a bootstrap's memory: 8 MB); a bootstrap that
fits in one block keeps its block for the next key of the same samples."""

NO_BOUNDS = "–"
"""What an interval without bounds shows in a table."""

WILSON = "wilson"
BOOTSTRAP = "bootstrap"
PAIRED_BOOTSTRAP = "paired bootstrap"


@dataclass(frozen=True)
class IntervalSettings:
    """How intervals are computed.

    Attributes:
        confidence: Confidence level, between 0 and 1.
        resamples: Bootstrap resamples.
        seed: Seed of the bootstrap's random generator.
    """

    confidence: float = CONFIDENCE
    resamples: int = BOOTSTRAP_RESAMPLES
    seed: int = BOOTSTRAP_SEED

    def __post_init__(self) -> None:
        """Refuse a level outside (0, 1) or fewer than one resample."""
        if not 0.0 < self.confidence < 1.0:
            raise ValueError(f"confidence must be between 0 and 1, not {self.confidence}")
        if self.resamples < 1:
            raise ValueError(f"resamples must be at least 1, not {self.resamples}")

    @property
    def percent(self) -> str:
        """The level as people write it: ``95%``, ``99.5%``."""
        return f"{self.confidence * 100:g}%"

    def describe(self) -> str:
        """One sentence naming every method and setting, for the outputs' notes."""
        return (
            f"{self.percent} intervals over samples: a headline every sample scores 0 or 1 "
            f"has the Wilson interval, any other headline the percentile bootstrap; every "
            f"memory delta (memory_delta*, paired Δ) the paired percentile bootstrap "
            f"(samples resampled with their pairs; {self.resamples:,} resamples, seed "
            f"{self.seed}); pass^k is the share of samples whose k epochs all reach the "
            f"headline's maximum {PASS_VALUE:g}, with its Wilson interval."
        )


DEFAULT_SETTINGS = IntervalSettings()
"""95%, `BOOTSTRAP_RESAMPLES` resamples, `BOOTSTRAP_SEED`."""


@dataclass(frozen=True)
class Interval:
    """A confidence interval.

    Attributes:
        low: Lower bound (NaN when there is none).
        high: Upper bound (NaN when there is none).
        method: `WILSON`, `BOOTSTRAP` or `PAIRED_BOOTSTRAP`.
        confidence: Its level.
    """

    low: float
    high: float
    method: str
    confidence: float

    @property
    def missing(self) -> bool:
        """Whether there is no interval (too few samples)."""
        return math.isnan(self.low) or math.isnan(self.high)


@dataclass(frozen=True)
class PassK:
    """The share of samples whose k epochs all pass.

    Attributes:
        k: Epochs per sample.
        samples: Samples with k scored epochs (the others are left out).
        passed: Of those, samples whose every epoch passed.
        interval: Wilson interval of ``passed / samples``.
    """

    k: int
    samples: int
    passed: int
    interval: Interval

    @property
    def value(self) -> float:
        """``passed / samples`` (NaN without samples)."""
        return self.passed / self.samples if self.samples else math.nan


def is_binary(values: Sequence[float]) -> bool:
    """Whether there are values and every one is 0 or 1.

    Args:
        values: One value per sample (NaN ones are left out).
    """
    known = _known(values)
    return bool(known) and all(value in (0.0, 1.0) for value in known)


def wilson_interval(successes: int, trials: int, confidence: float = CONFIDENCE) -> Interval:
    """The Wilson score interval of a proportion.

    Args:
        successes: Trials that succeeded.
        trials: Trials (no interval for none).
        confidence: Confidence level.
    """
    if trials < 1:
        return Interval(math.nan, math.nan, WILSON, confidence)
    z = NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)
    share = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    half /= denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(low, high, WILSON, confidence)


def bootstrap_interval(
    values: Sequence[float],
    settings: IntervalSettings = DEFAULT_SETTINGS,
    method: str = BOOTSTRAP,
) -> Interval:
    """The percentile bootstrap interval of the mean, resampling the values with replacement.

    For a paired interval pass one difference per sample (``method=PAIRED_BOOTSTRAP``):
    resampling the differences resamples the pairs.

    Args:
        values: One value per sample (NaN ones are left out).
        settings: Level, resamples and seed.
        method: The name recorded on the interval.
    """
    import numpy as np  # imported here: the command line reads this module's defaults

    known = np.asarray(_known(values), dtype=float)
    if len(known) < MINIMUM_BOOTSTRAP_SAMPLES:
        return Interval(math.nan, math.nan, method, settings.confidence)
    means = np.concatenate(
        [known[indices].mean(axis=1) for indices in _resamples(len(known), settings)]
    )
    tail = (1.0 - settings.confidence) / 2.0
    low, high = np.quantile(means, [tail, 1.0 - tail])
    return Interval(float(low), float(high), method, settings.confidence)


def mean_interval(
    values: Sequence[float], settings: IntervalSettings = DEFAULT_SETTINGS
) -> Interval:
    """A headline's interval: Wilson if every sample scores 0 or 1, else the bootstrap.

    Args:
        values: One value per sample (NaN ones are left out).
        settings: Level, resamples and seed.
    """
    if is_binary(values):
        known = _known(values)
        return wilson_interval(int(sum(known)), len(known), settings.confidence)
    return bootstrap_interval(values, settings)


def pass_hat_k(
    epochs_by_sample: Sequence[Sequence[float]], confidence: float = CONFIDENCE
) -> PassK | None:
    """pass^k with k the most epochs any sample has, over the samples with k scored epochs.

    Args:
        epochs_by_sample: Each sample's headline per epoch (NaN where not scored).
        confidence: Level of the Wilson interval.

    Returns:
        None when no sample has more than one epoch.
    """
    k = max((len(epochs) for epochs in epochs_by_sample), default=0)
    if k < 2:
        return None
    reduce = pass_k(k, value=PASS_VALUE)
    outcomes = []
    for epochs in epochs_by_sample:
        if len(_known(epochs)) == k:
            outcome = reduce([Score(value=value) for value in epochs]).as_float()
            outcomes.append(outcome == 1.0)
    passed = sum(outcomes)
    return PassK(k, len(outcomes), passed, wilson_interval(passed, len(outcomes), confidence))


def interval_text(mean: float, interval: Interval | None, signed: bool = False) -> str:
    """``0.584 [0.53, 0.63]``; signed ``+0.567 [+0.51, +0.62]``; ``[–]`` without bounds.

    Args:
        mean: The mean.
        interval: Its interval (None or missing bounds: ``[–]``).
        signed: Show the sign of every figure (a difference).
    """
    sign = "+" if signed else ""
    if interval is None or interval.missing:
        return f"{mean:{sign}.3f} [{NO_BOUNDS}]"
    return f"{mean:{sign}.3f} [{interval.low:{sign}.2f}, {interval.high:{sign}.2f}]"


def _resamples(samples: int, settings: IntervalSettings) -> Iterator[np.ndarray]:
    """The resampled indices, a block of rows at a time (the same for the same arguments).

    Every key of a leaderboard row resamples the same samples, so small index blocks are
    kept (`_cached_resamples`) rather than drawn again.
    """
    import numpy as np

    if samples * settings.resamples <= RESAMPLED_CELLS_PER_CHUNK:
        yield _cached_resamples(samples, settings.resamples, settings.seed)
        return
    generator = np.random.default_rng(settings.seed)
    rows = max(1, RESAMPLED_CELLS_PER_CHUNK // samples)
    for start in range(0, settings.resamples, rows):
        size = min(rows, settings.resamples - start)
        yield generator.integers(0, samples, size=(size, samples), dtype=np.int32)


@functools.lru_cache(maxsize=4)
def _cached_resamples(samples: int, resamples: int, seed: int) -> np.ndarray:
    import numpy as np

    generator = np.random.default_rng(seed)
    indices = generator.integers(0, samples, size=(resamples, samples), dtype=np.int32)
    indices.flags.writeable = False
    return indices


def _known(values: Sequence[float]) -> list[float]:
    return [float(value) for value in values if not math.isnan(value)]
