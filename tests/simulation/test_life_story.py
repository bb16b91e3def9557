"""Invented life stories: values from large pools or invented, first dates spread over years."""

from __future__ import annotations

import itertools

import pytest

from inspect_memgym.scoring.token_f1 import answer_tokens
from inspect_memgym.simulation.life_story import (
    BOOK_NOUNS,
    COMPANY_KINDS,
    FIRST_YEARS,
    LESSONS,
    PET_KINDS,
    SESSION_GAP_DAYS,
    life_story,
    with_article,
)

STORIES = range(200)


def test_the_same_seed_gives_the_same_story_and_seeds_differ() -> None:
    assert life_story(7) == life_story(7)
    assert life_story(7).facts != life_story(8).facts


@pytest.mark.parametrize(
    ("pool", "smallest"), [(LESSONS, 72), (COMPANY_KINDS, 50), (BOOK_NOUNS, 50), (PET_KINDS, 24)]
)
def test_pools_are_large_and_their_words_distinct(pool: tuple[str, ...], smallest: int) -> None:
    stems = [stem for word in pool for stem in answer_tokens(word)]
    assert len(pool) >= smallest
    assert len(stems) == len(set(stems)) == len(pool)  # one word each, no two alike once stemmed


def test_no_pool_shares_a_word_with_another() -> None:
    stems = [
        {stem for word in pool for stem in answer_tokens(word)}
        for pool in (LESSONS, COMPANY_KINDS, BOOK_NOUNS)
    ]
    assert not (stems[0] & stems[1] or stems[0] & stems[2] or stems[1] & stems[2])


def test_first_dates_spread_over_years_and_months() -> None:
    firsts = [life_story(seed).sessions[0].date for seed in STORIES]
    years = {date.year for date in firsts}
    assert min(years) >= FIRST_YEARS[0] and max(years) <= FIRST_YEARS[1]
    assert len(years) >= 50  # of 60: 200 draws leave few unseen
    assert {date.month for date in firsts} == set(range(1, 13))
    assert max(firsts.count(date) for date in firsts) == 1


def test_sessions_are_dated_in_order_within_the_gap_range() -> None:
    for seed in range(20):
        dates = [session.date.date() for session in life_story(seed).sessions]
        gaps = [(later - earlier).days for earlier, later in itertools.pairwise(dates)]
        assert all(SESSION_GAP_DAYS[0] <= gap <= SESSION_GAP_DAYS[1] for gap in gaps)


def test_every_fact_is_stated_by_the_user_in_its_session() -> None:
    for seed in range(50):
        story = life_story(seed)
        for fact in story.facts.values():
            stating = [
                turn
                for turn in story.sessions[fact.session].turns
                if turn.fact == fact.key and turn.speaker == "user"
            ]
            assert len(stating) == 1 and fact.value in stating[0].text
        company_kind = story.fact("job").value.split()[-1]
        assert company_kind in COMPANY_KINDS
        assert story.fact("book").value.startswith("The ")
        assert story.fact("book").value.split()[-1] in BOOK_NOUNS


def test_an_article_fits_its_noun() -> None:
    assert with_article("cat") == "a cat"
    assert with_article("iguana") == "an iguana"
