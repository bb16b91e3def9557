"""A world's memory and turn cap are spelled as its task spells them; old keywords retire."""

from __future__ import annotations

import logging

import pytest

from inspect_memgym.conversation import environment as conversation_environment
from inspect_memgym.entity_stream import environment as entity_stream_environment
from inspect_memgym.environments import MemoryEnv
from inspect_memgym.procedures import environment as procedures_environment
from inspect_memgym.training.episode_memory import open_episode_memory

WORLD_MODULES = {
    "entity_stream": entity_stream_environment,
    "conversation": conversation_environment,
    "procedures": procedures_environment,
}
SMALL = {"entity_stream": "lite", "conversation": "small", "procedures": "smoke"}


def world(task: str, **options: object) -> object:
    """A world of ``task`` on its smallest tier, built through the environment."""
    env = MemoryEnv(task, tier=SMALL[task], **options)
    env.reset(seed=0)
    return env._world


@pytest.mark.parametrize("task", sorted(WORLD_MODULES))
def test_memory_takes_a_backend_name_or_a_mapping(task: str) -> None:
    assert world(task).memory.name == "markdown"  # type: ignore[attr-defined]
    assert world(task, memory="markdown").memory.name == "markdown"  # type: ignore[attr-defined]
    chosen = world(task, memory={"backend": "chroma", "embedding": "hashing"})
    assert chosen.memory.name == "chroma"  # type: ignore[attr-defined]
    assert chosen.memory.embedding_name.startswith("hashing")  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("memory", "message"),
    [
        ({"keep": True}, "memory takes no key 'keep'; its keys: backend, embedding"),
        ("sqlite", "unknown memory backend 'sqlite'; choose one of: markdown, chroma"),
        (3, "memory must be a backend name or a mapping, got 3"),
    ],
)
def test_a_bad_memory_is_refused_in_one_line(memory: object, message: str) -> None:
    with pytest.raises(ValueError, match="^" + message):
        open_episode_memory(memory)  # type: ignore[arg-type]


@pytest.mark.old_spelling
@pytest.mark.parametrize("task", sorted(WORLD_MODULES))
def test_an_old_keyword_prints_its_replacement_and_still_works(
    task: str, caplog: pytest.LogCaptureFixture
) -> None:
    until = WORLD_MODULES[task].OLD_KEYWORDS_UNTIL
    with caplog.at_level(logging.WARNING, "inspect_memgym.training.episode_memory"):
        built = world(task, backend="chroma")
    assert built.memory.name == "chroma"  # type: ignore[attr-defined]
    assert caplog.messages == [
        f"{task} world: backend= is deprecated (until {task} {until}); "
        "use memory={'backend': 'chroma'}"
    ]


@pytest.mark.old_spelling
def test_the_old_turn_cap_keyword_sets_the_turn_cap(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, "inspect_memgym.training.episode_memory"):
        built = world("entity_stream", max_turns_per_event=3)
    assert built.max_turns == 3  # type: ignore[attr-defined]
    assert caplog.messages == [
        "entity_stream world: max_turns_per_event= is deprecated (until entity_stream 10); "
        "use max_turns=3"
    ]


@pytest.mark.parametrize("task", sorted(WORLD_MODULES))
def test_old_keywords_are_refused_from_the_version_they_retire_in(
    task: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = WORLD_MODULES[task]
    monkeypatch.setattr(module, "TASK_VERSION", module.OLD_KEYWORDS_UNTIL)
    with pytest.raises(ValueError) as refused:
        world(task, embedding="minilm")
    assert str(refused.value) == (
        f"{task} world: embedding= was removed in {task} {module.OLD_KEYWORDS_UNTIL}: "
        "use memory={'embedding': 'minilm'}"
    )


def test_a_setting_in_both_spellings_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^backend given twice, in memory= and as its own"):
        world("conversation", memory="markdown", backend="chroma")
