"""The reference agents' pure parts: names, parameter checks, JSON parsing, time stamps."""

from __future__ import annotations

from typing import Any

import pytest

from inspect_memgym.conversation.task import DEFAULT_AGENT
from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.strategies.awi import parse_memory_object
from inspect_memgym.strategies.registry import (
    STRATEGY_NAMES,
    strategy_parameters,
    strategy_solver,
)
from inspect_memgym.strategies.support import ConversationMessage, split_time_marker


def test_strategy_names_and_parameters() -> None:
    assert STRATEGY_NAMES == (
        "none",
        "native",
        "awi",
        "rag",
        "awe",
        "summary",
        "masking",
        "notes",
        "agentic",
        "bm25_message",
        "bm25_dialog",
        "embed_message",
        "embed_dialog",
        "system",
    )
    assert DEFAULT_AGENT in STRATEGY_NAMES
    assert strategy_parameters("native") == ("context_budget",)
    assert strategy_parameters("awi") == ("update_frequency", "short_term_window")
    memory = ("backend", "embedding", "write_budget", "update_frequency", "short_term_window")
    server = ("chroma_url", "chroma_token", "keep_memory")
    assert strategy_parameters("rag") == (*memory, "top_k", *server)
    assert strategy_parameters("awe") == (*memory, "top_k", "max_update_turns", *server)
    for name in STRATEGY_NAMES:
        assert callable(strategy_solver(name, {"system": "mem0"} if name == "system" else None))


def test_unknown_strategy_is_refused_and_foreign_arguments_are_not_passed() -> None:
    with pytest.raises(ValueError, match=r"'mem0'; choose one of: none, native, awi, rag, awe"):
        strategy_solver("mem0")
    with pytest.raises(ValueError, match=r"'native' takes no parameter 'top_k'"):
        strategy_solver("native", {"top_k": 3})
    # memory settings go to the strategies that keep a store, and are not passed to others
    assert callable(strategy_solver("native", {"context_budget": None}, backend="chroma"))


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("awi", {"update_frequency": 0}, "update_frequency must be at least 1, got 0"),
        ("rag", {"short_term_window": -1}, "short_term_window must be at least 0, got -1"),
        ("rag", {"top_k": 0}, "top_k must be at least 1, got 0"),
        ("awe", {"top_k": 2.5}, "top_k must be an integer, got 2.5"),
        ("awe", {"backend": "sqlite"}, "unknown memory backend 'sqlite'"),
        ("rag", {"embedding": "bert"}, "unknown embedding 'bert'"),
        ("awe", {"write_budget": -1}, "write_budget must be at least 0, got -1"),
        ("awe", {"max_update_turns": 0}, "max_update_turns must be at least 1, got 0"),
        ("native", {"context_budget": 0}, "context_budget must be at least 1, got 0"),
    ],
)
def test_invalid_parameters_fail_eagerly(name: str, params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        strategy_solver(name, params)


@pytest.mark.parametrize(
    ("reply", "memory"),
    [
        ('{"job": "nurse"}', {"job": "nurse"}),
        ('```json\n{"job": "nurse"}\n```', {"job": "nurse"}),
        ('Sure:\n```\n{"job": "nurse"}\n```\nDone.', {"job": "nurse"}),
        (
            'Memory: {"job": "nurse", "pets": {"dog": "Pepper"}} ok',
            {"job": "nurse", "pets": '{"dog": "Pepper"}'},
        ),
        (
            '{"age": 34, "vegan": true, "gone": null, "kids": ["Ana"]}',
            {"age": "34", "vegan": "true", "kids": '["Ana"]'},
        ),
        ('Not {valid} but then {"diet": "vegetarian"}', {"diet": "vegetarian"}),
        ("{}", {}),
        ('{"café": "crème"}', {"café": "crème"}),
    ],
)  # fmt: skip
def test_parse_memory_object(reply: str, memory: dict[str, str]) -> None:
    assert parse_memory_object(reply) == memory


@pytest.mark.parametrize(
    "reply", ["", "no json here", '["job", "nurse"]', '{"job": "nurse"', "```json\n[1]\n```"]
)
def test_parse_memory_object_failures(reply: str) -> None:
    assert parse_memory_object(reply) is None


def test_estimate_tokens() -> None:
    assert [estimate_tokens(text) for text in ("", "a", "abcd", "abcde", "x" * 400)] == [
        1,
        1,
        1,
        2,
        100,
    ]


def test_time_markers_and_rendering() -> None:
    assert split_time_marker("[Current time: 2025-04-02 18:30]\nHello") == (
        "2025-04-02 18:30",
        "Hello",
    )
    assert split_time_marker("Hello [Current time: 2025-04-02 18:30]") == (
        None,
        "Hello [Current time: 2025-04-02 18:30]",
    )
    message = ConversationMessage(
        "user", "[Current time: 2025-04-02 18:30]\nHi", "2025-04-02 18:30"
    )
    assert message.text == "Hi"
    assert message.render() == "[2025-04-02 18:30] user: Hi"
    assert ConversationMessage("assistant", "Hello", "").render() == "assistant: Hello"
