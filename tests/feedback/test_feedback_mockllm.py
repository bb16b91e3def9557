"""The feedback task with scripted mockllm models: malformed assistant replies, and an LLM
in the ``user`` role that words (or fails to word) the feedback."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput, ModelUsage, get_model
from inspect_ai.tool import ToolChoice, ToolInfo

from inspect_memgym.feedback.task import feedback
from inspect_memgym.feedback.world.generate import generate_world

USAGE = ModelUsage(input_tokens=10, output_tokens=5, total_tokens=15)
MALFORMED = ("", "{not json", "```\n\n```", "Total: maybe?")
WORDED = "No, that is not our house style: {hint}"


def output(text: str) -> ModelOutput:
    result = ModelOutput.from_content("mockllm/model", text)
    result.usage = USAGE
    return result


class Replies:
    """Cycles through fixed replies, counting calls."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        self.calls = 0
        self.prompts: list[str] = []

    def __call__(
        self,
        messages: Sequence[ChatMessage],
        tools: Sequence[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        text = self.texts[self.calls % len(self.texts)]
        self.calls += 1
        self.prompts.append("\n".join(message.text for message in messages))
        return output(text)


def run(tmp_path: Path, model: Any, roles: dict[str, Any] | None = None, **args: Any) -> EvalLog:
    [log] = eval(
        feedback(**{"tier": "small", "seed": 0, **args}),
        model=model,
        model_roles=roles,
        display="none",
        log_dir=str(tmp_path),
    )
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


@pytest.mark.usefixtures("offline_token_counts")
def test_malformed_replies_are_scored_wrong_and_get_feedback(tmp_path: Path) -> None:
    model = get_model("mockllm/model", custom_outputs=Replies(MALFORMED))
    log = run(tmp_path, model, agent="bm25_message", protocol="on_policy", steps=1, max_rounds=2)
    assert log.samples is not None
    score = log.samples[0].scores["feedback_scorer"]  # type: ignore[index]
    assert score.value["final"] == 0.0 and score.value["control_accuracy"] == 0.0  # type: ignore[index]
    assert score.metadata is not None
    actions = {
        given["implicit_action"]
        for dialogue in score.metadata["dialogues"]
        for given in dialogue["feedback"]
    }
    assert actions == {"none"}  # no reply answered the request: no signal about the profile
    assert all(
        "none of the options" in row["reason"] or "does not mention" in row["reason"]
        for row in score.metadata["answers"]
    )


def test_a_user_model_words_the_feedback_and_bad_json_falls_back(tmp_path: Path) -> None:
    world = generate_world("small", 1)  # both requests of the first step miss at first
    worded = WORDED.format(hint="see the rules")
    user = Replies(
        [
            f'{{"reasoning": "wrong format", "implicit_action": "dislike", '
            f'"behavior": "continue_conversation", "response": "{worded}"}}',
            "I refuse to answer in JSON.",
        ]
    )
    log = run(
        tmp_path,
        "memgym/perfect",
        roles={"user": get_model("mockllm/model", custom_outputs=user)},
        agent="native",
        protocol="on_policy",
        steps=1,
        batch_size=2,
        feedback="verbal",
        seed=1,
    )
    assert log.samples is not None
    sample = log.samples[0]
    assert sample.metadata["feedback_giver"] == "model"
    score = sample.scores["feedback_scorer"]  # type: ignore[index]
    assert score.metadata is not None
    dialogues = score.metadata["dialogues"]
    first = [world.item(world.request(d["request"]).aspect) for d in dialogues]
    assert all(item.exploration[0] != item.truth for item in first)  # the premise
    corrections = [
        (world.request(dialogue["request"]).aspect, given["response"])
        for dialogue in dialogues
        for given in dialogue["feedback"]
        if given["implicit_action"] == "dislike"
    ]
    # the user model is asked once per wrong reply; its replies alternate worded and not JSON
    assert user.calls == len(corrections) >= 2
    for index, (aspect, response) in enumerate(corrections):
        if index % 2 == 0:
            assert response == worded  # the model's wording replaces the scripted one
        else:
            assert world.item(aspect).statement in response  # fell back to the script
    assert score.metadata["user_fallbacks"] == len(corrections) // 2
    # the user model learns the correction of the request served and no other item
    for prompt in user.prompts:
        stated = [item.item_id for item in world.items if item.statement in prompt]
        assert len(stated) == 1
