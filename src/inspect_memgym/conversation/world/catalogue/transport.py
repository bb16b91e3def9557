"""Transport: how the user gets around town, when, and the main hassle, for planning trips."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "transport"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="travel_mode",
        label="way of getting around",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="drives a car",
                reveals=(
                    "I fill up the tank once a week and park in the multi-storey when I go into "
                    "town.",
                    "Whenever I head out, I grab my keys and hop behind the wheel.",
                    "My hatchback gets me everywhere, from the supermarket to my friends' houses.",
                ),
                events=(
                    "After my licence finally came through last spring, my routine changed.",
                    "When a relative gave me their old vehicle last month, I changed how I get "
                    "around.",
                ),
                advice=(
                    "Combine your errands into one loop and check the parking options before you "
                    "set off."
                ),
            ),
            ValueSpec(
                name="rides a bicycle",
                reveals=(
                    "I pedal everywhere, with a pannier for shopping and a helmet clipped to my "
                    "bag.",
                    "Rain or shine, I pedal around town and lock up at the nearest rack.",
                    "My legs are my engine; I ride everywhere and never need a parking space.",
                ),
                events=(
                    "After I sold my old vehicle last month, I had to find another way around.",
                    "A friend talked me into a new habit over the spring.",
                ),
                advice=(
                    "Fit panniers for shopping, keep your lights charged and plan routes along "
                    "quieter cycle lanes."
                ),
            ),
            ValueSpec(
                name="public transport",
                reveals=(
                    "I tap my travel card on the bus and the tram to get anywhere in town.",
                    "My days are planned around bus timetables and the metro map.",
                    "I don't own any vehicle; buses and trains take me everywhere I need to go.",
                ),
                events=(
                    "When a new tram line opened near me, my routine changed.",
                    "After parking in town became too much of a headache, I rethought how I "
                    "travel.",
                ),
                advice=(
                    "Get a monthly pass and use a journey planner to line up your connections "
                    "before you leave."
                ),
            ),
        ),
        requests=(
            "How can I make my errands around town easier?",
            "What's a smarter way to organise my journeys in town?",
        ),
    ),
    VariableSpec(
        key="trip_timing",
        label="trip timing",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="rush hour trips",
                reveals=(
                    "Most of my journeys happen between half past seven and nine in the morning, "
                    "when everyone else is out too.",
                    "I'm always out at the busiest times, along with everyone heading to and from "
                    "work.",
                    "My trips almost always fall in the morning and evening crush.",
                ),
                events=(
                    "After my schedule changed in the spring, my trips moved to different hours.",
                    "When a new commitment started last month, my travel times shifted.",
                ),
                advice=(
                    "Leave fifteen minutes before the main rush or just after it to avoid the "
                    "worst crowds and queues."
                ),
            ),
            ValueSpec(
                name="off-peak trips",
                reveals=(
                    "I travel in the middle of the day, when the streets are half empty.",
                    "My errands happen mid-morning and early afternoon, well away from the busy "
                    "periods.",
                    "I deliberately go out between ten and three, when town is quiet.",
                ),
                events=(
                    "Once my hours became more flexible, I changed when I go out.",
                    "After a few stressful trips, I decided to move my errands to different times.",
                ),
                advice=(
                    "Make the most of the quieter daytime hours and of any cheaper daytime fares "
                    "or parking rates."
                ),
            ),
            ValueSpec(
                name="late-night trips",
                reveals=(
                    "Most of my journeys start after eleven at night, when the town is winding "
                    "down.",
                    "I'm usually heading home well after midnight.",
                    "My trips mostly happen long after the shops have closed for the night.",
                ),
                events=(
                    "When I took on a new evening commitment last month, my travel times changed.",
                    "After my social calendar shifted in the spring, the hours I travel changed.",
                ),
                advice=(
                    "Check the last departures or safe parking spots in advance, and have a backup "
                    "ride home arranged for the small hours."
                ),
            ),
        ),
        requests=(
            "How can I make my journeys less stressful?",
            "Do you have tips for deciding when to set off?",
        ),
    ),
    VariableSpec(
        key="travel_hassle",
        label="main travel hassle",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="unreliable timing",
                reveals=(
                    "I never know whether a journey will take twenty minutes or an hour.",
                    "Unpredictable hold-ups make me late for things at least twice a week.",
                    "I can never predict how long getting across town will take.",
                ),
                events=(
                    "Ever since the roadworks started in the spring, my journeys changed.",
                    "After a big change in the local network last month, my trips got harder.",
                ),
                advice=(
                    "Build a fifteen-minute buffer into every trip and check live updates before "
                    "leaving."
                ),
            ),
            ValueSpec(
                name="high costs",
                reveals=(
                    "What I spend on getting around town each month is eating into my budget.",
                    "Every trip I take seems to cost more than the last, and it adds up fast.",
                    "I wince at how much I pay just to get from one side of town to the other.",
                ),
                events=(
                    "When prices went up at the start of the year, my biggest worry changed.",
                    "After I checked my bank statements last month, I noticed something new about "
                    "my trips.",
                ),
                advice=(
                    "Track what each trip costs for a month, and cut or merge the least necessary "
                    "ones."
                ),
            ),
            ValueSpec(
                name="bad weather",
                reveals=(
                    "Rain, wind and ice make every trip of mine miserable at this time of year.",
                    "I'm always arriving soaked or frozen after getting caught in a downpour.",
                    "The storms this season have made getting anywhere a soggy ordeal for me.",
                ),
                events=(
                    "The seasons turned last month, and my trips got a lot less pleasant.",
                    "After a summer of easy journeys, the autumn brought me a new problem.",
                ),
                advice=(
                    "Check the forecast every evening and keep waterproofs and a warm layer ready "
                    "by the door."
                ),
            ),
        ),
        requests=(
            "What should I keep in mind when going out in town?",
            "How can I get around more smoothly?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="town_trips",
        text="How should I plan my trips around town over the next month?",
        variables=("travel_mode", "trip_timing", "travel_hassle"),
        opener="Here is a plan for getting around town over the next month.",
    ),
)
