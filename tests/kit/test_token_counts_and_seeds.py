"""Counts a user types: token counts in one grammar, seeds and names bounded and unrepeated."""

from __future__ import annotations

import pytest

from inspect_memgym.kit.seeds import MAXIMUM_SEEDS, resolve_names, resolve_seeds
from inspect_memgym.kit.token_counts import parse_token_count


@pytest.mark.parametrize(
    ("value", "count"),
    [
        (10_000, 10_000),
        ("10000", 10_000),
        ("10_000", 10_000),
        ("10,000", 10_000),
        ("10k", 10_000),
        ("1.5M", 1_500_000),
        (" 2 K ", 2_000),
    ],
)
def test_a_token_count_reads_in_every_written_form(value: object, count: int) -> None:
    assert parse_token_count("context_tokens", value) == count


@pytest.mark.parametrize("value", ["big", "10kb", True, 1.5, None, "-5"])
def test_anything_else_is_refused_with_the_forms(value: object) -> None:
    with pytest.raises(ValueError, match=r"^budget must be a token count \(e\.g\. 10000, 10k"):
        parse_token_count("budget", value)


def test_the_bounds_are_in_the_message() -> None:
    with pytest.raises(ValueError) as caught:
        parse_token_count("context_tokens", "5M", 1_000, 4_000_000)
    assert str(caught.value) == (
        "context_tokens must be a token count from 1,000 to 4,000,000 (e.g. 10000, 10k, 1M), "
        "got '5M'"
    )


def test_a_seed_count_above_the_limit_is_refused_before_any_list_is_built() -> None:
    assert len(resolve_seeds(MAXIMUM_SEEDS, None)) == MAXIMUM_SEEDS
    with pytest.raises(ValueError) as caught:
        resolve_seeds(1_000_000_000, None)
    assert str(caught.value) == (
        "seeds must be a count from 1 to 10,000 or a list of at most 10,000 seeds, "
        "got 1,000,000,000"
    )
    with pytest.raises(ValueError, match="at most 10,000 seeds, got 10,001 seeds"):
        resolve_seeds(list(range(MAXIMUM_SEEDS + 1)), None)


def test_a_repeated_seed_or_name_is_refused_naming_the_argument() -> None:
    with pytest.raises(ValueError, match=r"^seeds names the seed 3 twice; give each once$"):
        resolve_seeds("3,3", None)
    with pytest.raises(
        ValueError, match=r"^templates names the template 'company' twice; give each once$"
    ):
        resolve_names("company,company", ["company", "city"], "template", "templates")
    assert resolve_names("city,company", ["company", "city"], "template") == ["city", "company"]
