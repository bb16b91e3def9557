"""One simulated user of the ``conversation`` task, as plain data.

A `ConversationScenario` is everything about one user: persona, state variables, the
state in every period, the sessions that reveal it, and the advice questions with their
choices. It is produced by `generate_user` or loaded from AMemGym's released `data.json`,
and it round-trips through `to_dict` / `from_dict` (it travels in the Inspect sample's
metadata). Gold states stay in the scenario; prompts built from it never contain them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class StateVariable:
    """One variable of the user's state.

    Attributes:
        key: Identifier, unique within the scenario.
        label: Human label used in probes (e.g. ``"diet"``).
        values: Mutually exclusive values, in a fixed order.
    """

    key: str
    label: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Choice:
    """One advice option of a question.

    Attributes:
        state: Values of the question's required variables this advice fits, in the
            question's `required` order.
        text: The advice.
    """

    state: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class ConversationQuestion:
    """A multiple-choice advice question asked at the end of every period.

    Attributes:
        qid: Stable id (``"q01"``...).
        text: The question.
        required: Keys of the variables the right choice depends on.
        choices: The pool of options: one per value combination of the required variables
            (generated users) or the released choices (AMemGym data). Each period shows
            some of them in its own order (`presentation.presented_choices`).
    """

    qid: str
    text: str
    required: tuple[str, ...]
    choices: tuple[Choice, ...]

    def gold_choice(self, state: dict[str, str]) -> Choice:
        """The choice of the pool that fits a state.

        Args:
            state: The user's state (variable key -> value).

        Raises:
            ValueError: If no choice fits (a broken scenario).
        """
        wanted = tuple(state[key] for key in self.required)
        for choice in self.choices:
            if choice.state == wanted:
                return choice
        raise ValueError(f"{self.qid}: no choice fits state {wanted}")


@dataclass(frozen=True)
class Session:
    """One conversation the simulated user starts.

    Attributes:
        session_id: Stable id (``"p03s02"``).
        time: Simulated timestamp, ``YYYY-MM-DD HH:MM``.
        opening: The user's first message; it reveals exactly the `exposed` values.
        exposed: Variable key -> value revealed by the opening message.
        rounds: User messages in the session (the opening plus rounds - 1 follow-ups).
        follow_ups: The scripted user's follow-up messages (rounds - 1 of them); they
            reveal nothing.
        event: The life event that explains the change, for update sessions.
    """

    session_id: str
    time: str
    opening: str
    exposed: dict[str, str]
    rounds: int
    follow_ups: tuple[str, ...]
    event: str | None = None


@dataclass(frozen=True)
class Period:
    """One period of the user's life (period 0 is the initial state).

    Attributes:
        index: 0 for the initial period, then 1, 2, ...
        start: First day, ``YYYY-MM-DD``.
        end: Last day, ``YYYY-MM-DD``.
        state: The user's state at the end of the period (every variable).
        changes: Variable key -> [old, new] for the values that changed in this period.
        sessions: Sessions in time order.
    """

    index: int
    start: str
    end: str
    state: dict[str, str]
    changes: dict[str, tuple[str, str]]
    sessions: tuple[Session, ...]


@dataclass(frozen=True)
class Persona:
    """Who the user is (never part of the state; it only colours the conversation).

    Attributes:
        name: Full name.
        age: Age in years at the start.
        occupation: Job.
        city: Home city (fictional).
        hobbies: A few hobbies.
    """

    name: str
    age: int
    occupation: str
    city: str
    hobbies: tuple[str, ...]

    def describe(self) -> str:
        """A one-paragraph description for the simulated user's role prompt."""
        hobbies = ", ".join(self.hobbies)
        return (
            f"{self.name}, {self.age}, works as {self.occupation} and lives in {self.city}. "
            f"Hobbies: {hobbies}."
        )


@dataclass(frozen=True)
class ConversationScenario:
    """Everything about one simulated user.

    Attributes:
        scenario_id: Stable id (``"base-0007"`` or AMemGym's user id).
        tier: Tier name (``"small"``, ``"base"``, ``"extra"``, or ``"amemgym"`` when loaded).
        seed: Generation seed (0 when loaded).
        source: ``"generated"`` or ``"amemgym"``.
        persona: The user.
        variables: State variables in a fixed order.
        questions: Advice questions.
        periods: Period 0 (initial) and the update periods.
        choices_shown: Options each question shows per period, the gold among them
            (0: the whole pool, as for AMemGym data).
    """

    scenario_id: str
    tier: str
    seed: int
    source: str
    persona: Persona
    variables: tuple[StateVariable, ...]
    questions: tuple[ConversationQuestion, ...]
    periods: tuple[Period, ...]
    choices_shown: int = 0

    def variable(self, key: str) -> StateVariable:
        """The variable with this key.

        Args:
            key: Variable key.

        Raises:
            KeyError: If there is none.
        """
        for variable in self.variables:
            if variable.key == key:
                return variable
        raise KeyError(key)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (lists for tuples), for Inspect sample metadata."""
        data: dict[str, Any] = _jsonable(asdict(self))
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ConversationScenario:
        """Rebuild a scenario from `to_dict` output.

        Args:
            data: The dict.
        """
        persona = data["persona"]
        return cls(
            scenario_id=str(data["scenario_id"]),
            tier=str(data["tier"]),
            seed=int(data["seed"]),
            source=str(data["source"]),
            persona=Persona(
                name=persona["name"],
                age=int(persona["age"]),
                occupation=persona["occupation"],
                city=persona["city"],
                hobbies=tuple(persona["hobbies"]),
            ),
            variables=tuple(
                StateVariable(key=v["key"], label=v["label"], values=tuple(v["values"]))
                for v in data["variables"]
            ),
            questions=tuple(
                ConversationQuestion(
                    qid=q["qid"],
                    text=q["text"],
                    required=tuple(q["required"]),
                    choices=tuple(
                        Choice(state=tuple(c["state"]), text=c["text"]) for c in q["choices"]
                    ),
                )
                for q in data["questions"]
            ),
            periods=tuple(
                Period(
                    index=int(p["index"]),
                    start=p["start"],
                    end=p["end"],
                    state=dict(p["state"]),
                    changes={key: (old, new) for key, (old, new) in p["changes"].items()},
                    sessions=tuple(
                        Session(
                            session_id=s["session_id"],
                            time=s["time"],
                            opening=s["opening"],
                            exposed=dict(s["exposed"]),
                            rounds=int(s["rounds"]),
                            follow_ups=tuple(s["follow_ups"]),
                            event=s.get("event"),
                        )
                        for s in p["sessions"]
                    ),
                )
                for p in data["periods"]
            ),
            choices_shown=int(data.get("choices_shown", 0)),
        )


def _jsonable(value: Any) -> Any:
    """Tuples to lists, recursively (dataclasses.asdict keeps tuples)."""
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value
