"""Entertainment: favourite genre, format and length, for picking something to watch or read."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "entertainment"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="favourite_genre",
        label="favourite genre",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="comedy",
                reveals=(
                    "I want something that makes me laugh until I cry.",
                    "Give me witty dialogue and silly situations over anything serious.",
                    "Nothing beats a story full of jokes and slapstick for me after a long week.",
                ),
                events=(
                    "After a heavy few months, my taste in entertainment changed.",
                    "A friend dragged me to a stand-up night last month, and my taste changed.",
                ),
                advice="Go for something light and funny, with plenty of jokes and a happy ending.",
            ),
            ValueSpec(
                name="crime mysteries",
                reveals=(
                    "I love trying to work out who the killer is before the detective does.",
                    "Detectives, clues and twisty investigations are what I always reach for.",
                    "I'm hooked on whodunits and try to solve every case before the final reveal.",
                ),
                events=(
                    "After I got hooked on a true-crime podcast, my taste changed.",
                    "A puzzle-loving friend got me into a new genre last winter.",
                ),
                advice="Go for a twisty whodunit with a sharp detective and a puzzle to solve.",
            ),
            ValueSpec(
                name="science fiction",
                reveals=(
                    "Spaceships, distant planets and time travel are what I crave.",
                    "I love imagining the far future, with robots and alien worlds.",
                    "Give me a story set on a starship or a colony on Mars any day.",
                ),
                events=(
                    "After a visit to a planetarium last spring, my taste changed.",
                    "A friend lent me a mind-bending story last month, and it changed my taste.",
                ),
                advice=(
                    "Go for a story set in space or the far future, full of big ideas about "
                    "technology."
                ),
            ),
        ),
        requests=(
            "Could you recommend something for a relaxing evening?",
            "What's something good to enjoy when I need a break?",
        ),
    ),
    VariableSpec(
        key="media_format",
        label="media format",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="films",
                reveals=(
                    "I love settling in for a two-hour movie with the lights off.",
                    "The cinema is my happy place, and at home I watch a movie most nights.",
                    "For me, nothing beats a proper movie night with the curtains drawn and a "
                    "bowl of popcorn.",
                ),
                events=(
                    "After a new picture house opened near me last month, my habits changed.",
                    "When I got a projector for my birthday, my evenings changed.",
                ),
                advice=(
                    "Choose a movie, or a run of movies, rather than an episodic show or a book."
                ),
            ),
            ValueSpec(
                name="television series",
                reveals=(
                    "My evenings revolve around whichever show I'm currently following, episode "
                    "by episode.",
                    "I always have a show on the go and watch an episode or two each night.",
                    "Waiting for the next episode of my favourite show each week is half the fun.",
                ),
                events=(
                    "After a friend got me hooked on a long-running show, my viewing habits "
                    "changed.",
                    "When I subscribed to a new streaming service, my evenings changed.",
                ),
                advice=(
                    "Choose an episodic show you can follow across several episodes rather than a "
                    "movie or a book."
                ),
            ),
            ValueSpec(
                name="books",
                reveals=(
                    "I always have a thick paperback on my bedside table and read a chapter every "
                    "night.",
                    "I'd choose a paper book over anything else for my free time.",
                    "Curling up with a good story in print is my favourite way to unwind.",
                ),
                events=(
                    "After I joined the local library again, my evenings changed.",
                    "When my television broke last winter, I found a new way to spend my evenings.",
                ),
                advice="Choose a book you can curl up with rather than something on a screen.",
            ),
        ),
        requests=(
            "Could you help me find something new to enjoy?",
            "What might I like to try next for some entertainment?",
        ),
    ),
    VariableSpec(
        key="preferred_length",
        label="preferred length",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="quick bites",
                reveals=(
                    "My attention span is short, so I like things I can finish in twenty minutes.",
                    "I prefer short pieces I can get through on a lunch break.",
                    "Anything longer than half an hour and I lose interest.",
                ),
                events=(
                    "After my free time got chopped into small pieces last month, my habits "
                    "changed.",
                    "When my evenings got shorter this season, my tastes changed.",
                ),
                advice=(
                    "Pick short pieces you can finish in under half an hour, and line up several "
                    "of them."
                ),
            ),
            ValueSpec(
                name="one sitting",
                reveals=(
                    "I like stories I can start and finish in an evening, with a proper ending.",
                    "I hate cliffhangers; I want the whole story done in two or three hours.",
                    "The perfect length for me is something I can get through before bedtime "
                    "without stopping.",
                ),
                events=(
                    "After one too many unfinished stories last year, I changed what I choose.",
                    "When my weekends freed up a little, my tastes shifted.",
                ),
                advice=(
                    "Pick a self-contained story you can finish in one evening, with a proper "
                    "ending."
                ),
            ),
            ValueSpec(
                name="long sagas",
                reveals=(
                    "I love stories that go on for dozens of hours, with huge casts and sprawling "
                    "worlds.",
                    "The longer it lasts the better; I like to live inside a story for weeks.",
                    "Multi-part epics that take months to finish are my favourite.",
                ),
                events=(
                    "After a long winter with plenty of free time, my tastes changed.",
                    "A friend lent me the first part of a huge epic last month, and it changed "
                    "what I look for.",
                ),
                advice=(
                    "Commit to a sprawling multi-part epic that will keep you busy for many "
                    "weekends."
                ),
            ),
        ),
        requests=(
            "Can you suggest something to unwind with tonight?",
            "Do you have any recommendations for my free time?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="weekend_picks",
        text="What should I watch or read this weekend?",
        variables=("favourite_genre", "media_format", "preferred_length"),
        opener="Here are some picks for this weekend.",
    ),
)
