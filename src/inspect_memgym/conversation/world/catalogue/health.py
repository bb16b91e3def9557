"""Health: sleep quality, caffeine and napping, for feeling more rested during the day."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "health"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="sleep_quality",
        label="sleep quality",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="sound sleeper",
                reveals=(
                    "I'm out like a light within minutes of my head hitting the pillow, and I "
                    "don't stir until the alarm.",
                    "Nothing wakes me once I'm down, not even thunderstorms.",
                    "I sleep straight through eight hours every night without any trouble.",
                ),
                events=(
                    "After I bought a new mattress in the spring, my nights changed.",
                    "Once a stressful project ended last month, my nights settled into a new "
                    "pattern.",
                ),
                advice=(
                    "Keep your current bedtime routine exactly as it is, since your nights are "
                    "working well, and focus on daytime habits."
                ),
            ),
            ValueSpec(
                name="slow to fall asleep",
                reveals=(
                    "I lie awake for an hour or more every night before I finally drift off.",
                    "Getting to sleep is the hard part; my mind races for ages after I turn off "
                    "the light.",
                    "Once I'm out I stay out, but it takes forever to nod off.",
                ),
                events=(
                    "After a worrying few weeks in the spring, bedtime became different for me.",
                    "When my schedule shifted last month, my nights changed too.",
                ),
                advice=(
                    "Start a screen-free wind-down an hour before bed, and get up and read if you "
                    "haven't dozed off after twenty minutes."
                ),
            ),
            ValueSpec(
                name="wakes at night",
                reveals=(
                    "I drop off easily, but I'm wide awake at three in the morning most nights.",
                    "I wake up two or three times every night and struggle to get back to sleep.",
                    "Falling asleep is easy for me; staying that way until morning is the problem.",
                ),
                events=(
                    "After a long winter cold, my nights changed.",
                    "Around my last birthday, my nights started to feel different.",
                ),
                advice=(
                    "Keep the room you sleep in cool and dark, and if you stir in the small hours, "
                    "rest calmly with the clock out of sight."
                ),
            ),
        ),
        requests=(
            "How can I improve my bedtime routine?",
            "What habits help with having more energy?",
        ),
    ),
    VariableSpec(
        key="caffeine_habit",
        label="caffeine habit",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="no caffeine",
                reveals=(
                    "I gave up coffee and tea entirely, and now I only drink water and herbal "
                    "infusions.",
                    "Not even a sip of cola or coffee passes my lips these days.",
                    "My morning drink is hot water with lemon, and there's nothing stimulating in "
                    "my kitchen.",
                ),
                events=(
                    "After a month of jittery afternoons, I rethought what I drink.",
                    "A colleague's challenge last spring changed what I reach for in the morning.",
                ),
                advice=(
                    "Stay off stimulants as you are, and lean on daylight and a brisk walk for "
                    "your morning lift."
                ),
            ),
            ValueSpec(
                name="one cup a day",
                reveals=(
                    "I allow myself exactly one mug of coffee with breakfast and nothing after "
                    "that.",
                    "My daily ritual is one espresso at ten, and that's my limit.",
                    "I have just the one cup of tea in the morning, then it's water for the rest "
                    "of the day.",
                ),
                events=(
                    "After reading about sleep and stimulants, I set myself a new rule.",
                    "When my favourite café closed last month, my morning routine changed.",
                ),
                advice=(
                    "Keep your morning cup before ten and avoid adding a second one later in the "
                    "day."
                ),
            ),
            ValueSpec(
                name="several cups a day",
                reveals=(
                    "I get through five or six mugs of coffee before the afternoon is out.",
                    "My kettle is on all day, and I lose count of the strong teas I drink.",
                    "By lunchtime I've usually had four espressos, and I keep going after that.",
                ),
                events=(
                    "When a friend gave me a fancy coffee machine for my birthday, my habits "
                    "changed.",
                    "A demanding few months made me reach for the kettle more and more.",
                ),
                advice=(
                    "Cut back gradually by swapping each afternoon coffee or tea for water or a "
                    "decaffeinated drink."
                ),
            ),
        ),
        requests=(
            "What should I drink to stay alert?",
            "How can I beat the afternoon slump?",
        ),
    ),
    VariableSpec(
        key="napping_habit",
        label="napping habit",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="never naps",
                reveals=(
                    "I can't sleep during the day at all, so I just push through until bedtime.",
                    "Lying down in daylight is a waste of time for me; I stay upright until night.",
                    "I've never dozed off in the afternoon in my adult life.",
                ),
                events=(
                    "After my daily schedule filled up in the spring, my afternoons changed.",
                    "Following some general advice about routines, I changed my afternoons.",
                ),
                advice=(
                    "Don't start sleeping in the daytime now; take a short walk outside when the "
                    "afternoon dip hits instead."
                ),
            ),
            ValueSpec(
                name="short naps",
                reveals=(
                    "Right after lunch I close my eyes for exactly twenty minutes and wake up "
                    "refreshed.",
                    "A quick doze of a quarter of an hour on the sofa recharges me.",
                    "I set a timer for fifteen minutes after lunch and rest with my eyes shut.",
                ),
                events=(
                    "After reading an article about rest, I tried something new in my afternoons.",
                    "A friend from abroad got me into a new afternoon habit.",
                ),
                advice=(
                    "Keep your brief post-lunch rest, capped at twenty minutes, so you wake up "
                    "fresh."
                ),
            ),
            ValueSpec(
                name="long naps",
                reveals=(
                    "Whenever I get a free afternoon, I sleep for two hours and wake up groggy.",
                    "On my days off I crash on the sofa after lunch and don't surface until it's "
                    "nearly dark.",
                    "My afternoon snooze regularly runs to an hour and a half or more.",
                ),
                events=(
                    "After a tiring few months, my afternoons started to look different.",
                    "Once my afternoons freed up, my habits changed.",
                ),
                advice=(
                    "Shorten the long afternoon sleep to under half an hour so it stops eating "
                    "into your night."
                ),
            ),
        ),
        requests=(
            "What's the best way to recharge during the day?",
            "How can I make my afternoons less sluggish?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="daytime_energy",
        text="How can I feel more rested and energetic during the day?",
        variables=("sleep_quality", "caffeine_habit", "napping_habit"),
        opener="Here are some ways to feel more rested and energetic.",
    ),
)
