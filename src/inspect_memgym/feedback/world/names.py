"""Fictional names the worlds are built from (organisations, people, places, products).

Every pool is a tuple so a seeded stream picks from it the same way on every machine.
"""

from __future__ import annotations

ORGANISATIONS: tuple[tuple[str, str], ...] = (
    ("Lumen Freight", "LUM"),
    ("Harbor & Finch", "HAF"),
    ("Corvid Analytics", "CRV"),
    ("Tallow Works", "TLW"),
    ("Brightwater Tiles", "BWT"),
    ("Quillon Insurance", "QIL"),
    ("Marrow Biotech", "MRB"),
    ("Saltmarsh Media", "SLM"),
    ("Juniper Rail", "JNR"),
    ("Ostrander Labs", "OSL"),
    ("Petrel Outdoor", "PTO"),
    ("Vantor Clinics", "VTC"),
)
"""(name, ticket code) of the organisations the assistant can work for."""

FIRST_NAMES = (
    "Dana", "Ravi", "Ines", "Tomas", "Aiko", "Milo", "Greta", "Owen", "Sana", "Felix",
    "Lena", "Kofi", "Maren", "Joel", "Priya", "Hugo", "Nadia", "Elias", "Yara", "Bram",
)  # fmt: skip
LAST_NAMES = (
    "Reyes", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Kowalski", "Brennan", "Haddad",
    "Novak", "Achebe", "Varga", "Delacroix", "Sato", "Whitlock", "Ferreira", "Castell",
)  # fmt: skip
CITIES = (
    "Lisbon", "Ghent", "Tallinn", "Porto", "Bergen", "Lyon", "Krakow", "Dundee", "Graz",
    "Utrecht", "Bilbao", "Aarhus", "Trieste", "Cork",
)  # fmt: skip
VENDORS = (
    "Northwind Logistics", "Pellucid Paper", "Graniteway Catering", "Alder & Sons Printing",
    "Bluefin Couriers", "Cobalt Office Supply", "Meridian Cleaning", "Foxglove IT Services",
)  # fmt: skip
STREETS = (
    "Mill Road", "Quay Street", "Tanner Lane", "Elm Row", "Harbour Walk", "Chapel Yard",
    "Foundry Place", "Orchard Way", "Rope Walk", "Weaver Street", "Kiln Lane", "Abbey Close",
)  # fmt: skip
PLANS = ("Starter", "Team", "Pro", "Studio", "Business", "Enterprise")
PRODUCTS = ("Harbor Sync", "Lumen Drive", "Quill Vault", "Petrel Cloud", "Kestrel Share")
CUSTOMERS = (
    "Ms Ahn", "Mr Brandt", "Ms Costa", "Mr Dube", "Ms Eriksen", "Mr Farah", "Ms Gill",
    "Mr Horvat", "Ms Ito", "Mr Jansen", "Ms Keane", "Mr Laine", "Ms Mbeki", "Mr Nolan",
    "Ms Ortiz", "Mr Pham", "Ms Quist", "Mr Rahman", "Ms Szabo", "Mr Toivonen", "Ms Ueda",
    "Mr Vance", "Ms Wojcik", "Mr Yilmaz", "Ms Zeller", "Mr Abara", "Ms Bjork", "Mr Cruz",
)  # fmt: skip
PROJECTS = (
    "Atlas migration", "Beacon rollout", "Cedar audit", "Delta warehouse fit-out",
    "Ember onboarding", "Falcon pricing review", "Garnet data clean-up", "Harbor relaunch",
)  # fmt: skip
TEAMS = ("finance", "sales", "logistics", "support", "product", "operations")
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
