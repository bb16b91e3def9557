"""Invented life stories for offline runs of the public-dataset tasks, from a seed.

LoCoMo and LongMemEval are released data that cannot be fetched offline and may not be
committed. Their tasks still need data to run, validate and demonstrate offline, so each
renders these stories into its own released schema (``locomo/synthetic.py``,
``longmemeval/synthetic.py``).

A story is a user and a friend chatting over dated sessions. The user states facts (a pet's
name, a trip, lessons, a job, a book, where they live and where they move later); the
friend states facts of the same topics with other values, so every answer has look-alike
candidates in the history. No question contains its answer, and no word lands in many gold
answers: names, places and the invented half of a company or book title are words made of
`SYLLABLES`; lessons, pet kinds, company kinds and book nouns come from pools of 24 to 72
values; the first session falls on any day of `FIRST_YEARS` (so a year asked about is one
of 60), and sessions are 4 to 60 days apart. So a constant answer made of the words the
generator repeats most earns (almost) nothing. Pure and deterministic: the same seed gives
the same story on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from inspect_memgym.kit.rng import seeded_stream

GENERATOR_VERSION = 2
"""Names the seeded stream: version 1 drew from small pools and one first date."""
SYLLABLES = (
    "ba", "dor", "el", "fen", "gri", "hal", "iv", "jor", "ka", "lum", "mir", "nel",
    "or", "pav", "quin", "ros", "sel", "tam", "ul", "ver", "wen", "yas", "zol", "thes",
)  # fmt: skip
"""Syllables of invented names (none spells a common English word in two or three)."""
PET_KINDS = (
    "cat", "dog", "parrot", "tortoise", "rabbit", "ferret", "hamster", "goldfish",
    "canary", "gecko", "iguana", "budgie", "cockatiel", "chinchilla", "hedgehog", "lizard",
    "axolotl", "terrapin", "pony", "goat", "donkey", "duck", "gerbil", "tarantula",
)  # fmt: skip
"""Kinds of pets (named in questions, never in answers)."""
LESSONS = (
    "pottery", "fencing", "salsa", "archery", "sailing", "welding", "calligraphy",
    "beekeeping", "glassblowing", "falconry", "bouldering", "origami", "tango", "judo",
    "karate", "kendo", "aikido", "boxing", "kayaking", "rowing", "surfing", "snowboarding",
    "skiing", "skating", "gymnastics", "ballet", "flamenco", "yoga", "pilates", "juggling",
    "knitting", "crochet", "quilting", "embroidery", "weaving", "woodcarving",
    "bookbinding", "printmaking", "photography", "sketching", "sculpture", "baking",
    "brewing", "cheesemaking", "piano", "violin", "cello", "guitar", "ukulele", "harp",
    "flute", "clarinet", "trumpet", "saxophone", "drumming", "singing", "accordion",
    "banjo", "mandolin", "chess", "diving", "climbing", "swimming", "riding", "canoeing",
    "windsurfing", "upholstery", "perfumery", "stenography", "lacemaking", "mosaic",
    "enamelling",
)  # fmt: skip
"""What lessons a person takes: a memoryless guess names the right one 1 time in 72."""
COMPANY_KINDS = (
    "Labs", "Robotics", "Foods", "Logistics", "Textiles", "Analytics", "Pharma", "Motors",
    "Studios", "Systems", "Dynamics", "Ventures", "Holdings", "Partners", "Consulting",
    "Insurance", "Bank", "Media", "Games", "Software", "Networks", "Energy", "Solar",
    "Mining", "Shipping", "Airlines", "Bakery", "Brewery", "Press", "Publishing",
    "Architects", "Engineering", "Biotech", "Optics", "Instruments", "Furniture",
    "Apparel", "Cosmetics", "Hotels", "Travel", "Telecom", "Aerospace", "Materials",
    "Chemicals", "Outfitters", "Cycles", "Coffee", "Realty", "Marine", "Freight",
)  # fmt: skip
"""The second word of a company's name (the first is invented): 1 in 50 each."""
BOOK_NOUNS = (
    "Letters", "Orchard", "Lantern", "Harbor", "Archive", "Compass", "Garden", "Winter",
    "Voyage", "Promise", "Mirror", "Silence", "Tides", "Crossing", "Ledger", "Atlas",
    "Chronicle", "Almanac", "Handbook", "Primer", "Companion", "Diaries", "Notebook",
    "Passage", "Meadow", "Tower", "Bridge", "Island", "Circle", "Kingdom", "Frontier",
    "Horizon", "Summer", "Autumn", "Harvest", "Orchestra", "Observatory", "Labyrinth",
    "Cartographer", "Navigator", "Apprentice", "Clockmaker", "Lighthouse", "Ferryman",
    "Inheritance", "Testament", "Sonnets", "Riddle", "Legacy", "Reckoning",
)  # fmt: skip
"""The last word of a book's title, after "The" and an invented word: 1 in 50 each."""
FIRST_YEARS = (1970, 2029)
"""The first session falls on a day of these years (inclusive), drawn uniformly."""
SESSION_GAP_DAYS = (4, 60)
"""Days between sessions, drawn in this range."""


@dataclass(frozen=True)
class Statement:
    """One turn of a session: who says what, and which fact it states (if any).

    Attributes:
        speaker: ``user`` (the person asked about) or ``friend``.
        text: The turn's text.
        fact: The topic key of the user's fact it states ("" for a friend's or filler).
    """

    speaker: str
    text: str
    fact: str = ""


@dataclass(frozen=True)
class StorySession:
    """One dated session.

    Attributes:
        date: When it took place.
        turns: Its turns, in order.
    """

    date: datetime
    turns: tuple[Statement, ...]


@dataclass(frozen=True)
class UserFact:
    """A fact the user states, and where.

    Attributes:
        key: Its topic key (``pet``, ``trip_1``, ``lessons``, ``job``, ``book``, ``home``,
            ``new_home``).
        value: The value (the gold answer's words).
        session: Index of the session stating it.
    """

    key: str
    value: str
    session: int


@dataclass(frozen=True)
class LifeStory:
    """A user's story over dated sessions.

    Attributes:
        seed: Its seed.
        user: The user's name.
        friend: The friend's name.
        pet_kind: The kind of the user's pet (the friend's pet is another kind).
        sessions: The sessions, in date order.
        facts: The user's facts by key.
        never_mentioned: Topics no one mentions (for questions to decline): a pet kind, a
            lesson.
    """

    seed: int
    user: str
    friend: str
    pet_kind: str
    sessions: tuple[StorySession, ...]
    facts: dict[str, UserFact]
    never_mentioned: tuple[str, str]

    def fact(self, key: str) -> UserFact:
        """The user's fact of a topic.

        Args:
            key: Topic key.
        """
        return self.facts[key]


def invented_name(rng: random.Random, syllables: int) -> str:
    """A capitalised invented word of two or three syllables.

    Args:
        rng: Randomness.
        syllables: How many syllables.
    """
    return "".join(rng.choice(SYLLABLES) for _ in range(syllables)).capitalize()


def book_title(rng: random.Random, name: str) -> str:
    """A book's title: "The", an invented word and a noun of `BOOK_NOUNS`.

    Args:
        rng: Randomness (draws the noun).
        name: The invented word.
    """
    return f"The {name} {rng.choice(BOOK_NOUNS)}"


def with_article(noun: str) -> str:
    """A noun after its indefinite article ("a cat", "an iguana").

    Args:
        noun: A singular noun.
    """
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def first_session_date(rng: random.Random) -> datetime:
    """The first session's day: any day of `FIRST_YEARS`, uniformly (at 10 am).

    Args:
        rng: Randomness.
    """
    first_year, last_year = FIRST_YEARS
    start = datetime(first_year, 1, 1, 10, 0)
    days = (datetime(last_year + 1, 1, 1) - datetime(first_year, 1, 1)).days
    return start + timedelta(days=rng.randrange(days))


class _Names:
    """Invented names, each used once per story."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def new(self, syllables: int = 2) -> str:
        while True:
            name = invented_name(self.rng, syllables)
            if name not in self.used:
                self.used.add(name)
                return name


def life_story(seed: int, sessions: int = 8) -> LifeStory:
    """The story of a seed.

    Args:
        seed: Story seed (at least 0).
        sessions: Number of sessions (at least 6; from 8 on, every fact has its own, the
            move last).

    Raises:
        ValueError: If an argument is out of range.
    """
    if seed < 0 or sessions < 6:
        raise ValueError(f"life_story needs seed >= 0 and sessions >= 6, not {seed}, {sessions}")
    rng = seeded_stream("life-story", f"v{GENERATOR_VERSION}", seed)
    names = _Names(rng)
    user, friend = names.new(), names.new()
    pet_kind, friend_pet_kind, absent_kind = rng.sample(PET_KINDS, 3)
    lessons, friend_lessons, absent_lessons = rng.sample(LESSONS, 3)
    company_kind, friend_company_kind = rng.sample(COMPANY_KINDS, 2)
    values = {
        "pet": names.new(),
        "trip_1": names.new(3),
        "trip_2": names.new(3),
        "lessons": lessons,
        "job": f"{names.new()} {company_kind}",
        "book": book_title(rng, names.new()),
        "home": names.new(3),
        "new_home": names.new(3),
    }
    user_lines = {
        "pet": f"I adopted {with_article(pet_kind)} last weekend and named it {values['pet']}.",
        "trip_1": f"I just got back from a week in {values['trip_1']}, what a place.",
        "trip_2": f"This month I spent four days in {values['trip_2']} for a wedding.",
        "lessons": f"I signed up for {lessons} lessons on Tuesday evenings.",
        "job": f"Big news, I start a new job at {values['job']} next month.",
        "book": f"I finally finished reading {values['book']} on the train.",
        "home": f"Our flat in {values['home']} is tiny but I love the street.",
        "new_home": f"We moved out of {values['home']}; we live in {values['new_home']} now.",
    }
    friend_lines = [
        f"My {friend_pet_kind} {names.new()} chewed my shoes again.",
        f"I was in {names.new(3)} for work all week.",
        f"I tried {friend_lessons} lessons once, never again.",
        f"My cousin works at {names.new()} {friend_company_kind} and hates it.",
        f"I am halfway through {book_title(rng, names.new())} myself.",
        f"Rent in {names.new(3)} keeps going up.",
    ]
    rng.shuffle(friend_lines)
    order = ["home", "pet", "trip_1", "lessons", "job", "book", "trip_2"]
    rng.shuffle(order)
    order.remove("home")
    order.insert(0, "home")  # where they live comes first, the move last
    plan: list[list[str]] = [[] for _ in range(sessions)]
    for position, key in enumerate(order):
        plan[min(position, sessions - 2)].append(key)
    plan[sessions - 1].append("new_home")
    date = first_session_date(rng)
    built: list[StorySession] = []
    facts: dict[str, UserFact] = {}
    for index, keys in enumerate(plan):
        turns: list[Statement] = [Statement("user", _GREETINGS[rng.randrange(len(_GREETINGS))])]
        for key in keys:
            turns.append(Statement("user", user_lines[key], key))
            facts[key] = UserFact(key, values[key], index)
            turns.append(Statement("friend", friend_lines[len(facts) % len(friend_lines)]))
        turns.append(Statement("friend", _REPLIES[rng.randrange(len(_REPLIES))]))
        built.append(StorySession(date.replace(hour=rng.randrange(8, 21)), tuple(turns)))
        date += timedelta(days=rng.randint(*SESSION_GAP_DAYS))
    return LifeStory(
        seed=seed,
        user=user,
        friend=friend,
        pet_kind=pet_kind,
        sessions=tuple(built),
        facts=facts,
        never_mentioned=(absent_kind, absent_lessons),
    )


_GREETINGS = (
    "Hey, how was your week?",
    "Good to catch up again.",
    "Sorry I went quiet for a while.",
    "Morning! Coffee in hand.",
)
_REPLIES = (
    "Sounds like a lot going on, talk soon.",
    "Tell me more next time.",
    "Same here, it has been busy.",
    "Ha, I know the feeling.",
)
