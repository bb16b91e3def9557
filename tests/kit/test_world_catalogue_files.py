"""The last world catalogues as data files read by kit/catalogues.

code_qa's question plans and story-file templates, feedback's request pools and the procedures
domains: each read from its file equals the Python literal it was moved from.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from inspect_memgym.code_qa.world import memory_files
from inspect_memgym.code_qa.world.question_plans import QUESTION_PLANS, QuestionPlan
from inspect_memgym.feedback.world import expenses, lookup, scheduling, status_updates, support
from inspect_memgym.kit.catalogues import CatalogueError, load_entries, load_value
from inspect_memgym.procedures.world.domains import DOMAINS, Domain

REQUEST_POOLS = {
    expenses: ("TOTAL_REQUESTS", "PARTNERS", "APPROVAL_REQUESTS"),
    lookup: ("PAYMENT_REQUESTS", "LIMIT_REQUESTS", "LIMITS", "HOTLINE_REQUESTS"),
    scheduling: ("MEETING_REQUESTS", "ROOM_REQUESTS", "OCCASIONS", "COURIER_REQUESTS", "PARCELS"),
    status_updates: ("SITUATIONS", "STATUS_REQUESTS"),
    support: ("TICKET_REQUESTS", "REFUND_REQUESTS", "DELAY_REQUESTS"),
}
"""Each aspect module and the pools it reads from ``feedback/world/requests.toml``."""

STORY_TEMPLATES = (
    "ISSUE_REPORT",
    "CHAT_WITH_USER",
    "CHAT_REQUIREMENT",
    "CHAT_OTHER_CUSTOMER",
    "DEBUGGING_LOG",
    "LOG_LINE",
    "ERROR_LOG_PENDING",
    "REVIEW_COMMENTS",
    "REVIEW_COMMENT",
    "DESIGN_NOTES",
    "UPSTREAM_PENDING",
)
"""The templates ``code_qa/world/memory_files.py`` reads from ``memory_files.toml``."""

QUESTION_PLANS_DIGEST = "5b9f44f06f78ee3a0689700d528c5d16d1790df86279e0cdfc844e58576fd8db"
"""sha256 of the question plans' repr, as the Python literal they were moved from gave it."""
STORY_TEMPLATES_DIGEST = "77d386620096146c3cee79b8365bf1c3479c87ed2d04a6a5a481256d6e733286"
"""sha256 of the story-file templates' repr, as the Python literals they were moved from gave it."""
REQUEST_POOLS_DIGEST = "f8e4563bf8a9259f6ac0f170bed8b6e09228661b1502c50149fb4159ad6bdaa6"
"""sha256 of the request pools' repr, as the Python literals they were moved from gave it."""

DOMAINS_DIGEST = "62e9caa78b1798408e6f84af0663d71048a650de9d58d5ca79a04c18f8baa4ea"
"""sha256 of the procedures domains' repr, as the Python literal they were moved from gave it.

A deliberate edit of a catalogue file changes its digest (and the generated worlds) on purpose.
"""


def request_pools_repr() -> str:
    return repr(
        [getattr(module, name) for module, names in REQUEST_POOLS.items() for name in names]
    )


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_code_qa_catalogues_read_from_the_files_are_the_ones_written_as_code() -> None:
    assert digest(repr(QUESTION_PLANS)) == QUESTION_PLANS_DIGEST
    assert len(QUESTION_PLANS) == 20
    assert QUESTION_PLANS[("repro",)] == (
        "Under which exact conditions does the `{target}` failure reproduce?"
    )
    templates = [getattr(memory_files, name) for name in STORY_TEMPLATES]
    assert digest(repr(templates)) == STORY_TEMPLATES_DIGEST
    assert memory_files.CHAT_WITH_USER.count("\n") == 15


def test_the_request_pools_read_from_the_file_are_the_ones_written_as_code() -> None:
    assert digest(request_pools_repr()) == REQUEST_POOLS_DIGEST
    assert all(isinstance(situation, tuple) for situation in status_updates.SITUATIONS)


def test_every_request_pool_of_the_file_is_read_by_one_module() -> None:
    text = resources.files("inspect_memgym.feedback.world").joinpath("requests.toml").read_text()
    keys = {line.split(" = ")[0] for line in text.splitlines() if " = [" in line}
    read = {name.lower() for names in REQUEST_POOLS.values() for name in names}
    assert keys == read


def test_the_procedures_domains_read_from_the_file_are_the_ones_written_as_code() -> None:
    assert digest(repr(DOMAINS)) == DOMAINS_DIGEST
    assert list(DOMAINS) == ["shop", "travel", "support"]
    assert DOMAINS["travel"] == Domain(
        "travel",
        "booking",
        "travel credit",
        "B",
        "lookup_booking",
        "issue_travel_credit",
        "the flight was cancelled",
    )


@pytest.fixture
def copies(tmp_path: Path) -> Iterator[Path]:
    """A package of its own holding copies of three data files; yields its directory."""
    package = tmp_path / "world_catalogue_copies"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for source_package, name in (
        ("inspect_memgym.code_qa.world", "question_plans.toml"),
        ("inspect_memgym.procedures.world", "domains.toml"),
        ("inspect_memgym.feedback.world", "requests.toml"),
    ):
        with resources.as_file(resources.files(source_package).joinpath(name)) as path:
            shutil.copy(path, package / name)
    sys.path.insert(0, str(tmp_path))
    yield package
    sys.path.remove(str(tmp_path))
    sys.modules.pop("world_catalogue_copies", None)


def test_a_bad_domain_fails_in_one_line_naming_file_entry_and_field(copies: Path) -> None:
    path = copies / "domains.toml"
    path.write_text(
        path.read_text().replace('remedy_tool = "issue_travel_credit"', "remedy_tool = 5")
    )
    with pytest.raises(CatalogueError) as raised:
        load_entries(Domain, "world_catalogue_copies", "domains.toml", "domains")
    assert str(raised.value) == "domains.toml: domains[1] (travel).remedy_tool expects str, got 5"


def test_a_bad_request_pool_fails_in_one_line_naming_file_entry_and_field(copies: Path) -> None:
    path = copies / "requests.toml"
    text = path.read_text().replace('"the launch stays in May"', "2")
    path.write_text(text.replace("parcels = [", "parcel = ["))
    with pytest.raises(CatalogueError) as raised:
        load_value(tuple[str, ...], "world_catalogue_copies", "requests.toml", "parcels")
    assert str(raised.value) == "requests.toml: parcels is missing"
    situations = tuple[tuple[str, str, str], ...]
    with pytest.raises(CatalogueError) as raised:
        load_value(situations, "world_catalogue_copies", "requests.toml", "situations")
    assert str(raised.value) == "requests.toml: situations[3][2] expects str, got 2"


def test_a_bad_question_plan_fails_in_one_line_naming_file_entry_and_field(copies: Path) -> None:
    path = copies / "question_plans.toml"
    path.write_text(path.read_text().replace('facts = ["repro"]', 'facts = "repro"'))
    with pytest.raises(CatalogueError) as raised:
        load_entries(
            QuestionPlan, "world_catalogue_copies", "question_plans.toml", "question_plans"
        )
    assert str(raised.value) == (
        "question_plans.toml: question_plans[2].facts expects tuple, got 'repro'"
    )
