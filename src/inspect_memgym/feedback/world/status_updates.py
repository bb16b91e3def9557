"""Status updates to customers: a length limit (procedural, checked by counting words).

The four variants are the same update written ever shorter: no limit (what an assistant
writes unprompted), then at most `WORD_LIMITS` words. They are tried in that order, so the
first short enough for the organisation's limit is exactly the organisation's variant.
"""

from __future__ import annotations

import random

from inspect_memgym.feedback.world.aspects import Aspect, AspectDraw, RequestDraft
from inspect_memgym.feedback.world.model import Organisation
from inspect_memgym.feedback.world.names import CUSTOMERS, PROJECTS
from inspect_memgym.feedback.world.support import SUPPORT_DOMAIN
from inspect_memgym.feedback.world.text_match import word_count

WORD_LIMITS = {"words_40": 40, "words_25": 25, "words_12": 12}
"""Variant key -> the longest reply it allows, in words."""
UNLIMITED = "unlimited"
SITUATIONS = (
    ("phase two finished on time", "testing starts on Monday", "the go-live date is unchanged"),
    ("the data import is complete", "user training starts next week", "we expect no delays"),
    ("the site survey is done", "installation begins on the 12th", "the budget is on track"),
    ("the design review passed", "the build starts this week", "the launch stays in May"),
)
"""(what is done, what comes next, the outlook) of an update."""
STATUS_REQUESTS = (
    "Write the status update for {customer} on the {project}: {done}, {next}, and {outlook}.",
    "{customer} wants news on the {project}. Facts: {done}; {next}; {outlook}. Write the update.",
    "Send {customer} an update on the {project} ({done}, {next}, {outlook}).",
)


def update_texts(customer: str, project: str, situation: tuple[str, str, str]) -> dict[str, str]:
    """The same update at every length, longest first.

    Args:
        customer: Who it is for.
        project: The project it is about.
        situation: What is done, what comes next, the outlook.
    """
    done, coming, outlook = situation
    return {
        UNLIMITED: (
            f"Dear {customer}, here is the latest news on the {project}. {done.capitalize()}, "
            f"and the team is pleased with how it went. Next, {coming}, which should take "
            f"about two weeks of focused work. Overall, {outlook}, and we will send you the "
            "next update as soon as there is more to report."
        ),
        "words_40": (
            f"Dear {customer}, an update on the {project}: {done}. Next, {coming}. Overall, "
            f"{outlook}, and we will write again soon."
        ),
        "words_25": f"Dear {customer}, the {project}: {done}; {coming}; {outlook}.",
        "words_12": f"{project}: {done}.",
    }


class LengthLimit(Aspect):
    """Procedural: how long a status update may be."""

    name = "length_limit"
    kind = "procedural"
    domain = SUPPORT_DOMAIN
    check = "word_limit"
    explores_in_order = True

    def draw(self, rng: random.Random, organisation: Organisation) -> AspectDraw:
        """No limit, then the limits from longest to shortest."""
        labels = {UNLIMITED: "no length limit"}
        labels.update({key: f"at most {limit} words" for key, limit in WORD_LIMITS.items()})
        return AspectDraw(labels, {})

    def statement(self, draw: AspectDraw, truth: str, organisation: Organisation) -> str:
        """The length limit."""
        return f"Status updates to customers must be {draw.labels[truth]}, never longer."

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
            text += f" It goes into the board digest, so keep it to {draw.labels[stated]}."
        replies = update_texts(customer, project, situation)
        for key, limit in WORD_LIMITS.items():
            if word_count(replies[key]) > limit:
                raise ValueError(f"the {key} update is longer than {limit} words")
        if word_count(replies[UNLIMITED]) <= max(WORD_LIMITS.values()):
            raise ValueError("the unlimited update fits every limit")
        return RequestDraft(
            text=text, replies=replies, evidence={}, word_limits=dict(WORD_LIMITS), required=project
        )
