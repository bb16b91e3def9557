"""Fictional names the worlds are built from (organisations, people, places, products).

Every pool is a tuple so a seeded stream picks from it the same way on every machine.
"""

from __future__ import annotations

from inspect_memgym.kit.catalogues import load_value

CATALOGUE = "names.toml"
"""The data file beside this module the lists below are read from."""

ORGANISATIONS: tuple[tuple[str, str], ...] = load_value(
    tuple[tuple[str, str], ...], __name__, CATALOGUE, "organisations"
)
"""(name, ticket code) of the organisations the assistant can work for."""

FIRST_NAMES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "first_names")
LAST_NAMES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "last_names")
CITIES: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "cities")
VENDORS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "vendors")
STREETS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "streets")
PLANS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "plans")
PRODUCTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "products")
CUSTOMERS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "customers")
PROJECTS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "projects")
TEAMS: tuple[str, ...] = load_value(tuple[str, ...], __name__, CATALOGUE, "teams")
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def possessive(name: str) -> str:
    """``name's``, or ``name'`` for a name ending in s.

    Args:
        name: A name.
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"
