"""A hand-made two-question user, independent of the catalogue and the generator."""

from __future__ import annotations

from inspect_memgym.conversation.world.model import (
    Choice,
    ConversationQuestion,
    ConversationScenario,
    Period,
    Persona,
    Session,
    StateVariable,
)


def tiny_user() -> ConversationScenario:
    """Variables diet, budget, pace, place; q01 needs (diet, budget), q02 (pace, place).

    Period 0 reveals everything; period 1 changes diet (and reveals it); period 2 changes
    pace (and reveals it).
    """
    variables = (
        StateVariable("diet", "diet", ("meat", "vegetarian", "vegan")),
        StateVariable("budget", "budget", ("tight", "moderate", "generous")),
        StateVariable("pace", "pace", ("slow", "steady", "fast")),
        StateVariable("place", "place", ("city", "town", "village")),
    )
    states = [
        {"diet": "meat", "budget": "tight", "pace": "slow", "place": "city"},
        {"diet": "vegan", "budget": "tight", "pace": "slow", "place": "city"},
        {"diet": "vegan", "budget": "tight", "pace": "fast", "place": "city"},
    ]
    sessions = [
        (
            Session(
                "p00s01",
                "2025-01-03 09:00",
                "Opening A.",
                {"diet": "meat", "budget": "tight"},
                1,
                (),
            ),
            Session(
                "p00s02", "2025-02-03 09:00", "Opening B.", {"pace": "slow", "place": "city"}, 1, ()
            ),
        ),
        (
            Session(
                "p01s01", "2025-04-03 09:00", "Opening C.", {"diet": "vegan"}, 2, ("More?",), "E1."
            ),
        ),
        (
            Session(
                "p02s01", "2025-07-03 09:00", "Opening D.", {"pace": "fast"}, 2, ("More?",), "E2."
            ),
        ),
    ]
    periods = tuple(
        Period(
            index=index,
            start=f"2025-{1 + 3 * index:02d}-01",
            end=f"2025-{3 + 3 * index:02d}-28",
            state=states[index],
            changes={},
            sessions=sessions[index],
        )
        for index in range(3)
    )
    questions = (
        ConversationQuestion(
            "q01",
            "What should I cook?",
            ("diet", "budget"),
            (
                Choice(("vegan", "tight"), "Cheap plants."),
                Choice(("meat", "tight"), "Cheap meat."),
                Choice(("meat", "generous"), "Steak."),
                Choice(("vegan", "generous"), "Fancy plants."),
            ),
        ),
        ConversationQuestion(
            "q02",
            "How should I train?",
            ("pace", "place"),
            (
                Choice(("slow", "city"), "Walk the park."),
                Choice(("fast", "city"), "Run the river path."),
                Choice(("fast", "village"), "Run the lanes."),
                Choice(("slow", "village"), "Walk the lanes."),
                Choice(("steady", "town"), "Cycle."),
            ),
        ),
    )
    return ConversationScenario(
        scenario_id="tiny-0000",
        tier="tiny",
        seed=0,
        source="generated",
        persona=Persona("Ada Brill", 34, "a baker", "Harlow Bay", ("chess",)),
        variables=variables,
        questions=questions,
        periods=periods,
    )
