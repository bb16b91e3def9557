"""Structural rules every entity_stream domain template must follow."""

from __future__ import annotations

import math
import re
from importlib import resources
from pathlib import Path

import pytest

from inspect_memgym.entity_stream.world.model import NUMERIC_KINDS, AttributeSpec, Template
from inspect_memgym.entity_stream.world.templates import TEMPLATE_NAMES, TEMPLATES, get_template
from inspect_memgym.kit.catalogues import CatalogueError, load_catalogue

CANONICAL = (
    "company",
    "research",
    "city",
    "hospital",
    "sport",
    "movie",
    "university",
    "codebase",
    "project",
    "agentteam",
)

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
NAME_WORD = re.compile(r"^[A-Z][a-z]+$")
DIGIT = re.compile(r"\d")

# Single words that would make a generated name read as a real, famous organisation.
FAMOUS = {
    "Google", "Apple", "Microsoft", "Amazon", "Meta", "Tesla", "Nvidia", "Intel", "Oracle",
    "Harvard", "Stanford", "Oxford", "Cambridge", "Yale", "Princeton", "Cornell", "Berkeley",
    "Caltech", "Columbia", "Mayo", "Cleveland", "Hopkins", "Kaiser", "Sinai", "Cedars",
    "Lakers", "Yankees", "Celtics", "Arsenal", "Chelsea", "Liverpool", "Juventus", "Bayern",
    "Pixar", "Disney", "Warner", "Paramount", "Lionsgate", "Netflix", "Salk", "Scripps",
    "Broad", "Wellcome", "Fermilab", "Argonne", "Linux", "Mozilla", "Apache", "Kubernetes",
    "OpenAI", "DeepMind", "Anthropic", "Jira", "Asana", "Ashford",
}  # fmt: skip

ALL = [pytest.param(template, id=name) for name, template in TEMPLATES.items()]


def _of_kind(template: Template, *kinds: str) -> list[AttributeSpec]:
    return [spec for spec in template.attributes if spec.kind in kinds]


def _substring_pairs(items: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(a, b) for a in items for b in items if a != b and a in b]


# --- registry -------------------------------------------------------------------------


def test_template_names_are_canonical() -> None:
    assert TEMPLATE_NAMES == CANONICAL, f"TEMPLATE_NAMES is {TEMPLATE_NAMES}"
    assert tuple(TEMPLATES) == CANONICAL


def test_registry_keys_match_template_names() -> None:
    for key, template in TEMPLATES.items():
        assert key == template.name, f"TEMPLATES[{key!r}] holds template {template.name!r}"


def test_get_template_returns_each_template() -> None:
    for name in CANONICAL:
        assert get_template(name) is TEMPLATES[name]


def test_get_template_unknown_name_lists_valid_names() -> None:
    with pytest.raises(ValueError, match="unknown template 'nope'") as info:
        get_template("nope")
    for name in CANONICAL:
        assert name in str(info.value), f"error message does not list {name!r}"


# --- attributes -----------------------------------------------------------------------


@pytest.mark.parametrize("template", ALL)
def test_attribute_count(template: Template) -> None:
    count = len(template.attributes)
    assert 21 <= count <= 23, f"{template.name}: {count} attributes, want 21-23"


@pytest.mark.parametrize("template", ALL)
def test_attribute_keys_unique_snake_case(template: Template) -> None:
    keys = [spec.key for spec in template.attributes]
    assert len(keys) == len(set(keys)), f"{template.name}: duplicate attribute keys"
    bad = [key for key in keys if not SNAKE.match(key)]
    assert not bad, f"{template.name}: keys not snake_case: {bad}"


@pytest.mark.parametrize("template", ALL)
def test_attribute_labels_unique_lowercase_no_digits(template: Template) -> None:
    labels = [spec.label for spec in template.attributes]
    assert len(labels) == len(set(labels)), f"{template.name}: duplicate labels"
    not_lower = [label for label in labels if label != label.lower()]
    assert not not_lower, f"{template.name}: labels not lowercase: {not_lower}"
    digits = [label for label in labels if DIGIT.search(label)]
    assert not digits, f"{template.name}: labels with digits: {digits}"


@pytest.mark.parametrize("template", ALL)
def test_units_have_one_placeholder_and_no_digits(template: Template) -> None:
    for spec in template.attributes:
        assert spec.unit.count("{value}") == 1, (
            f"{template.name}.{spec.key}: unit {spec.unit!r} needs exactly one {{value}}"
        )
        assert not DIGIT.search(spec.unit.replace("{value}", "")), (
            f"{template.name}.{spec.key}: unit {spec.unit!r} contains a digit"
        )


@pytest.mark.parametrize("template", ALL)
def test_kind_counts(template: Template) -> None:
    numeric = _of_kind(template, *NUMERIC_KINDS)
    assert len(numeric) >= 12, f"{template.name}: {len(numeric)} numeric attributes, want >= 12"
    for kind, want in (("list_float", 2), ("date", 2), ("enum", 2), ("text", 1)):
        got = len(_of_kind(template, kind))
        assert got == want, f"{template.name}: {got} {kind} attributes, want {want}"


@pytest.mark.parametrize("template", ALL)
def test_numeric_bounds(template: Template) -> None:
    for spec in _of_kind(template, "int", "float", "list_float"):
        where = f"{template.name}.{spec.key}"
        assert spec.low < spec.high, f"{where}: low {spec.low} must be < high {spec.high}"
        if spec.kind == "int":
            assert float(spec.low).is_integer() and float(spec.high).is_integer(), (
                f"{where}: int bounds must be integral, got {spec.low}..{spec.high}"
            )
        else:
            assert spec.decimals in (1, 2), f"{where}: decimals {spec.decimals}, want 1 or 2"


@pytest.mark.parametrize("template", ALL)
def test_percentages_within_zero_and_hundred(template: Template) -> None:
    for spec in _of_kind(template, *NUMERIC_KINDS):
        if "%" in spec.unit:
            assert 0 <= spec.low < spec.high <= 100, (
                f"{template.name}.{spec.key}: percentage range {spec.low}..{spec.high}"
            )


@pytest.mark.parametrize("template", ALL)
def test_numeric_ranges_are_wide(template: Template) -> None:
    for spec in _of_kind(template, *NUMERIC_KINDS):
        if "%" in spec.unit and spec.high - spec.low >= 20:
            continue
        if spec.low <= 0:
            continue  # the ratio high/low is unbounded
        spread = spec.high / spec.low
        assert spread >= 5, (
            f"{template.name}.{spec.key}: range {spec.low}..{spec.high} spans only "
            f"{spread:.2f}x (want >= 5x, or >= 20 points for percentages)"
        )


@pytest.mark.parametrize("template", ALL)
def test_list_float_periods(template: Template) -> None:
    for spec in _of_kind(template, "list_float"):
        assert 4 <= spec.periods <= 8, f"{template.name}.{spec.key}: periods {spec.periods}"


@pytest.mark.parametrize("template", ALL)
def test_dates_are_year_ranges(template: Template) -> None:
    for spec in _of_kind(template, "date"):
        where = f"{template.name}.{spec.key}"
        assert float(spec.low).is_integer() and float(spec.high).is_integer(), (
            f"{where}: date bounds must be whole years, got {spec.low}..{spec.high}"
        )
        assert 1800 <= spec.low < spec.high <= 2025, (
            f"{where}: years {spec.low}..{spec.high} must satisfy 1800 <= low < high <= 2025"
        )


@pytest.mark.parametrize("template", ALL)
def test_enum_choices(template: Template) -> None:
    for spec in _of_kind(template, "enum"):
        where = f"{template.name}.{spec.key}"
        choices = spec.choices
        assert 3 <= len(choices) <= 5, f"{where}: {len(choices)} choices, want 3-5"
        assert len(set(choices)) == len(choices), f"{where}: duplicate choices"
        upper = [choice for choice in choices if choice != choice.lower()]
        assert not upper, f"{where}: choices not lowercase: {upper}"
        overlaps = _substring_pairs(choices)
        assert not overlaps, f"{where}: a choice is a substring of another: {overlaps}"


@pytest.mark.parametrize("template", ALL)
def test_text_fragment_pool(template: Template) -> None:
    for spec in _of_kind(template, "text"):
        where = f"{template.name}.{spec.key}"
        pool = spec.choices
        assert 14 <= len(pool) <= 18, f"{where}: {len(pool)} fragments, want 14-18"
        assert len(set(pool)) == len(pool), f"{where}: duplicate fragments"
        upper = [item for item in pool if item != item.lower()]
        assert not upper, f"{where}: fragments not lowercase: {upper}"
        wordy = [item for item in pool if not 1 <= len(item.split()) <= 3]
        assert not wordy, f"{where}: fragments must have 1-3 words: {wordy}"
        digits = [item for item in pool if DIGIT.search(item)]
        assert not digits, f"{where}: fragments with digits: {digits}"
        overlaps = _substring_pairs(pool)
        assert not overlaps, f"{where}: a fragment is a substring of another: {overlaps}"
        assert (spec.min_fragments, spec.max_fragments) == (2, 4), (
            f"{where}: fragments per value {spec.min_fragments}-{spec.max_fragments}, want 2-4"
        )


# --- categories, relations, ratios, styles --------------------------------------------


@pytest.mark.parametrize("template", ALL)
def test_categories(template: Template) -> None:
    categories = template.categories
    assert 8 <= len(categories) <= 12, f"{template.name}: {len(categories)} categories"
    assert len(set(categories)) == len(categories), f"{template.name}: duplicate categories"
    untitled = [
        category
        for category in categories
        if not all(NAME_WORD.match(word) for word in category.split())
    ]
    assert not untitled, f"{template.name}: categories not Title Case: {untitled}"


@pytest.mark.parametrize("template", ALL)
def test_relations(template: Template) -> None:
    relations = template.relations
    assert len(relations) == 2, f"{template.name}: {len(relations)} relations, want 2"
    keys = [relation.key for relation in relations]
    assert len(set(keys)) == 2, f"{template.name}: duplicate relation keys {keys}"
    for relation in relations:
        where = f"{template.name}.{relation.key}"
        assert SNAKE.match(relation.key), f"{where}: key not snake_case"
        for phrase in (relation.phrase, relation.passive):
            assert phrase and phrase == phrase.lower().strip(), f"{where}: bad phrase {phrase!r}"
            assert not DIGIT.search(phrase), f"{where}: phrase {phrase!r} contains a digit"
            assert 1 <= len(phrase.split()) <= 5, f"{where}: phrase {phrase!r} is too long"
        assert relation.phrase != relation.passive, f"{where}: active equals passive phrase"
        # Active phrases are third-person singular verbs ("X supplies to A and B."); the
        # question form uses the regular base form ("Which ... does X supply to?").
        verb = relation.phrase.split()[0]
        assert verb.endswith("s") and not verb.endswith("ss"), (
            f"{where}: active phrase {relation.phrase!r} should start with a third-person verb"
        )


@pytest.mark.parametrize("template", ALL)
def test_ratios(template: Template) -> None:
    ratios = template.ratios
    assert 5 <= len(ratios) <= 6, f"{template.name}: {len(ratios)} ratios, want 5-6"
    keys = [ratio.key for ratio in ratios]
    assert len(set(keys)) == len(keys), f"{template.name}: duplicate ratio keys"
    numeric = {spec.key: spec for spec in _of_kind(template, *NUMERIC_KINDS)}
    for ratio in ratios:
        where = f"{template.name}.{ratio.key}"
        assert ratio.numerator in numeric, f"{where}: numerator {ratio.numerator!r} not numeric"
        assert ratio.denominator in numeric, (
            f"{where}: denominator {ratio.denominator!r} not numeric"
        )
        assert ratio.numerator != ratio.denominator, f"{where}: numerator equals denominator"
        denominator = numeric[ratio.denominator]
        assert denominator.low > 0, (
            f"{where}: denominator {ratio.denominator!r} may be zero (low {denominator.low})"
        )


@pytest.mark.parametrize("template", ALL)
def test_ratios_are_not_vanishingly_small(template: Template) -> None:
    # At typical (mid-range) values a ratio rounded to 2 dp should not read 0.00.
    for ratio in template.ratios:
        num = template.attribute(ratio.numerator)
        den = template.attribute(ratio.denominator)
        typical = ((num.low + num.high) / 2) / ((den.low + den.high) / 2)
        assert typical >= 0.01, f"{template.name}.{ratio.key}: typical value {typical:.5f}"


@pytest.mark.parametrize("template", ALL)
def test_styles(template: Template) -> None:
    styles = template.styles
    assert len(styles) == 4, f"{template.name}: {len(styles)} styles, want 4"
    assert len(set(styles)) == 4, f"{template.name}: duplicate styles"
    bad = [style for style in styles if not style[:1].isupper()]
    assert not bad, f"{template.name}: styles must start with a capital: {bad}"


# --- names ----------------------------------------------------------------------------


@pytest.mark.parametrize("template", ALL)
def test_name_pool_sizes(template: Template) -> None:
    assert len(template.name_prefixes) == 30, (
        f"{template.name}: {len(template.name_prefixes)} prefixes, want 30"
    )
    assert len(template.name_suffixes) == 20, (
        f"{template.name}: {len(template.name_suffixes)} suffixes, want 20"
    )


@pytest.mark.parametrize("template", ALL)
def test_name_pool_words(template: Template) -> None:
    words = template.name_prefixes + template.name_suffixes
    assert len(set(words)) == len(words), f"{template.name}: duplicate name words"
    bad = [word for word in words if not NAME_WORD.match(word)]
    assert not bad, f"{template.name}: name words must be one capitalized letters-only word: {bad}"
    shared = set(template.name_prefixes) & set(template.name_suffixes)
    assert not shared, f"{template.name}: words used as both prefix and suffix: {shared}"
    names = {f"{prefix} {suffix}" for prefix in template.name_prefixes for suffix in words[30:]}
    assert len(names) == 600, f"{template.name}: {len(names)} distinct names, want 600"


@pytest.mark.parametrize("template", ALL)
def test_no_name_word_is_a_prefix_of_another(template: Template) -> None:
    # "Vickery Health" would otherwise be a prefix of "Vickery Healthcare"
    for pool in (template.name_prefixes, template.name_suffixes):
        clashes = [(a, b) for a in pool for b in pool if a != b and b.startswith(a)]
        assert not clashes, f"{template.name}: name words that prefix others: {clashes}"


@pytest.mark.parametrize("template", ALL)
def test_names_read_as_fictional(template: Template) -> None:
    famous = FAMOUS & set(template.name_prefixes + template.name_suffixes)
    assert not famous, f"{template.name}: name words of real organisations: {famous}"


# --- question mix, corrections, noise -------------------------------------------------


@pytest.mark.parametrize("template", ALL)
def test_question_weights(template: Template) -> None:
    weights = template.question_weights
    assert set(weights) == {"retrieval", "comprehension", "update", "abstention"}, (
        f"{template.name}: weight keys {sorted(weights)}"
    )
    assert math.isclose(sum(weights.values()), 1.0), (
        f"{template.name}: weights sum to {sum(weights.values())}"
    )
    assert math.isclose(weights["abstention"], 0.15), f"{template.name}: abstention weight"
    assert 0.10 <= weights["update"] <= 0.20, f"{template.name}: update weight"
    assert all(weight > 0 for weight in weights.values()), f"{template.name}: zero weight"


def test_reference_question_weights() -> None:
    assert TEMPLATES["company"].question_weights == pytest.approx(
        {"retrieval": 0.30, "comprehension": 0.35, "update": 0.20, "abstention": 0.15}
    )
    assert TEMPLATES["city"].question_weights == pytest.approx(
        {"retrieval": 0.45, "comprehension": 0.30, "update": 0.10, "abstention": 0.15}
    )


@pytest.mark.parametrize("template", ALL)
def test_correction_timing(template: Template) -> None:
    lo, hi = template.correction_timing
    assert 0.3 <= lo < hi <= 0.8, f"{template.name}: correction timing {lo}..{hi}"


@pytest.mark.parametrize("template", ALL)
def test_correction_reasons(template: Template) -> None:
    reasons = template.correction_reasons
    assert 3 <= len(reasons) <= 4, f"{template.name}: {len(reasons)} correction reasons"
    assert len(set(reasons)) == len(reasons), f"{template.name}: duplicate reasons"
    bad = [reason for reason in reasons if not reason[:1].islower() or DIGIT.search(reason)]
    assert not bad, f"{template.name}: reasons must be lowercase phrases without digits: {bad}"


@pytest.mark.parametrize("template", ALL)
def test_noise_topics(template: Template) -> None:
    topics = template.noise_topics
    assert len(topics) == 4, f"{template.name}: {len(topics)} noise topics, want 4"
    assert len(set(topics)) == 4, f"{template.name}: duplicate noise topics"
    digits = [topic for topic in topics if DIGIT.search(topic)]
    assert not digits, f"{template.name}: noise topics with digits: {digits}"
    prefixes = {prefix.lower() for prefix in template.name_prefixes}
    named = [t for t in topics if prefixes & set(re.findall(r"[a-z]+", t.lower()))]
    assert not named, f"{template.name}: noise topics mention a name word: {named}"


# --- identity -------------------------------------------------------------------------


@pytest.mark.parametrize("template", ALL)
def test_entity_words(template: Template) -> None:
    assert template.entity_word and template.entity_word == template.entity_word.lower()
    assert template.entity_plural and template.entity_plural != template.entity_word


def test_expected_entity_words() -> None:
    assert TEMPLATES["codebase"].entity_word == "module"
    assert TEMPLATES["agentteam"].entity_word == "agent"
    assert TEMPLATES["company"].entity_word == "company"


# --- the files ------------------------------------------------------------------------


def test_each_template_file_names_its_template() -> None:
    files = resources.files("inspect_memgym.entity_stream.world.templates")
    shipped = sorted(item.name for item in files.iterdir() if item.name.endswith(".toml"))
    assert shipped == sorted(f"{name}.toml" for name in TEMPLATE_NAMES)


def test_a_broken_template_file_fails_naming_the_file_and_the_attribute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = resources.files("inspect_memgym.entity_stream.world.templates") / "company.toml"
    text = shipped.read_text(encoding="utf-8")
    broken = text.replace(
        'key = "employees"\nlabel = "headcount"\nkind = "int"',
        'key = "employees"\nlabel = "headcount"\nkind = "integer"',
    )
    assert broken != text
    package = tmp_path / "broken_templates"
    package.mkdir()
    (package / "__init__.py").write_text('"""A broken template."""\n')
    (package / "company.toml").write_text(broken, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(CatalogueError) as raised:
        load_catalogue(Template, "broken_templates", "company.toml")
    assert str(raised.value) == (
        "company.toml: attributes[4] (employees).kind expects one of 'int', 'float', 'text', "
        "'enum', 'list_float', 'date', got 'integer'"
    )
