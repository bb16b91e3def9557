"""MemoryBench's released records (LoCoMo, DialSim) as an episode.

One sample per dataset of the file: its ``train`` rows are the training requests, its
``test`` rows the test split, scored by the dataset's own metric (LoCoMo's token F1,
DialSim's exact match; `memorybench_records.score_reply`). The off-policy protocols replay
each training row's released dialogue (`released_dialog_system`); its user feedback
messages are shown as released (``verbal``), with the row's implicit actions appended
(``both``), or replaced by them (``implicit``). On-policy, live replies get MemoryBench's
rule-based feedback for these datasets: right (LoCoMo F1 > 0.5, DialSim exact match) is a
``like`` that ends the dialogue, anything else a ``dislike`` and a request to try again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.memorybench_records import (
    ChatMessage,
    FeedbackEvent,
    MemoryBenchRecord,
    feedback_is_positive,
    released_dialog_system,
)
from inspect_memgym.feedback.prompts import (
    MEMORY_LABEL,
    RECORDS_MEMORY_BRIEF,
    RECORDS_SYSTEM_PROMPT,
)
from inspect_memgym.feedback.world.reference import USER, Dialogue
from inspect_memgym.feedback.world.simulator import (
    Behavior,
    FeedbackMode,
    UserFeedback,
    action_marker,
)
from inspect_memgym.strategies.strategy import Briefing

RECORDS_KEY = "memorybench_records"
"""Sample metadata key holding one dataset's records (`records_payload`)."""
RIGHT_RESPONSE = "Great! That's correct. Thank you for the accurate answer."
WRONG_RESPONSE = (
    "That doesn't seem quite right. Could you please try again and provide a more accurate answer?"
)
"""MemoryBench's rule-based user's two messages for LoCoMo and DialSim."""


def record_id(record: MemoryBenchRecord) -> str:
    """A record's request id: its ``test_idx``.

    Args:
        record: The row.
    """
    return str(record.test_idx)


def records_payload(dataset_name: str, records: list[MemoryBenchRecord]) -> dict[str, Any]:
    """One dataset's records as plain data for a sample's metadata (one dialogue each).

    Args:
        dataset_name: The dataset.
        records: Its rows (with their splits).
    """
    rows = []
    for record in records:
        system = released_dialog_system(record)
        rows.append(
            {
                "test_idx": record.test_idx,
                "split": record.split,
                "lang": record.lang,
                "input": [[message.role, message.content] for message in record.input_messages],
                "gold": record.gold,
                "category": record.category,
                "options": list(record.adversarial_options or ()) or None,
                "dialog": [[m.role, m.content] for m in record.dialogs.get(system or "", ())],
                "actions": [
                    [event.round, list(event.actions)]
                    for event in record.implicit_feedback.get(system or "", ())
                ],
            }
        )
    digest = hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()[:16]
    return {
        "dataset_name": dataset_name,
        "family": records[0].family,
        "digest": digest,
        "records": rows,
    }


def record_from_payload(dataset_name: str, family: str, row: dict[str, Any]) -> MemoryBenchRecord:
    """Rebuild a row from `records_payload` data (enough to score and replay it).

    Args:
        dataset_name: The dataset.
        family: ``locomo`` or ``dialsim``.
        row: One row of the payload.
    """
    options = row["options"]
    return MemoryBenchRecord(
        test_idx=int(row["test_idx"]),
        dataset_name=dataset_name,
        family="locomo" if family == "locomo" else "dialsim",
        lang=str(row["lang"]),
        input_messages=tuple(ChatMessage(role, content) for role, content in row["input"]),
        gold=str(row["gold"]),
        category=row["category"],
        adversarial_options=(str(options[0]), str(options[1])) if options else None,
        dialogs={"released": tuple(ChatMessage(role, content) for role, content in row["dialog"])},
        implicit_feedback={
            "released": tuple(
                FeedbackEvent(number, tuple(actions), None) for number, actions in row["actions"]
            )
        },
        split=row["split"],
    )


class RecordsEpisode(Episode):
    """The train and test rows of one MemoryBench dataset."""

    def __init__(self, payload: dict[str, Any]) -> None:
        """Rebuild the records from a sample's metadata.

        Args:
            payload: `records_payload` output.
        """
        name, family = str(payload["dataset_name"]), str(payload["family"])
        self.dataset_name = name
        self.world_id = f"memorybench-{name}"
        self.records = {
            record_id(record): record
            for record in (record_from_payload(name, family, row) for row in payload["records"])
        }

    def briefing(self) -> Briefing:
        """A question-answering assistant rated by its user."""
        return Briefing(RECORDS_SYSTEM_PROMPT, RECORDS_MEMORY_BRIEF, MEMORY_LABEL)

    def training_ids(self) -> list[str]:
        """The ``train`` rows."""
        return [key for key, record in self.records.items() if record.split == "train"]

    def test_ids(self) -> list[str]:
        """The ``test`` rows."""
        return [key for key, record in self.records.items() if record.split == "test"]

    def request_text(self, request_id: str) -> str:
        """The row's input: its prompt, or its chat messages one per line.

        Args:
            request_id: The row's id.
        """
        messages = self.records[request_id].input_messages
        if len(messages) == 1:
            return messages[0].content
        return "\n".join(f"{message.role}: {message.content}" for message in messages)

    def reference_dialogue(self, request_id: str, mode: FeedbackMode, max_rounds: int) -> Dialogue:
        """The row's released dialogue, its feedback shown as the mode says.

        Args:
            request_id: A training row.
            mode: The feedback kind shown.
            max_rounds: Unused (the dialogue is as released).
        """
        record = self.records[request_id]
        released = record.dialogs["released"] or (ChatMessage(USER, self.request_text(request_id)),)
        actions = [event.actions for event in record.implicit_feedback["released"]]
        messages: list[tuple[str, str]] = []
        users_seen = 0
        for message in released:
            text = message.content
            if message.role == USER:
                if users_seen > 0:
                    text = _with_actions(text, _actions_at(actions, users_seen - 1), mode)
                users_seen += 1
            messages.append((message.role, text))
        shown = max(0, users_seen - 1)
        if mode != "verbal" and len(actions) > shown and actions[shown]:
            # the action that ended the dialogue has no message of its own in the release
            messages.append((USER, " ".join(action_marker(action) for action in actions[shown])))
        return Dialogue(request_id, tuple(messages), ())

    def scripted_feedback(
        self, request_id: str, reply: str, round_number: int, max_rounds: int
    ) -> UserFeedback:
        """MemoryBench's rule-based feedback (LoCoMo F1 > 0.5, DialSim exact match).

        Args:
            request_id: The training row served.
            reply: The reply.
            round_number: Its round, from 0.
            max_rounds: Replies allowed.
        """
        if feedback_is_positive(self.records[request_id], reply):
            return UserFeedback("The answer matches.", "like", "end_conversation", RIGHT_RESPONSE)
        last = round_number + 1 >= max_rounds
        behavior: Behavior = "end_conversation" if last else "continue_conversation"
        return UserFeedback("The answer does not match.", "dislike", behavior, WRONG_RESPONSE)


def _actions_at(actions: list[tuple[str, ...]], index: int) -> tuple[str, ...]:
    return actions[index] if 0 <= index < len(actions) else ()


def _with_actions(text: str, actions: tuple[str, ...], mode: FeedbackMode) -> str:
    if mode == "verbal" or not actions:
        return text
    markers = " ".join(action_marker(action) for action in actions)
    if mode == "implicit":
        return markers
    return f"{text} {markers}"
