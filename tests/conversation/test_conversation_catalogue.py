"""Mechanical rules of the conversation catalogue (variables, questions, follow-ups, personas).

These rules are what keeps the benchmark valid: a reveal must make its value clear without
naming it, advice must fit one value only, and nothing the scripted user says may leak a
value name that the probes use.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator

import pytest

from inspect_memgym.conversation.world.catalogue import (
    DOMAINS,
    FOLLOW_UPS,
    QUESTIONS,
    VARIABLES,
    get_question,
    get_variable,
)
from inspect_memgym.conversation.world.catalogue import personas as persona_pools
from inspect_memgym.conversation.world.catalogue.personas import make_persona
from inspect_memgym.conversation.world.catalogue_model import VariableSpec

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
FIRST_PERSON = re.compile(
    r"\bI\b|\b(?i:I'm|I've|I'd|I'll|me|my|mine|myself|we|we're|we've|our|us)\b"
)
STARTS_WITH_PRONOUN = re.compile(r"^(I|I'm|My|We|You|Your|It|This|That|There)\b")
MIN_QUESTIONS = 16
MIN_VARIABLES = 48
MIN_DOMAINS = 12


def mentions(text: str, phrase: str) -> bool:
    """Whether ``phrase`` (or its plural) occurs in ``text`` as a whole word or phrase."""
    pattern = r"(?<!\w)" + re.escape(phrase) + r"(?:s|es)?(?!\w)"
    return re.search(pattern, text, flags=re.IGNORECASE) is not None


def variable_texts(spec: VariableSpec) -> Iterator[tuple[str, str]]:
    """(where, text) for every sentence of a variable."""
    for value in spec.values:
        for text in value.reveals:
            yield f"{spec.key}/{value.name}/reveal", text
        for text in value.events:
            yield f"{spec.key}/{value.name}/event", text
        yield f"{spec.key}/{value.name}/advice", value.advice
    for text in spec.requests:
        yield f"{spec.key}/request", text


def all_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every sentence the catalogue can put in front of a model."""
    for spec in VARIABLES.values():
        yield from variable_texts(spec)
    for question in QUESTIONS.values():
        yield f"{question.key}/text", question.text
        yield f"{question.key}/opener", question.opener
    for index, text in enumerate(FOLLOW_UPS):
        yield f"follow_up[{index}]", text


ALL_VALUE_NAMES = tuple(name for spec in VARIABLES.values() for name in spec.value_names)


def test_mentions_matches_whole_words_and_plurals() -> None:
    assert mentions("I love dogs.", "dog")
    assert mentions("A Dog-friendly cafe.", "dog")
    assert mentions("She is Close-Knit with them.", "close-knit")
    assert not mentions("A scratching post.", "cat")
    assert not mentions("I eat vegetarian food.", "vegan")
    assert not mentions("I eat meat.", "eats meat")


# --- sizes and structure -------------------------------------------------------------------


def test_catalogue_sizes() -> None:
    assert len(QUESTIONS) >= MIN_QUESTIONS
    assert len(VARIABLES) >= MIN_VARIABLES
    assert len(DOMAINS) >= MIN_DOMAINS
    assert set(DOMAINS) == {spec.domain for spec in VARIABLES.values()}
    assert len(FOLLOW_UPS) >= 20


def test_keys_are_snake_case_and_match_the_dicts() -> None:
    for key, spec in VARIABLES.items():
        assert spec.key == key
        assert SNAKE.match(key), key
        assert SNAKE.match(spec.domain), spec.domain
    for key, question in QUESTIONS.items():
        assert question.key == key
        assert SNAKE.match(key), key
    assert not set(VARIABLES) & set(QUESTIONS)


def test_lookups() -> None:
    first = next(iter(VARIABLES))
    assert get_variable(first) is VARIABLES[first]
    question = next(iter(QUESTIONS))
    assert get_question(question) is QUESTIONS[question]
    with pytest.raises(KeyError):
        get_variable("no_such_variable")
    with pytest.raises(KeyError):
        get_question("no_such_question")


def test_question_variables_exist_and_are_disjoint() -> None:
    owner: dict[str, str] = {}
    for question in QUESTIONS.values():
        assert len(question.variables) == 3
        assert len(set(question.variables)) == 3, question.key
        for key in question.variables:
            assert key in VARIABLES, f"{question.key}: unknown variable {key}"
            assert key not in owner, f"{key} is used by {owner.get(key)} and {question.key}"
            owner[key] = question.key
    assert set(owner) == set(VARIABLES), "every variable belongs to exactly one question"


def test_base_variables_span_many_domains() -> None:
    base_domains = {VARIABLES[q.variables[0]].domain for q in QUESTIONS.values()}
    assert len(base_domains) >= MIN_DOMAINS


@pytest.mark.parametrize("key", list(VARIABLES))
def test_variable_shape(key: str) -> None:
    spec = VARIABLES[key]
    assert spec.label and spec.label == spec.label.strip()
    assert len(spec.values) == 3
    assert len(set(spec.value_names)) == 3
    assert len(spec.requests) >= 2
    for value in spec.values:
        assert value.name == value.name.strip()
        assert 1 <= len(value.name.split()) <= 4, value.name
        assert value.name == value.name.lower(), value.name
        assert "  " not in value.name
        assert len(value.reveals) >= 3, value.name
        assert len(value.events) >= 2, value.name
        assert isinstance(value.advice, str) and value.advice
        assert spec.value(value.name) is value
    with pytest.raises(KeyError):
        spec.value("no such value")


@pytest.mark.parametrize("key", list(VARIABLES))
def test_value_names_are_lexically_distinct(key: str) -> None:
    names = VARIABLES[key].value_names
    for name in names:
        for other in names:
            if other == name:
                continue
            assert not mentions(other, name), f"{key}: {name!r} occurs inside {other!r}"
            for negation in ("not ", "no ", "non-", "non "):
                assert other.lower() != negation + name.lower(), (key, name, other)


def test_value_names_are_unique_across_the_catalogue() -> None:
    counts = Counter(ALL_VALUE_NAMES)
    assert not [name for name, count in counts.items() if count > 1]


# --- sentences -----------------------------------------------------------------------------


def test_every_sentence_is_well_formed() -> None:
    for where, text in all_texts():
        assert text, where
        assert text == text.strip(), where
        assert "  " not in text, where
        assert '"' not in text, where
        assert text[0].isupper(), f"{where}: {text!r}"
        assert text[-1] in ".?!", f"{where}: {text!r}"


def test_sentence_kinds_end_as_expected() -> None:
    for spec in VARIABLES.values():
        for value in spec.values:
            for text in (*value.reveals, *value.events, value.advice):
                assert text.endswith("."), f"{spec.key}/{value.name}: {text!r}"
        for text in spec.requests:
            assert text.endswith(("?", ".")), text
    for question in QUESTIONS.values():
        assert question.text.endswith("?"), question.key
        assert question.opener.endswith("."), question.key


def test_sentences_are_unique_across_the_catalogue() -> None:
    counts = Counter(text.lower() for _, text in all_texts())
    assert not [text for text, count in counts.items() if count > 1]


def test_reveals_events_and_questions_are_first_person() -> None:
    bad = [
        f"{spec.key}/{value.name}: {text!r}"
        for spec in VARIABLES.values()
        for value in spec.values
        for text in (*value.reveals, *value.events)
        if not FIRST_PERSON.search(text)
    ]
    bad += [q.key for q in QUESTIONS.values() if not FIRST_PERSON.search(q.text)]
    assert not bad, "\n".join(bad)


def test_advice_is_imperative_and_distinct() -> None:
    for spec in VARIABLES.values():
        advice = [value.advice for value in spec.values]
        assert len(set(advice)) == 3, spec.key
        for text in advice:
            assert not STARTS_WITH_PRONOUN.match(text), f"{spec.key}: {text!r}"
            assert not FIRST_PERSON.search(text), f"{spec.key}: {text!r}"


def test_openers_fit_every_answer() -> None:
    for question in QUESTIONS.values():
        assert not FIRST_PERSON.search(question.opener), question.key
        for key in question.variables:
            for value in VARIABLES[key].values:
                assert value.advice not in question.opener


# --- no value name leaks -------------------------------------------------------------------


@pytest.mark.parametrize("key", list(VARIABLES))
def test_no_value_name_in_its_own_variable(key: str) -> None:
    spec = VARIABLES[key]
    for where, text in variable_texts(spec):
        for name in spec.value_names:
            assert not mentions(text, name), f"{where} names {name!r}: {text!r}"


@pytest.mark.parametrize("key", list(QUESTIONS))
def test_no_value_name_in_its_question(key: str) -> None:
    question = QUESTIONS[key]
    names = [name for var in question.variables for name in VARIABLES[var].value_names]
    texts = [question.text, question.opener]
    for var in question.variables:
        texts.extend(text for _, text in variable_texts(VARIABLES[var]))
    for text in texts:
        for name in names:
            assert not mentions(text, name), f"{key}: {name!r} in {text!r}"


def test_no_value_name_anywhere_in_the_catalogue() -> None:
    leaks = [
        f"{where}: {name!r} in {text!r}"
        for where, text in all_texts()
        for name in ALL_VALUE_NAMES
        if mentions(text, name)
    ]
    assert not leaks, "\n".join(leaks)


def test_no_label_leaks_into_question_text() -> None:
    for question in QUESTIONS.values():
        for key in question.variables:
            for name in VARIABLES[key].value_names:
                assert not mentions(question.text, name)


# --- personas ------------------------------------------------------------------------------


def test_persona_pools() -> None:
    pools = {
        "FIRST_NAMES": (persona_pools.FIRST_NAMES, 60),
        "SURNAMES": (persona_pools.SURNAMES, 60),
        "OCCUPATIONS": (persona_pools.OCCUPATIONS, 30),
        "CITIES": (persona_pools.CITIES, 20),
        "HOBBIES": (persona_pools.HOBBIES, 40),
    }
    for name, (pool, minimum) in pools.items():
        assert len(pool) >= minimum, name
        assert len(set(pool)) == len(pool), name
        for item in pool:
            assert item and item == item.strip() and "  " not in item, (name, item)
    for first in persona_pools.FIRST_NAMES + persona_pools.SURNAMES:
        assert re.fullmatch(r"[A-Z][a-z]+", first), first
    for occupation in persona_pools.OCCUPATIONS:
        article, _, job = occupation.partition(" ")
        assert job, occupation
        assert article == ("an" if job[0] in "aeiou" else "a"), occupation
    for city in persona_pools.CITIES:
        assert all(word[0].isupper() for word in city.split()), city


def test_persona_pools_leak_no_value() -> None:
    pools = persona_pools.OCCUPATIONS + persona_pools.HOBBIES + persona_pools.CITIES
    for item in pools:
        for name in ALL_VALUE_NAMES:
            assert not mentions(item, name), (item, name)


def test_make_persona_is_deterministic() -> None:
    for seed in range(20):
        assert make_persona(random.Random(seed)) == make_persona(random.Random(seed))
    assert make_persona(random.Random("a")) != make_persona(random.Random("b"))


def test_make_persona_draws_from_the_pools() -> None:
    personas = [make_persona(random.Random(seed)) for seed in range(300)]
    for persona in personas:
        first, last = persona.name.split(" ")
        assert first in persona_pools.FIRST_NAMES
        assert last in persona_pools.SURNAMES
        assert persona_pools.MIN_AGE <= persona.age <= persona_pools.MAX_AGE
        assert 22 <= persona.age <= 70
        assert persona.occupation in persona_pools.OCCUPATIONS
        assert persona.city in persona_pools.CITIES
        assert len(persona.hobbies) == 3
        assert len(set(persona.hobbies)) == 3
        assert set(persona.hobbies) <= set(persona_pools.HOBBIES)
        assert persona.describe().startswith(f"{persona.name}, {persona.age}, works as ")
    assert len({p.name for p in personas}) > 250
    assert len({p.city for p in personas}) == len(persona_pools.CITIES)
    ages = {p.age for p in personas}
    assert min(ages) < 30 and max(ages) > 60


def test_catalogue_does_not_import_inspect_ai() -> None:
    code = (
        "import sys\n"
        "import inspect_memgym.conversation.world.catalogue\n"
        "import inspect_memgym.conversation.world.catalogue.personas\n"
        "assert 'inspect_ai' not in sys.modules, 'inspect_ai was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
