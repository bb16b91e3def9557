"""What every aspect of a service request provides, and the shared way a world settles it.

An aspect is one thing an answer can get right or wrong by the organisation's standards: the
currency format of an expense total, the sign-off of a support reply, the account a vendor is
paid into. For a world, an aspect draws its variants (four ways to answer, the first being
what an uninformed assistant does), the world-level facts they rest on (a vendor's name, the
accounts on file) and the statement feedback makes; `settle` then picks which variant is
the organisation's and the order an uninformed assistant tries them in. For a request it
drafts the text, and for every variant the reply and the fragment the rules look for.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from inspect_memgym.feedback.world.model import CheckKind, KnowledgeKind, Organisation

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
        word_limits: Variant key -> words allowed (``word_limit`` aspects).
        required: Text a ``word_limit`` reply must contain.
    """

    text: str
    replies: dict[str, str]
    evidence: dict[str, str]
    word_limits: dict[str, int] = field(default_factory=dict)
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


def settle(aspect: Aspect, rng: random.Random, organisation: Organisation) -> SettledAspect:
    """Draw an aspect's variants, the organisation's choice and the exploration order.

    The default comes first in the exploration; the truth is the second, third or fourth
    variant tried, equally often, so an assistant that only sees likes and dislikes finds
    it within three answers two times in three.

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
    truth = exploration[1 + int(rng.random() * (VARIANTS_PER_ASPECT - 1))]
    return SettledAspect(aspect, draw, truth, exploration)
