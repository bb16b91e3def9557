"""The text index finds exactly the entries containing a phrase, reading only a few of them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspect_memgym.memory import text_index, vocabulary
from inspect_memgym.memory.text_index import TextIndex, WordPlace, word_constraints
from inspect_memgym.memory.vocabulary import Vocabulary

# word characters, separators, and letters whose lowercase differs in length or kind
ALPHABET = "abcAB_1 .'-\n?éÉßİﬁΣς"
texts = st.text(alphabet=ALPHABET, min_size=0, max_size=25)


def brute_force(contents: dict[int, str], phrase: str) -> set[int]:
    return {entry_id for entry_id, text in contents.items() if phrase in text.lower()}


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    contents=st.lists(texts, min_size=0, max_size=12),
    changes=st.lists(st.tuples(st.integers(0, 15), st.none() | texts), max_size=6),
    phrases=st.lists(texts.filter(lambda text: text != ""), min_size=1, max_size=4),
    cuts=st.lists(st.tuples(st.integers(0, 30), st.integers(1, 12)), max_size=4),
)
def test_containing_equals_a_scan(
    contents: list[str],
    changes: list[tuple[int, str | None]],
    phrases: list[str],
    cuts: list[tuple[int, int]],
) -> None:
    index = TextIndex()
    expected: dict[int, str] = {}
    for entry_id, text in enumerate(contents, start=1):
        index.put(entry_id, text)
        expected[entry_id] = text
    for entry_id, text in changes:  # replace (or add), or remove
        if text is not None:
            index.put(entry_id, text)
            expected[entry_id] = text
        elif entry_id in expected:
            index.remove(entry_id)
            del expected[entry_id]
    lowered = [text.lower() for text in expected.values()]
    # fragments of stored texts, cut anywhere (inside words, across separators)
    fragments = [
        text[start : start + length]
        for text in lowered
        for start, length in cuts
        if text[start : start + length]
    ]
    assert len(index) == len(expected)
    for phrase in [*(phrase.lower() for phrase in phrases), *fragments]:
        assert index.containing(phrase) == brute_force(expected, phrase), phrase
    assert index.containing_any(fragments) == set().union(
        *(brute_force(expected, fragment) for fragment in fragments)
    )


def test_word_constraints_say_where_each_word_must_be() -> None:
    assert [(c.word, c.place) for c in word_constraints("rgon labs' reven")] == [
        ("labs", WordPlace.WHOLE),
        ("reven", WordPlace.START),
        ("rgon", WordPlace.END),
    ]
    assert [(c.word, c.place) for c in word_constraints("foundr")] == [("foundr", WordPlace.INSIDE)]
    assert word_constraints(" ?! ") == []


def test_vocabulary_finds_words_by_start_end_and_part() -> None:
    words = ["argon", "labs", "margin", "gross", "argonaut", "nonargon", "a", "ar"]
    index = Vocabulary()
    for word in words:
        index.append(word)
    assert sorted(index.starting_with("arg")) == ["argon", "argonaut"]
    assert sorted(index.ending_with("argon")) == ["argon", "nonargon"]
    assert sorted(index.containing("rgo")) == ["argon", "argonaut", "nonargon"]
    assert sorted(index.containing("a")) == sorted(set(words) - {"gross"})
    assert list(index.starting_with("zz")) == []


def test_vocabulary_spans_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocabulary, "BLOCK_WORDS", 3)
    index = Vocabulary()
    words = [f"w{number}x" for number in range(10)]
    for position, word in enumerate(words):
        index.append(word)
        assert list(index.ending_with("x")) == words[: position + 1]  # searched while growing
    assert list(index.starting_with("w1")) == ["w1x"]


def test_a_rare_phrase_reads_only_its_entries() -> None:
    """10,000 entries: a name's candidates are the entries that hold the name, not all."""
    rng = random.Random(3)
    index = TextIndex()
    filler = ["revenue", "margin", "the", "of", "grew", "fell", "staff", "office", "2024"]
    for entry_id in range(1, 10_001):
        words = rng.sample(filler, 5)
        if entry_id % 1000 == 0:
            words.insert(2, "Tundra Foundry's")
        index.put(entry_id, " ".join(words) + ".")
    holders = set(range(1000, 10_001, 1000))
    for phrase in ("tundra foundry", "tundra foundry's", "undra found", "foundry"):
        assert set(index.candidates(phrase)) == holders, phrase
        assert index.containing(phrase) == holders
    common = index.containing("revenue margin")
    assert len(set(index.candidates("revenue margin"))) < 10_000 and common


@pytest.mark.parametrize("rebuild_minimum", [0, 50])
def test_leftovers_of_replaced_entries_are_dropped(
    monkeypatch: pytest.MonkeyPatch, rebuild_minimum: int
) -> None:
    monkeypatch.setattr(text_index, "REBUILD_MINIMUM", rebuild_minimum)
    index = TextIndex()
    index.put(1, "alpha")
    index.put(2, "gamma alpha")
    for number in range(300):
        index.put(1, f"alpha beta{number}")
        if number % 7 == 0:
            index.remove(2)
            index.put(2, f"gamma beta{number}")
    assert index.containing("alpha") == {1}
    assert index.containing("beta299") == {1}
    assert index.containing("beta294") == {2}
    assert index.containing("beta1") == set()
    # each replacement leaves the old words' postings behind, until a rebuild drops them
    assert len(list(index.candidates("alpha"))) <= rebuild_minimum + 2
    assert sorted(set(index.candidates("beta"))) == [1, 2]
