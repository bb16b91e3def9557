"""Generate a feedback world from a tier and a seed (deterministic, no model calls).

For every aspect of the tier the organisation's variant is drawn (`aspects.settle`: any of
its four, the default included, equally often) and becomes a hidden item. Each item gets
training requests (the only place feedback can reveal it) and test requests that need it
again in different requests (other amounts, dates, customers); no reply to a test request,
right or wrong, is a reply of any training request (a check that never looks at which
variant is right, so the drafts kept say nothing of it). Controls are test requests whose
text states the variant to use (any but the organisation's), so they need nothing learned
and catch rules applied where the request says otherwise.
"""

from __future__ import annotations

import random
from dataclasses import replace

from inspect_memgym.feedback.world.aspects import Aspect, SettledAspect, settle
from inspect_memgym.feedback.world.catalogue import ASPECTS
from inspect_memgym.feedback.world.model import (
    FeedbackWorld,
    HiddenItem,
    Organisation,
    ServiceRequest,
    Split,
)
from inspect_memgym.feedback.world.names import CITIES, FIRST_NAMES, LAST_NAMES, ORGANISATIONS
from inspect_memgym.feedback.world.tiers import FeedbackTier, get_feedback_tier
from inspect_memgym.kit.rng import seeded_stream

FEEDBACK_GENERATOR_VERSION = 2
"""Bumped whenever the same tier and seed would give a different world."""
MAX_ATTEMPTS = 50
"""Drafts tried for one request before generation gives up (never reached in practice)."""


def _stream(tier: str, seed: int, *parts: object) -> random.Random:
    return seeded_stream("feedback", f"v{FEEDBACK_GENERATOR_VERSION}", tier, seed, *parts)


def generate_world(tier_name: str, seed: int) -> FeedbackWorld:
    """The world of one tier and seed.

    Args:
        tier_name: A tier name (`tiers.FEEDBACK_TIERS`).
        seed: Non-negative seed.

    Raises:
        ValueError: For an unknown tier.
    """
    tier = get_feedback_tier(tier_name)
    organisation = _organisation(_stream(tier.name, seed, "organisation"))
    settled = [
        settle(ASPECTS[name], _stream(tier.name, seed, name, "settle"), organisation)
        for name in tier.aspects
    ]
    items = tuple(_hidden_item(aspect, organisation) for aspect in settled)
    training: list[ServiceRequest] = []
    tests: list[ServiceRequest] = []
    for aspect in settled:
        for _ in range(tier.training_per_item):
            training.append(_request(tier, seed, aspect, organisation, "train", training, ()))
    for aspect in settled:
        for _ in range(tier.test_per_item):
            tests.append(_request(tier, seed, aspect, organisation, "test", tests, training))
    for aspect in _control_aspects(tier, seed, settled):
        tests.append(_request(tier, seed, aspect, organisation, "test", tests, training, True))
    _stream(tier.name, seed, "test order").shuffle(tests)
    return FeedbackWorld(
        world_id=f"feedback-{tier.name}-s{seed}",
        seed=seed,
        tier=tier.name,
        generator_version=FEEDBACK_GENERATOR_VERSION,
        organisation=organisation,
        items=items,
        training=tuple(_numbered(training, "train")),
        test=tuple(_numbered(tests, "test")),
    )


def _organisation(rng: random.Random) -> Organisation:
    name, code = rng.choice(ORGANISATIONS)
    user = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
    return Organisation(name=name, code=code, user=user, city=rng.choice(CITIES))


def _hidden_item(settled: SettledAspect, organisation: Organisation) -> HiddenItem:
    aspect = settled.aspect
    return HiddenItem(
        item_id=aspect.name,
        kind=aspect.kind,
        domain=aspect.domain,
        truth=settled.truth,
        exploration=settled.exploration,
        statement=aspect.statement(settled.draw, settled.truth, organisation),
    )


def _control_aspects(
    tier: FeedbackTier, seed: int, settled: list[SettledAspect]
) -> list[SettledAspect]:
    """``tier.controls`` aspects, alternating declarative and procedural, seeded."""
    rng = _stream(tier.name, seed, "controls")
    pools = {
        kind: [aspect for aspect in settled if aspect.aspect.kind == kind]
        for kind in ("procedural", "declarative")
    }
    for pool in pools.values():
        rng.shuffle(pool)
    chosen = []
    for index in range(tier.controls):
        pool = pools["procedural" if index % 2 == 0 else "declarative"]
        chosen.append(pool[(index // 2) % len(pool)])
    return chosen


def _request(
    tier: FeedbackTier,
    seed: int,
    settled: SettledAspect,
    organisation: Organisation,
    split: Split,
    siblings: list[ServiceRequest],
    training: tuple[ServiceRequest, ...] | list[ServiceRequest],
    control: bool = False,
) -> ServiceRequest:
    """A request that repeats no sibling's text and no training reply."""
    aspect: Aspect = settled.aspect
    kind_label = "control" if control else split
    number = sum(1 for other in siblings if other.aspect == aspect.name)
    stated = _stated_variant(settled, _stream(tier.name, seed, aspect.name, "stated", number))
    taken_texts = {other.text for other in siblings}
    training_replies = [reply for other in training for reply in other.replies.values()]
    for attempt in range(MAX_ATTEMPTS):
        rng = _stream(tier.name, seed, aspect.name, kind_label, number, attempt)
        draft = aspect.draft(rng, settled.draw, organisation, stated if control else None)
        gold = stated if control else settled.truth
        if draft.text in taken_texts:
            continue
        if any(mine in reply for mine in draft.replies.values() for reply in training_replies):
            continue
        return ServiceRequest(
            request_id="",
            split=split,
            aspect=aspect.name,
            kind=aspect.kind,
            domain=aspect.domain,
            control=control,
            text=draft.text,
            gold=gold,
            replies=draft.replies,
            evidence=draft.evidence,
            check=aspect.check,
            word_ranges=draft.word_ranges,
            required=draft.required,
            copyable=aspect.copyable,
        )
    raise RuntimeError(f"could not draft a distinct {aspect.name} request")  # pragma: no cover


def _stated_variant(settled: SettledAspect, rng: random.Random) -> str:
    """A control's variant: any but the organisation's, equally often."""
    options = [key for key in settled.exploration if key != settled.truth]
    return options[int(rng.random() * len(options))]


def _numbered(requests: list[ServiceRequest], prefix: str) -> list[ServiceRequest]:
    width = max(2, len(str(len(requests))))
    numbered = []
    for index, request in enumerate(requests, start=1):
        label = "control" if request.control else prefix
        numbered.append(replace(request, request_id=f"{label}-{index:0{width}d}"))
    return numbered
