"""Travel: holiday style, travel budget and attitude to flying, for planning a holiday."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "travel"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="holiday_style",
        label="holiday style",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="beach holidays",
                reveals=(
                    "My ideal break is a sunlounger, a warm sea and nothing to do but swim.",
                    "I count the days until I can dig my toes into the sand and listen to the "
                    "waves.",
                    "Give me turquoise water and a spot on the shore, and I'm happy for a week.",
                ),
                events=(
                    "After a stressful year, I realised I wanted something different from my time "
                    "off.",
                    "A friend's photos from last summer changed what I look for in a trip.",
                ),
                advice=(
                    "Choose a quiet coastal spot with a sandy shore and warm water, and leave the "
                    "days unplanned."
                ),
            ),
            ValueSpec(
                name="city breaks",
                reveals=(
                    "On holiday I want museums, galleries and little restaurants in a bustling "
                    "capital.",
                    "I love wandering unfamiliar streets and ticking off landmarks in a big "
                    "metropolis.",
                    "My favourite trips are a few days exploring the old town, the markets and "
                    "the underground of some great capital.",
                ),
                events=(
                    "A documentary about historic capitals changed what I want from a trip.",
                    "After a friend took me along on a weekend away last year, my travel tastes "
                    "changed.",
                ),
                advice=(
                    "Choose a historic capital with museums and a walkable old town, and plan two "
                    "or three sights a day."
                ),
            ),
            ValueSpec(
                name="mountain treks",
                reveals=(
                    "I'm happiest walking up a high pass in hiking boots, far from any road.",
                    "My idea of a holiday is several days walking from one alpine hut to the next.",
                    "Summits, ridges and long days on foot in the hills are what I travel for.",
                ),
                events=(
                    "After reading a memoir about a long walk across the highlands, my idea of a "
                    "holiday changed.",
                    "A weekend away with an outdoorsy friend changed what I want from my holidays.",
                ),
                advice=(
                    "Choose a mountain region with well-marked trails and plan several full days "
                    "walking in the hills."
                ),
            ),
        ),
        requests=(
            "Where should I go on my next trip?",
            "How do I pick a destination for some time off?",
        ),
    ),
    VariableSpec(
        key="travel_budget",
        label="travel budget",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="shoestring",
                reveals=(
                    "I travel on the cheapest possible terms, sleeping in hostel dorms and "
                    "cooking my own meals.",
                    "My trips cost next to nothing because I count every coin on the road.",
                    "I'd rather sleep in a ten-bed dorm than pay for a private room.",
                ),
                events=(
                    "After a few expensive months, I had to rethink what I spend on trips.",
                    "A long conversation with a well-travelled stranger changed how I approach "
                    "trips.",
                ),
                advice=(
                    "Book hostels or simple campsites, travel off-season and cook for yourself to "
                    "keep costs to a minimum."
                ),
            ),
            ValueSpec(
                name="mid-range",
                reveals=(
                    "I like a comfortable three-star hotel, nothing fancy but with a private "
                    "bathroom.",
                    "I'm happy to pay for decent rooms and good meals, but I draw the line at "
                    "splurging.",
                    "Sensible guesthouses and the occasional nice dinner out are about right for "
                    "my holidays.",
                ),
                events=(
                    "Once my finances settled down last year, my holiday spending changed.",
                    "After a trip that was either too rough or too pricey, I looked for a new "
                    "balance.",
                ),
                advice=(
                    "Book comfortable guesthouses or three-star hotels and budget for a few nice "
                    "meals out."
                ),
            ),
            ValueSpec(
                name="luxury",
                reveals=(
                    "I only stay in five-star hotels with spas and private terraces.",
                    "For me a holiday means suites, butlers and tasting menus at the finest "
                    "restaurants.",
                    "I happily spend a small fortune on travel to get the finest rooms and "
                    "service.",
                ),
                events=(
                    "After a big windfall last year, I decided to treat myself differently on "
                    "holidays.",
                    "A milestone birthday trip gave me a taste for a different kind of travel.",
                ),
                advice=(
                    "Book a five-star hotel with a spa, and add private guided tours and fine "
                    "dining."
                ),
            ),
        ),
        requests=(
            "How much should I set aside for a holiday?",
            "Can you help me decide where to stay on my next trip?",
        ),
    ),
    VariableSpec(
        key="flying_preference",
        label="flying preference",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="flies anywhere",
                reveals=(
                    "Twelve hours on a plane doesn't bother me at all; I'll go to any continent.",
                    "Long-haul flights are no problem for me, and I've crossed oceans many times.",
                    "I'll happily get on a plane to the other side of the world for a short trip.",
                ),
                events=(
                    "After a friend took me on a long trip abroad, I lost my reservations about "
                    "journeys.",
                    "When I got over an old fear last year, my travel options opened up.",
                ),
                advice=(
                    "Look at destinations on other continents, since a long-haul flight is no "
                    "obstacle for you."
                ),
            ),
            ValueSpec(
                name="overland only",
                reveals=(
                    "I don't get on planes anymore; trains and ferries take me everywhere.",
                    "I gave up air travel for good and plan every trip around rail and sea "
                    "crossings.",
                    "If I can't reach a place by train, coach or boat, I simply don't go.",
                ),
                events=(
                    "After reading a lot about the climate last year, I changed how I travel.",
                    "A frightening experience on a rough journey last spring changed my travel "
                    "habits.",
                ),
                advice=(
                    "Pick a destination you can reach by train or ferry, and make the journey "
                    "itself part of the holiday."
                ),
            ),
            ValueSpec(
                name="short flights only",
                reveals=(
                    "I'll fly for two or three hours at most; anything longer and I get too "
                    "restless.",
                    "Quick hops to nearby countries by plane are fine, but I won't do long-haul.",
                    "A plane journey is fine for me as long as it's under three hours.",
                ),
                events=(
                    "After a miserable long journey last winter, I set myself a new rule.",
                    "A conversation with a friend about jet lag changed how I plan trips.",
                ),
                advice=(
                    "Keep the destination within about three hours' flight of home, ideally with a "
                    "direct route."
                ),
            ),
        ),
        requests=(
            "What's the best way to get to my next holiday destination?",
            "How far from home should I go for a week away?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="holiday_plan",
        text="Can you help me plan my next holiday?",
        variables=("holiday_style", "travel_budget", "flying_preference"),
        opener="Here is a plan for your next holiday.",
    ),
)
