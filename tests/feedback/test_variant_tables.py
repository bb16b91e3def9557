"""feedback's keyed variant tables as data (``feedback/world/variants.toml``).

Each table read from the file equals the Python literal it was moved from (a sha256 pin),
every key of a format table is one the code that writes its values knows, and a bad entry
fails in one line naming the file, the table and the key.
"""

from __future__ import annotations

import datetime
import hashlib
import shutil
import sys
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from inspect_memgym.feedback.world import expenses, scheduling, support
from inspect_memgym.feedback.world.expenses import CURRENCY_FORMATS, format_total
from inspect_memgym.feedback.world.scheduling import DATE_FORMATS, format_date
from inspect_memgym.feedback.world.support import (
    APOLOGIES,
    APOLOGY_PHRASES,
    SIGN_OFFS,
    TICKET_LABELS,
    ticket_references,
)
from inspect_memgym.kit.catalogues import CatalogueError, load_value, read_catalogue

VARIANT_TABLES_DIGEST = "07319da9a4762b1b9241e8cb461a811597f51f9355ee293aa0cbaf2949e718ae"
"""sha256 of the tables' repr (sign-offs, apologies, apology phrases, ticket labels, currency
and date formats), as the Python literals they were moved from gave it. A deliberate edit of
the file changes it (and the generated worlds) on purpose."""
FILE = "variants.toml"


def test_the_tables_read_from_the_file_are_the_ones_written_as_code() -> None:
    tables = [SIGN_OFFS, APOLOGIES, APOLOGY_PHRASES, TICKET_LABELS, CURRENCY_FORMATS, DATE_FORMATS]
    assert hashlib.sha256(repr(tables).encode()).hexdigest() == VARIANT_TABLES_DIGEST
    assert SIGN_OFFS[0] == "Best regards" and isinstance(SIGN_OFFS, tuple)
    assert next(iter(CURRENCY_FORMATS)) == "usd_cents" and next(iter(DATE_FORMATS)) == "iso"


def test_every_table_of_the_file_is_read_by_one_module() -> None:
    assert set(read_catalogue("inspect_memgym.feedback.world", FILE)) == {
        "sign_offs",
        "apologies",
        "apology_phrases",
        "ticket_labels",
        "currency_formats",
        "date_formats",
    }
    assert expenses.VARIANTS == scheduling.VARIANTS == support.VARIANTS == FILE


def test_every_format_key_is_one_the_code_writes_and_each_writes_its_own_text() -> None:
    totals = {key: format_total(Decimal("1234.50"), key) for key in CURRENCY_FORMATS}
    assert totals["eur_whole"] == "EUR 1,235" and totals["usd_cents"] == "$1,234.50"
    assert len(set(totals.values())) == len(CURRENCY_FORMATS)
    dates = {key: format_date(datetime.date(2025, 3, 4), key) for key in DATE_FORMATS}
    assert dates["long"] == "4 March 2025" and dates["us_slash"] == "03/04/2025"
    assert len(set(dates.values())) == len(DATE_FORMATS)
    assert list(ticket_references(4821, "ACM")) == list(TICKET_LABELS)
    assert list(APOLOGY_PHRASES) == list(APOLOGIES)
    assert all(APOLOGIES[key].startswith(phrase) for key, phrase in APOLOGY_PHRASES.items())


def test_a_bad_format_fails_in_one_line_naming_file_table_and_key(tmp_path: Path) -> None:
    package = tmp_path / "variant_table_copies"
    package.mkdir()
    (package / "__init__.py").write_text("")
    with resources.as_file(resources.files("inspect_memgym.feedback.world").joinpath(FILE)) as path:
        shutil.copy(path, package / FILE)
    copy = package / FILE
    copy.write_text(copy.read_text().replace('iso = "year-month-day, like 2025-03-04"', "iso = 4"))
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(CatalogueError) as raised:
            load_value(dict[str, str], "variant_table_copies", FILE, "date_formats")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("variant_table_copies", None)
    assert str(raised.value) == "variants.toml: date_formats.iso expects str, got 4"
