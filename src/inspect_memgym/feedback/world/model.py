"""The data of one feedback world: an organisation, its hidden profile, and its requests.

A world is generated from a seed (`world.generate`) and travels in a sample's metadata as
plain JSON (`FeedbackWorld.to_dict`). Every request names the variants an answer could take
(a currency format, an account number...) with, for each, the reply that variant gives and
the fragment the rules look for; `gold` says which variant is right. For a request that
needs a hidden item the right variant is the profile's (`HiddenItem.truth`); for a control
the request itself states it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import Any, Literal

KnowledgeKind = Literal["declarative", "procedural"]
"""Declarative: a fact the user states or corrects. Procedural: a rule or preference."""
KNOWLEDGE_KINDS: tuple[KnowledgeKind, ...] = ("declarative", "procedural")
CheckKind = Literal["phrase", "word_range"]
"""``phrase``: the gold fragment and no other variant's. ``word_range``: a length in the gold
variant's range of words (the ranges of a request never overlap)."""
WordRange = tuple[int, int | None]
"""(fewest, most) words of a ``word_range`` variant; None: no upper limit."""


def in_range(words: int, word_range: WordRange) -> bool:
    """Whether a count of words lies in a range.

    Args:
        words: The count.
        word_range: (fewest, most); most None for no upper limit.
    """
    fewest, most = word_range
    return words >= fewest and (most is None or words <= most)


def range_text(word_range: WordRange) -> str:
    """A range of words in a few words, e.g. ``13 to 25 words``.

    Args:
        word_range: (fewest, most); most None for no upper limit.
    """
    fewest, most = word_range
    if most is None:
        return f"more than {fewest - 1} words"
    if fewest <= 1:
        return f"{most} words or fewer"
    return f"{fewest} to {most} words"


Split = Literal["train", "test"]


@dataclass(frozen=True)
class HiddenItem:
    """One convention or fact of the profile, learnable only from feedback.

    Attributes:
        item_id: The aspect it settles (e.g. ``"currency_format"``), unique in the world.
        kind: ``"declarative"`` or ``"procedural"``.
        domain: The service domain (e.g. ``"expense reports"``).
        truth: Key of the right variant: any of the aspect's variants, the default included,
            equally often.
        exploration: Variant keys in the order an uninformed assistant tries them; the
            first is its default.
        statement: What verbal feedback says, verbatim, whenever an answer gets it wrong.
    """

    item_id: str
    kind: KnowledgeKind
    domain: str
    truth: str
    exploration: tuple[str, ...]
    statement: str


@dataclass(frozen=True)
class ServiceRequest:
    """One request to the assistant, checkable by rules.

    Attributes:
        request_id: Unique in the world (``train-03``, ``test-11``).
        split: ``"train"`` (served or shown with feedback) or ``"test"``.
        aspect: The aspect its answer turns on (an item id).
        kind: The aspect's knowledge kind.
        domain: The service domain.
        control: Whether the request states the variant itself (needs nothing learned).
        text: The request as the user sends it.
        gold: Key of the right variant.
        replies: Variant key -> the reply an assistant choosing that variant gives.
        evidence: Variant key -> the fragment that shows the variant (``phrase`` checks).
        check: How a reply is checked.
        word_ranges: Variant key -> the range of words its replies have (``word_range``
            checks); the ranges never overlap, so a reply falls in one at most.
        required: Text a ``word_range`` reply must contain ("" otherwise).
        copyable: Whether a user copies a right answer (``copy``) rather than liking it.
    """

    request_id: str
    split: Split
    aspect: str
    kind: KnowledgeKind
    domain: str
    control: bool
    text: str
    gold: str
    replies: dict[str, str]
    evidence: dict[str, str]
    check: CheckKind = "phrase"
    word_ranges: dict[str, WordRange] = field(default_factory=dict)
    required: str = ""
    copyable: bool = False

    @property
    def item_id(self) -> str | None:
        """The hidden item the request needs (None for a control)."""
        return None if self.control else self.aspect

    @property
    def gold_reply(self) -> str:
        """The reply of the right variant."""
        return self.replies[self.gold]


@dataclass(frozen=True)
class Organisation:
    """Who the assistant works for.

    Attributes:
        name: E.g. ``"Lumen Freight"``.
        code: Short upper-case code (ticket prefixes), e.g. ``"LUM"``.
        user: The staff member who sends requests and feedback.
        city: Where it is based.
    """

    name: str
    code: str
    user: str
    city: str


@dataclass(frozen=True)
class FeedbackWorld:
    """One organisation, its hidden profile, its training and test requests.

    Attributes:
        world_id: Stable id (``feedback-<tier>-s<seed>``).
        seed: Generation seed.
        tier: Size tier.
        generator_version: Version of the generator that made it.
        organisation: Who the assistant works for.
        items: The hidden profile.
        training: Requests the system learns from (each needs one hidden item).
        test: Requests answered after each step: each hidden item again in different
            requests, and the controls.
    """

    world_id: str
    seed: int
    tier: str
    generator_version: int
    organisation: Organisation
    items: tuple[HiddenItem, ...]
    training: tuple[ServiceRequest, ...]
    test: tuple[ServiceRequest, ...]

    @cached_property
    def _items_by_id(self) -> dict[str, HiddenItem]:
        return {item.item_id: item for item in self.items}

    @cached_property
    def _requests_by_id(self) -> dict[str, ServiceRequest]:
        return {request.request_id: request for request in (*self.training, *self.test)}

    def item(self, item_id: str) -> HiddenItem:
        """The hidden item with this id.

        Args:
            item_id: Its id.
        """
        return self._items_by_id[item_id]

    def request(self, request_id: str) -> ServiceRequest:
        """The request with this id.

        Args:
            request_id: Its id.
        """
        return self._requests_by_id[request_id]

    def to_dict(self) -> dict[str, Any]:
        """The world as plain JSON data."""
        data = asdict(self)
        for name in ("_items_by_id", "_requests_by_id"):
            data.pop(name, None)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FeedbackWorld:
        """Rebuild a world from `to_dict` output.

        Args:
            data: The plain data.
        """
        return cls(
            world_id=str(data["world_id"]),
            seed=int(data["seed"]),
            tier=str(data["tier"]),
            generator_version=int(data["generator_version"]),
            organisation=Organisation(**data["organisation"]),
            items=tuple(
                HiddenItem(**{**item, "exploration": tuple(item["exploration"])})
                for item in data["items"]
            ),
            training=tuple(_request_from_dict(request) for request in data["training"]),
            test=tuple(_request_from_dict(request) for request in data["test"]),
        )


def _request_from_dict(data: dict[str, Any]) -> ServiceRequest:
    ranges = {key: (int(low), high) for key, (low, high) in data.get("word_ranges", {}).items()}
    return ServiceRequest(**{**data, "word_ranges": ranges})
