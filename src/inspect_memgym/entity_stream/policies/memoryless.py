"""Policies that store nothing: the guesser answers plausibly, the abstainer always declines.

They exist to prove that the benchmark cannot be passed without memory.
"""

from __future__ import annotations

import random

from inspect_memgym.entity_stream.policies.base import REFUSAL, Policy
from inspect_memgym.entity_stream.policies.event_view import EventView
from inspect_memgym.entity_stream.policies.storing import candidate_names
from inspect_memgym.entity_stream.world.formatting import format_computed
from inspect_memgym.entity_stream.world.model import NUMERIC_KINDS, Template
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.simulation.actions import Action, call, finish


class MemorylessPolicy(Policy):
    """Base for policies that never touch memory."""

    def on_ingest(self, view: EventView, template: Template) -> Action:
        """Store nothing."""
        return finish()

    def on_change(self, view: EventView, template: Template) -> Action:
        """Ignore changes."""
        return finish()

    def on_question_without_memory(self, view: EventView, template: Template) -> Action:
        """Answer as always: these policies never look anything up."""
        return self.on_question(view, template)


class GuesserPolicy(MemorylessPolicy):
    """Answers every question with a plausible guess: a named entity and an in-range value."""

    name = "guesser"

    def on_question(self, view: EventView, template: Template) -> Action:
        """Guess without looking anything up."""
        question_text = view.prompt
        # seeded by the question itself, not the prompt's status line: the same guess with
        # and without memory
        question = [str(view.payload.get(key)) for key in ("template", "tier", "seed", "qid")]
        rng = random.Random(stable_fraction(self.name, *question))
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
