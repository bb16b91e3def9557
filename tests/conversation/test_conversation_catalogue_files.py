"""The conversation catalogue as data files: one TOML file per life domain, read in order."""

from __future__ import annotations

import hashlib
from importlib import resources
from pathlib import Path

import pytest

from inspect_memgym.conversation.world.catalogue import (
    DOMAIN_FILES,
    DOMAINS,
    FOLLOW_UPS,
    QUESTIONS,
    VARIABLES,
)
from inspect_memgym.conversation.world.catalogue import personas as persona_pools
from inspect_memgym.conversation.world.catalogue_model import DomainCatalogue
from inspect_memgym.kit.catalogues import CatalogueError, load_catalogue

CATALOGUE_PACKAGE = "inspect_memgym.conversation.world.catalogue"

CATALOGUE_DIGEST = "08d3fcbebc45ca112b9667f14212c849b3cdd1fcd2055bb657213c70971aac6c"
"""sha256 of the catalogue's repr, as the Python literals it was moved from gave it.

Reading the catalogue from data files must not change what a seed generates; a deliberate
edit of a catalogue file changes this digest (and the generated users) on purpose.
"""


def catalogue_repr() -> str:
    pools = (
        persona_pools.FIRST_NAMES,
        persona_pools.SURNAMES,
        persona_pools.OCCUPATIONS,
        persona_pools.CITIES,
        persona_pools.HOBBIES,
    )
    return repr((tuple(VARIABLES.values()), tuple(QUESTIONS.values()), FOLLOW_UPS, pools))


def test_the_catalogue_read_from_files_is_the_one_written_as_code() -> None:
    assert hashlib.sha256(catalogue_repr().encode()).hexdigest() == CATALOGUE_DIGEST


def test_the_domains_come_in_file_order_each_file_holding_its_own_domain() -> None:
    assert DOMAINS == DOMAIN_FILES
    for name in DOMAIN_FILES:
        domain = load_catalogue(DomainCatalogue, CATALOGUE_PACKAGE, f"{name}.toml")
        assert [variable.domain for variable in domain.variables] == [name] * 3
        assert len(domain.questions) == 1
        keys = [variable.key for variable in domain.variables]
        assert list(domain.questions[0].variables) == keys
    assert len(VARIABLES) == 3 * len(DOMAIN_FILES)
    assert len(QUESTIONS) == len(DOMAIN_FILES)


def test_every_data_file_of_the_package_is_read() -> None:
    files = {
        Path(entry.name).stem
        for entry in resources.files(CATALOGUE_PACKAGE).iterdir()
        if entry.name.endswith(".toml")
    }
    assert files == {*DOMAIN_FILES, "follow_ups", "personas"}


BAD_FOOD_FILES = {
    "two variables for a question": (
        'variables = ["diet", "cooking_routine", "spice_tolerance"]',
        'variables = ["diet", "cooking_routine"]',
        "food.toml: questions[0] (dinner_plan).variables expects 3 items, got 2",
    ),
    "a misspelt value field": (
        "advice = ",
        "advise = ",
        "food.toml: variables[0] (diet).values[0] (eats meat).advise is not a field of ValueSpec",
    ),
}


@pytest.mark.parametrize("case", list(BAD_FOOD_FILES))
def test_a_bad_domain_file_fails_with_one_line_naming_the_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    written, replacement, message = BAD_FOOD_FILES[case]
    text = resources.files(CATALOGUE_PACKAGE).joinpath("food.toml").read_text(encoding="utf-8")
    assert written in text
    package = tmp_path / f"bad_food_{case.replace(' ', '_')}"
    package.mkdir()
    (package / "__init__.py").write_text('"""A broken copy of a catalogue file."""\n')
    (package / "food.toml").write_text(text.replace(written, replacement, 1), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(CatalogueError) as raised:
        load_catalogue(DomainCatalogue, package.name, "food.toml")
    assert str(raised.value) == message
