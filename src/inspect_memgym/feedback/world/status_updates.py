"""Status updates to customers: their length (procedural, checked by counting words).

The four variants are the same update written at four lengths, one per range of words in
`WORD_RANGES`: more than 40 words (what an assistant writes unprompted), 26 to 40, 13 to
25, and 12 or fewer. The ranges never overlap and cover every length, so any reply falls
in exactly one: always writing short (or long) is right only when the organisation's range
happens to be that one, one time in four. They are tried longest first.
"""

from __future__ import annotations

import random

from inspect_memgym.feedback.world.aspects import Aspect, AspectDraw, RequestDraft
from inspect_memgym.feedback.world.model import Organisation, WordRange, in_range, range_text
from inspect_memgym.feedback.world.names import CUSTOMERS, PROJECTS
from inspect_memgym.feedback.world.support import SUPPORT_DOMAIN
from inspect_memgym.feedback.world.text_match import word_count
from inspect_memgym.kit.catalogues import load_value

WORD_RANGES: dict[str, WordRange] = {
    "over_40": (41, None),
    "words_26_40": (26, 40),
    "words_13_25": (13, 25),
    "words_1_12": (1, 12),
}
"""Variant key -> (fewest, most) words of its replies, longest first; the first is what an
assistant writes unprompted."""
RANGE_LABELS = {key: range_text(word_range) for key, word_range in WORD_RANGES.items()}
"""Variant key -> how an instruction names its range, e.g. ``13 to 25 words``."""
CATALOGUE = "requests.toml"
"""The data file beside this module the request pools below are read from."""
SITUATIONS: tuple[tuple[str, str, str], ...] = load_value(
    tuple[tuple[str, str, str], ...], __name__, CATALOGUE, "situations"
)
"""(what is done, what comes next, the outlook) of an update."""
STATUS_REQUESTS: tuple[str, ...] = load_value(
    tuple[str, ...], __name__, CATALOGUE, "status_requests"
)


def update_texts(customer: str, project: str, situation: tuple[str, str, str]) -> dict[str, str]:
    """The same update in every range of words, longest first.

    Args:
        customer: Who it is for.
        project: The project it is about.
        situation: What is done, what comes next, the outlook.
    """
    done, coming, outlook = situation
    return {
        "over_40": (
            f"Dear {customer}, here is the latest news on the {project}. {done.capitalize()}, "
            f"and the team is pleased with how it went. Next, {coming}, which should take "
            f"about two weeks of focused work. Overall, {outlook}, and we will send you the "
            "next update as soon as there is more to report."
        ),
        "words_26_40": (
            f"Dear {customer}, an update on the {project}: {done}. Next, {coming}. Overall, "
            f"{outlook}, and we will write again soon."
        ),
        "words_13_25": f"Dear {customer}, the {project}: {done}; {coming}; {outlook}.",
        "words_1_12": f"{project}: {done}.",
    }


class LengthLimit(Aspect):
    """Procedural: how long a status update is (a range of words, not only a maximum)."""

    name = "length_limit"
    kind = "procedural"
    domain = SUPPORT_DOMAIN
    check = "word_range"
    explores_in_order = True
    templates = STATUS_REQUESTS

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """The four ranges, longest first."""
        return AspectDraw(dict(RANGE_LABELS), {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The length of status updates."""
        label = draw.labels[truth]
        return f"Status updates to customers must have {label}: any other length is sent back."

    def draft(
        self, rng: random.Random, draw: AspectDraw, organisation: Organisation, stated: str | None
    ) -> RequestDraft:
        """An update to write."""
        customer, project = rng.choice(CUSTOMERS), rng.choice(PROJECTS)
        situation = rng.choice(SITUATIONS)
        done, coming, outlook = situation
        text = rng.choice(STATUS_REQUESTS).format(
            customer=customer, project=project, done=done, next=coming, outlook=outlook
        )
        if stated is not None:
            text += f" It goes into the board digest, so write it in {draw.labels[stated]}."
        replies = update_texts(customer, project, situation)
        for key, word_range in WORD_RANGES.items():
            if not in_range(word_count(replies[key]), word_range):
                raise ValueError(f"the {key} update is outside its range of words")
        return RequestDraft(
            text=text, replies=replies, evidence={}, word_ranges=dict(WORD_RANGES), required=project
        )
