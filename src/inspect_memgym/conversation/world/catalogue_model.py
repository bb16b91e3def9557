"""What the catalogue of user state variables and advice questions is made of.

The catalogue is hand-written content: each `VariableSpec` is one aspect of a user's life
with three mutually exclusive values, each value with several first-person ways to reveal it
implicitly, life events that explain a switch to it, and an advice fragment that reflects it
without naming it. Each `QuestionSpec` is a request for advice whose best answer depends on
three of those variables (the first two in the base tiers, all three in the extra tier).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ValueSpec:
    """One value of a state variable.

    Attributes:
        name: Short value name, as used in probes and notes (e.g. ``"vegetarian"``).
        reveals: First-person sentences that make this value unambiguous without stating
            the name verbatim (at least three).
        events: Life events that explain switching to this value, without naming it or any
            other variable's value (at least two).
        advice: One advice sentence that fits this value, and only this value, of the
            variable, without naming it.
    """

    name: str
    reveals: tuple[str, ...]
    events: tuple[str, ...]
    advice: str


@dataclass(frozen=True)
class VariableSpec:
    """One aspect of a user's life with three mutually exclusive values.

    Attributes:
        key: Stable identifier (snake_case, unique in the catalogue).
        label: Human label used in probes and notes (e.g. ``"diet"``).
        domain: Life domain (``"food"``, ``"money"``, ``"fitness"``...).
        values: Exactly three values.
        requests: Requests for help in this domain that reveal no value (at least two);
            the scripted user ends an opening message with one.
    """

    key: str
    label: str
    domain: str
    values: tuple[ValueSpec, ValueSpec, ValueSpec]
    requests: tuple[str, ...]

    @property
    def value_names(self) -> tuple[str, ...]:
        """The three value names in catalogue order."""
        return tuple(value.name for value in self.values)

    def value(self, name: str) -> ValueSpec:
        """The value with this name.

        Args:
            name: Value name.

        Raises:
            KeyError: If the variable has no such value.
        """
        for value in self.values:
            if value.name == name:
                return value
        raise KeyError(f"{self.key} has no value {name!r}")


@dataclass(frozen=True)
class QuestionSpec:
    """A request for advice whose best answer depends on three state variables.

    Attributes:
        key: Stable identifier (unique in the catalogue).
        text: The question as the user asks it (first person; names no value).
        variables: Keys of the three variables the answer depends on, most important first;
            base tiers use the first two. No variable belongs to two questions.
        opener: First sentence of every advice answer (the same for all combinations).
    """

    key: str
    text: str
    variables: tuple[str, str, str]
    opener: str


@dataclass(frozen=True)
class DomainCatalogue:
    """One life domain's catalogue file (``<domain>.toml``).

    Attributes:
        variables: The domain's state variables, in catalogue order.
        questions: The questions that depend on them.
    """

    variables: tuple[VariableSpec, ...]
    questions: tuple[QuestionSpec, ...]
