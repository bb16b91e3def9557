"""What every aspect of a service request provides, and the shared way a world settles it.

An aspect is one thing an answer can get right or wrong by the organisation's standards: the
currency format of an expense total, the sign-off of a support reply, the account a vendor is
paid into. For a world, an aspect draws its variants (four ways to answer, the first being
what an uninformed assistant does), the world-level facts they rest on (a vendor's name, the
accounts on file) and the statement feedback makes; `settle` then picks which variant is
the organisation's and the order an uninformed assistant tries them in. For a request it
drafts the text, and for every variant the reply and the fragment the rules look for.

Nothing visible singles out the organisation's variant: it is any of the four, the default
included, equally often; a request that lists what is on file lists it in a fresh seeded
order, with the file's own note on its default wherever that lands (`listed_on_file`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from inspect_memgym.feedback.world.model import CheckKind, KnowledgeKind, Organisation, WordRange

VARIANTS_PER_ASPECT = 4


@dataclass(frozen=True)
class AspectDraw:
    """What an aspect fixes for one world, before the truth is chosen.

    Attributes:
        labels: Variant key -> how an instruction names it; the first key is the default.
        facts: World-level values the requests and the statement use.
    """

    labels: dict[str, str]
    facts: dict[str, str]


@dataclass(frozen=True)
class RequestDraft:
    """One drafted request.

    Attributes:
        text: The request as sent.
        replies: Variant key -> the reply choosing that variant.
        evidence: Variant key -> the fragment the rules look for.
        word_ranges: Variant key -> words its replies have (``word_range`` aspects).
        required: Text a ``word_range`` reply must contain.
    """

    text: str
    replies: dict[str, str]
    evidence: dict[str, str]
    word_ranges: dict[str, WordRange] = field(default_factory=dict)
    required: str = ""


class Aspect(ABC):
    """One aspect of a service task (a subclass per aspect, no state)."""

    name: str
    kind: KnowledgeKind
    domain: str
    copyable: bool = False
    check: CheckKind = "phrase"
    explores_in_order: bool = False
    """Try the variants in their drawn order (e.g. ever shorter) instead of a shuffled one."""
    templates: tuple[str, ...] = ()
    """The public wordings of its requests (``str.format`` placeholders); a control appends
    one sentence stating the variant to use."""

    @abstractmethod
    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The world's variants and facts for this aspect.

        Args:
            rng: The aspect's seeded stream.
            organisation: Who the assistant works for.
        """

    @abstractmethod
    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """What verbal feedback says when an answer misses the organisation's variant.

        Args:
            draw: The world's variants and facts.
            truth: The organisation's variant key.
            organisation: Who the assistant works for.
        """

    @abstractmethod
    def draft(
        self,
        rng: random.Random,
        draw: AspectDraw,
        organisation: Organisation,
        stated: str | None,
    ) -> RequestDraft:
        """One request of this aspect.

        Args:
            rng: The request's seeded stream.
            draw: The world's variants and facts.
            organisation: Who the assistant works for.
            stated: For a control, the variant the request asks for itself; else None.
        """


@dataclass(frozen=True)
class SettledAspect:
    """An aspect settled for one world.

    Attributes:
        aspect: The aspect.
        draw: Its variants and facts.
        truth: The organisation's variant.
        exploration: The order an uninformed assistant tries the variants in.
    """

    aspect: Aspect
    draw: AspectDraw
    truth: str
    exploration: tuple[str, ...]


def listed_on_file(rng: random.Random, labels: dict[str, str], default_note: str) -> str:
    """The values on file as a request lists them: a fresh seeded order, the default noted.

    The order is drawn per request, so a value's position says nothing about which is
    right, and the file's note ("primary", "default"...) stays on the default's value
    wherever it lands: the default is right as often as any other value.

    Args:
        rng: The request's seeded stream.
        labels: Variant key -> value; the first key is the default.
        default_note: What the file says of its default, e.g. ``"primary"``.
    """
    default = next(iter(labels))
    keys = list(labels)
    rng.shuffle(keys)
    return ", ".join(
        f"{labels[key]} ({default_note})" if key == default else labels[key] for key in keys
    )


def on_file_draft(text: str, draw: AspectDraw, reply: Callable[[str], str]) -> RequestDraft:
    """A request about a value on file, each variant's reply naming that variant's value.

    Args:
        text: The request.
        draw: The aspect's draw (its labels are the values on file).
        reply: The reply that names a value.
    """
    replies = {key: reply(value) for key, value in draw.labels.items()}
    return RequestDraft(text, replies, dict(draw.labels))


def settle(aspect: Aspect, rng: random.Random, organisation: Organisation) -> SettledAspect:
    """Draw an aspect's variants, the organisation's choice and the exploration order.

    The default comes first in the exploration; the truth is any of the four variants,
    equally often (the default too), so neither trying the default nor avoiding it beats
    chance, and an assistant that only sees likes and dislikes finds the truth within
    three answers three times in four.

    Args:
        aspect: The aspect.
        rng: Its seeded stream.
        organisation: Who the assistant works for.
    """
    draw = aspect.draw(rng, organisation)
    keys = list(draw.labels)
    if len(keys) != VARIANTS_PER_ASPECT or len(set(keys)) != len(keys):
        raise ValueError(f"aspect {aspect.name} must draw {VARIANTS_PER_ASPECT} variants")
    default, others = keys[0], keys[1:]
    if not aspect.explores_in_order:
        rng.shuffle(others)
    exploration = (default, *others)
    truth = exploration[int(rng.random() * VARIANTS_PER_ASPECT)]
    return SettledAspect(aspect, draw, truth, exploration)
