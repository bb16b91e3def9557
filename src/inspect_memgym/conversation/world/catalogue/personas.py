"""Pools for building a fictional `Persona`, and a seeded builder.

Every name, city and combination is invented. Occupations are desk jobs that can be done
on site, from home or both, and hobbies stay clear of the catalogue's domains (no cooking,
painting, music, writing, reading, sport, travel, gardening or pets), so the persona never
contradicts or hints at a state value.
"""

from __future__ import annotations

import random

from inspect_memgym.conversation.world.model import Persona
from inspect_memgym.kit.rng import integer_between, pick

FIRST_NAMES: tuple[str, ...] = (
    "Amara", "Bastian", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiroshi", "Ines",
    "Jomo", "Kalani", "Leandro", "Mireille", "Nikhil", "Oona", "Priya", "Quentin", "Rosalind",
    "Sefa", "Tomasz", "Ulla", "Valentin", "Wanjiru", "Xiomara", "Yusuf", "Zofia", "Anouk",
    "Bram", "Catalina", "Desmond", "Esperanza", "Florin", "Gulnara", "Hamish", "Ifeoma",
    "Jasper", "Keiko", "Lior", "Marisol", "Nadia", "Osvaldo", "Pavla", "Rafferty", "Soraya",
    "Tariq", "Ursula", "Vikram", "Willa", "Yara", "Zainab", "Ailbhe", "Bongani", "Camille",
    "Dario", "Emeka", "Freya", "Goran", "Hana", "Idris", "Junia", "Kofi", "Linnea", "Naveen",
    "Orla", "Petra", "Rohan", "Sunniva", "Teodor", "Vesna", "Malik",
)  # fmt: skip
"""Invented-combination first names from many cultures."""

SURNAMES: tuple[str, ...] = (
    "Abernathy", "Balogun", "Carrow", "Dunleavy", "Eriksen", "Fairbairn", "Gallardo",
    "Halloran", "Iwasaki", "Jankowski", "Kallio", "Lindqvist", "Mensah", "Novakova",
    "Okafor", "Petrakis", "Quilty", "Rasmussen", "Sandoval", "Thorne", "Umarov", "Varga",
    "Whitcombe", "Yilmaz", "Zielinski", "Adeyemi", "Brennan", "Castellanos", "Duval",
    "Esposito", "Ferreira", "Haddad", "Ibarra", "Jovanovic", "Kowalczyk", "Moreau",
    "Nakamura", "Oyelaran", "Pellegrini", "Ramanathan", "Salonen", "Tamura", "Ulloa",
    "Vasquez", "Wojcik", "Yamada", "Zamora", "Achterberg", "Bianchi", "Chaudhry", "Delgado",
    "Engstrom", "Gallagher", "Hollis", "Kariuki", "Lindgren", "Marchetti", "Nwosu",
    "Ostrowski", "Pereira", "Quaresma", "Rautio", "Szabo", "Tremblay",
)  # fmt: skip
"""Surnames from many cultures."""

OCCUPATIONS: tuple[str, ...] = (
    "an accountant", "a software tester", "a copywriter", "a data analyst", "a translator",
    "a graphic designer", "an architect", "a project coordinator", "an insurance underwriter",
    "a payroll specialist", "a technical writer", "a market researcher", "a recruiter",
    "a grant writer", "a survey researcher", "a logistics planner", "an actuary", "a paralegal",
    "a customer success manager", "a procurement officer", "a cartographer", "an editor",
    "a tax adviser", "a systems administrator", "a quality auditor", "a product manager",
    "a claims adjuster", "a statistician", "an urban planner", "a web developer",
    "a bookkeeper", "a policy analyst", "a communications officer", "a fundraising officer",
    "an operations analyst", "a database administrator",
)  # fmt: skip
"""Jobs phrased to follow "works as"."""

CITIES: tuple[str, ...] = (
    "Harlow Bay", "Marrowfield", "Eastbrook Vale", "Pennick Cross", "Saltmere",
    "Oakhaven Point", "Dunmore Reach", "Brackenford", "Wilton Hollow", "Kestrel Harbour",
    "Fenwick Sound", "Thistlecombe", "Amberwick", "Corrowen", "Halvering", "Silverlea",
    "Norlow Flats", "Greyhaven Quay", "Rivenmoor", "Ashcombe Ridge", "Tarnholm",
    "Quillon Springs", "Westmarrow", "Elderbrook", "Port Ellery", "Lowenfield",
)  # fmt: skip
"""Invented city names."""

HOBBIES: tuple[str, ...] = (
    "chess", "jigsaw puzzles", "crosswords", "birdwatching", "stargazing", "origami",
    "board games", "model railways", "coin collecting", "stamp collecting", "knitting",
    "crochet", "quilting", "woodworking", "bonsai", "kite flying", "trivia quizzes",
    "geocaching", "rock collecting", "card games", "sudoku", "magic tricks", "genealogy",
    "cross-stitch", "embroidery", "escape rooms", "fossil hunting", "amateur radio",
    "model ship building", "furniture restoration", "candle making", "soap making", "darts",
    "bowling", "pinball", "metal detecting", "shell collecting", "puzzle cubes", "backgammon",
    "mahjong", "lace making", "macrame", "wood carving", "postcard collecting", "croquet",
    "leatherwork", "clock repair",
)  # fmt: skip
"""Hobbies that stay clear of the catalogue's domains."""

MIN_AGE = 22
"""Youngest persona age."""

MAX_AGE = 70
"""Oldest persona age."""

HOBBY_COUNT = 3
"""Hobbies per persona."""


def make_persona(rng: random.Random) -> Persona:
    """A fictional persona drawn from the pools.

    The draws are a fixed sequence of ``rng.random()`` calls, so the same RNG state always
    gives the same persona.

    Args:
        rng: Seeded RNG (its state advances).
    """
    first = pick(rng, FIRST_NAMES)
    last = pick(rng, SURNAMES)
    age = integer_between(rng, MIN_AGE, MAX_AGE)
    occupation = pick(rng, OCCUPATIONS)
    city = pick(rng, CITIES)
    pool = list(HOBBIES)
    hobbies = tuple(pool.pop(int(rng.random() * len(pool))) for _ in range(HOBBY_COUNT))
    return Persona(
        name=f"{first} {last}",
        age=age,
        occupation=occupation,
        city=city,
        hobbies=hobbies,
    )
