"""``-T dataset=``: MemoryBench's records (rows written here, invented content) played by the
protocols, scored by the dataset's own rules, with MemoryBench's rule-based feedback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.feedback.records_episode import RIGHT_RESPONSE, WRONG_RESPONSE
from inspect_memgym.feedback.task import feedback


def locomo(test_idx: int, question: str, gold: str, **columns: Any) -> dict[str, Any]:
    return {
        "test_idx": test_idx,
        "input_prompt": f"Question: {question} Answer with a short phrase.",
        "dataset_name": "Locomo-0",
        "lang": "en",
        "info": str({"golden_answer": gold, "category": 2, "evidence": []}),
        **columns,
    }


def dialog(question: str, *turns: str) -> str:
    roles = ["assistant", "user"] * len(turns)
    messages = [{"role": "user", "content": question}]
    messages += [{"role": role, "content": text} for role, text in zip(roles, turns, strict=False)]
    return str(messages)


TRAIN = [
    locomo(
        1,
        "When did Mira start pottery?",
        "7 May 2023",
        dialog_wo_memory=dialog(
            "When did Mira start pottery?", "In June.", "Not quite.", "7 May 2023"
        ),
        implicit_feedback_wo_memory=[
            {"round": 1, "implicit_action": "dislike", "terminated": False},
            {"round": 2, "implicit_actions": ["like"], "terminated": True},
        ],
    ),
    locomo(2, "Which pet does Leo have? (It is a grey cat.)", "a grey cat"),
]
TEST = [
    locomo(3, "When did Mira begin her pottery class?", "7 May 2023"),
    locomo(4, "Where does Ana work?", "the bakery"),
]


def write(tmp_path: Path, document: object, name: str = "records.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def run(tmp_path: Path, **args: Any) -> EvalLog:
    [log] = eval(
        feedback(agent="native", **args),
        model="memgym/perfect",
        display="none",
        log_dir=str(tmp_path / "logs"),
    )
    assert log.status == "success", log.error
    assert log.samples and all(sample.error is None for sample in log.samples)
    return log


def test_off_policy_replays_released_dialogues_and_scores_with_the_rules(tmp_path: Path) -> None:
    dataset = write(tmp_path, {"train": TRAIN, "test": TEST})
    log = run(tmp_path, dataset=dataset, protocol="off_policy", feedback="verbal,implicit")
    assert log.samples is not None
    by_kind = {sample.metadata["feedback"]: sample for sample in log.samples}
    for sample in by_kind.values():
        score = sample.scores["feedback_scorer"]  # type: ignore[index]
        value = score.value
        assert isinstance(value, dict) and score.metadata is not None
        # the released dialogue confirmed "7 May 2023": the test row on Mira is right
        assert value["final"] == 0.5 and value["no_memory"] == 0.0
        assert value["memory_delta"] == 0.5
        assert all(value[key] != value[key] for key in ("control_accuracy", "learned_rule_rate"))
    implicit = by_kind["implicit"].scores["feedback_scorer"].metadata  # type: ignore[index,union-attr]
    mira = next(d for d in implicit["dialogues"] if d["request"] == "1")
    assert [text for role, text in mira["messages"] if role == "user"][1:] == [
        "[feedback: dislike]",
        "[feedback: like]",  # the action that ended the dialogue, shown as its own message
    ]


def test_on_policy_uses_memorybench_rule_based_feedback(tmp_path: Path) -> None:
    rows = [{**row, "split": "train"} for row in TRAIN] + [{**row, "split": "test"} for row in TEST]
    path = tmp_path / "rows.jsonl"  # JSONL: each row names its own split
    path.write_text("\n".join(json.dumps(row) for row in rows), encoding="utf-8")
    log = run(
        tmp_path, dataset=str(path), protocol="on_policy", steps=1, batch_size=2, feedback="both"
    )
    assert log.samples is not None
    score = log.samples[0].scores["feedback_scorer"]  # type: ignore[index]
    assert score.metadata is not None
    dialogues = {d["request"]: d for d in score.metadata["dialogues"]}
    # Leo's answer is in the question: F1 > 0.5 -> like, and the user ends
    leo = dialogues["2"]["feedback"]
    assert [(g["implicit_action"], g["behavior"]) for g in leo] == [("like", "end_conversation")]
    assert leo[0]["response"] == RIGHT_RESPONSE
    # Mira's is nowhere to be seen: dislike, try again, up to three rounds
    mira = dialogues["1"]["feedback"]
    assert [g["implicit_action"] for g in mira] == ["dislike"] * 3
    assert mira[-1]["behavior"] == "end_conversation" and mira[0]["response"] == WRONG_RESPONSE
    assert dialogues["1"]["messages"][2][1] == f"{WRONG_RESPONSE} [feedback: dislike]"


def test_rows_the_constant_answer_gets_right_earn_no_credit(tmp_path: Path) -> None:
    """LoCoMo's category 5 always wants "Not mentioned in the conversation": the answer an
    assistant gives with no memory at all. Its rows count in the raw accuracy and in its
    chance level, not in the headline."""
    adversarial = {
        **locomo(5, "Where did Mira buy her kiln?", ""),
        "info": str(
            {
                "golden_answer": str({"a": "Not mentioned in the conversation", "b": "Paris"}),
                "category": 5,
                "evidence": [],
            }
        ),
    }
    dataset = write(tmp_path, {"train": TRAIN, "test": [*TEST, adversarial]})
    log = run(tmp_path, dataset=dataset, protocol="off_policy", feedback="verbal")
    assert log.samples is not None
    value = log.samples[0].scores["feedback_scorer"].value  # type: ignore[index]
    assert isinstance(value, dict)
    # Mira's date is right, Ana's workplace unknown, the kiln "not mentioned" (right)
    assert value["final_accuracy"] == pytest.approx(2 / 3)
    assert value["chance"] == pytest.approx(1 / 3)  # only the kiln's row is free
    assert value["final"] == 0.5 and value["no_memory"] == 0.0  # Mira's row, of two


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (TRAIN + TEST, "needs train and test rows"),
        (
            {"train": [{**TRAIN[0], "dataset_name": "HelloBench-Creative&Design"}], "test": TEST},
            "not supported: its avg_score comes from an LLM judge",
        ),
        ({"train": TRAIN, "test": [{**TEST[0], "info": "{}"}]}, "must be a LoCoMo category"),
    ],
)
def test_unusable_records_end_in_one_line(tmp_path: Path, document: object, message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        feedback(dataset=write(tmp_path, document))
    assert "\n" not in str(raised.value)
