"""MemoryBench's released records, for the datasets whose metric is computed by rules.

MemoryBench (THUIR) rows carry ``test_idx`` (unique across train and test),
``input_prompt`` or ``input_chat_messages``, ``dataset_name``, ``lang``, ``info`` (the
ground truth), ``dialog`` (the user-simulator conversation) and ``implicit_feedback``. The
corpus datasets (LoCoMo, DialSim) have no plain dialog; they carry one per memory system
instead, ``dialog_<system>`` and ``implicit_feedback_<system>`` (``wo_memory``, ``bm25``,
``mem0``, ...). Columns may be string-encoded: they are decoded with ``ast.literal_eval``,
falling back to ``json.loads``, as upstream does. Implicit-feedback items are written as
``{round, implicit_action, terminated}`` by MemoryBench's generator but read as
``implicit_actions`` (a list) by its own experiment script; both spellings are accepted.
Files (Arrow, Parquet, JSON, JSONL; one, two or a folder) are found and read by
`memorybench_files`; a row's split comes from its file, a JSON file's
``{"train": ..., "test": ...}`` keys or its own ``split`` column. The feedback task replays
one released dialogue per row (`released_dialog_system`).

Covered (metric computable by rules, offline):

* ``Locomo-0`` ... ``Locomo-9`` (metric ``f1``): ``info`` holds ``golden_answer``,
  ``category`` and ``evidence``. Categories 1-4 use LoCoMo's official token-F1 rules
  with the locomo task's hedge rule (`scoring.locomo_rules`, so a reply scores the same in
  both tasks; the question is the prompt's text after ``Question:``);
  category 5's golden answer is a JSON-dumped ``{"a": ..., "b": ...}`` of the two options
  offered, and a reply scores 1 when it picks "Not mentioned in the conversation" (read by
  ``scoring.two_option_choice``, which is stricter than upstream: a reply naming both
  options picks neither). The simulated user's rule: correct when the score exceeds 0.5.
* ``DialSim-friends``, ``-bigbang``, ``-theoffice`` (metric ``accuracy``): exact match of
  the lower-cased, stripped reply with ``info["golden_answer"]`` (a trailing period
  allowed). Upstream falls back to an LLM judge when this fails, so these scores are a
  lower bound of upstream's.

Not covered (a clear ValueError says why): HelloBench and NFCats (LLM-judge scores),
WritingBench (a critic model), JuDGE, JRE-L, IdeaBench and LimitGen (BERTScore models
and LLM-judge ratings, folded into one LLM-judged score), WritingPrompts (METEOR needs
WordNet data, a separate download) and LexEval (ROUGE-L over jieba-segmented Chinese, a
tokenizer outside this suite's dependencies).
"""

from __future__ import annotations

import ast
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from inspect_memgym.scoring.locomo_rules import adversarial_pick, score_answer

DatasetFamily = Literal["locomo", "dialsim"]
IMPLICIT_ACTIONS = ("like", "dislike", "copy", "none")
NOT_MENTIONED_OPTION = "Not mentioned in the conversation"
PLAIN_DIALOG = "default"
"""The key under which the plain ``dialog`` / ``implicit_feedback`` columns are kept."""
NO_MEMORY_SYSTEM = "wo_memory"
"""The memory system whose released dialogues were generated without memory."""
LOCOMO_FEEDBACK_THRESHOLD = 0.5
QUESTION_MARKER = "Question:"
SHORT_ANSWER_MARKER = "Short answer:"
"""Where MemoryBench's LoCoMo prompt puts the question (``... Question: <q> Short answer:``)."""

UNSUPPORTED_DATASETS: dict[str, str] = {
    "HelloBench": "its avg_score comes from an LLM judge checking a per-item checklist",
    "NFCats": "its 1-5 score comes from an LLM judge",
    "WritingBench": "its 1-10 score comes from a critic model",
    "JuDGE": "its METEOR/BERTScore/charge metrics are folded into one LLM-judged score",
    "JRE-L": "its ROUGE-L/BERTScore/readability metrics are folded into one LLM-judged score",
    "IdeaBench": "it is scored by BERTScore with a DeBERTa model and LLM ratings",
    "LimitGen": "it is scored by an LLM judge",
    "WritingPrompts": "its METEOR score needs WordNet data, a separate download",
    "LexEval": "its ROUGE-L runs over jieba-segmented Chinese, outside this suite's tokenizers",
}
"""Dataset-name prefix -> why its metric cannot be computed here."""


def dataset_family(dataset_name: str) -> DatasetFamily:
    """The rule-scored family of a MemoryBench dataset.

    Args:
        dataset_name: E.g. ``"Locomo-3"`` or ``"DialSim-friends"``.

    Raises:
        ValueError: For any other dataset, naming it and why it is not supported.
    """
    if dataset_name.startswith("Locomo"):
        return "locomo"
    if dataset_name.startswith("DialSim"):
        return "dialsim"
    for prefix, reason in UNSUPPORTED_DATASETS.items():
        if dataset_name.startswith(prefix):
            raise ValueError(
                f"MemoryBench dataset {dataset_name!r} is not supported: {reason}; only the "
                "LoCoMo and DialSim datasets, whose metrics are computed by rules, are"
            )
    raise ValueError(
        f"unknown MemoryBench dataset {dataset_name!r}; supported: Locomo-0..Locomo-9, "
        "DialSim-friends, DialSim-bigbang, DialSim-theoffice"
    )


@dataclass(frozen=True)
class ChatMessage:
    """One message of an input or a dialog.

    Attributes:
        role: ``"user"``, ``"assistant"`` or ``"system"``.
        content: Its text.
    """

    role: str
    content: str


@dataclass(frozen=True)
class FeedbackEvent:
    """The simulated user's implicit feedback at one round.

    Attributes:
        round: The dialog round it follows (None if not recorded).
        actions: Implicit actions, each one of ``IMPLICIT_ACTIONS``.
        terminated: Whether the user ended the dialog there (None if not recorded).
    """

    round: int | None
    actions: tuple[str, ...]
    terminated: bool | None


@dataclass(frozen=True)
class MemoryBenchRecord:
    """One rule-scored MemoryBench row.

    Attributes:
        test_idx: The row's id, unique across train and test.
        dataset_name: E.g. ``"Locomo-3"``.
        family: ``"locomo"`` or ``"dialsim"``.
        lang: The row's language code.
        input_messages: The initial prompt as messages.
        gold: The golden answer text (for LoCoMo category 5, the "not mentioned" option).
        category: The LoCoMo category id (None for DialSim).
        adversarial_options: For LoCoMo category 5, options (a) and (b) as offered.
        dialogs: Dialogs by memory system (``PLAIN_DIALOG`` for the plain column).
        implicit_feedback: Implicit feedback by memory system, keyed as ``dialogs``.
        info: The decoded ``info`` column, as released.
        split: ``"train"``/``"test"`` when the file said so, else None.
    """

    test_idx: int
    dataset_name: str
    family: DatasetFamily
    lang: str
    input_messages: tuple[ChatMessage, ...]
    gold: str
    category: int | None
    adversarial_options: tuple[str, str] | None
    dialogs: dict[str, tuple[ChatMessage, ...]] = field(default_factory=dict)
    implicit_feedback: dict[str, tuple[FeedbackEvent, ...]] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)
    split: str | None = None

    @property
    def metric_name(self) -> str:
        """The dataset's metric: ``"f1"`` for LoCoMo, ``"accuracy"`` for DialSim."""
        return "f1" if self.family == "locomo" else "accuracy"


def decode_column(value: object) -> object:
    """Decode a string-encoded column (``ast.literal_eval``, then ``json.loads``).

    Args:
        value: The column's value; anything but a string is returned as is.

    Returns:
        The decoded value, or the string itself when neither decoder accepts it.
    """
    if not isinstance(value, str):
        return value
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


class _Row:
    """A raw row with its identity, for error messages."""

    def __init__(self, raw: Mapping[str, object]) -> None:
        self.raw = raw
        self.name = f"MemoryBench record {raw.get('test_idx')!r} ({raw.get('dataset_name')!r})"

    def fail(self, column: str, problem: str) -> ValueError:
        return ValueError(f"{self.name}: field {column!r} {problem}")

    def text(self, value: object, column: str) -> str:
        if isinstance(value, str):
            return value
        raise self.fail(column, f"must be a string, got {type(value).__name__}")

    def messages(self, value: object, column: str) -> tuple[ChatMessage, ...]:
        decoded = decode_column(value)
        if not isinstance(decoded, list):
            raise self.fail(column, "must be a list of {role, content} messages")
        messages = []
        for message in decoded:
            if not isinstance(message, Mapping):
                raise self.fail(column, "must be a list of {role, content} messages")
            content = message.get("content")
            messages.append(
                ChatMessage(
                    role=self.text(message.get("role"), f"{column}.role"),
                    content="" if content is None else self.text(content, f"{column}.content"),
                )
            )
        return tuple(messages)

    def feedback(self, value: object, column: str) -> tuple[FeedbackEvent, ...]:
        decoded = decode_column(value)
        items = [decoded] if isinstance(decoded, Mapping) else decoded
        if not isinstance(items, list):
            raise self.fail(column, "must be a list of feedback items")
        return tuple(self._event(item, column) for item in items)

    def _event(self, item: object, column: str) -> FeedbackEvent:
        if isinstance(item, str):
            return FeedbackEvent(None, self._actions([item], column), None)
        if not isinstance(item, Mapping):
            raise self.fail(column, f"has a feedback item that is not an object: {item!r}")
        raw_actions = item.get("implicit_actions", item.get("implicit_action", []))
        actions = [raw_actions] if isinstance(raw_actions, str) else raw_actions
        if not isinstance(actions, list):
            raise self.fail(column, f"has implicit actions that are not a list: {raw_actions!r}")
        round_number = item.get("round")
        terminated = item.get("terminated")
        return FeedbackEvent(
            round=round_number if isinstance(round_number, int) else None,
            actions=self._actions(actions, column),
            terminated=terminated if isinstance(terminated, bool) else None,
        )

    def _actions(self, actions: list[object], column: str) -> tuple[str, ...]:
        names = []
        for action in actions:
            name = self.text(action, column).strip().lower()
            if name not in IMPLICIT_ACTIONS:
                raise self.fail(column, f"has an unknown implicit action {action!r}")
            names.append(name)
        return tuple(names)


def _locomo_gold(row: _Row, info: Mapping[str, object]) -> tuple[str, int, tuple[str, str] | None]:
    category = info.get("category")
    if isinstance(category, bool) or category not in (1, 2, 3, 4, 5):
        raise row.fail("info.category", f"must be a LoCoMo category 1-5, got {category!r}")
    golden = info.get("golden_answer")
    if category != 5:
        if isinstance(golden, bool) or not isinstance(golden, str | int | float):
            raise row.fail("info.golden_answer", f"must be text or a number, got {golden!r}")
        return str(golden), int(category), None
    options = decode_column(golden)
    if not isinstance(options, Mapping) or not all(
        isinstance(options.get(letter), str) for letter in ("a", "b")
    ):
        raise row.fail("info.golden_answer", 'must hold the options {"a": ..., "b": ...}')
    pair = (str(options["a"]), str(options["b"]))
    if NOT_MENTIONED_OPTION.lower() not in (pair[0].lower(), pair[1].lower()):
        raise row.fail("info.golden_answer", f"has no {NOT_MENTIONED_OPTION!r} option")
    return NOT_MENTIONED_OPTION, 5, pair


def _system_of(column: str, prefix: str) -> str | None:
    if column == prefix:
        return PLAIN_DIALOG
    return column.removeprefix(f"{prefix}_") if column.startswith(f"{prefix}_") else None


def parse_memorybench_row(raw: object, split: str | None = None) -> MemoryBenchRecord:
    """Parse one MemoryBench row of a rule-scored dataset.

    Args:
        raw: The decoded row.
        split: ``"train"``/``"test"`` if known.

    Raises:
        ValueError: One line naming the record and field when the row is malformed, or the
            dataset and why when its metric is not computable by rules.
    """
    if not isinstance(raw, Mapping):
        raise ValueError("a MemoryBench record must be a JSON object")
    row = _Row(raw)
    dataset_name = row.text(raw.get("dataset_name"), "dataset_name")
    family = dataset_family(dataset_name)
    test_idx = raw.get("test_idx")
    if isinstance(test_idx, bool) or not isinstance(test_idx, int):
        raise row.fail("test_idx", "must be an integer")
    prompt = raw.get("input_prompt")
    if isinstance(prompt, str) and prompt:
        input_messages: tuple[ChatMessage, ...] = (ChatMessage("user", prompt),)
    elif raw.get("input_chat_messages") is not None:
        input_messages = row.messages(raw["input_chat_messages"], "input_chat_messages")
    else:
        raise row.fail("input_prompt", "is missing (and so is input_chat_messages)")
    info = decode_column(raw.get("info"))
    if not isinstance(info, Mapping):
        raise row.fail("info", "must be an object")
    if family == "locomo":
        gold, category, options = _locomo_gold(row, info)
    else:
        gold = row.text(info.get("golden_answer"), "info.golden_answer")
        category, options = None, None
    dialogs: dict[str, tuple[ChatMessage, ...]] = {}
    feedback: dict[str, tuple[FeedbackEvent, ...]] = {}
    for column, value in raw.items():
        if value is None or value == "":
            continue
        if (system := _system_of(column, "dialog")) is not None:
            dialogs[system] = row.messages(value, column)
        elif (system := _system_of(column, "implicit_feedback")) is not None:
            feedback[system] = row.feedback(value, column)
    return MemoryBenchRecord(
        test_idx=test_idx,
        dataset_name=dataset_name,
        family=family,
        lang=row.text(raw.get("lang"), "lang"),
        input_messages=input_messages,
        gold=gold,
        category=category,
        adversarial_options=options,
        dialogs=dialogs,
        implicit_feedback=feedback,
        info=dict(info),
        split=split,
    )


def text_rows(text: str, name: str) -> list[tuple[object, str | None]]:
    """The rows of a JSONL or JSON file's text, each with the split its file gives it.

    Args:
        text: The file's text.
        name: Its name or URL; a name ending in ``.jsonl`` is read one row a line.

    Returns:
        ``(row, split)`` pairs; the split comes from a ``{"train": ..., "test": ...}`` file's
        keys, else None.

    Raises:
        ValueError: On malformed JSON.
    """
    source = Path(name.split("?")[0])
    try:
        if source.suffix == ".jsonl":
            return [(json.loads(line), None) for line in text.splitlines() if line.strip()]
        decoded = json.loads(text)
        if isinstance(decoded, Mapping):
            return [(row, str(split)) for split, part in decoded.items() for row in part]
        if isinstance(decoded, list):
            return [(row, None) for row in decoded]
    except (json.JSONDecodeError, TypeError) as error:
        raise ValueError(f"{source.name}: not MemoryBench JSON/JSONL ({error})") from None
    return []


def parse_memorybench_rows(
    rows: list[tuple[object, str | None]], name: str
) -> list[MemoryBenchRecord]:
    """Parse raw rows, each with the split its file gave it (else its own ``split`` column).

    Args:
        rows: ``(row, split)`` pairs, from any number of files.
        name: Where they were read from, for error messages.

    Raises:
        ValueError: On no rows, a malformed row, a repeated ``test_idx``, or a dataset whose
            metric is not computable by rules.
    """
    if not rows:
        raise ValueError(f"{name}: no MemoryBench records")
    try:
        records = [parse_memorybench_row(row, split or _row_split(row)) for row, split in rows]
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    seen: set[int] = set()
    for record in records:
        if record.test_idx in seen:
            raise ValueError(f"{name}: test_idx {record.test_idx} appears twice")
        seen.add(record.test_idx)
    return records


def _row_split(row: object) -> str | None:
    split = row.get("split") if isinstance(row, Mapping) else None
    return split if isinstance(split, str) and split else None


def released_dialog_system(record: MemoryBenchRecord) -> str | None:
    """Which of a row's released dialogues a replay memorises.

    The plain ``dialog`` column if there is one, else the dialogue generated without memory
    (``wo_memory``), else the first system in name order; None if the row has none.

    Args:
        record: The row.
    """
    if PLAIN_DIALOG in record.dialogs:
        return PLAIN_DIALOG
    if NO_MEMORY_SYSTEM in record.dialogs:
        return NO_MEMORY_SYSTEM
    return min(record.dialogs) if record.dialogs else None


def score_reply(record: MemoryBenchRecord, reply: str) -> float:
    """The dataset's metric for a reply: LoCoMo F1 (or 0/1 on category 5), DialSim 0/1.

    Args:
        record: The row.
        reply: The model's answer.

    Raises:
        ValueError: If a LoCoMo row has no category.
    """
    if record.family == "dialsim":
        expected = record.gold.lower().strip()
        return 1.0 if reply.lower().strip() in (expected, f"{expected}.") else 0.0
    if record.adversarial_options is not None:
        not_mentioned = [option.lower() for option in record.adversarial_options].index(
            NOT_MENTIONED_OPTION.lower()
        )
        picked = adversarial_pick(reply, record.adversarial_options, not_mentioned)
        return 1.0 if picked == "not_mentioned" else 0.0
    if record.category is None:
        raise ValueError(f"LoCoMo row {record.test_idx} has no category")
    return score_answer(reply, record.gold, record.category, asked_question(record)).score


def asked_question(record: MemoryBenchRecord) -> str:
    """The question a row asks (names it holds are no hedge when repeated).

    The text after the last ``Question:`` of its last user message, up to ``Short answer:``
    (MemoryBench's LoCoMo prompt), or else that whole message.

    Args:
        record: The row.
    """
    users = [message.content for message in record.input_messages if message.role == "user"]
    text = users[-1] if users else ""
    if QUESTION_MARKER in text:
        text = text.rsplit(QUESTION_MARKER, 1)[1].split(SHORT_ANSWER_MARKER, 1)[0]
    return text.strip()


def feedback_is_positive(record: MemoryBenchRecord, reply: str) -> bool:
    """The rule-based simulated user's judgement: LoCoMo F1 > 0.5, DialSim exact match.

    Args:
        record: The row.
        reply: The model's answer.
    """
    score = score_reply(record, reply)
    if record.family == "locomo":
        return score > LOCOMO_FEEDBACK_THRESHOLD
    return score == 1.0
