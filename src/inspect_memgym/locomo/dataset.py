"""LoCoMo samples: one per conversation, with a stable id (the conversation's ``sample_id``).

A sample's metadata names where the data was read from (``source``) and which
conversation it is, never the conversation itself: the driver, scorer and scripted
policies read it back from the same file through `conversation_for`, which parses each
source once per process. Logs stay small and every sample still says which data it ran on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from inspect_ai.dataset import MemoryDataset, Sample
from pydantic import BaseModel, ConfigDict

from inspect_memgym.kit.dataset_files import ParsedFiles
from inspect_memgym.kit.sample_spec import SampleSpec
from inspect_memgym.locomo import BENCHMARK_NAME
from inspect_memgym.locomo.category_maps import DEFAULT_CATEGORY_MAP
from inspect_memgym.locomo.data import LOCOMO_LABEL, locomo_source
from inspect_memgym.locomo.grading import is_askable
from inspect_memgym.locomo.records import (
    CATEGORY_NAMES,
    Conversation,
    QuestionItem,
    parse_locomo,
)
from inspect_memgym.simulation.policy_registry import BENCHMARK_KEY
from inspect_memgym.strategies.drivers import DRIVER_KEY

SOURCE_KEY = "source"
"""Sample metadata key: the path or URL the conversation is read from."""
CONVERSATION_KEY = "conversation_id"
"""Sample metadata key: the conversation's ``sample_id``."""
OPTIONS_KEY = "locomo_options"
"""Sample metadata key: the run options the driver and scorer read."""
NOT_ASKED_KEY = "adversarial_without_wrong_option"
"""Sample and score metadata key: ids of adversarial questions left out, unasked and
unscored, because their wrong answer is itself a "not mentioned" phrasing."""
QUESTION_COUNT_KEY = "questions"
"""Sample metadata key: how many questions the conversation asks."""
ALL_CATEGORIES = (1, 2, 3, 4, 5)
SAMPLE_INPUT = (
    "Take in the conversation between {speaker_a} and {speaker_b} ({sessions} dated "
    "sessions, {turns} turns) through memory, then answer {questions} questions about it "
    "(LoCoMo {sample_id})."
)

CACHED_SOURCES = 2
"""Parsed LoCoMo files kept (a run reads one; a second lets a suite switch without reparsing)."""
LOCOMO_FILES = ParsedFiles(
    LOCOMO_LABEL, "conversation", parse_locomo, lambda item: item.sample_id, CACHED_SOURCES
)
"""The conversations of each LoCoMo file by ``sample_id``."""


class LocomoOptions(BaseModel):
    """The run options the driver, scorer and policies read (``locomo_options``).

    Attributes:
        seed: Fixes the order of each adversarial question's two options.
        judge: Also grade every reply with the answer judge.
        self_judge: The judge is the model under test (no bound grader).
        include_adversarial: Category 5 counts in the headline.
        memory_isolation: Also answer every question with no memory.
        category_map: The category id -> name mapping scored under.
        categories: The category ids asked.
    """

    model_config = ConfigDict(frozen=True)

    seed: int = 0
    judge: bool = False
    self_judge: bool = False
    include_adversarial: bool = False
    memory_isolation: bool = True
    category_map: str = DEFAULT_CATEGORY_MAP
    categories: tuple[int, ...] = ALL_CATEGORIES


class LocomoSpec(SampleSpec):
    """What a LoCoMo sample's metadata says (field names are its metadata keys).

    Attributes:
        source: The path or URL the conversation is read from.
        conversation_id: The conversation's ``sample_id``.
        locomo_options: The run options.
        questions: How many questions the conversation asks (None in older logs).
    """

    source: str
    conversation_id: str
    locomo_options: LocomoOptions = LocomoOptions()
    questions: int | None = None


def parse_categories(
    value: int | str | Sequence[int | str] | None,
    names: Mapping[int, str] = CATEGORY_NAMES,
) -> tuple[int, ...]:
    """The category ids a ``-T categories=`` value selects, in id order.

    Args:
        value: None for all five; ids (``4``, ``"1,2"``) or canonical names
            (``"single-hop"``, ``"multi-hop,temporal"``), alone, comma-separated or as a list.
        names: Category id -> name under the run's mapping (default the official one).

    Raises:
        ValueError: For an unknown category (the message lists the valid ones).
    """
    if value is None:
        return ALL_CATEGORIES
    parts: list[int | str]
    if isinstance(value, str):
        parts = list(value.split(","))
    elif isinstance(value, int):
        parts = [value]
    else:
        parts = list(value)
    by_name = {name: number for number, name in names.items()}
    chosen: set[int] = set()
    for part in parts:
        text = str(part).strip().lower().replace("_", "-")
        if text.isdigit() and int(text) in names:
            chosen.add(int(text))
        elif text in by_name:
            chosen.add(by_name[text])
        else:
            valid = ", ".join(f"{number} ({name})" for number, name in names.items())
            raise ValueError(f"unknown LoCoMo category {part!r}; choose from {valid}")
    if not chosen:
        raise ValueError("categories selects no LoCoMo category")
    return tuple(sorted(chosen))


def conversation_for(spec: LocomoSpec) -> Conversation:
    """The conversation a sample names.

    Args:
        spec: The sample's spec.

    Raises:
        RuntimeError: If the spec's source no longer holds its conversation.
    """
    return LOCOMO_FILES.item(spec.source, spec.conversation_id)


def asked_questions(conversation: Conversation, categories: Sequence[int]) -> list[QuestionItem]:
    """The questions of the chosen categories that can be asked, in file order.

    Args:
        conversation: The conversation.
        categories: The category ids asked.
    """
    return [
        item for item in conversation.questions if item.category in categories and is_askable(item)
    ]


def not_asked(conversation: Conversation, categories: Sequence[int]) -> list[str]:
    """Ids of chosen questions left out as unaskable (`grading.is_askable`), in file order.

    Args:
        conversation: The conversation.
        categories: The category ids asked.
    """
    return [
        item.question_id
        for item in conversation.questions
        if item.category in categories and not is_askable(item)
    ]


def conversation_sample(conversation: Conversation, source: str, options: LocomoOptions) -> Sample:
    """One Inspect sample for one conversation.

    Args:
        conversation: The conversation.
        source: Where it was read from.
        options: Run options for the driver and scorer (with the categories asked).
    """
    asked = asked_questions(conversation, options.categories)
    return Sample(
        id=conversation.sample_id,
        input=SAMPLE_INPUT.format(
            speaker_a=conversation.speaker_a,
            speaker_b=conversation.speaker_b,
            sessions=len(conversation.sessions),
            turns=sum(len(session.turns) for session in conversation.sessions),
            questions=len(asked),
            sample_id=conversation.sample_id,
        ),
        target="",
        metadata={
            BENCHMARK_KEY: BENCHMARK_NAME,
            DRIVER_KEY: BENCHMARK_NAME,
            SOURCE_KEY: source,
            CONVERSATION_KEY: conversation.sample_id,
            OPTIONS_KEY: options.model_dump(mode="json"),
            QUESTION_COUNT_KEY: len(asked),
            NOT_ASKED_KEY: not_asked(conversation, options.categories),
        },
    )


def locomo_dataset(dataset: str | None, options: LocomoOptions) -> MemoryDataset:
    """One sample per conversation of the pinned release or of ``dataset``.

    Args:
        dataset: A local path or fsspec URL; None for the pinned file (downloaded on first use).
        options: Run options for the driver and scorer (with the categories asked).

    Raises:
        ValueError: One line when the data cannot be fetched or read, or is malformed.
    """
    source = locomo_source(dataset)
    conversations = LOCOMO_FILES.items_at(source)
    samples = [
        conversation_sample(conversation, source, options)
        for conversation in conversations.values()
    ]
    return MemoryDataset(samples, name="locomo", location=source)
