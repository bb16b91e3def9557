"""Statistical invariants of the feedback worlds: nothing a model sees singles out the truth.

Over generated standard worlds, every test request is read as a model sees it
(`visible_options.read_request`: the options listed or the public catalogue rendered for
it), and each visible feature picks some of its options: a position in the order shown
(the values on file, the catalogue, the ranges of words), the value the file notes as its
default, the longest or shortest value or reply, the first or last value in alphabetical
order, and, per aspect, its default (what an assistant writes unprompted, or the value the
file notes). `validity.statistics.FeatureTally` checks that each picks the organisation's
variant at the chance rate (one in four) within the binomial bound, both ways.

One test request per hidden item and world is counted (the two test requests of an item
share its truth, so counting both would overstate the evidence). The candidates of a
request are its four variants as the reader shows them (a catalogue entry the world did
not draw is no candidate). Pure (no Inspect).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inspect_memgym.feedback.prompts import SYSTEM_PROMPT
from inspect_memgym.feedback.visible_options import VisibleRequest, organisation_code, read_request
from inspect_memgym.feedback.world.catalogue import ASPECTS
from inspect_memgym.feedback.world.checking import check_reply
from inspect_memgym.feedback.world.generate import generate_world
from inspect_memgym.feedback.world.model import FeedbackWorld, ServiceRequest
from inspect_memgym.feedback.world.text_match import word_count
from inspect_memgym.validity.statistics import FeatureTally
from inspect_memgym.validity.verdicts import Verdict

TIER = "standard"
CATALOGUE_SIZE = 5
"""The longest list of options a request shows (a convention's public catalogue)."""
Feature = Callable[[VisibleRequest, list[int]], set[int]]
"""(the request as read, its candidate indices) -> the indices the feature picks."""


def _extremes(candidates: list[int], key: Callable[[int], object], largest: bool) -> set[int]:
    keyed = {index: key(index) for index in candidates}
    best = (max if largest else min)(keyed.values())  # type: ignore[type-var]
    return {index for index, value in keyed.items() if value == best}


def _at_position(position: int) -> Feature:
    def feature(read: VisibleRequest, candidates: list[int]) -> set[int]:
        return {position} & set(candidates)

    return feature


def _features() -> dict[str, Feature]:
    features: dict[str, Feature] = {
        f"shown position {position + 1}": _at_position(position)
        for position in range(CATALOGUE_SIZE)
    }
    features.update(
        {
            "the value the file notes (its default)": lambda read, candidates: (
                {read.noted} & set(candidates) if read.noted is not None else set()
            ),
            "longest value (characters)": lambda read, candidates: _extremes(
                candidates, lambda i: len(read.values[i]), largest=True
            ),
            "shortest value (characters)": lambda read, candidates: _extremes(
                candidates, lambda i: len(read.values[i]), largest=False
            ),
            "longest reply (words)": lambda read, candidates: _extremes(
                candidates, lambda i: word_count(read.replies[i]), largest=True
            ),
            "shortest reply (words)": lambda read, candidates: _extremes(
                candidates, lambda i: word_count(read.replies[i]), largest=False
            ),
            "alphabetically first value": lambda read, candidates: _extremes(
                candidates, lambda i: read.values[i].lower(), largest=False
            ),
            "alphabetically last value": lambda read, candidates: _extremes(
                candidates, lambda i: read.values[i].lower(), largest=True
            ),
        }
    )
    return features


def _default(read: VisibleRequest, candidates: list[int]) -> set[int]:
    """The aspect's default: the noted value of a lookup, the catalogue's first otherwise."""
    index = read.noted if read.listed else 0
    return {index} & set(candidates) if index is not None else set()


def _read(world: FeedbackWorld, request: ServiceRequest) -> tuple[VisibleRequest, list[int], int]:
    """The request as a model reads it, its candidate indices and the gold's index."""
    system = SYSTEM_PROMPT.format(
        organisation=world.organisation.name, city=world.organisation.city
    )
    read = read_request(request.text, *organisation_code(system))
    if read is None or read.aspect != request.aspect:
        raise ValueError(f"{world.world_id} {request.request_id}: its template was not read")
    checks = [check_reply(request, reply) for reply in read.replies]
    candidates = [index for index, check in enumerate(checks) if len(check.shown) == 1]
    golds = [index for index, check in enumerate(checks) if check.correct]
    if len(golds) != 1 or len(candidates) != len(request.replies):
        raise ValueError(f"{world.world_id} {request.request_id}: the options were not read")
    return read, candidates, golds[0]


def feature_tallies(worlds: Sequence[FeedbackWorld]) -> list[FeatureTally]:
    """Every feature's tally over the worlds' first test request of each hidden item.

    Args:
        worlds: Generated worlds.
    """
    features = _features()
    tallies = {name: FeatureTally(name) for name in features}
    per_aspect = {name: FeatureTally(f"{name}: its default") for name in ASPECTS}
    for world in worlds:
        counted: set[str] = set()
        for request in world.test:
            if request.control or request.aspect in counted:
                continue
            counted.add(request.aspect)
            read, candidates, gold = _read(world, request)
            for name, feature in features.items():
                tallies[name].record(feature(read, candidates), candidates, gold)
            per_aspect[request.aspect].record(_default(read, candidates), candidates, gold)
    return [*tallies.values(), *per_aspect.values()]


def statistical_verdicts(instances: int) -> list[Verdict]:
    """The verdicts over ``instances`` standard worlds (seeds 0 .. instances-1).

    Args:
        instances: Worlds to generate.
    """
    worlds = [generate_world(TIER, seed) for seed in range(instances)]
    return [tally.verdict() for tally in feature_tallies(worlds)]
