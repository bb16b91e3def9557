"""Policies that store nothing: the guesser answers plausibly, the abstainer always declines.

They exist to prove that the benchmark cannot be passed without memory.
"""

from __future__ import annotations

import random

from inspect_memgym.simulation.event_view import EventView
from inspect_memgym.simulation.policy import REFUSAL, Action, Policy, call, finish, stable_fraction
from inspect_memgym.simulation.storing_policy import candidate_names
from inspect_memgym.worlds.formatting import format_computed
from inspect_memgym.worlds.model import NUMERIC_KINDS, Template


class MemorylessPolicy(Policy):
    """Base for policies that never touch memory."""

    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Store nothing."""
        return finish()

    def on_change(self, view: EventView, template: Template) -> Action:
        """Ignore changes."""
        return finish()


class GuesserPolicy(MemorylessPolicy):
    """Answers every question with a plausible guess: a named entity and an in-range value."""

    name = "guesser"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Guess without looking anything up."""
        question_text = view.prompt
        rng = random.Random(stable_fraction(self.name, question_text))
        numeric = [spec for spec in template.attributes if spec.kind in NUMERIC_KINDS]
        mentioned = [spec for spec in numeric if spec.label in question_text] or numeric
        spec = rng.choice(mentioned)
        value = format_computed(spec, rng.uniform(spec.low, spec.high))
        names = candidate_names(view.payload["params"], template)
        guess = f"{rng.choice(names)} ({value})" if names else value
        return call("submit_answer", answer=guess)


class AbstainerPolicy(MemorylessPolicy):
    """Declines every question."""

    name = "abstainer"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Refuse."""
        return call("submit_answer", answer=REFUSAL)


GUESSER = GuesserPolicy()
ABSTAINER = AbstainerPolicy()
